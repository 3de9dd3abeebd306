`include "ppbus_assert.vh"

// ppbus_wbp_interconnect: %N% Wishbone B4 pipelined masters share one pipelined slave, arbitrated by
// ppbus_top (its contract heads ppbus_top.v).
//
// - A master asks by raising CYC (or LOCK). CYC | LOCK is ppbus_top's req, held high until the gnt
//   even if the master drops both first (asked_q), because the arbiter's contract holds req until gnt.
// - The owner is the master whose gnt and CYC are both high: at most one. It keeps the bus while
//   its CYC stays high, for any number of requests and responses. A master that keeps LOCK high
//   keeps its gnt between bus cycles too (gnt stays high while req does), so no other master is
//   granted until it drops both CYC and LOCK.
// - The slave port is driven by the owner alone (an AND-OR multiplexer): STB, WE, ADR, DAT_W, SEL,
//   CTI, BTE and LOCK pass through, and CYC is high exactly while there is an owner.
// - Every master that is not the owner sees STALL high, so none of its requests is taken; the owner
//   sees the slave's STALL. ACK, ERR and RTY go to the owner only; DAT_R is shared.
// - A master that drops CYC in the middle of a bus cycle (with requests outstanding) aborts it, as
//   the standard allows: CYC at the slave falls in the same cycle, and no response reaches anyone
//   until the next owner, granted one cycle later at the earliest.
// Ports: master i at bits [i*W +: W] of each m_* vector, W the signal's width. SEL has DW/8 bits.
// Reset: synchronous, active high, shared with ppbus_top; no owner until the first gnt.
// Properties (ppbus_assert.vh, checked in simulation and by Yosys under FORMAL), the interconnect's:
// a_one_owner, a_owner_held, a_lock_kept, a_resp_to_owner, a_stall_others, a_slave_stb_in_cyc,
// a_slave_request_held; the masters' and the slave's sides of Wishbone B4, asserted in simulation
// and assumed where PPBUS_ASSUME_INPUTS is defined: a_master_stb_in_cyc, a_master_request_held,
// a_slave_one_response, a_slave_response_in_cyc.
module ppbus_wbp_interconnect #(
    parameter integer AW = 16,
    parameter integer DW = 32
) (
    input  wire                  clk,
    input  wire                  rst,
    input  wire [%N%-1:0]        m_cyc,
    input  wire [%N%-1:0]        m_stb,
    input  wire [%N%-1:0]        m_we,
    input  wire [%N%-1:0]        m_lock,
    input  wire [%N%*AW-1:0]     m_adr,
    input  wire [%N%*DW-1:0]     m_dat_w,
    input  wire [%N%*DW/8-1:0]   m_sel,
    input  wire [%N%*3-1:0]      m_cti,
    input  wire [%N%*2-1:0]      m_bte,
    output wire [%N%-1:0]        m_ack,
    output wire [%N%-1:0]        m_err,
    output wire [%N%-1:0]        m_rty,
    output wire [%N%-1:0]        m_stall,
    output wire [DW-1:0]         m_dat_r,
    output wire                  s_cyc,
    output reg                   s_stb,
    output reg                   s_we,
    output reg                   s_lock,
    output reg  [AW-1:0]         s_adr,
    output reg  [DW-1:0]         s_dat_w,
    output reg  [DW/8-1:0]       s_sel,
    output reg  [2:0]            s_cti,
    output reg  [1:0]            s_bte,
    input  wire                  s_ack,
    input  wire                  s_err,
    input  wire                  s_rty,
    input  wire                  s_stall,
    input  wire [DW-1:0]         s_dat_r
);
    localparam integer N = %N%;

    wire [N-1:0] req;
    wire [N-1:0] gnt;
    reg  [N-1:0] asked_q;  // asked and not granted yet: req stays high until gnt

    assign req = m_cyc | m_lock | asked_q;

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
        s_lock  = 1'b0;
        s_adr   = {AW{1'b0}};
        s_dat_w = {DW{1'b0}};
        s_sel   = {DW/8{1'b0}};
        s_cti   = 3'b000;
        s_bte   = 2'b00;
        for (i = 0; i < N; i = i + 1) begin
            if (owner[i]) begin
                s_stb   = m_stb[i];
                s_we    = m_we[i];
                s_lock  = m_lock[i];
                s_adr   = m_adr[i*AW +: AW];
                s_dat_w = m_dat_w[i*DW +: DW];
                s_sel   = m_sel[i*(DW/8) +: DW/8];
                s_cti   = m_cti[i*3 +: 3];
                s_bte   = m_bte[i*2 +: 2];
            end
        end
    end

    assign s_cyc   = |owner;
    assign m_ack   = owner & {N{s_ack}};
    assign m_err   = owner & {N{s_err}};
    assign m_rty   = owner & {N{s_rty}};
    assign m_stall = ~owner | {N{s_stall}};
    assign m_dat_r = s_dat_r;

`ifdef PPBUS_CHECKS
    reg [N-1:0] owner_q;  // the owner in the cycle before
    reg [N-1:0] gnt_q;    // the gnt in the cycle before
    reg [N-1:0] lock_q;   // LOCK in the cycle before
    // Each master's request in the cycle before, and whether it was stalled then.
    reg [N-1:0] waiting_q;
    reg [N*(1+AW+DW+DW/8+5)-1:0] request_q;
    wire [N*(1+AW+DW+DW/8+5)-1:0] request;
    reg  s_waiting_q;
    reg  [1+AW+DW+DW/8+5-1:0] s_request_q;
    wire [1+AW+DW+DW/8+5-1:0] s_request = {s_we, s_adr, s_dat_w, s_sel, s_cti, s_bte};
    wire [N-1:0] request_changed;

    genvar k;
    generate
        for (k = 0; k < N; k = k + 1) begin : g_request
            localparam integer R = 1 + AW + DW + DW/8 + 5;
            assign request[k*R +: R] = {m_we[k], m_adr[k*AW +: AW], m_dat_w[k*DW +: DW],
                                        m_sel[k*(DW/8) +: DW/8], m_cti[k*3 +: 3], m_bte[k*2 +: 2]};
            assign request_changed[k] = request[k*R +: R] != request_q[k*R +: R];
        end
    endgenerate

    always @(posedge clk) begin
        owner_q     <= rst ? {N{1'b0}} : owner;
        gnt_q       <= rst ? {N{1'b0}} : gnt;
        lock_q      <= rst ? {N{1'b0}} : m_lock;
        waiting_q   <= rst ? {N{1'b0}} : (m_cyc & m_stb & m_stall);
        request_q   <= request;
        s_waiting_q <= !rst && s_cyc && s_stb && s_stall;
        s_request_q <= s_request;
    end

    // The interconnect's side.
    `PPBUS_ASSERT(a_one_owner, "a_one_owner", (owner & (owner - 1'b1)) == {N{1'b0}},
        "more than one owner", owner)
    `PPBUS_ASSERT(a_owner_held, "a_owner_held", (owner_q & m_cyc & ~owner) == {N{1'b0}},
        "the owner lost the bus while its CYC stayed high", owner_q & m_cyc & ~owner)
    `PPBUS_ASSERT(a_lock_kept, "a_lock_kept", (gnt_q & lock_q & m_lock & ~gnt) == {N{1'b0}},
        "a master lost its grant while its LOCK stayed high", gnt_q & lock_q & m_lock & ~gnt)
    `PPBUS_ASSERT(a_resp_to_owner, "a_resp_to_owner", ((m_ack | m_err | m_rty) & ~owner) == {N{1'b0}},
        "ACK, ERR or RTY to a master that is not the owner", (m_ack | m_err | m_rty) & ~owner)
    `PPBUS_ASSERT(a_stall_others, "a_stall_others", (~owner & ~m_stall) == {N{1'b0}},
        "a master that is not the owner was not stalled", ~owner & ~m_stall)
    `PPBUS_ASSERT(a_slave_stb_in_cyc, "a_slave_stb_in_cyc", !(s_stb && !s_cyc),
        "STB to the slave without CYC", s_stb)
    `PPBUS_ASSERT(a_slave_request_held, "a_slave_request_held",
        !(s_waiting_q && s_cyc && (!s_stb || s_request != s_request_q)),
        "a request the slave stalled changed or was withdrawn before it was taken", s_stb)

    // The masters' and the slave's sides of Wishbone B4 (pipelined).
    `PPBUS_ASSERT_INPUT(a_master_stb_in_cyc, "a_master_stb_in_cyc", (m_stb & ~m_cyc) == {N{1'b0}},
        "a master raised STB without CYC", m_stb & ~m_cyc)
    `PPBUS_ASSERT_INPUT(a_master_request_held, "a_master_request_held",
        (waiting_q & m_cyc & (~m_stb | request_changed)) == {N{1'b0}},
        "a master changed or withdrew a stalled request without dropping CYC",
        waiting_q & m_cyc & (~m_stb | request_changed))
    `PPBUS_ASSERT_INPUT(a_slave_one_response, "a_slave_one_response",
        ({1'b0, s_ack} + {1'b0, s_err} + {1'b0, s_rty}) <= 2'd1,
        "the slave raised more than one of ACK, ERR and RTY", {s_ack, s_err, s_rty})
    `PPBUS_ASSERT_INPUT(a_slave_response_in_cyc, "a_slave_response_in_cyc",
        !((s_ack || s_err || s_rty) && !s_cyc),
        "the slave responded while CYC was low", {s_ack, s_err, s_rty})
`endif
endmodule
