`include "ppbus_assert.vh"

// ppbus_wb_interconnect: %N% Wishbone B4 classic masters share one slave, arbitrated by ppbus_top,
// the generated Campos-Carvalho network (its contract heads ppbus_top.v).
//
// - A master asks by raising CYC. Its CYC is ppbus_top's req, held high until the gnt even if the
//   master drops CYC first (asked_q), because the arbiter's contract holds req until gnt.
// - The owner is the master whose gnt and CYC are both high: at most one, since at most one gnt
//   is. It keeps the bus while its CYC stays high (gnt stays high while req does), for any number
//   of transfers (a burst); when it drops CYC, its gnt falls in the next cycle, and another master
//   can be granted from then on: there is at least one idle cycle between two owners.
// - The slave port is driven by the owner alone (an AND-OR multiplexer), and nothing but CYC and
//   STB low when there is no owner. ACK goes to the owner only. DAT_R is shared: it is valid for
//   the master whose ACK is high.
// - A master that is not the owner sees no ACK and waits, its STB high, as Wishbone allows.
// Ports: master i at bits [i*W +: W] of each m_* vector, W the signal's width. SEL has DW/8 bits.
// Reset: synchronous, active high, shared with ppbus_top; no owner until the first gnt (2L + 1
// cycles after a master's CYC at the earliest; ppbus_top.v states every latency).
// Properties (ppbus_assert.vh, checked in simulation and by Yosys under FORMAL): a_one_owner,
// a_ack_to_owner, a_owner_held (no ownership change in the middle of a bus cycle).
module ppbus_wb_interconnect #(
    parameter integer AW = 16,
    parameter integer DW = 32
) (
    input  wire                  clk,
    input  wire                  rst,
    input  wire [%N%-1:0]        m_cyc,
    input  wire [%N%-1:0]        m_stb,
    input  wire [%N%-1:0]        m_we,
    input  wire [%N%*AW-1:0]     m_adr,
    input  wire [%N%*DW-1:0]     m_dat_w,
    input  wire [%N%*DW/8-1:0]   m_sel,
    output wire [%N%-1:0]        m_ack,
    output wire [DW-1:0]         m_dat_r,
    output wire                  s_cyc,
    output reg                   s_stb,
    output reg                   s_we,
    output reg  [AW-1:0]         s_adr,
    output reg  [DW-1:0]         s_dat_w,
    output reg  [DW/8-1:0]       s_sel,
    input  wire                  s_ack,
    input  wire [DW-1:0]         s_dat_r
);
    localparam integer N = %N%;

    wire [N-1:0] req;
    wire [N-1:0] gnt;
    reg  [N-1:0] asked_q;  // asked and not granted yet: req stays high until gnt

    assign req = m_cyc | asked_q;

    always @(posedge clk) begin
        asked_q <= rst ? {N{1'b0}} : (req & ~gnt);
    end

    ppbus_top u_arbiter (
        .clk (clk),
        .rst (rst),
        .req (req),
        .gnt (gnt)
    );

    wire [N-1:0] owner = gnt & m_cyc;

    // The slave port follows the owner: at most one bit of owner is set.
    integer i;
    always @* begin
        s_stb   = 1'b0;
        s_we    = 1'b0;
        s_adr   = {AW{1'b0}};
        s_dat_w = {DW{1'b0}};
        s_sel   = {DW/8{1'b0}};
        for (i = 0; i < N; i = i + 1) begin
            if (owner[i]) begin
                s_stb   = m_stb[i];
                s_we    = m_we[i];
                s_adr   = m_adr[i*AW +: AW];
                s_dat_w = m_dat_w[i*DW +: DW];
                s_sel   = m_sel[i*(DW/8) +: DW/8];
            end
        end
    end

    assign s_cyc   = |owner;
    assign m_ack   = owner & {N{s_ack}};
    assign m_dat_r = s_dat_r;

`ifdef PPBUS_CHECKS
    reg [N-1:0] owner_q;  // the owner in the cycle before
    always @(posedge clk) owner_q <= rst ? {N{1'b0}} : owner;

    `PPBUS_ASSERT(a_one_owner, "a_one_owner", (owner & (owner - 1'b1)) == {N{1'b0}},
        "more than one owner", owner)
    `PPBUS_ASSERT(a_ack_to_owner, "a_ack_to_owner", (m_ack & ~owner) == {N{1'b0}},
        "ACK to a master that is not the owner", m_ack & ~owner)
    `PPBUS_ASSERT(a_owner_held, "a_owner_held", (owner_q & m_cyc & ~owner) == {N{1'b0}},
        "the owner lost the bus while its CYC stayed high", owner_q & m_cyc & ~owner)
`endif
endmodule
