`include "ppbus_assert.vh"

module ppbus_outq #(
    parameter integer W    = 1,  // links, each with its own queue
    parameter integer BUSY = 0   // drive the busy output (+heal reads it); else it is constant 0
) (
    input  wire           clk,
    input  wire           rst,
`ifdef PPBUS_SIMULATION
    output wire [W-1:0]   pending_b0, // simulation only: bits 0 and 1 of the symbol waiting on each
    output wire [W-1:0]   pending_b1, //   link (both 0: none)
`endif
    input  wire [W-1:0]   push0_b0,   // first symbol the rules sent this cycle on each link: bit 0,
    input  wire [W-1:0]   push0_b1,   //   bit 1 (both 0: none)
    input  wire [W-1:0]   push1_b0,   // second symbol (only with the first), e.g. DIRTY_FORK then
    input  wire [W-1:0]   push1_b1,   //   REQUEST
    output wire [W-1:0]   busy,       // a symbol waits on the link: what is sent now leaves later
    output wire [2*W-1:0] drive       // symbol driven on each link's channel, link k in [2k+1:2k]
);
    // E1 output FIFOs of W links (docs/SPEC.md (contract)): a pair of symbols leaves in two
    // consecutive cycles, in the order the rules fired. The sequence of a cycle is the pending
    // symbol, then this cycle's pushes; its head is driven and the next one waits. Invariant I8
    // (at most two symbols queued on a link, counted right after the rules fire) means at most one
    // symbol ever waits, so one 2-bit register per link suffices. The W queues are kept bit-sliced,
    // bit 0 of every link in one word and bit 1 in another, so every choice below is an AND/OR of
    // whole words; only the channel outputs interleave the two.
    reg  [W-1:0] pending_b0_q;
    reg  [W-1:0] pending_b1_q;
    wire [W-1:0] waiting  = pending_b0_q | pending_b1_q;
    wire [W-1:0] drive_b0 = pending_b0_q | (~waiting & push0_b0);
    wire [W-1:0] drive_b1 = pending_b1_q | (~waiting & push0_b1);

    // Only +heal's units read busy; for the others it is a constant, so that a module synthesised
    // on its own (hierarchically) spends no gates on an output nobody reads.
    assign busy = (BUSY != 0) ? waiting : {W{1'b0}};

    genvar g;
    generate
        for (g = 0; g < W; g = g + 1) begin : g_drive
            assign drive[2*g]     = drive_b0[g];
            assign drive[2*g + 1] = drive_b1[g];
        end
    endgenerate

    always @(posedge clk) begin
        if (rst) begin
            pending_b0_q <= {W{1'b0}};
            pending_b1_q <= {W{1'b0}};
        end else begin
            pending_b0_q <= (waiting & push0_b0) | (~waiting & push1_b0);
            pending_b1_q <= (waiting & push0_b1) | (~waiting & push1_b1);
        end
    end

`ifdef PPBUS_SIMULATION
    assign pending_b0 = pending_b0_q;
    assign pending_b1 = pending_b1_q;

    // Under Verilator the message names the module, not the instance (%m), so that one compiled copy
    // serves every instance (see ppbus_client).
    // I8: a third symbol would have to wait (a second push while one is pending); the protocol
    // never does that.
    always @(posedge clk) begin : a_queue_bound
        if (!rst && (waiting & (push1_b0 | push1_b1)) != {W{1'b0}}) begin
            `PPBUS_ASSERT_FAILED("a_queue_bound", "ppbus_outq");
            $display("output queue overflow (I8) at time %0t", $time);
            $stop;
        end
    end
`endif
endmodule
