module ppbus_outq (
    input  wire       clk,
    input  wire       rst,
    input  wire [1:0] push0,   // first symbol the rules sent this cycle (2'b00: none)
    input  wire [1:0] push1,   // second symbol (only with push0), e.g. DIRTY_FORK then REQUEST
    output wire [1:0] drive    // symbol driven on the channel this cycle
);
    // E1 output FIFO of one link (hardware-contract.md): a pair of symbols leaves in two
    // consecutive cycles, in the order the rules fired. Pending symbols are kept compacted, so
    // 2'b00 in p0_q means empty. The sequence this cycle is pending-then-pushed; its head is driven.
    reg [1:0] p0_q;
    reg [1:0] p1_q;
    reg [1:0] s0;
    reg [1:0] s1;
    reg [1:0] s2;
    reg [1:0] s3;

    always @* begin
        if (p0_q == 2'b00) begin
            s0 = push0;
            s1 = push1;
            s2 = 2'b00;
            s3 = 2'b00;
        end else if (p1_q == 2'b00) begin
            s0 = p0_q;
            s1 = push0;
            s2 = push1;
            s3 = 2'b00;
        end else begin
            s0 = p0_q;
            s1 = p1_q;
            s2 = push0;
            s3 = push1;
        end
    end

    assign drive = s0;

    always @(posedge clk) begin
        if (rst) begin
            p0_q <= 2'b00;
            p1_q <= 2'b00;
        end else begin
            p0_q <= s1;
            p1_q <= s2;
        end
    end

`ifndef SYNTHESIS
    // I8: the protocol never leaves more than two symbols queued on one link.
    always @(posedge clk) begin
        if (!rst && s3 != 2'b00) begin
            $display("ASSERTION FAILED %m: output queue overflow at time %0t", $time);
            $stop;
        end
    end
`endif
endmodule
