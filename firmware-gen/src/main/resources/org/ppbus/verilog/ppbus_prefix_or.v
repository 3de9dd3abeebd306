module ppbus_prefix_or #(
    parameter integer N = 4    // width
) (
    input  wire [N-1:0] v,
    output wire [N-1:0] below   // below[i] = |v[i-1:0], below[0] = 0
);
    // A Kogge-Stone prefix OR: level l ORs each bit with the one 2^l below it, so after
    // ceil(log2 N) levels every bit has seen all those below it. Depth log2 N, not N as a carry
    // chain's: the reason this arbiter exists beside ppbus_rr_arbiter.
    function integer clog2;
        input integer x;
        integer r;
        begin
            r = 0;
            while ((1 << r) < x) begin
                r = r + 1;
            end
            clog2 = r;
        end
    endfunction

    localparam integer LEVELS = clog2(N);

    genvar l;
    generate
        for (l = 0; l <= LEVELS; l = l + 1) begin : g_level
            wire [N-1:0] acc;
            if (l == 0) begin : g_first
                assign acc = v << 1;
            end else begin : g_next
                assign acc = g_level[l - 1].acc | (g_level[l - 1].acc << (1 << (l - 1)));
            end
        end
    endgenerate

    assign below = g_level[LEVELS].acc;
endmodule
