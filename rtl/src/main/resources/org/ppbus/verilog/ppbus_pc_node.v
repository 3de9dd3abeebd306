`include "ppbus_assert.vh"
module ppbus_pc_node #(
    parameter integer M      = 2,   // number lines, ceil(log2 N)
    parameter integer NUMBER = 0    // this node's arbitration number: its id; the highest wins
) (
    input  wire         clk,
    input  wire         rst,
    input  wire         req,
    input  wire [M-1:0] arb_lines,    // the wired-OR of every node's number drivers
    input  wire         ar_line,      // someone eligible asks
    input  wire         elect_line,   // a winner waits for the bus
    input  wire         busy_line,    // the owner still wants the bus
    output wire [M-1:0] arb,          // this node's number drivers
    output wire         eligible,     // this node's driver of the request line
    output wire         elect,        // this node's driver of the winner line
    output wire         busy,         // this node's driver of the busy line
    output wire         gnt           // registered
);
    `PPBUS_PARAMETER_CHECK(p_parameters, "ppbus_pc_node", M >= 1 && NUMBER >= 0 && NUMBER < (1 << M),
        "M is at least 1 and NUMBER fits in M bits")
    // Parallel contention (NuBus, Futurebus): every node runs the same round on the shared lines,
    // so every node's phase counter holds the same value. A round starts in a cycle with no round,
    // no winner and someone eligible; its competitors drive their numbers (phase 1), withdraw for
    // M - 1 cycles, one bit settling a cycle from the top, and in phase M the one whose number the
    // lines hold wins. The winner takes the bus when it is not busy and is then held back until a
    // fairness release: a cycle with no round, no winner and nobody eligible.
    `include "ppbus_clog2.vh"

    localparam integer PB = clog2(M + 1);
    localparam [M-1:0]  MINE  = NUMBER[M-1:0];
    localparam [PB-1:0] FIRST = 1;
    localparam [PB-1:0] LAST  = M[PB-1:0];

    // Bit k of MINE driven unless a line above k is 1 where MINE has a 0.
    function [M-1:0] withdraw;
        input [M-1:0] lines;
        integer k;
        reg beaten;
        begin
            beaten = 1'b0;
            withdraw = {M{1'b0}};
            for (k = M - 1; k >= 0; k = k - 1) begin
                withdraw[k] = MINE[k] & ~beaten;
                beaten = beaten | (lines[k] & ~MINE[k]);
            end
        end
    endfunction

    reg [PB-1:0] phase_q;
    reg [M-1:0]  arb_q;
    reg          competing_q;
    reg          elect_q;
    reg          inhibit_q;
    reg          gnt_q;

    assign eligible = req & ~inhibit_q & ~gnt_q & ~elect_q;

    always @(posedge clk) begin
        if (rst) begin
            phase_q     <= {PB{1'b0}};
            arb_q       <= {M{1'b0}};
            competing_q <= 1'b0;
            elect_q     <= 1'b0;
            inhibit_q   <= 1'b0;
            gnt_q       <= 1'b0;
        end else begin
            gnt_q <= (gnt_q & req) | (elect_q & ~busy_line);
            if (elect_q & ~busy_line) begin
                elect_q   <= 1'b0;
                inhibit_q <= 1'b1;
            end
            if (phase_q == {PB{1'b0}}) begin
                if (!elect_line && ar_line) begin
                    phase_q     <= FIRST;
                    competing_q <= eligible;
                    arb_q       <= eligible ? MINE : {M{1'b0}};
                end else if (!elect_line) begin
                    inhibit_q <= 1'b0;   // the fairness release
                end
            end else if (phase_q != LAST) begin
                phase_q <= phase_q + 1'b1;
                arb_q   <= competing_q ? withdraw(arb_lines) : {M{1'b0}};
            end else begin
                phase_q     <= {PB{1'b0}};
                elect_q     <= competing_q && arb_lines == MINE;
                competing_q <= 1'b0;
                arb_q       <= {M{1'b0}};
            end
        end
    end

    assign arb   = arb_q;
    assign elect = elect_q;
    assign busy  = gnt_q & req;
    assign gnt   = gnt_q;
endmodule
