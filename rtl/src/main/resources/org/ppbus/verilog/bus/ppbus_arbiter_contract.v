// For the bus proofs only (formal/ppbus_*_proof.ys), never for simulation or synthesis: a ppbus_top of
// %N% processors whose gnt is free in every cycle except for the properties the real ppbus_top
// asserts at its ports (ppbus_top.v), assumed here: at most one gnt, a gnt rises only to a
// processor that asked, it stays high while req does, and it falls the cycle after req falls.
// The real arbiter's proofs are `ppbus verify --rtl` (at most one gnt, by induction) and
// `--liveness` (every request granted). Its input side, req held until gnt, is asserted, so the
// proof checks that the interconnect keeps it.
module ppbus_top (
    input  wire           clk,
    input  wire           rst,
    input  wire [%N%-1:0] req,
    output wire [%N%-1:0] gnt
);
    (* anyseq *) wire [%N%-1:0] any_gnt;
    reg  [%N%-1:0] req_q = {%N%{1'b0}};
    reg  [%N%-1:0] gnt_q = {%N%{1'b0}};
    reg            rst_q = 1'b1;

    assign gnt = any_gnt;

    always @(posedge clk) begin
        req_q <= rst ? {%N%{1'b0}} : req;
        gnt_q <= rst ? {%N%{1'b0}} : gnt;
        rst_q <= rst;
    end

    always @* begin
        if (rst_q) begin
            assume(gnt == {%N%{1'b0}});  // every gnt low after a reset cycle
        end else begin
            assume((gnt & (gnt - 1'b1)) == {%N%{1'b0}});
            assume((gnt & ~req_q) == {%N%{1'b0}});
            assume((gnt_q & req_q & ~gnt) == {%N%{1'b0}});
            assert((req_q & ~req & ~gnt) == {%N%{1'b0}});  // a_req_held, the interconnect's duty
        end
    end
endmodule
