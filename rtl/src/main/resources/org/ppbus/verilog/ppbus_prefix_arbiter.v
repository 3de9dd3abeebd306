`include "ppbus_assert.vh"
module ppbus_prefix_arbiter #(
    parameter integer N = 4    // processors
) (
    input  wire         clk,
    input  wire         rst,
    input  wire [N-1:0] req,
    output wire [N-1:0] gnt    // registered, one-hot
);
    `PPBUS_PARAMETER_CHECK(p_parameters, "ppbus_prefix_arbiter", N >= 1,
        "N, the processors, is at least 1")
    // The same machine as ppbus_rr_arbiter, with every search a log-depth prefix OR instead of a
    // carry chain: when the owner's req is low (or there is none), grant the first requester after
    // the last one granted, in ascending order with wrap-around. mask_q marks the ports after the
    // last grant. With below(v)[i] = |v[i-1:0], the first set bit of v is v & ~below(v), and the
    // ports after it are below(v) itself, so the new mask needs no search of its own: two prefix
    // trees side by side, then a mux.
    `include "ppbus_clog2.vh"

    localparam integer LEVELS = clog2(N);

    reg  [N-1:0] gnt_q;
    reg  [N-1:0] mask_q;
    wire         busy   = |(gnt_q & req);
    wire [N-1:0] req_hi = req & mask_q;

    // Kogge-Stone prefix ORs of req_hi and req: level l ORs each bit with the one 2^l below it, so
    // after ceil(log2 N) levels every bit has seen all those below it. keep: without it ABC maps
    // each tree for area, back into a chain of LUTs as slow as the carry chain it replaces.
    genvar l;
    generate
        for (l = 0; l <= LEVELS; l = l + 1) begin : g_level
            (* keep *) wire [N-1:0] hi;
            (* keep *) wire [N-1:0] lo;
            if (l == 0) begin : g_first
                assign hi = req_hi << 1;
                assign lo = req << 1;
            end else begin : g_next
                assign hi = g_level[l - 1].hi | (g_level[l - 1].hi << (1 << (l - 1)));
                assign lo = g_level[l - 1].lo | (g_level[l - 1].lo << (1 << (l - 1)));
            end
        end
    endgenerate

    wire [N-1:0] below_hi   = g_level[LEVELS].hi;
    wire [N-1:0] below_lo   = g_level[LEVELS].lo;
    wire         any_hi     = |req_hi;
    wire [N-1:0] pick       = any_hi ? (req_hi & ~below_hi) : (req & ~below_lo);
    wire [N-1:0] after_pick = any_hi ? below_hi : below_lo;

    always @(posedge clk) begin
        if (rst) begin
            gnt_q  <= {N{1'b0}};
            mask_q <= {N{1'b1}};
        end else if (!busy) begin
            gnt_q <= pick;
            if (|pick) begin
                mask_q <= after_pick;
            end
        end
    end

    assign gnt = gnt_q;
endmodule
