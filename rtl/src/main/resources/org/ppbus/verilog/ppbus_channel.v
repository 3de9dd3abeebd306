`include "ppbus_assert.vh"
module ppbus_channel #(
    parameter integer L = 1    // latency in cycles, >= 1
) (
    input  wire       clk,
    input  wire       rst,
    input  wire [1:0] d,       // symbol driven in cycle t
    output wire [1:0] q        // the same symbol, seen in cycle t + L
);
    `PPBUS_PARAMETER_CHECK(p_parameters, "ppbus_channel", L >= 1,
        "L, the latency, is at least 1 cycle")
    // Latency belongs to the link: a chain of L registers. Endpoints never count cycles.
    reg [2*L-1:0] stage_q;

    generate
        if (L < 1) begin : g_bad_latency
            ppbus_channel_latency_must_be_at_least_1 u_bad ();
        end else if (L == 1) begin : g_one
            always @(posedge clk) begin
                if (rst) begin
                    stage_q <= 2'b00;
                end else begin
                    stage_q <= d;
                end
            end
        end else begin : g_chain
            always @(posedge clk) begin
                if (rst) begin
                    stage_q <= {2*L{1'b0}};
                end else begin
                    stage_q <= {stage_q[2*L-3:0], d};
                end
            end
        end
    endgenerate

    assign q = stage_q[2*L-1:2*L-2];
endmodule
