`include "ppbus_assert.vh"
module ppbus_dc_position #(
    parameter integer FAIR = 0   // 1: the fair-request rule (a served processor waits for BR low)
) (
    input  wire clk,
    input  wire rst,
    input  wire req,
    input  wire bg_in,     // the grant reaches this position in this cycle
    input  wire br_line,   // BR: the wired-OR of every position's ask
    output wire bg_out,    // the grant passed on: at the next position in the next cycle
    output wire ask,       // this position's driver of BR
    output wire busy,      // this position's driver of BBSY: it owns the bus and still wants it
    output wire gnt        // registered
);
    `PPBUS_PARAMETER_CHECK(p_parameters, "ppbus_dc_position", FAIR == 0 || FAIR == 1,
        "FAIR is 0 or 1")
    // One position of a registered daisy chain (VMEbus BGxIN/BGxOUT): a grant that arrives is
    // taken if this processor asks, and passed to the next position otherwise, one hop per cycle.
    // gnt stays high while req does and falls the cycle after req falls.
    reg  gnt_q;
    reg  bg_q;
    wire served;   // fair rule: granted since BR was last low
    wire take = bg_in & ask;

    assign ask = req & ~served;

    always @(posedge clk) begin
        if (rst) begin
            gnt_q <= 1'b0;
            bg_q  <= 1'b0;
        end else begin
            gnt_q <= (gnt_q & req) | take;
            bg_q  <= bg_in & ~ask;
        end
    end

    // The fair-request rule: set when this position takes the grant, cleared by a cycle with BR low.
    generate
        if (FAIR != 0) begin : g_fair
            reg served_q;
            always @(posedge clk) begin
                if (rst) begin
                    served_q <= 1'b0;
                end else begin
                    served_q <= take | (served_q & br_line);
                end
            end
            assign served = served_q;
        end else begin : g_plain
            assign served = 1'b0;
            wire unused_br = br_line;   // BR matters to the fair rule only
        end
    endgenerate

    assign bg_out = bg_q;
    assign busy   = gnt_q & req;
    assign gnt    = gnt_q;
endmodule
