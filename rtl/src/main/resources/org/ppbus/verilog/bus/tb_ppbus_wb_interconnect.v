`timescale 1ns / 1ps
// tb_ppbus_wb_interconnect: %N% random Wishbone masters on ppbus_wb_interconnect, against a memory slave with
// random wait states. Master i reads and writes words of its own region (address {i, 4 bits}),
// in bus cycles of 1 to 4 transfers (bursts), often back to back, and checks every read against
// its own copy of the region. At the end every master must have completed every transfer it
// started, the slave must have acknowledged exactly as many, and no read may differ: PASS or FAIL
// with the counts. Runs under Icarus (iverilog -g2005) and Verilator (--binary --timing).
module tb_ppbus_wb_interconnect;
    localparam integer N = %N%;
    localparam integer AW = 16;
    localparam integer DW = 32;
    localparam integer CYCLES = %CYCLES%;
    localparam integer WORDS = 16;  // per master

    reg clk = 1'b0;
    reg rst = 1'b1;
    always #5 clk = ~clk;

    reg  [N-1:0]        m_cyc;
    reg  [N-1:0]        m_stb;
    reg  [N-1:0]        m_we;
    reg  [N*AW-1:0]     m_adr;
    reg  [N*DW-1:0]     m_dat_w;
    reg  [N*DW/8-1:0]   m_sel;
    wire [N-1:0]        m_ack;
    wire [DW-1:0]       m_dat_r;
    wire                s_cyc;
    wire                s_stb;
    wire                s_we;
    wire [AW-1:0]       s_adr;
    wire [DW-1:0]       s_dat_w;
    wire [DW/8-1:0]     s_sel;
    reg                 s_ack = 1'b0;
    reg  [DW-1:0]       s_dat_r = {DW{1'b0}};

    ppbus_wb_interconnect #(.AW(AW), .DW(DW)) dut (
        .clk (clk), .rst (rst),
        .m_cyc (m_cyc), .m_stb (m_stb), .m_we (m_we), .m_adr (m_adr), .m_dat_w (m_dat_w),
        .m_sel (m_sel), .m_ack (m_ack), .m_dat_r (m_dat_r),
        .s_cyc (s_cyc), .s_stb (s_stb), .s_we (s_we), .s_adr (s_adr), .s_dat_w (s_dat_w),
        .s_sel (s_sel), .s_ack (s_ack), .s_dat_r (s_dat_r)
    );

    // The slave: a memory that acknowledges each transfer after 0 to 3 wait states.
    reg [DW-1:0] mem [0:N*WORDS-1];
    reg [31:0]   slave_rng = 32'h2545f491;
    reg [1:0]    wait_left = 2'd0;
    integer      accepted = 0;
    integer      b;
    always @(posedge clk) begin
        s_ack <= 1'b0;
        if (!rst && s_cyc && s_stb && !s_ack) begin
            if (wait_left == 2'd0) begin
                s_ack <= 1'b1;
                accepted = accepted + 1;
                if (s_we) begin
                    for (b = 0; b < DW/8; b = b + 1)
                        if (s_sel[b]) mem[s_adr][8*b +: 8] <= s_dat_w[8*b +: 8];
                end else begin
                    s_dat_r <= mem[s_adr];
                end
                slave_rng = slave_rng ^ (slave_rng << 13);
                slave_rng = slave_rng ^ (slave_rng >> 17);
                slave_rng = slave_rng ^ (slave_rng << 5);
                wait_left <= slave_rng[1:0];
            end else begin
                wait_left <= wait_left - 2'd1;
            end
        end
    end

    // The masters, one state machine each.
    reg [DW-1:0] shadow [0:N*WORDS-1];
    reg [31:0]   rng [0:N-1];
    reg [2:0]    left [0:N-1];  // transfers still to start in this bus cycle
    integer      started [0:N-1];
    integer      done [0:N-1];
    integer      reads [0:N-1];
    integer      errors = 0;
    integer      cycles = 0;
    integer      waited [0:N-1];
    integer      i;
    reg [31:0]   r;
    reg          stopping = 1'b0;

    // Starts a transfer of master m (nonblocking, as a master's registered outputs: the slave and
    // the interconnect see the new values from the next cycle on): a random word of its region, read or write, random lanes.
    task start;
        input integer m;
        begin
            r = rng[m];
            r = r ^ (r << 13);
            r = r ^ (r >> 17);
            r = r ^ (r << 5);
            rng[m] = r;
            m_stb[m] <= 1'b1;
            m_we[m] <= r[0];
            m_adr[m*AW +: AW] <= m * WORDS + r[8:5];
            m_dat_w[m*DW +: DW] <= {r[15:0], r[31:16]} ^ m;
            m_sel[m*(DW/8) +: DW/8] <= r[1] ? r[12:9] : {DW/8{1'b1}};
            started[m] = started[m] + 1;
        end
    endtask

    integer k;
    initial begin
        for (k = 0; k < N*WORDS; k = k + 1) begin
            mem[k] = {DW{1'b0}};
            shadow[k] = {DW{1'b0}};
        end
        m_cyc = {N{1'b0}};
        m_stb = {N{1'b0}};
        m_we = {N{1'b0}};
        m_adr = {N*AW{1'b0}};
        m_dat_w = {N*DW{1'b0}};
        m_sel = {N*DW/8{1'b0}};
        for (k = 0; k < N; k = k + 1) begin
            rng[k] = 32'h9e3779b9 ^ (k * 32'h85ebca6b) ^ %SEED%;
            left[k] = 3'd0;
            started[k] = 0;
            done[k] = 0;
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
                if (m_cyc[i] && m_stb[i] && m_ack[i]) begin
                    // This transfer ends: check a read, record a write in the copy.
                    done[i] = done[i] + 1;
                    waited[i] = 0;
                    if (m_we[i]) begin
                        for (b = 0; b < DW/8; b = b + 1)
                            if (m_sel[i*(DW/8) + b])
                                shadow[i*WORDS + m_adr[i*AW +: 4]][8*b +: 8] = m_dat_w[i*DW + 8*b +: 8];
                    end else begin
                        reads[i] = reads[i] + 1;
                        if (m_dat_r !== shadow[i*WORDS + m_adr[i*AW +: 4]]) begin
                            errors = errors + 1;
                            $display("FAIL: master %0d read %h at %0d, expected %h", i, m_dat_r,
                                     m_adr[i*AW +: AW], shadow[i*WORDS + m_adr[i*AW +: 4]]);
                        end
                    end
                    if (left[i] != 3'd0) begin
                        left[i] = left[i] - 3'd1;
                        start(i);  // the next transfer of the burst, in the same bus cycle
                    end else begin
                        m_stb[i] <= 1'b0;
                        m_cyc[i] <= 1'b0;
                    end
                end else if (m_cyc[i]) begin
                    waited[i] = waited[i] + 1;
                    if (waited[i] > 2000) begin
                        errors = errors + 1;
                        $display("FAIL: master %0d waited 2000 cycles for its ACK", i);
                        waited[i] = 0;
                    end
                end else if (!stopping) begin
                    r = rng[i];
                    r = r ^ (r << 13);
                    r = r ^ (r >> 17);
                    r = r ^ (r << 5);
                    rng[i] = r;
                    if (r[2:0] < 3'd3) begin  // start a bus cycle of 1 to 4 transfers
                        m_cyc[i] <= 1'b1;
                        left[i] = {1'b0, r[4:3]};
                        start(i);
                    end
                end
            end
            if (stopping && m_cyc == {N{1'b0}}) finish_run;
        end
    end

    task finish_run;
        integer s, d, rd, mm;
        begin
            s = 0;
            d = 0;
            rd = 0;
            for (mm = 0; mm < N; mm = mm + 1) begin
                s = s + started[mm];
                d = d + done[mm];
                rd = rd + reads[mm];
                if (started[mm] != done[mm] || done[mm] == 0) begin
                    errors = errors + 1;
                    $display("FAIL: master %0d started %0d transfers and completed %0d", mm, started[mm], done[mm]);
                end
            end
            if (d != accepted) begin
                errors = errors + 1;
                $display("FAIL: the masters completed %0d transfers, the slave acknowledged %0d", d, accepted);
            end
            if (errors == 0)
                $display("PASS: %0d masters, %0d transfers (%0d reads checked, %0d writes), the slave acknowledged %0d, in %0d cycles",
                         N, d, rd, d - rd, accepted, cycles);
            else
                $display("FAIL: %0d errors", errors);
            $finish;
        end
    endtask
endmodule
