module ppbus_outq #(
    parameter integer W = 1    // links, each with its own queue; link k uses bits [2k+1:2k]
) (
    input  wire           clk,
    input  wire           rst,
`ifndef SYNTHESIS
    output wire [2*W-1:0] pending, // simulation only: the symbol waiting on each link (2'b00: none)
`endif
    input  wire [2*W-1:0] push0,   // first symbol the rules sent this cycle on each link (2'b00: none)
    input  wire [2*W-1:0] push1,   // second symbol (only with push0), e.g. DIRTY_FORK then REQUEST
    output wire [2*W-1:0] drive    // symbol driven on each link's channel this cycle
);
    // E1 output FIFOs of W links (docs/SPEC.md (contract)): a pair of symbols leaves in two
    // consecutive cycles, in the order the rules fired. The sequence of a cycle is the pending
    // symbol, then this cycle's pushes; its head is driven and the next one waits. Invariant I8
    // (at most two symbols queued on a link, counted right after the rules fire) means at most one
    // symbol ever waits, so one 2-bit register per link suffices; 2'b00 means empty. All W queues
    // are computed at once on 2-bit lanes: waiting has both bits of a lane set when its queue holds
    // a symbol, so every choice below is an AND/OR of whole words.
    localparam [2*W-1:0] LOW = {W{2'b01}};

    reg  [2*W-1:0] pending_q;
    wire [2*W-1:0] busy    = (pending_q | (pending_q >> 1)) & LOW;
    wire [2*W-1:0] waiting = busy | (busy << 1);
    wire [2*W-1:0] next    = (waiting & push0) | (~waiting & push1);

    assign drive = (waiting & pending_q) | (~waiting & push0);

    always @(posedge clk) begin
        if (rst) begin
            pending_q <= {2*W{1'b0}};
        end else begin
            pending_q <= next;
        end
    end

`ifndef SYNTHESIS
    assign pending = pending_q;

    // I8: a third symbol would have to wait (a second push while one is pending); the protocol
    // never does that.
    always @(posedge clk) begin
        if (!rst && (waiting & push1) != {2*W{1'b0}}) begin
            $display("ASSERTION FAILED %m: output queue overflow (I8) at time %0t", $time);
            $stop;
        end
    end
`endif
endmodule
