module ppbus_matrix_arbiter #(
    parameter integer N = 4    // processors
) (
    input  wire         clk,
    input  wire         rst,
    input  wire [N-1:0] req,
    output wire [N-1:0] gnt    // registered, one-hot
);
    // Exact least-recently-granted order, as a precedence matrix kept as its upper triangle: for
    // i < j, bit tri_q[T(i, j)] is set when i goes before j (at reset, every lower id does). A
    // requester is picked when no requester goes before it; the order is antisymmetric by
    // construction, so at most one is. The one granted goes behind everyone: its row clears and its
    // column sets. N(N-1)/2 bits: the same kind of state each Campos-Carvalho arbiter keeps.
    localparam integer PAIRS = N * (N - 1) / 2;   // N >= 2: firmware-gen refuses fewer

    reg  [N-1:0]   gnt_q;
    reg  [PAIRS-1:0] tri_q;
    wire           busy = |(gnt_q & req);
    wire [N*N-1:0] first;  // first[i*N+j]: i goes before j
    wire [N-1:0]   pick;

    genvar i, j;
    generate
        for (i = 0; i < N; i = i + 1) begin : g_row
            for (j = 0; j < N; j = j + 1) begin : g_col
                if (i < j) begin : g_upper
                    assign first[i*N+j] = tri_q[i*N - i*(i+1)/2 + j - i - 1];
                end else if (i > j) begin : g_lower
                    assign first[i*N+j] = !tri_q[j*N - j*(j+1)/2 + i - j - 1];
                end else begin : g_self
                    assign first[i*N+j] = 1'b0;
                end
            end
        end
        for (j = 0; j < N; j = j + 1) begin : g_pick
            wire [N-1:0] ahead;   // requesters that go before j
            for (i = 0; i < N; i = i + 1) begin : g_ahead
                assign ahead[i] = req[i] & first[i*N+j];
            end
            assign pick[j] = req[j] & ~|ahead;
        end
    endgenerate

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
