`include "ppbus_assert.vh"
module ppbus_matrix_arbiter #(
    parameter integer N = 4    // processors
) (
    input  wire         clk,
    input  wire         rst,
    input  wire [N-1:0] req,
    output wire [N-1:0] gnt    // registered, one-hot
);
    `PPBUS_PARAMETER_CHECK(p_parameters, "ppbus_matrix_arbiter", N >= 2,
        "N, the processors, is at least 2")
    // Exact least-recently-granted order, as a precedence matrix kept as its upper triangle: for
    // i < j, bit tri_q[T(i, j)] is set when i goes before j (at reset, every lower id does). A
    // requester is picked when no requester goes before it; the order is antisymmetric by
    // construction, so at most one is. The one granted goes behind everyone: its row clears and its
    // column sets. N(N-1)/2 bits: the same kind of state each Campos-Carvalho arbiter keeps.
    localparam integer PAIRS = N * (N - 1) / 2;   // N >= 2: firmware-gen refuses fewer

    reg  [N-1:0]     gnt_q;
    reg  [PAIRS-1:0] tri_q;
    wire             busy = |(gnt_q & req);
    reg  [N-1:0]     pick;

    // One always block, not N*N one-bit assigns: an event simulator then wakes once per change of
    // req or tri_q instead of once per bit (Icarus ran a 64-processor testbench at under 3 cycles/s
    // the other way); synthesis sees the same logic.
    integer i, j;  // the pick's own loop indices; the clocked block has its own
    always @* begin
        for (j = 0; j < N; j = j + 1) begin
            pick[j] = req[j];
            for (i = 0; i < j; i = i + 1) begin
                if (req[i] && tri_q[i*N - i*(i+1)/2 + j - i - 1]) begin
                    pick[j] = 1'b0;    // i, a lower id, goes before j
                end
            end
            for (i = j + 1; i < N; i = i + 1) begin
                if (req[i] && !tri_q[j*N - j*(j+1)/2 + i - j - 1]) begin
                    pick[j] = 1'b0;    // i, a higher id, goes before j
                end
            end
        end
    end

    integer a, b;
    always @(posedge clk) begin
        if (rst) begin
            gnt_q <= {N{1'b0}};
            tri_q <= {PAIRS{1'b1}};
        end else if (!busy) begin
            gnt_q <= pick;
            for (a = 0; a < N; a = a + 1) begin
                for (b = a + 1; b < N; b = b + 1) begin
                    if (pick[a]) begin
                        tri_q[a*N - a*(a+1)/2 + b - a - 1] <= 1'b0;
                    end else if (pick[b]) begin
                        tri_q[a*N - a*(a+1)/2 + b - a - 1] <= 1'b1;
                    end
                end
            end
        end
    end

    assign gnt = gnt_q;
endmodule
