`include "ppbus_assert.vh"
module ppbus_rr_arbiter #(
    parameter integer N = 4    // processors
) (
    input  wire         clk,
    input  wire         rst,
    input  wire [N-1:0] req,
    output wire [N-1:0] gnt    // registered, one-hot
);
    `PPBUS_PARAMETER_CHECK(p_parameters, "ppbus_rr_arbiter", N >= 1,
        "N, the processors, is at least 1")
    // The central round-robin reference: when the owner's req is low (or there is none), grant the
    // first requester after the last one granted, in ascending order with wrap-around. mask_q marks
    // the ports after the last grant; the lowest set bit of a vector v is v & (~v + 1).
    localparam [N-1:0] ONE = 1;

    reg  [N-1:0] gnt_q;
    reg  [N-1:0] mask_q;
    wire         busy    = |(gnt_q & req);
    wire [N-1:0] req_hi  = req & mask_q;
    wire [N-1:0] pick_hi = req_hi & (~req_hi + ONE);
    wire [N-1:0] pick_lo = req & (~req + ONE);
    wire [N-1:0] pick    = (|req_hi) ? pick_hi : pick_lo;

    always @(posedge clk) begin
        if (rst) begin
            gnt_q  <= {N{1'b0}};
            mask_q <= {N{1'b1}};
        end else if (!busy) begin
            gnt_q <= pick;
            if (|pick) begin
                mask_q <= ~((pick << 1) - ONE);
            end
        end
    end

    assign gnt = gnt_q;
endmodule
