module ppbus_outq (
    input  wire       clk,
    input  wire       rst,
    input  wire [1:0] push0,   // first symbol the rules sent this cycle (2'b00: none)
    input  wire [1:0] push1,   // second symbol (only with push0), e.g. DIRTY_FORK then REQUEST
    output wire [1:0] drive    // symbol driven on the channel this cycle
);
    // E1 output FIFO of one link (docs/SPEC.md (contract)): a pair of symbols leaves in two
    // consecutive cycles, in the order the rules fired. The sequence of a cycle is the pending
    // symbol, then this cycle's pushes; its head is driven and the next one waits. Invariant I8
    // (at most two symbols queued on a link, counted right after the rules fire) means at most one
    // symbol ever waits, so one 2-bit register suffices; 2'b00 means empty.
    reg [1:0] pending_q;
    wire      waiting = (pending_q != 2'b00);
    wire [1:0] next   = waiting ? push0 : push1;
    wire [1:0] lost   = waiting ? push1 : 2'b00;

    assign drive = waiting ? pending_q : push0;

    always @(posedge clk) begin
        if (rst) begin
            pending_q <= 2'b00;
        end else begin
            pending_q <= next;
        end
    end

`ifndef SYNTHESIS
    // I8: a third symbol would have to wait; the protocol never does that.
    always @(posedge clk) begin
        if (!rst && lost != 2'b00) begin
            $display("ASSERTION FAILED %m: output queue overflow (I8) at time %0t", $time);
            $stop;
        end
    end
`endif
endmodule
