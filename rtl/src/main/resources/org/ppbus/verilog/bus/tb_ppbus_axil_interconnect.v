`timescale 1ns / 1ps
// tb_ppbus_axil_interconnect: %N% random AXI4-Lite masters on ppbus_axil_interconnect, against a memory
// slave with random back-pressure on every channel.
// Master i writes and reads words of its own region (byte address 4 * (16 i + word)); its write
// and its read engines run at once, each with one transaction at a time, AWVALID and WVALID raised
// in either order or together, BREADY and RREADY random. The slave's AWREADY, WREADY and ARREADY
// are random, and it answers 0 to 3 cycles after a request, SLVERR for word 15 of every region,
// OKAY otherwise. Every read is checked against the master's own copy of its region, every
// response's BRESP or RRESP against its word, and every master must finish each transaction
// within 2000 cycles. The interconnect's properties (ppbus_axil_interconnect.v) are checked all
// along. After %CYCLES% random cycles the bus drains, then runs SATURATE cycles with every master
// always asking, every READY high and every response at once: the transfers per cycle it reaches
// there are the bus's throughput under saturation. PASS or FAIL with the counts.
// Runs under Icarus (iverilog -g2005) and Verilator (--binary --timing).
module tb_ppbus_axil_interconnect;
    localparam integer N = %N%;
    localparam integer AW = 16;
    localparam integer DW = 32;
    localparam integer CYCLES = %CYCLES%;
    localparam integer SATURATE = 1000;
    localparam integer WORDS = 16;  // per master
    localparam [1:0] OKAY = 2'b00;
    localparam [1:0] SLVERR = 2'b10;

    reg clk = 1'b0;
    reg rst = 1'b1;
    always #5 clk = ~clk;

    reg  [N-1:0]      m_awvalid;
    wire [N-1:0]      m_awready;
    reg  [N*AW-1:0]   m_awaddr;
    reg  [N*3-1:0]    m_awprot;
    reg  [N-1:0]      m_wvalid;
    wire [N-1:0]      m_wready;
    reg  [N*DW-1:0]   m_wdata;
    reg  [N*DW/8-1:0] m_wstrb;
    wire [N-1:0]      m_bvalid;
    reg  [N-1:0]      m_bready;
    wire [1:0]        m_bresp;
    reg  [N-1:0]      m_arvalid;
    wire [N-1:0]      m_arready;
    reg  [N*AW-1:0]   m_araddr;
    reg  [N*3-1:0]    m_arprot;
    wire [N-1:0]      m_rvalid;
    reg  [N-1:0]      m_rready;
    wire [DW-1:0]     m_rdata;
    wire [1:0]        m_rresp;
    wire              s_awvalid;
    reg               s_awready = 1'b0;
    wire [AW-1:0]     s_awaddr;
    wire [2:0]        s_awprot;
    wire              s_wvalid;
    reg               s_wready = 1'b0;
    wire [DW-1:0]     s_wdata;
    wire [DW/8-1:0]   s_wstrb;
    reg               s_bvalid = 1'b0;
    wire              s_bready;
    reg  [1:0]        s_bresp = OKAY;
    wire              s_arvalid;
    reg               s_arready = 1'b0;
    wire [AW-1:0]     s_araddr;
    wire [2:0]        s_arprot;
    reg               s_rvalid = 1'b0;
    wire              s_rready;
    reg  [DW-1:0]     s_rdata = {DW{1'b0}};
    reg  [1:0]        s_rresp = OKAY;

    ppbus_axil_interconnect #(.AW(AW), .DW(DW)) dut (
        .clk (clk), .rst (rst),
        .m_awvalid (m_awvalid), .m_awready (m_awready), .m_awaddr (m_awaddr), .m_awprot (m_awprot),
        .m_wvalid (m_wvalid), .m_wready (m_wready), .m_wdata (m_wdata), .m_wstrb (m_wstrb),
        .m_bvalid (m_bvalid), .m_bready (m_bready), .m_bresp (m_bresp),
        .m_arvalid (m_arvalid), .m_arready (m_arready), .m_araddr (m_araddr), .m_arprot (m_arprot),
        .m_rvalid (m_rvalid), .m_rready (m_rready), .m_rdata (m_rdata), .m_rresp (m_rresp),
        .s_awvalid (s_awvalid), .s_awready (s_awready), .s_awaddr (s_awaddr), .s_awprot (s_awprot),
        .s_wvalid (s_wvalid), .s_wready (s_wready), .s_wdata (s_wdata), .s_wstrb (s_wstrb),
        .s_bvalid (s_bvalid), .s_bready (s_bready), .s_bresp (s_bresp),
        .s_arvalid (s_arvalid), .s_arready (s_arready), .s_araddr (s_araddr), .s_arprot (s_arprot),
        .s_rvalid (s_rvalid), .s_rready (s_rready), .s_rdata (s_rdata), .s_rresp (s_rresp)
    );

    reg     saturating = 1'b0;  // every READY high, every response at once, every master asking
    integer window = 0;         // cycles counted in the saturation window
    integer window_transfers = 0;

    // The slave: a memory that holds one write (AW and W) and one read, and answers each after a
    // random delay.
    reg [DW-1:0]   mem [0:N*WORDS-1];
    reg [31:0]     slave_rng = 32'h2545f491;
    reg            aw_full = 1'b0;
    reg            w_full = 1'b0;
    reg            ar_full = 1'b0;
    reg [AW-1:0]   aw_addr;
    reg [DW-1:0]   w_data;
    reg [DW/8-1:0] w_strb;
    reg [AW-1:0]   ar_addr;
    integer        b_wait = 0;
    integer        r_wait = 0;
    integer        slave_writes = 0;
    integer        slave_reads = 0;
    integer        b;
    always @(posedge clk) begin
        // Random numbers advance only out of reset, so that a simulator that ends the reset an
        // edge earlier (Verilator's --timing, here) runs the same cycles, shifted.
        if (!rst) begin
            slave_rng = slave_rng ^ (slave_rng << 13);
            slave_rng = slave_rng ^ (slave_rng >> 17);
            slave_rng = slave_rng ^ (slave_rng << 5);
        end
        if (!rst) begin
            if (s_awvalid && s_awready) begin
                aw_full = 1'b1;
                aw_addr = s_awaddr;
            end
            if (s_wvalid && s_wready) begin
                w_full = 1'b1;
                w_data = s_wdata;
                w_strb = s_wstrb;
            end
            if (s_arvalid && s_arready) begin
                ar_full = 1'b1;
                ar_addr = s_araddr;
                r_wait = saturating ? 0 : slave_rng[13:12];
            end
            if (s_bvalid && s_bready) begin
                s_bvalid <= 1'b0;
                aw_full = 1'b0;
                w_full = 1'b0;
                slave_writes = slave_writes + 1;
                if (saturating) window_transfers = window_transfers + 1;
            end else if (aw_full && w_full && !s_bvalid) begin
                if (b_wait == 0) begin
                    s_bvalid <= 1'b1;
                    s_bresp <= aw_addr[5:2] == 4'hf ? SLVERR : OKAY;
                    if (aw_addr[5:2] != 4'hf) begin
                        for (b = 0; b < DW/8; b = b + 1)
                            if (w_strb[b]) mem[aw_addr[AW-1:2]][8*b +: 8] = w_data[8*b +: 8];
                    end
                    b_wait = saturating ? 0 : slave_rng[11:10];
                end else begin
                    b_wait = b_wait - 1;
                end
            end
            if (s_rvalid && s_rready) begin
                s_rvalid <= 1'b0;
                ar_full = 1'b0;
                slave_reads = slave_reads + 1;
                if (saturating) window_transfers = window_transfers + 1;
            end else if (ar_full && !s_rvalid) begin
                if (r_wait == 0) begin
                    s_rvalid <= 1'b1;
                    s_rresp <= ar_addr[5:2] == 4'hf ? SLVERR : OKAY;
                    s_rdata <= ar_addr[5:2] == 4'hf ? {DW{1'b0}} : mem[ar_addr[AW-1:2]];
                end else begin
                    r_wait = r_wait - 1;
                end
            end
            s_awready <= !aw_full && (saturating || slave_rng[1:0] != 2'd0);
            s_wready  <= !w_full && (saturating || slave_rng[3:2] != 2'd0);
            s_arready <= !ar_full && (saturating || slave_rng[5:4] != 2'd0);
        end
    end

    // The masters: a write engine and a read engine each.
    reg [DW-1:0]   shadow [0:N*WORDS-1];
    reg [31:0]     rng [0:N-1];
    reg [1:0]      w_state [0:N-1];  // 0 idle, 1 request under way, 2 waiting for B
    reg [1:0]      r_state [0:N-1];  // 0 idle, 1 AR under way, 2 waiting for R
    reg [3:0]      w_word [0:N-1];
    reg [3:0]      r_word [0:N-1];
    reg [DW-1:0]   w_dat [0:N-1];
    reg [DW/8-1:0] w_sel [0:N-1];
    reg            aw_later [0:N-1];  // AWVALID not raised yet
    reg            w_later [0:N-1];   // WVALID not raised yet
    integer        w_waited [0:N-1];
    integer        r_waited [0:N-1];
    integer        writes [0:N-1];
    integer        reads [0:N-1];
    integer        window_done [0:N-1];
    integer        slverrs = 0;
    integer        errors = 0;
    integer        cycles = 0;
    integer        i;
    reg [31:0]     r;
    reg            stopping = 1'b0;

    // Draws master m's next random number.
    task draw;
        input integer m;
        begin
            r = rng[m];
            r = r ^ (r << 13);
            r = r ^ (r >> 17);
            r = r ^ (r << 5);
            rng[m] = r;
        end
    endtask

    // Master m's write engine, one cycle.
    task write_engine;
        input integer m;
        begin
            draw(m);
            if (w_state[m] == 2'd1) begin
                // Both handshakes done by the end of this cycle: on to B.
                if (!aw_later[m] && (!m_awvalid[m] || m_awready[m]) && !w_later[m]
                    && (!m_wvalid[m] || m_wready[m])) w_state[m] = 2'd2;
                if (m_awvalid[m] && m_awready[m]) m_awvalid[m] <= 1'b0;
                if (m_wvalid[m] && m_wready[m]) m_wvalid[m] <= 1'b0;
                if (aw_later[m] && (r[0] || saturating)) begin
                    aw_later[m] = 1'b0;
                    m_awvalid[m] <= 1'b1;
                end
                if (w_later[m] && (r[1] || saturating)) begin
                    w_later[m] = 1'b0;
                    m_wvalid[m] <= 1'b1;
                end
            end else if (w_state[m] == 2'd2) begin
                if (m_bvalid[m] && m_bready[m]) begin
                    check_resp(m, "BRESP", m_bresp, w_word[m]);
                    if (w_word[m] != 4'hf) begin
                        for (b = 0; b < DW/8; b = b + 1)
                            if (w_sel[m][b]) shadow[m*WORDS + w_word[m]][8*b +: 8] = w_dat[m][8*b +: 8];
                    end
                    writes[m] = writes[m] + 1;
                    if (saturating) window_done[m] = window_done[m] + 1;
                    w_state[m] = 2'd0;
                    w_waited[m] = 0;
                end
            end else if (!stopping && (saturating || r[2:0] < 3'd2)) begin
                w_word[m] = r[7:4] ^ {3'b000, r_state[m] != 2'd0 && r_word[m] == r[7:4]};
                w_dat[m] = {r[15:0], r[31:16]} ^ m;
                w_sel[m] = r[8] ? r[19:16] : {DW/8{1'b1}};
                aw_later[m] = r[10:9] == 2'd0 && !saturating;
                w_later[m] = r[12:11] == 2'd0 && !aw_later[m] && !saturating;
                m_awaddr[m*AW +: AW] <= (m * WORDS + w_word[m]) * 4;
                m_awprot[m*3 +: 3] <= r[22:20];
                m_wdata[m*DW +: DW] <= w_dat[m];
                m_wstrb[m*(DW/8) +: DW/8] <= w_sel[m];
                m_awvalid[m] <= !aw_later[m];
                m_wvalid[m] <= !w_later[m];
                w_state[m] = 2'd1;
            end
            m_bready[m] <= saturating || r[23];
            if (w_state[m] != 2'd0) w_waited[m] = w_waited[m] + 1;
        end
    endtask

    // Master m's read engine, one cycle.
    task read_engine;
        input integer m;
        begin
            draw(m);
            if (r_state[m] == 2'd1) begin
                if (m_arvalid[m] && m_arready[m]) begin
                    m_arvalid[m] <= 1'b0;
                    r_state[m] = 2'd2;
                end
            end else if (r_state[m] == 2'd2) begin
                if (m_rvalid[m] && m_rready[m]) begin
                    check_resp(m, "RRESP", m_rresp, r_word[m]);
                    if (r_word[m] != 4'hf && m_rdata !== shadow[m*WORDS + r_word[m]]) begin
                        errors = errors + 1;
                        $display("FAIL: master %0d read %h at word %0d, expected %h", m, m_rdata, r_word[m],
                                 shadow[m*WORDS + r_word[m]]);
                    end
                    reads[m] = reads[m] + 1;
                    if (saturating) window_done[m] = window_done[m] + 1;
                    r_state[m] = 2'd0;
                    r_waited[m] = 0;
                end
            end else if (!stopping && (saturating || r[2:0] < 3'd2)) begin
                r_word[m] = r[7:4] ^ {3'b000, w_state[m] != 2'd0 && w_word[m] == r[7:4]};
                m_araddr[m*AW +: AW] <= (m * WORDS + r_word[m]) * 4;
                m_arprot[m*3 +: 3] <= r[10:8];
                m_arvalid[m] <= 1'b1;
                r_state[m] = 2'd1;
            end
            m_rready[m] <= saturating || r[23];
            if (r_state[m] != 2'd0) r_waited[m] = r_waited[m] + 1;
        end
    endtask

    // A response's BRESP or RRESP: SLVERR for word 15, OKAY otherwise.
    task check_resp;
        input integer m;
        input [8*5-1:0] what;
        input [1:0] resp;
        input [3:0] word;
        begin
            if (resp != (word == 4'hf ? SLVERR : OKAY)) begin
                errors = errors + 1;
                $display("FAIL: master %0d got %0s %b for word %0d", m, what, resp, word);
            end
            if (resp == SLVERR) slverrs = slverrs + 1;
        end
    endtask

    integer k;
    initial begin
        for (k = 0; k < N*WORDS; k = k + 1) begin
            mem[k] = {DW{1'b0}};
            shadow[k] = {DW{1'b0}};
        end
        m_awvalid = {N{1'b0}};
        m_awaddr = {N*AW{1'b0}};
        m_awprot = {N*3{1'b0}};
        m_wvalid = {N{1'b0}};
        m_wdata = {N*DW{1'b0}};
        m_wstrb = {N*DW/8{1'b0}};
        m_bready = {N{1'b0}};
        m_arvalid = {N{1'b0}};
        m_araddr = {N*AW{1'b0}};
        m_arprot = {N*3{1'b0}};
        m_rready = {N{1'b0}};
        for (k = 0; k < N; k = k + 1) begin
            rng[k] = 32'h9e3779b9 ^ (k * 32'h85ebca6b) ^ %SEED%;
            w_state[k] = 2'd0;
            r_state[k] = 2'd0;
            w_waited[k] = 0;
            r_waited[k] = 0;
            writes[k] = 0;
            reads[k] = 0;
            window_done[k] = 0;
        end
        repeat (3) @(posedge clk);
        rst <= 1'b0;
    end

    reg idle;
    always @(posedge clk) begin
        if (!rst) begin
            cycles = cycles + 1;
            if (cycles == CYCLES) stopping = 1'b1;
            idle = 1'b1;
            for (i = 0; i < N; i = i + 1) begin
                write_engine(i);
                read_engine(i);
                if (w_waited[i] > 2000 || r_waited[i] > 2000) begin
                    errors = errors + 1;
                    $display("FAIL: master %0d waited 2000 cycles", i);
                    w_waited[i] = 0;
                    r_waited[i] = 0;
                end
                idle = idle && w_state[i] == 2'd0 && r_state[i] == 2'd0;
            end
            if (saturating) begin
                window = window + 1;
                if (window == SATURATE) begin
                    saturating = 1'b0;
                    stopping = 1'b1;
                end
            end else if (stopping && idle && !s_bvalid && !s_rvalid) begin
                if (window == 0) begin
                    saturating = 1'b1;
                    stopping = 1'b0;
                end else begin
                    finish_run;
                end
            end
        end
    end

    task finish_run;
        integer wr, rd, lo, hi, mm;
        begin
            wr = 0;
            rd = 0;
            lo = window_done[0];
            hi = window_done[0];
            for (mm = 0; mm < N; mm = mm + 1) begin
                wr = wr + writes[mm];
                rd = rd + reads[mm];
                if (window_done[mm] < lo) lo = window_done[mm];
                if (window_done[mm] > hi) hi = window_done[mm];
                if (writes[mm] == 0 || reads[mm] == 0) begin
                    errors = errors + 1;
                    $display("FAIL: master %0d made %0d writes and %0d reads", mm, writes[mm], reads[mm]);
                end
            end
            if (wr != slave_writes || rd != slave_reads) begin
                errors = errors + 1;
                $display("FAIL: the masters saw %0d writes and %0d reads end; the slave answered %0d and %0d",
                         wr, rd, slave_writes, slave_reads);
            end
            if (errors == 0)
                $display("PASS: %0d masters, %0d writes and %0d reads checked (%0d SLVERR), in %0d cycles; saturated, %0d transfers in %0d cycles (%0d.%03d per cycle), %0d to %0d per master",
                         N, wr, rd, slverrs, cycles, window_transfers, SATURATE, window_transfers / SATURATE,
                         (window_transfers * 1000 / SATURATE) % 1000, lo, hi);
            else
                $display("FAIL: %0d errors", errors);
            $finish;
        end
    endtask
endmodule
