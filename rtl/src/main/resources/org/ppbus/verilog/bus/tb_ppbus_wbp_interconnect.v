`timescale 1ns / 1ps
// tb_ppbus_wbp_interconnect: %N% random Wishbone B4 pipelined masters on ppbus_wbp_interconnect, against a
// pipelined memory slave with random STALL, up to 4 requests in flight, and responses after 0 or more
// cycles: ERR for word 15 of every region, RTY for one request in eight, ACK otherwise.
// Master i reads and writes words of its own region (address {i, 4 bits}) in bursts of 1 to 4
// requests (CTI 010, the last 111), issued back to back while STALL is low; it checks every read
// against its own copy of the region, expects ERR exactly for word 15, and issues a request
// answered with RTY again as its next request. One bus cycle in eight is locked (LOCK held
// through the next bus cycle); one burst of reads in eight is aborted by dropping CYC with
// requests in flight, which the slave then drops. At the end every request issued must have had
// its one response or been aborted, and no read may differ: PASS or FAIL with the counts.
// Runs under Icarus (iverilog -g2005) and Verilator (--binary --timing).
module tb_ppbus_wbp_interconnect;
    localparam integer N = %N%;
    localparam integer AW = 16;
    localparam integer DW = 32;
    localparam integer CYCLES = %CYCLES%;
    localparam integer WORDS = 16;  // per master
    localparam integer DEPTH = 4;   // requests in flight, at the slave and per master

    reg clk = 1'b0;
    reg rst = 1'b1;
    always #5 clk = ~clk;

    reg  [N-1:0]        m_cyc;
    reg  [N-1:0]        m_stb;
    reg  [N-1:0]        m_we;
    reg  [N-1:0]        m_lock;
    reg  [N*AW-1:0]     m_adr;
    reg  [N*DW-1:0]     m_dat_w;
    reg  [N*DW/8-1:0]   m_sel;
    reg  [N*3-1:0]      m_cti;
    reg  [N*2-1:0]      m_bte;
    wire [N-1:0]        m_ack;
    wire [N-1:0]        m_err;
    wire [N-1:0]        m_rty;
    wire [N-1:0]        m_stall;
    wire [DW-1:0]       m_dat_r;
    wire                s_cyc;
    wire                s_stb;
    wire                s_we;
    wire                s_lock;
    wire [AW-1:0]       s_adr;
    wire [DW-1:0]       s_dat_w;
    wire [DW/8-1:0]     s_sel;
    wire [2:0]          s_cti;
    wire [1:0]          s_bte;
    reg                 ack_q = 1'b0;
    reg                 err_q = 1'b0;
    reg                 rty_q = 1'b0;
    reg                 stall_q = 1'b0;
    reg  [DW-1:0]       s_dat_r = {DW{1'b0}};
    // The slave answers only while CYC is high (Wishbone B4): a response it registered is dropped
    // with the bus cycle.
    wire                s_ack = ack_q & s_cyc;
    wire                s_err = err_q & s_cyc;
    wire                s_rty = rty_q & s_cyc;
    wire                s_stall = stall_q;

    ppbus_wbp_interconnect #(.AW(AW), .DW(DW)) dut (
        .clk (clk), .rst (rst),
        .m_cyc (m_cyc), .m_stb (m_stb), .m_we (m_we), .m_lock (m_lock), .m_adr (m_adr),
        .m_dat_w (m_dat_w), .m_sel (m_sel), .m_cti (m_cti), .m_bte (m_bte),
        .m_ack (m_ack), .m_err (m_err), .m_rty (m_rty), .m_stall (m_stall), .m_dat_r (m_dat_r),
        .s_cyc (s_cyc), .s_stb (s_stb), .s_we (s_we), .s_lock (s_lock), .s_adr (s_adr),
        .s_dat_w (s_dat_w), .s_sel (s_sel), .s_cti (s_cti), .s_bte (s_bte),
        .s_ack (s_ack), .s_err (s_err), .s_rty (s_rty), .s_stall (s_stall), .s_dat_r (s_dat_r)
    );

    // The slave: a memory with a queue of accepted requests, answered in order.
    reg [DW-1:0]   mem [0:N*WORDS-1];
    reg            q_we [0:DEPTH-1];
    reg [AW-1:0]   q_adr [0:DEPTH-1];
    reg [DW-1:0]   q_dat [0:DEPTH-1];
    reg [DW/8-1:0] q_sel [0:DEPTH-1];
    integer        q_head = 0;
    integer        q_count = 0;
    reg [31:0]     slave_rng = 32'h2545f491;
    integer        accepted = 0;
    integer        delivered = 0;  // responses on the bus, which the owner saw
    integer        b;
    integer        slot;
    always @(posedge clk) begin
        // The slave's random numbers advance only out of reset, so that a simulator that ends the
        // reset an edge earlier (Verilator's --timing, here) runs the same cycles, shifted.
        if (!rst) begin
            slave_rng = slave_rng ^ (slave_rng << 13);
            slave_rng = slave_rng ^ (slave_rng >> 17);
            slave_rng = slave_rng ^ (slave_rng << 5);
        end
        if (s_ack || s_err || s_rty) delivered = delivered + 1;
        ack_q <= 1'b0;
        err_q <= 1'b0;
        rty_q <= 1'b0;
        if (rst || !s_cyc) begin
            q_count = 0;  // an aborted bus cycle: its requests are dropped
            stall_q <= 1'b0;
        end else begin
            if (q_count > 0 && slave_rng[1:0] != 2'd0) begin  // answer the oldest request
                if (q_adr[q_head][3:0] == 4'hf) begin
                    err_q <= 1'b1;
                end else if (slave_rng[10:8] == 3'd0) begin
                    rty_q <= 1'b1;
                end else begin
                    ack_q <= 1'b1;
                    if (q_we[q_head]) begin
                        for (b = 0; b < DW/8; b = b + 1)
                            if (q_sel[q_head][b]) mem[q_adr[q_head]][8*b +: 8] = q_dat[q_head][8*b +: 8];
                    end else begin
                        s_dat_r <= mem[q_adr[q_head]];
                    end
                end
                q_head = (q_head + 1) % DEPTH;
                q_count = q_count - 1;
            end
            if (s_stb && !s_stall) begin  // take the request on the bus
                slot = (q_head + q_count) % DEPTH;
                q_we[slot] = s_we;
                q_adr[slot] = s_adr;
                q_dat[slot] = s_dat_w;
                q_sel[slot] = s_sel;
                q_count = q_count + 1;
                accepted = accepted + 1;
            end
            stall_q <= q_count >= DEPTH - 1 || slave_rng[6:4] == 3'd0;
        end
    end

    // The masters, one state machine each.
    reg [DW-1:0]   shadow [0:N*WORDS-1];
    reg [31:0]     rng [0:N-1];
    integer        to_issue [0:N-1];  // requests of this bus cycle still to issue
    integer        in_flight [0:N-1];
    reg            f_we [0:N*DEPTH-1];  // the master's own queue of requests in flight
    reg [3:0]      f_word [0:N*DEPTH-1];
    reg [DW-1:0]   f_dat [0:N*DEPTH-1];
    reg [DW/8-1:0] f_sel [0:N*DEPTH-1];
    integer        f_head [0:N-1];
    reg            retry [0:N-1];  // a request answered with RTY, issued first in the next bus cycle
    reg            retry_we [0:N-1];
    reg [3:0]      retry_word [0:N-1];
    reg [DW-1:0]   retry_dat [0:N-1];
    reg [DW/8-1:0] retry_sel [0:N-1];
    reg            aborting [0:N-1];
    integer        locked_left [0:N-1];  // bus cycles still to run under LOCK
    integer        issued [0:N-1];
    integer        acks [0:N-1];
    integer        errs [0:N-1];
    integer        rtys [0:N-1];
    integer        lost [0:N-1];
    integer        reads [0:N-1];
    integer        aborts = 0;
    integer        locks = 0;
    integer        errors = 0;
    integer        cycles = 0;
    integer        waited [0:N-1];
    integer        i;
    reg [31:0]     r;
    reg            stopping = 1'b0;
    reg [3:0]      word;

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

    // Puts master m's next request on its outputs (nonblocking, as registered outputs): the one to
    // retry, else a random word of its region (reads only in a burst it will abort).
    task present;
        input integer m;
        begin
            draw(m);
            if (retry[m] && !aborting[m]) begin
                m_we[m] <= retry_we[m];
                word = retry_word[m];
                m_dat_w[m*DW +: DW] <= retry_dat[m];
                m_sel[m*(DW/8) +: DW/8] <= retry_sel[m];
                retry[m] = 1'b0;
            end else begin
                m_we[m] <= r[0] && !aborting[m];
                word = r[8:5];
                m_dat_w[m*DW +: DW] <= {r[15:0], r[31:16]} ^ m;
                m_sel[m*(DW/8) +: DW/8] <= r[1] ? r[12:9] : {DW/8{1'b1}};
            end
            m_adr[m*AW +: AW] <= m * WORDS + word;
            m_stb[m] <= 1'b1;
            m_cti[m*3 +: 3] <= to_issue[m] == 1 ? 3'b111 : 3'b010;
            m_bte[m*2 +: 2] <= 2'b00;
        end
    endtask

    // Master m's response at the head of its queue: check it against the request it answers.
    task respond;
        input integer m;
        integer h;
        begin
            h = m * DEPTH + f_head[m];
            if (m_err[m]) begin
                errs[m] = errs[m] + 1;
                if (f_word[h] != 4'hf) begin
                    errors = errors + 1;
                    $display("FAIL: master %0d got ERR for word %0d", m, f_word[h]);
                end
            end else if (f_word[h] == 4'hf) begin
                errors = errors + 1;
                $display("FAIL: master %0d got no ERR for word 15", m);
            end else if (m_rty[m]) begin
                rtys[m] = rtys[m] + 1;
                retry[m] = 1'b1;
                retry_we[m] = f_we[h];
                retry_word[m] = f_word[h];
                retry_dat[m] = f_dat[h];
                retry_sel[m] = f_sel[h];
            end else begin
                acks[m] = acks[m] + 1;
                if (f_we[h]) begin
                    for (b = 0; b < DW/8; b = b + 1)
                        if (f_sel[h][b]) shadow[m*WORDS + f_word[h]][8*b +: 8] = f_dat[h][8*b +: 8];
                end else begin
                    reads[m] = reads[m] + 1;
                    if (m_dat_r !== shadow[m*WORDS + f_word[h]]) begin
                        errors = errors + 1;
                        $display("FAIL: master %0d read %h at word %0d, expected %h", m, m_dat_r, f_word[h],
                                 shadow[m*WORDS + f_word[h]]);
                    end
                end
            end
            f_head[m] = (f_head[m] + 1) % DEPTH;
            in_flight[m] = in_flight[m] - 1;
        end
    endtask

    // LOCK: a master that had a request taken under LOCK holds the bus until it drops LOCK; no
    // other master's request may be taken meanwhile.
    reg [N-1:0] holds_lock = {N{1'b0}};
    integer     j;
    always @(posedge clk) begin
        for (j = 0; j < N; j = j + 1) begin
            if (!rst && m_stb[j] && !m_stall[j] && (holds_lock & ~({{(N-1){1'b0}}, 1'b1} << j)) != {N{1'b0}}) begin
                errors = errors + 1;
                $display("FAIL: master %0d's request was taken while another held the bus under LOCK (%b)", j,
                         holds_lock);
            end
        end
        for (j = 0; j < N; j = j + 1) begin
            if (rst || !m_lock[j]) holds_lock[j] = 1'b0;
            else if (m_stb[j] && !m_stall[j]) holds_lock[j] = 1'b1;
        end
    end

    integer k;
    initial begin
        for (k = 0; k < N*WORDS; k = k + 1) begin
            mem[k] = {DW{1'b0}};
            shadow[k] = {DW{1'b0}};
        end
        m_cyc = {N{1'b0}};
        m_stb = {N{1'b0}};
        m_we = {N{1'b0}};
        m_lock = {N{1'b0}};
        m_adr = {N*AW{1'b0}};
        m_dat_w = {N*DW{1'b0}};
        m_sel = {N*DW/8{1'b0}};
        m_cti = {N*3{1'b0}};
        m_bte = {N*2{1'b0}};
        for (k = 0; k < N; k = k + 1) begin
            rng[k] = 32'h9e3779b9 ^ (k * 32'h85ebca6b) ^ %SEED%;
            to_issue[k] = 0;
            in_flight[k] = 0;
            f_head[k] = 0;
            retry[k] = 1'b0;
            aborting[k] = 1'b0;
            locked_left[k] = 0;
            issued[k] = 0;
            acks[k] = 0;
            errs[k] = 0;
            rtys[k] = 0;
            lost[k] = 0;
            reads[k] = 0;
            waited[k] = 0;
        end
        repeat (3) @(posedge clk);
        rst <= 1'b0;
    end

    always @(posedge clk) begin
        if (!rst) begin
            cycles = cycles + 1;
            if (cycles == CYCLES) stopping = 1'b1;
            for (i = 0; i < N; i = i + 1) begin
                if (m_cyc[i]) begin
                    if (m_ack[i] || m_err[i] || m_rty[i]) begin
                        if (in_flight[i] == 0) begin
                            errors = errors + 1;
                            $display("FAIL: master %0d got a response with nothing in flight", i);
                        end else begin
                            respond(i);
                        end
                    end
                    if (m_stb[i] && !m_stall[i]) begin  // the request on the bus was taken
                        k = i * DEPTH + (f_head[i] + in_flight[i]) % DEPTH;
                        f_we[k] = m_we[i];
                        f_word[k] = m_adr[i*AW +: 4];
                        f_dat[k] = m_dat_w[i*DW +: DW];
                        f_sel[k] = m_sel[i*(DW/8) +: DW/8];
                        in_flight[i] = in_flight[i] + 1;
                        issued[i] = issued[i] + 1;
                        to_issue[i] = to_issue[i] - 1;
                        waited[i] = 0;
                        if (to_issue[i] > 0 && in_flight[i] < DEPTH) begin
                            present(i);
                        end else begin
                            m_stb[i] <= 1'b0;
                        end
                    end else if (!m_stb[i] && to_issue[i] > 0 && in_flight[i] < DEPTH) begin
                        present(i);
                    end
                    draw(i);
                    if (aborting[i] && in_flight[i] > 0 && r[3:2] == 2'd0) begin
                        // Abort: drop CYC with requests in flight; their responses never come.
                        aborts = aborts + 1;
                        lost[i] = lost[i] + in_flight[i];
                        in_flight[i] = 0;
                        to_issue[i] = 0;
                        aborting[i] = 1'b0;
                        m_cyc[i] <= 1'b0;
                        m_stb[i] <= 1'b0;
                        m_lock[i] <= locked_left[i] > 0;
                    end else if (to_issue[i] == 0 && in_flight[i] == 0) begin
                        m_cyc[i] <= 1'b0;
                        m_stb[i] <= 1'b0;
                        aborting[i] = 1'b0;
                        m_lock[i] <= locked_left[i] > 0;  // LOCK held into the next bus cycle
                    end
                    waited[i] = waited[i] + 1;
                    if (waited[i] > 2000) begin
                        errors = errors + 1;
                        $display("FAIL: master %0d waited 2000 cycles", i);
                        waited[i] = 0;
                    end
                end else if (!stopping || retry[i] || locked_left[i] > 0) begin
                    draw(i);
                    if (r[2:0] < 3'd3 || retry[i] || locked_left[i] > 0) begin  // a bus cycle of 1 to 4 requests
                        if (locked_left[i] > 0) begin
                            locked_left[i] = locked_left[i] - 1;
                        end else if (r[13:11] == 3'd0 && !stopping) begin
                            locked_left[i] = 1;  // this bus cycle and the next under LOCK
                            locks = locks + 1;
                        end
                        m_lock[i] <= locked_left[i] > 0 || m_lock[i];
                        to_issue[i] = 1 + r[4:3];
                        aborting[i] = r[16:14] == 3'd0 && !retry[i];
                        m_cyc[i] <= 1'b1;
                        present(i);
                    end else begin
                        m_lock[i] <= 1'b0;
                    end
                end else begin
                    m_lock[i] <= 1'b0;
                end
            end
            if (stopping && m_cyc == {N{1'b0}} && m_lock == {N{1'b0}}) finish_run;
        end
    end

    task finish_run;
        integer is, ac, er, rt, ls, rd, mm;
        begin
            is = 0;
            ac = 0;
            er = 0;
            rt = 0;
            ls = 0;
            rd = 0;
            for (mm = 0; mm < N; mm = mm + 1) begin
                is = is + issued[mm];
                ac = ac + acks[mm];
                er = er + errs[mm];
                rt = rt + rtys[mm];
                ls = ls + lost[mm];
                rd = rd + reads[mm];
                if (issued[mm] != acks[mm] + errs[mm] + rtys[mm] + lost[mm] || acks[mm] == 0) begin
                    errors = errors + 1;
                    $display("FAIL: master %0d issued %0d requests: %0d ACK, %0d ERR, %0d RTY, %0d aborted", mm,
                             issued[mm], acks[mm], errs[mm], rtys[mm], lost[mm]);
                end
            end
            if (is != accepted || ac + er + rt != delivered || ls != accepted - delivered) begin
                errors = errors + 1;
                $display("FAIL: the masters issued %0d requests (%0d aborted); the slave took %0d and %0d answers reached the bus",
                         is, ls, accepted, delivered);
            end
            if (errors == 0)
                $display("PASS: %0d masters, %0d requests (%0d ACK, %0d reads checked, %0d ERR, %0d RTY retried, %0d aborted in %0d aborts), %0d locked bus cycles, in %0d cycles",
                         N, is, ac, rd, er, rt, ls, aborts, locks, cycles);
            else
                $display("FAIL: %0d errors", errors);
            $finish;
        end
    endtask
endmodule
