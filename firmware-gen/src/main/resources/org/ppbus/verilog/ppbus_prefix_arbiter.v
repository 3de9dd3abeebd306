module ppbus_prefix_arbiter #(
    parameter integer N = 4    // processors
) (
    input  wire         clk,
    input  wire         rst,
    input  wire [N-1:0] req,
    output wire [N-1:0] gnt    // registered, one-hot
);
    // The same machine as ppbus_rr_arbiter, with every search a log-depth prefix OR instead of a
    // carry chain: when the owner's req is low (or there is none), grant the first requester after
    // the last one granted, in ascending order with wrap-around. mask_q marks the ports after the
    // last grant; the first set bit of v is v & ~below(v).
    reg  [N-1:0] gnt_q;
    reg  [N-1:0] mask_q;
    wire         busy   = |(gnt_q & req);
    wire [N-1:0] req_hi = req & mask_q;
    wire [N-1:0] below_hi;
    wire [N-1:0] below_lo;
    wire [N-1:0] after_pick;
    wire [N-1:0] pick   = (|req_hi) ? (req_hi & ~below_hi) : (req & ~below_lo);

    ppbus_prefix_or #(.N (N)) u_hi   (.v (req_hi), .below (below_hi));
    ppbus_prefix_or #(.N (N)) u_lo   (.v (req),    .below (below_lo));
    ppbus_prefix_or #(.N (N)) u_mask (.v (pick),   .below (after_pick));

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
