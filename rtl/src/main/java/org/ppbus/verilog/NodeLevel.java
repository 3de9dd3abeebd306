package org.ppbus.verilog;

/**
 * The text of {@code ppbus_node}: one node of the network alone, a client with K links and an
 * arbiter with P ports, for synthesis and timing. In the network every unit input comes from a
 * channel register and every output goes into one, so the node registers all its ports: the paths
 * nextpnr times then start and end at flip-flops exactly as they do in the network at latency 1.
 */
final class NodeLevel {
    private NodeLevel() {}

    /** Flip-flops the wrapper adds for its ports, to be subtracted from a node's own count. */
    static int portRegisters(int links, int ports) {
        return 2 + 4 * links + 4 * ports;
    }

    static String text(int links, int ports) {
        return """
                module ppbus_node #(
                    parameter integer K = %1$d,  // the client's links
                    parameter integer P = %2$d   // the arbiter's ports
                ) (
                    input  wire           clk,
                    input  wire           rst,
                    input  wire           req,
                    output reg            gnt,
                    input  wire [2*K-1:0] a2c_in,   // to the client, from its arbiters' channels
                    output reg  [2*K-1:0] c2a_out,  // from the client, into its channels
                    input  wire [2*P-1:0] c2a_in,   // to the arbiter, from its clients' channels
                    output reg  [2*P-1:0] a2c_out   // from the arbiter, into its channels
                );
                    // Registered ports: the first and last flip-flops of every path, like the channel
                    // registers around a node in the network.
                    reg            req_q;
                    reg  [2*K-1:0] a2c_q;
                    reg  [2*P-1:0] c2a_q;
                    wire           gnt_w;
                    wire [2*K-1:0] c2a_w;
                    wire [2*P-1:0] a2c_w;

                    always @(posedge clk) begin
                        req_q   <= req;
                        a2c_q   <= a2c_in;
                        c2a_q   <= c2a_in;
                        gnt     <= gnt_w;
                        c2a_out <= c2a_w;
                        a2c_out <= a2c_w;
                    end

                    ppbus_client #(
                        .K (K)
                    ) u_client (
                        .clk     (clk),
                        .rst     (rst),
                        .req     (req_q),
                        .gnt     (gnt_w),
                        .a2c_in  (a2c_q),
                        .arb_dead ({K{1'b0}}),
                        .c2a_out (c2a_w)
                    );

                    ppbus_arbiter #(
                        .P (P)
                    ) u_arbiter (
                        .clk     (clk),
                        .rst     (rst),
                        .c2a_in  (c2a_q),
                        .cli_dead ({P{1'b0}}),
                        .a2c_out (a2c_w)
                    );
                endmodule
                """.formatted(links, ports);
    }
}
