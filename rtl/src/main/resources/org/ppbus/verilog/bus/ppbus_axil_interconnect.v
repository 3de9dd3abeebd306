`include "ppbus_assert.vh"

// ppbus_axil_interconnect: %N% AXI4-Lite masters share one AXI4-Lite slave, arbitrated by ppbus_top
// (its contract heads ppbus_top.v).
//
// - A master asks by raising AWVALID, WVALID or ARVALID: any of them is its ppbus_top req. The
//   master ppbus_top grants is the owner, for one transaction: a write (AW and W, in either order
//   or together, then B) or a read (AR, then R). When both a read and a write wait, the one not
//   served last time goes first, so neither starves the other.
// - The owner's AW, W and AR channels reach the slave, each until its one handshake; its B or R
//   channel then comes back from the slave. Every other master sees READY and VALID low on all
//   its channels. BRESP, RDATA and RRESP are shared by the masters: only the owner's BVALID or
//   RVALID is ever high. AxPROT passes through.
// - After the response's handshake the owner's req falls for one cycle, so that ppbus_top takes
//   its gnt back and arbitrates again: every master waits for at most the bound ppbus_top.v
//   states, counted in transactions, not cycles.
// - One transaction is outstanding at a time on the whole bus. It holds the bus for at least three
//   cycles from its gnt (the choice of transaction, the request's handshakes, the response's), and
//   its owner's req is then low for one; the testbench measures the throughput under saturation.
// Ports: master i at bits [i*W +: W] of each m_* vector, W the signal's width. WSTRB has DW/8 bits.
// Reset: synchronous, active high, shared with ppbus_top: every VALID this module drives is low
// during the reset (AXI4 A3.1.2); no owner until the first gnt.
// Properties (ppbus_assert.vh, checked in simulation and by Yosys under FORMAL), this module's:
// a_one_owner, a_to_owner_only, a_valid_low_in_reset, a_s_aw_held, a_s_w_held, a_s_ar_held
// (the slave port: VALID held until READY, payload stable meanwhile), a_m_b_held, a_m_r_held (the
// same for the masters' B and R), a_m_b_after_request, a_m_r_after_request (one response per
// request, none without one), a_aw_routed, a_w_routed, a_ar_routed, a_b_routed, a_r_routed (a
// handshake on one side is a handshake on the other, with the same payload), a_m_resp_legal (no
// EXOKAY), a_one_outstanding, a_phase_consistent (its bookkeeping, which makes the others provable
// by induction).
// The masters' and the slave's sides of AXI4-Lite, asserted in simulation and assumed where
// PPBUS_ASSUME_INPUTS is defined: a_master_aw_held, a_master_w_held, a_master_ar_held,
// a_slave_b_held, a_slave_r_held, a_slave_resp_legal, a_slave_b_after_request,
// a_slave_r_after_request.
module ppbus_axil_interconnect #(
    parameter integer AW = 16,
    parameter integer DW = 32
) (
    input  wire                  clk,
    input  wire                  rst,
    input  wire [%N%-1:0]        m_awvalid,
    output wire [%N%-1:0]        m_awready,
    input  wire [%N%*AW-1:0]     m_awaddr,
    input  wire [%N%*3-1:0]      m_awprot,
    input  wire [%N%-1:0]        m_wvalid,
    output wire [%N%-1:0]        m_wready,
    input  wire [%N%*DW-1:0]     m_wdata,
    input  wire [%N%*DW/8-1:0]   m_wstrb,
    output wire [%N%-1:0]        m_bvalid,
    input  wire [%N%-1:0]        m_bready,
    output wire [1:0]            m_bresp,
    input  wire [%N%-1:0]        m_arvalid,
    output wire [%N%-1:0]        m_arready,
    input  wire [%N%*AW-1:0]     m_araddr,
    input  wire [%N%*3-1:0]      m_arprot,
    output wire [%N%-1:0]        m_rvalid,
    input  wire [%N%-1:0]        m_rready,
    output wire [DW-1:0]         m_rdata,
    output wire [1:0]            m_rresp,
    output wire                  s_awvalid,
    input  wire                  s_awready,
    output reg  [AW-1:0]         s_awaddr,
    output reg  [2:0]            s_awprot,
    output wire                  s_wvalid,
    input  wire                  s_wready,
    output reg  [DW-1:0]         s_wdata,
    output reg  [DW/8-1:0]       s_wstrb,
    input  wire                  s_bvalid,
    output wire                  s_bready,
    input  wire [1:0]            s_bresp,
    output wire                  s_arvalid,
    input  wire                  s_arready,
    output reg  [AW-1:0]         s_araddr,
    output reg  [2:0]            s_arprot,
    input  wire                  s_rvalid,
    output wire                  s_rready,
    input  wire [DW-1:0]         s_rdata,
    input  wire [1:0]            s_rresp
);
    localparam integer N = %N%;
    localparam [1:0] IDLE = 2'd0;
    localparam [1:0] WRITE = 2'd1;
    localparam [1:0] READ = 2'd2;
    localparam [1:0] EXOKAY = 2'b01;  // a response AXI4-Lite does not allow

    `PPBUS_PARAMETER_CHECK(p_dw, "ppbus_axil_interconnect", DW == 32 || DW == 64,
        "AXI4-Lite data is 32 or 64 bits wide (DW)")

    wire [N-1:0] req;
    wire [N-1:0] gnt;
    reg  [N-1:0] asked_q;      // asked and not granted yet: req stays high until gnt
    reg  [N-1:0] busy_q;       // the owner's transaction is under way: req stays high through it
    reg  [N-1:0] release_q;    // its transaction ended in the cycle before: req low for one cycle
    reg  [N-1:0] read_next_q;  // a read waited while this master's write went first
    reg  [1:0]   phase_q;      // IDLE, or the owner's transaction: WRITE or READ
    reg          aw_done_q;    // the transaction's AW handshake is done
    reg          w_done_q;     // its W handshake is done
    reg          ar_done_q;    // its AR handshake is done

    assign req = (m_awvalid | m_wvalid | m_arvalid | asked_q | busy_q) & ~release_q;

    ppbus_top u_arbiter (
        .clk (clk),
        .rst (rst),
        .req (req),
        .gnt (gnt)
    );

    wire [N-1:0] owner = gnt & ~release_q;

    // The owner's channels: at most one bit of owner is set.
    reg o_awvalid;
    reg o_wvalid;
    reg o_arvalid;
    reg o_bready;
    reg o_rready;
    reg o_read_next;
    integer i;
    always @* begin
        o_awvalid   = 1'b0;
        o_wvalid    = 1'b0;
        o_arvalid   = 1'b0;
        o_bready    = 1'b0;
        o_rready    = 1'b0;
        o_read_next = 1'b0;
        s_awaddr    = {AW{1'b0}};
        s_awprot    = 3'b000;
        s_wdata     = {DW{1'b0}};
        s_wstrb     = {DW/8{1'b0}};
        s_araddr    = {AW{1'b0}};
        s_arprot    = 3'b000;
        for (i = 0; i < N; i = i + 1) begin
            if (owner[i]) begin
                o_awvalid   = m_awvalid[i];
                o_wvalid    = m_wvalid[i];
                o_arvalid   = m_arvalid[i];
                o_bready    = m_bready[i];
                o_rready    = m_rready[i];
                o_read_next = read_next_q[i];
                s_awaddr    = m_awaddr[i*AW +: AW];
                s_awprot    = m_awprot[i*3 +: 3];
                s_wdata     = m_wdata[i*DW +: DW];
                s_wstrb     = m_wstrb[i*(DW/8) +: DW/8];
                s_araddr    = m_araddr[i*AW +: AW];
                s_arprot    = m_arprot[i*3 +: 3];
            end
        end
    end

    // Which transaction a new owner starts: a write, unless a read waits and goes first this time.
    wire start = phase_q == IDLE && owner != {N{1'b0}};
    wire start_write = start && (o_awvalid || o_wvalid) && !(o_arvalid && o_read_next);
    wire start_read = start && o_arvalid && !start_write;

    wire writing = phase_q == WRITE;
    wire reading = phase_q == READ;
    wire b_phase = writing && aw_done_q && w_done_q;
    wire r_phase = reading && ar_done_q;

    assign s_awvalid = !rst && writing && o_awvalid && !aw_done_q;
    assign s_wvalid  = !rst && writing && o_wvalid && !w_done_q;
    assign s_arvalid = !rst && reading && o_arvalid && !ar_done_q;
    assign s_bready  = b_phase && o_bready;
    assign s_rready  = r_phase && o_rready;

    assign m_awready = owner & {N{writing && !aw_done_q && s_awready}};
    assign m_wready  = owner & {N{writing && !w_done_q && s_wready}};
    assign m_arready = owner & {N{reading && !ar_done_q && s_arready}};
    assign m_bvalid  = owner & {N{!rst && b_phase && s_bvalid}};
    assign m_rvalid  = owner & {N{!rst && r_phase && s_rvalid}};
    assign m_bresp   = s_bresp;
    assign m_rdata   = s_rdata;
    assign m_rresp   = s_rresp;

    wire done = (b_phase && s_bvalid && o_bready) || (r_phase && s_rvalid && o_rready);

    always @(posedge clk) begin
        if (rst) begin
            asked_q     <= {N{1'b0}};
            busy_q      <= {N{1'b0}};
            release_q   <= {N{1'b0}};
            read_next_q <= {N{1'b0}};
            phase_q     <= IDLE;
            aw_done_q   <= 1'b0;
            w_done_q    <= 1'b0;
            ar_done_q   <= 1'b0;
        end else begin
            asked_q   <= req & ~gnt;
            release_q <= done ? owner : {N{1'b0}};
            if (start_write || start_read) begin
                busy_q      <= owner;
                phase_q     <= start_write ? WRITE : READ;
                read_next_q <= (read_next_q & ~owner) | (owner & {N{start_write && o_arvalid}});
            end else if (done) begin
                busy_q    <= {N{1'b0}};
                phase_q   <= IDLE;
                aw_done_q <= 1'b0;
                w_done_q  <= 1'b0;
                ar_done_q <= 1'b0;
            end else begin
                aw_done_q <= aw_done_q || (s_awvalid && s_awready);
                w_done_q  <= w_done_q || (s_wvalid && s_wready);
                ar_done_q <= ar_done_q || (s_arvalid && s_arready);
            end
        end
    end

`ifdef PPBUS_CHECKS
    // Each side's VALID, READY and payload in the cycle before, and the transactions each master
    // and the slave have outstanding (requests handshaken, responses not yet).
    reg [N-1:0] m_bvalid_q;
    reg [N-1:0] m_rvalid_q;
    reg [N-1:0] m_bready_q;
    reg [N-1:0] m_rready_q;
    reg [N-1:0] m_awvalid_q;
    reg [N-1:0] m_wvalid_q;
    reg [N-1:0] m_arvalid_q;
    reg [N-1:0] m_awready_q;
    reg [N-1:0] m_wready_q;
    reg [N-1:0] m_arready_q;
    reg [N*(AW+3)-1:0] m_aw_q;
    reg [N*(DW+DW/8)-1:0] m_w_q;
    reg [N*(AW+3)-1:0] m_ar_q;
    reg [1:0] m_bresp_q;
    reg [DW+1:0] m_r_q;
    reg s_awvalid_q, s_wvalid_q, s_arvalid_q, s_bvalid_q, s_rvalid_q;
    reg s_awready_q, s_wready_q, s_arready_q, s_bready_q, s_rready_q;
    reg [AW+2:0] s_aw_q;
    reg [DW+DW/8-1:0] s_w_q;
    reg [AW+2:0] s_ar_q;
    reg [1:0] s_bresp_q;
    reg [DW+1:0] s_r_q;
    reg [N*2-1:0] m_aw_out;  // per master, 0 to 3
    reg [N*2-1:0] m_w_out;
    reg [N*2-1:0] m_ar_out;
    reg [1:0] s_aw_out;
    reg [1:0] s_w_out;
    reg [1:0] s_ar_out;

    wire [N-1:0] m_aw_hs = m_awvalid & m_awready;
    wire [N-1:0] m_w_hs = m_wvalid & m_wready;
    wire [N-1:0] m_ar_hs = m_arvalid & m_arready;
    wire [N-1:0] m_b_hs = m_bvalid & m_bready;
    wire [N-1:0] m_r_hs = m_rvalid & m_rready;
    wire s_aw_hs = s_awvalid && s_awready;
    wire s_w_hs = s_wvalid && s_wready;
    wire s_ar_hs = s_arvalid && s_arready;
    wire s_b_hs = s_bvalid && s_bready;
    wire s_r_hs = s_rvalid && s_rready;

    // Per master: a channel that broke its handshake rules, a payload that differs from the
    // slave's at a handshake, and a response without its request or a second one outstanding.
    wire [N-1:0] aw_unheld;
    wire [N-1:0] w_unheld;
    wire [N-1:0] ar_unheld;
    wire [N-1:0] b_unheld;
    wire [N-1:0] r_unheld;
    wire [N-1:0] aw_misrouted;
    wire [N-1:0] w_misrouted;
    wire [N-1:0] ar_misrouted;
    wire [N-1:0] b_orphan;
    wire [N-1:0] r_orphan;
    wire [N-1:0] piled;

    genvar k;
    generate
        for (k = 0; k < N; k = k + 1) begin : g_master
            wire [AW+2:0] aw = {m_awaddr[k*AW +: AW], m_awprot[k*3 +: 3]};
            wire [DW+DW/8-1:0] w = {m_wdata[k*DW +: DW], m_wstrb[k*(DW/8) +: DW/8]};
            wire [AW+2:0] ar = {m_araddr[k*AW +: AW], m_arprot[k*3 +: 3]};
            wire [1:0] aw_out = m_aw_out[k*2 +: 2];
            wire [1:0] w_out = m_w_out[k*2 +: 2];
            wire [1:0] ar_out = m_ar_out[k*2 +: 2];
            assign aw_unheld[k] = m_awvalid_q[k] && !m_awready_q[k]
                && (!m_awvalid[k] || aw != m_aw_q[k*(AW+3) +: AW+3]);
            assign w_unheld[k] = m_wvalid_q[k] && !m_wready_q[k]
                && (!m_wvalid[k] || w != m_w_q[k*(DW+DW/8) +: DW+DW/8]);
            assign ar_unheld[k] = m_arvalid_q[k] && !m_arready_q[k]
                && (!m_arvalid[k] || ar != m_ar_q[k*(AW+3) +: AW+3]);
            assign b_unheld[k] = m_bvalid_q[k] && !m_bready_q[k] && (!m_bvalid[k] || m_bresp != m_bresp_q);
            assign r_unheld[k] = m_rvalid_q[k] && !m_rready_q[k]
                && (!m_rvalid[k] || {m_rdata, m_rresp} != m_r_q);
            assign aw_misrouted[k] = m_aw_hs[k] && {s_awaddr, s_awprot} != aw;
            assign w_misrouted[k] = m_w_hs[k] && {s_wdata, s_wstrb} != w;
            assign ar_misrouted[k] = m_ar_hs[k] && {s_araddr, s_arprot} != ar;
            assign b_orphan[k] = m_bvalid[k] && (aw_out == 2'd0 || w_out == 2'd0);
            assign r_orphan[k] = m_rvalid[k] && ar_out == 2'd0;
            assign piled[k] = aw_out > 2'd1 || w_out > 2'd1 || ar_out > 2'd1
                || (ar_out != 2'd0 && (aw_out != 2'd0 || w_out != 2'd0));
            always @(posedge clk) begin
                if (rst) begin
                    m_aw_out[k*2 +: 2] <= 2'd0;
                    m_w_out[k*2 +: 2]  <= 2'd0;
                    m_ar_out[k*2 +: 2] <= 2'd0;
                end else begin
                    m_aw_out[k*2 +: 2] <= aw_out + m_aw_hs[k] - m_b_hs[k];
                    m_w_out[k*2 +: 2]  <= w_out + m_w_hs[k] - m_b_hs[k];
                    m_ar_out[k*2 +: 2] <= ar_out + m_ar_hs[k] - m_r_hs[k];
                end
                m_aw_q[k*(AW+3) +: AW+3]         <= aw;
                m_w_q[k*(DW+DW/8) +: DW+DW/8]    <= w;
                m_ar_q[k*(AW+3) +: AW+3]         <= ar;
            end
        end
    endgenerate

    always @(posedge clk) begin
        m_awvalid_q <= rst ? {N{1'b0}} : m_awvalid;
        m_wvalid_q  <= rst ? {N{1'b0}} : m_wvalid;
        m_arvalid_q <= rst ? {N{1'b0}} : m_arvalid;
        m_bvalid_q  <= rst ? {N{1'b0}} : m_bvalid;
        m_rvalid_q  <= rst ? {N{1'b0}} : m_rvalid;
        m_awready_q <= m_awready;
        m_wready_q  <= m_wready;
        m_arready_q <= m_arready;
        m_bready_q  <= m_bready;
        m_rready_q  <= m_rready;
        m_bresp_q   <= m_bresp;
        m_r_q       <= {m_rdata, m_rresp};
        s_awvalid_q <= !rst && s_awvalid;
        s_wvalid_q  <= !rst && s_wvalid;
        s_arvalid_q <= !rst && s_arvalid;
        s_bvalid_q  <= !rst && s_bvalid;
        s_rvalid_q  <= !rst && s_rvalid;
        s_awready_q <= s_awready;
        s_wready_q  <= s_wready;
        s_arready_q <= s_arready;
        s_bready_q  <= s_bready;
        s_rready_q  <= s_rready;
        s_aw_q      <= {s_awaddr, s_awprot};
        s_w_q       <= {s_wdata, s_wstrb};
        s_ar_q      <= {s_araddr, s_arprot};
        s_bresp_q   <= s_bresp;
        s_r_q       <= {s_rdata, s_rresp};
        if (rst) begin
            s_aw_out <= 2'd0;
            s_w_out  <= 2'd0;
            s_ar_out <= 2'd0;
        end else begin
            s_aw_out <= s_aw_out + s_aw_hs - s_b_hs;
            s_w_out  <= s_w_out + s_w_hs - s_b_hs;
            s_ar_out <= s_ar_out + s_ar_hs - s_r_hs;
        end
    end

    // This module's side: the masters' B and R, the slave's AW, W and AR, and the routing.
    `PPBUS_ASSERT(a_one_owner, "a_one_owner", (owner & (owner - 1'b1)) == {N{1'b0}},
        "more than one owner", owner)
    `PPBUS_ASSERT(a_to_owner_only, "a_to_owner_only",
        ((m_awready | m_wready | m_arready | m_bvalid | m_rvalid) & ~owner) == {N{1'b0}},
        "a READY or a response to a master that is not the owner",
        (m_awready | m_wready | m_arready | m_bvalid | m_rvalid) & ~owner)
    `PPBUS_ASSERT(a_s_aw_held, "a_s_aw_held",
        !(s_awvalid_q && !s_awready_q && (!s_awvalid || {s_awaddr, s_awprot} != s_aw_q)),
        "AWVALID to the slave fell, or AWADDR or AWPROT changed, before AWREADY", s_awvalid)
    `PPBUS_ASSERT(a_s_w_held, "a_s_w_held",
        !(s_wvalid_q && !s_wready_q && (!s_wvalid || {s_wdata, s_wstrb} != s_w_q)),
        "WVALID to the slave fell, or WDATA or WSTRB changed, before WREADY", s_wvalid)
    `PPBUS_ASSERT(a_s_ar_held, "a_s_ar_held",
        !(s_arvalid_q && !s_arready_q && (!s_arvalid || {s_araddr, s_arprot} != s_ar_q)),
        "ARVALID to the slave fell, or ARADDR or ARPROT changed, before ARREADY", s_arvalid)
    `PPBUS_ASSERT(a_m_b_held, "a_m_b_held", b_unheld == {N{1'b0}},
        "a master's BVALID fell, or BRESP changed, before BREADY", b_unheld)
    `PPBUS_ASSERT(a_m_r_held, "a_m_r_held", r_unheld == {N{1'b0}},
        "a master's RVALID fell, or RDATA or RRESP changed, before RREADY", r_unheld)
    `PPBUS_ASSERT(a_m_b_after_request, "a_m_b_after_request", b_orphan == {N{1'b0}},
        "BVALID to a master without its AW and W handshakes outstanding", b_orphan)
    `PPBUS_ASSERT(a_m_r_after_request, "a_m_r_after_request", r_orphan == {N{1'b0}},
        "RVALID to a master without its AR handshake outstanding", r_orphan)
    `PPBUS_ASSERT(a_aw_routed, "a_aw_routed",
        s_aw_hs == (m_aw_hs != {N{1'b0}}) && aw_misrouted == {N{1'b0}},
        "an AW handshake on one side only, or with another payload", m_aw_hs)
    `PPBUS_ASSERT(a_w_routed, "a_w_routed",
        s_w_hs == (m_w_hs != {N{1'b0}}) && w_misrouted == {N{1'b0}},
        "a W handshake on one side only, or with another payload", m_w_hs)
    `PPBUS_ASSERT(a_ar_routed, "a_ar_routed",
        s_ar_hs == (m_ar_hs != {N{1'b0}}) && ar_misrouted == {N{1'b0}},
        "an AR handshake on one side only, or with another payload", m_ar_hs)
    `PPBUS_ASSERT(a_b_routed, "a_b_routed", s_b_hs == (m_b_hs != {N{1'b0}}) && m_bresp == s_bresp,
        "a B handshake on one side only, or with another BRESP", m_b_hs)
    `PPBUS_ASSERT(a_r_routed, "a_r_routed",
        s_r_hs == (m_r_hs != {N{1'b0}}) && {m_rdata, m_rresp} == {s_rdata, s_rresp},
        "an R handshake on one side only, or with other RDATA or RRESP", m_r_hs)
    `PPBUS_ASSERT(a_m_resp_legal, "a_m_resp_legal",
        !((m_bvalid != {N{1'b0}} && m_bresp == EXOKAY) || (m_rvalid != {N{1'b0}} && m_rresp == EXOKAY)),
        "EXOKAY to a master (AXI4-Lite has no exclusive access)", {m_bresp, m_rresp})
    `PPBUS_ASSERT(a_one_outstanding, "a_one_outstanding",
        piled == {N{1'b0}} && s_aw_out <= 2'd1 && s_w_out <= 2'd1 && s_ar_out <= 2'd1
            && !(s_ar_out != 2'd0 && (s_aw_out != 2'd0 || s_w_out != 2'd0)),
        "more than one transaction outstanding", piled)
    // The bookkeeping agrees with the transaction under way (what makes the rest inductive): the
    // owner is the master whose transaction it is, and the handshakes counted on both sides are
    // the ones its phase has done.
    wire [N-1:0] count_wrong;
    generate
        for (k = 0; k < N; k = k + 1) begin : g_count
            assign count_wrong[k] = m_aw_out[k*2 +: 2] != {1'b0, busy_q[k] && writing && aw_done_q}
                || m_w_out[k*2 +: 2] != {1'b0, busy_q[k] && writing && w_done_q}
                || m_ar_out[k*2 +: 2] != {1'b0, busy_q[k] && reading && ar_done_q};
        end
    endgenerate
    `PPBUS_ASSERT(a_phase_consistent, "a_phase_consistent",
        phase_q != 2'd3 && count_wrong == {N{1'b0}}
            && (phase_q == IDLE ? busy_q == {N{1'b0}} && !aw_done_q && !w_done_q && !ar_done_q
                                : busy_q == owner && busy_q != {N{1'b0}} && release_q == {N{1'b0}})
            && (writing || (!aw_done_q && !w_done_q)) && (reading || !ar_done_q)
            && s_aw_out == {1'b0, aw_done_q} && s_w_out == {1'b0, w_done_q} && s_ar_out == {1'b0, ar_done_q}
            && (release_q & (release_q - 1'b1)) == {N{1'b0}},
        "the phase, the owner and the handshakes counted disagree", phase_q)
    always @(posedge clk) begin : a_valid_low_in_reset_check
        if (rst) begin
`ifdef FORMAL
            a_valid_low_in_reset: assert (!(s_awvalid || s_wvalid || s_arvalid) && m_bvalid == {N{1'b0}}
                                          && m_rvalid == {N{1'b0}});
`else
            if (s_awvalid || s_wvalid || s_arvalid || m_bvalid != {N{1'b0}} || m_rvalid != {N{1'b0}}) begin
                `PPBUS_ASSERT_FAILED("a_valid_low_in_reset", "ppbus_axil_interconnect");
                $display("a VALID this module drives was high during the reset at time %0t", $time);
                $stop;
            end
`endif
        end
    end

    // The masters' side of AXI4-Lite: VALID held until READY, payload stable meanwhile.
    `PPBUS_ASSERT_INPUT(a_master_aw_held, "a_master_aw_held", aw_unheld == {N{1'b0}},
        "a master's AWVALID fell, or AWADDR or AWPROT changed, before AWREADY", aw_unheld)
    `PPBUS_ASSERT_INPUT(a_master_w_held, "a_master_w_held", w_unheld == {N{1'b0}},
        "a master's WVALID fell, or WDATA or WSTRB changed, before WREADY", w_unheld)
    `PPBUS_ASSERT_INPUT(a_master_ar_held, "a_master_ar_held", ar_unheld == {N{1'b0}},
        "a master's ARVALID fell, or ARADDR or ARPROT changed, before ARREADY", ar_unheld)
    // The slave's side: the same for B and R, and a response only to a request it took.
    `PPBUS_ASSERT_INPUT(a_slave_b_held, "a_slave_b_held",
        !(s_bvalid_q && !s_bready_q && (!s_bvalid || s_bresp != s_bresp_q)),
        "the slave's BVALID fell, or BRESP changed, before BREADY", s_bvalid)
    `PPBUS_ASSERT_INPUT(a_slave_r_held, "a_slave_r_held",
        !(s_rvalid_q && !s_rready_q && (!s_rvalid || {s_rdata, s_rresp} != s_r_q)),
        "the slave's RVALID fell, or RDATA or RRESP changed, before RREADY", s_rvalid)
    `PPBUS_ASSERT_INPUT(a_slave_resp_legal, "a_slave_resp_legal",
        !((s_bvalid && s_bresp == EXOKAY) || (s_rvalid && s_rresp == EXOKAY)),
        "the slave answered EXOKAY (AXI4-Lite has no exclusive access)", {s_bresp, s_rresp})
    `PPBUS_ASSERT_INPUT(a_slave_b_after_request, "a_slave_b_after_request",
        !(s_bvalid && (s_aw_out == 2'd0 || s_w_out == 2'd0)),
        "the slave raised BVALID without an AW and a W handshake outstanding", s_bvalid)
    `PPBUS_ASSERT_INPUT(a_slave_r_after_request, "a_slave_r_after_request",
        !(s_rvalid && s_ar_out == 2'd0),
        "the slave raised RVALID without an AR handshake outstanding", s_rvalid)
`endif
endmodule
