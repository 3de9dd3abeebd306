`include "ppbus_assert.vh"

module ppbus_client #(
    parameter integer K  = 3,  // arbiters in S_i: one link each, slot 0 first
    parameter integer F3 = 1,  // audit fix F3: no meal on a dirty, reclaimed fork
    parameter integer HEAL = 0,  // +heal: recover one lost or duplicated symbol (rules H1-H6)
    parameter integer RECLAIM = 0,  // +reclaim: go on after the crash of an arbiter in S_i
    parameter integer L  = 1   // channel latency in cycles, which +heal's bounds derive from
) (
    input  wire           clk,
    input  wire           rst,
`ifdef PPBUS_SIMULATION
    output wire [K-1:0]   here,     // simulation only: per link, the arbiter's fork is here (held, queued or arriving)
`endif
    input  wire           req      /*verilator public_flat_rd*/,  // processor request (R1 on rise, R3 on fall while eating)
    output wire           gnt,      // registered: the client is EATING
    input  wire [2*K-1:0] a2c_in   /*verilator public_flat_rd*/,  // symbol arriving from each arbiter this cycle
    input  wire [K-1:0]   arb_dead /*verilator public_flat_rd*/,  // +reclaim: the link's arbiter is known to have crashed
    output wire [2*K-1:0] c2a_out   // symbol driven to each arbiter this cycle
);
    `PPBUS_PARAMETER_CHECK(p_parameters, "ppbus_client", K >= 1 && L >= 1 && (F3 == 0 || F3 == 1) && (HEAL == 0 || HEAL == 1) && (RECLAIM == 0 || RECLAIM == 1),
        "K and L are at least 1; F3, HEAL and RECLAIM are 0 or 1")
    // Client C_i of Campos-Carvalho: rules R1-R11 in the cycle order of docs/SPEC.md §3.4.
    // (0) environment R1/R3; (1) receive R8-R11; (2) eat R2 (+F3), which skips (3);
    // (3) per link at most one of R5, R6, R7, R4; the output queues then drive one symbol per link.
    // The base protocol reads alone: each optional feature is a generate block of its own below,
    // g_base_rules or g_heal (+heal, rules H1-H6) and g_no_reclaim or g_reclaim (+reclaim); F3 adds
    // one guard to (2). With HEAL (1) first drops a duplicate FORK (H1) and reads a (Strong)REQUEST
    // without the fork as an echo or as a lost fork (H2), and (3) first sends a lost fork's last
    // return again. With RECLAIM, when arb_dead first shows an arbiter crashed (the failure detector, docs/
    // VERIFICATION.md): the client forgets that arbiter's request, fires no rule on its link from
    // then on, and keeps its fork if it holds it; if it does not, it can never eat again, and gives
    // up for good: it behaves as a thinking client, so its other forks go back when asked for.
    // The inputs carry Verilator's metacomment public_flat_rd, which is only a comment to synthesis
    // and to other simulators. To Verilator it keeps each input a variable of the unit's own
    // instance, instead of a name in ppbus_top, so the logic of every instance reads only its own
    // state and one compiled copy serves every instance of the same K: at n = 273 that is one copy
    // instead of 273, and the simulation runs twice as fast (docs/PERFORMANCE.md). For the same
    // reason the assertions name the module, not the instance, under Verilator, which writes %m
    // into the code as a literal per instance.
    localparam [1:0] THINKING = 2'd0;
    localparam [1:0] HUNGRY   = 2'd1;
    localparam [1:0] EATING   = 2'd2;

    localparam [1:0] A_FORK    = 2'd@A_FORK@;  // arbiter -> client codes
    localparam [1:0] A_REQUEST = 2'd@A_REQUEST@;
    localparam [1:0] A_STRONG  = 2'd@A_STRONG@;
    localparam [1:0] C_CLEAN   = 2'd@C_CLEAN@;  // client -> arbiter codes
    localparam [1:0] C_DIRTY   = 2'd@C_DIRTY@;
    localparam [1:0] C_REQUEST = 2'd@C_REQUEST@;

    generate
        if (K < 2) begin : g_bad_k
            ppbus_client_needs_at_least_2_links u_bad ();
        end
    endgenerate

    reg [1:0]     state_q;
    reg [1:0]     state_d;
    reg [K-1:0]   fork_q;    // holds the arbiter's fork
    reg [K-1:0]   fork_d;
    reg [K-1:0]   req_q;     // holds the link's request token
    reg [K-1:0]   req_d;
    reg [K-1:0]   sreq_q;    // an unserved StrongRequest
    reg [K-1:0]   sreq_d;
    reg [K-1:0]   dirty_q;   // the held fork is dirty
    reg [K-1:0]   dirty_d;
    wire [K-1:0]  in_fork;   // the symbol arriving on each link, decoded into one mask per code
    wire [K-1:0]  in_request;
    wire [K-1:0]  in_strong;
    wire [K-1:0]  fork_new;  // a FORK that counts (R8); with HEAL not a duplicate (H1)
    wire [K-1:0]  request_ok; // a REQUEST that counts (R9); with HEAL only while the fork is held
    wire [K-1:0]  regen_recv; // H2: the last return is to be sent again (none without +heal)
    wire [K-1:0]  fork_recv;  // the link state after (1) receive (wires, not registers: _q and _d are)
    wire [K-1:0]  req_recv;
    wire [K-1:0]  sreq_recv;
    wire [K-1:0]  dirty_recv;
    reg           eat;
    reg [K-1:0]   r5;        // the links on which each rule fires this cycle
    reg [K-1:0]   r6;
    reg [K-1:0]   r7;
    reg [K-1:0]   r4;
    wire [K-1:0]  again;     // H5: a REQUEST again on a beat
    wire [K-1:0]  resend_dirty; // H2: the last return sent again, as a DIRTY_FORK or a CLEAN_FORK
    wire [K-1:0]  resend_clean;
    wire [K-1:0]  dead_new;  // +reclaim: told of the crash in this cycle
    wire [K-1:0]  dead_now;  // +reclaim: the link's arbiter has crashed
    wire          doomed;    // +reclaim: a crashed arbiter's fork was out of reach: no meal again
    wire [K-1:0]  may_clean;  // H6: a return may leave this cycle, a DIRTY_FORK with its parity
    wire [K-1:0]  may_dirty;
    wire [K-1:0]  busy;       // a symbol waits in the link's output queue
    wire [K-1:0]  a2c_b0;    // bit 0 and bit 1 of the symbol arriving on each link
    wire [K-1:0]  a2c_b1;
    wire [K-1:0]  push0_b0;  // the symbols the rules send on each link, bit-sliced the same way
    wire [K-1:0]  push0_b1;
    wire [K-1:0]  push1_b0;
    wire [K-1:0]  push1_b1;

    // Every rule is word-level, one K-bit mask per code and per rule: Verilator and synthesis see a
    // handful of AND/OR words instead of a loop over the links. The symbols are bit-sliced once
    // here, and a link matches a code when both of its bits do.
    genvar g;
    generate
        for (g = 0; g < K; g = g + 1) begin : g_slice
            assign a2c_b0[g] = a2c_in[2*g];
            assign a2c_b1[g] = a2c_in[2*g + 1];
        end
    endgenerate

    assign in_fork    = (a2c_b0 ~^ {K{A_FORK[0]}}) & (a2c_b1 ~^ {K{A_FORK[1]}});
    assign in_request = (a2c_b0 ~^ {K{A_REQUEST[0]}}) & (a2c_b1 ~^ {K{A_REQUEST[1]}});
    assign in_strong  = (a2c_b0 ~^ {K{A_STRONG[0]}}) & (a2c_b1 ~^ {K{A_STRONG[1]}});

    // (1) Receive: R8 (a fork, always clean), R9 (a request token), R10/R11 (a StrongRequest counts
    // only while the fork is held: otherwise it raced the fork on its way back). This and the
    // masks below depend on registers only; req comes in last, so that the logic a simulator must
    // re-evaluate when req changes is the few words of the block after. Which FORKs and REQUESTs
    // count is g_base_rules's or g_heal's (below).
    assign fork_recv  = fork_q | fork_new;
    assign dirty_recv = dirty_q & ~fork_new;
    assign req_recv   = (req_q & ~dead_new) | request_ok | (in_strong & fork_q);
    assign sreq_recv  = (sreq_q & ~dead_new) | (in_strong & fork_q);

    always @* begin
        // (0) Environment: R1 and R3 act on req before the rules.
        state_d = state_q;
        if (state_q == THINKING && req) begin
            state_d = HUNGRY;
        end else if (state_q == EATING && !req) begin
            state_d = THINKING;
        end
        if (doomed && state_d == HUNGRY) begin
            state_d = THINKING;  // +reclaim: it can never eat, so it behaves as thinking
        end

        // (2) Eat: R2, with F3's guard. Eating and yielding never share a cycle (A4).
        eat = (state_d == HUNGRY) && (&fork_recv) && !(F3 != 0 && (|(req_recv & dirty_recv)));
        if (eat) begin
            state_d = EATING;
        end

        // (3) Per link, at most one of R5, R6, R7, R4: the masks are disjoint. A link with a
        // return to send again (H2) does that when it may (g_heal), and nothing else. A return that
        // may not leave yet (H6) waits, and no other rule fires on its link.
        r5     = {K{1'b0}};
        r6     = {K{1'b0}};
        r7     = {K{1'b0}};
        r4     = {K{1'b0}};
        if (state_d == THINKING) begin
            r5 = ~regen_recv & fork_recv & req_recv & may_dirty;            // R5: a requested fork goes back dirty
        end else if (state_d == HUNGRY) begin
            r6 = ~regen_recv & fork_recv & req_recv & dirty_recv & may_dirty;  // R6: the dirty fork back, then our request
            r7 = ~regen_recv & fork_recv & sreq_recv & ~dirty_recv & may_clean; // R7: a clean fork yields to a StrongRequest
            r4 = ~regen_recv & ~fork_recv & req_recv;                       // R4: ask for a missing fork
        end
        // +reclaim: no rule fires on a crashed arbiter's link; its fork, if held, stays for good.
        r5     = r5 & ~dead_now;
        r6     = r6 & ~dead_now;
        r7     = r7 & ~dead_now;
        r4     = r4 & ~dead_now;
        fork_d  = fork_recv & ~(r5 | r6 | r7);
        req_d   = req_recv & ~(r6 | r7 | r4);
        sreq_d  = sreq_recv & ~(r5 | r6 | r7);
        dirty_d = eat ? {K{1'b1}} : (dirty_recv & ~(r5 | r6));
    end

    // The symbols each rule sends, in order: R5 and R6 DIRTY_FORK, R7 CLEAN_FORK, R4 REQUEST; R6's
    // REQUEST follows in the next cycle. H5 sends a REQUEST, H2 the last return.
    assign push0_b0 = ({K{C_DIRTY[0]}} & (r5 | r6 | resend_dirty))
                    | ({K{C_CLEAN[0]}} & (r7 | resend_clean)) | ({K{C_REQUEST[0]}} & (r4 | again));
    assign push0_b1 = ({K{C_DIRTY[1]}} & (r5 | r6 | resend_dirty))
                    | ({K{C_CLEAN[1]}} & (r7 | resend_clean)) | ({K{C_REQUEST[1]}} & (r4 | again));
    assign push1_b0 = {K{C_REQUEST[0]}} & r6;
    assign push1_b1 = {K{C_REQUEST[1]}} & r6;

    always @(posedge clk) begin
        if (rst) begin
            // Cold start (docs/SPEC.md §2.8): no forks, every request token, all clean.
            state_q <= THINKING;
            fork_q  <= {K{1'b0}};
            req_q   <= {K{1'b1}};
            sreq_q  <= {K{1'b0}};
            dirty_q <= {K{1'b0}};
        end else begin
            state_q <= state_d;
            fork_q  <= fork_d;
            req_q   <= req_d;
            sreq_q  <= sreq_d;
            dirty_q <= dirty_d;
        end
    end

    // The base protocol: every FORK and every REQUEST counts (R8, R9), a return leaves at once, and
    // no link is dead.
    generate
        if (HEAL == 0) begin : g_base_rules
            wire unused_busy = |busy;  // only +heal waits for an empty output queue
            assign fork_new     = in_fork;
            assign request_ok   = in_request;
            assign regen_recv   = {K{1'b0}};
            assign may_clean    = {K{1'b1}};
            assign may_dirty    = {K{1'b1}};
            assign again        = {K{1'b0}};
            assign resend_dirty = {K{1'b0}};
            assign resend_clean = {K{1'b0}};
        end
        if (RECLAIM == 0) begin : g_no_reclaim
            assign dead_new = {K{1'b0}};
            assign dead_now = {K{1'b0}};
            assign doomed   = 1'b0;
        end
        if (L < 1) begin : g_bad_l
            ppbus_client_needs_a_latency_of_at_least_1 u_bad ();
        end
    endgenerate

    // +reclaim: the crashed arbiters' links, and whether one's fork was out of reach.
    generate
        if (RECLAIM != 0) begin : g_reclaim
            reg [K-1:0] dead_q;
            reg         doomed_q;

            assign dead_new = arb_dead & ~dead_q;
            assign dead_now = dead_q | dead_new;
            assign doomed   = doomed_q | (|(dead_new & ~fork_q));
            always @(posedge clk) begin
                if (rst) begin
                    dead_q   <= {K{1'b0}};
                    doomed_q <= 1'b0;
                end else begin
                    dead_q   <= dead_now;
                    doomed_q <= doomed;
                end
            end
        end
    endgenerate

    // +heal, docs/PROTOCOL.md "Healing": a FORK held or within 2L cycles of the last return is a
    // duplicate (H1); a (Strong)REQUEST without the fork is an echo within 2L+1 cycles of the last
    // return or while a return waits to be sent again, and otherwise means that a fork is lost, whose
    // last return is then sent again (H2); either way it is consumed. A return leaves only behind
    // nothing, a DIRTY_FORK only in a cycle of its FORK's parity (H6); and a hungry client without a
    // fork asks again on a beat (H5). Its state: the returns to send again and the kind of the last
    // return driven per link (a CLEAN_FORK before any).
    genvar gd;
    generate
        if (HEAL != 0) begin : g_heal
            wire         odd;
            wire         beat;          // from the heal clock: a beat, and per link the age of the last return
            wire [K-1:0] upto_2l;       //   at most 2L cycles (H1)
            wire [K-1:0] upto_2l1;      //   at most 2L+1 cycles (H2, H5)
            wire [K-1:0] same_par;      // the last FORK's parity is this cycle's
            wire [K-1:0] lost;          // H2: a (Strong)REQUEST without the fork, long after the last return
            wire [K-1:0] regen_dirty_recv; // the return to send again is a DIRTY_FORK
            wire [K-1:0] resend;        // H2: the last return sent again
            wire [K-1:0] drove_b0;      // bit 0 and bit 1 of the symbol driven on each link
            wire [K-1:0] drove_b1;
            wire [K-1:0] drove_fork;    // a DIRTY_FORK or CLEAN_FORK driven this cycle
            wire [K-1:0] last_dirty_d;
            reg [K-1:0]  regen_q;
            reg [K-1:0]  regen_dirty_q;
            reg [K-1:0]  last_dirty_q;  // the last return driven on the link was a DIRTY_FORK

            assign fork_new   = in_fork & ~fork_q & ~upto_2l;
            assign request_ok = in_request & fork_q;
            assign lost       = ((in_request | in_strong) & ~fork_q & ~upto_2l1 & ~regen_q);
            assign regen_recv = regen_q | lost;
            assign regen_dirty_recv = (regen_dirty_q & ~lost) | (last_dirty_q & lost);
            assign may_clean  = ~busy;
            assign may_dirty  = ~busy & same_par;
            assign resend     = {K{state_d != EATING}} & regen_recv & ~dead_now
                              & ((regen_dirty_recv & may_dirty) | (~regen_dirty_recv & may_clean));
            assign resend_dirty = resend & regen_dirty_recv;
            assign resend_clean = resend & ~regen_dirty_recv;
            assign again      = {K{state_d == HUNGRY && beat}} & ~regen_recv & ~fork_recv & ~req_recv & ~upto_2l1
                              & ~dead_now;  // H5: still no fork, ask again

            // A fork driven on a link: a DIRTY_FORK or CLEAN_FORK, the codes whose two bits differ.
            for (gd = 0; gd < K; gd = gd + 1) begin : g_drove
                assign drove_b0[gd] = c2a_out[2*gd];
                assign drove_b1[gd] = c2a_out[2*gd + 1];
            end
            assign drove_fork   = (drove_b0 ~^ {K{C_DIRTY[0]}}) & (drove_b1 ~^ {K{C_DIRTY[1]}})
                                | (drove_b0 ~^ {K{C_CLEAN[0]}}) & (drove_b1 ~^ {K{C_CLEAN[1]}});
            assign last_dirty_d = (last_dirty_q & ~drove_fork)
                                | (drove_fork & (drove_b0 ~^ {K{C_DIRTY[0]}}) & (drove_b1 ~^ {K{C_DIRTY[1]}}));

            always @(posedge clk) begin
                if (rst) begin
                    regen_q       <= {K{1'b0}};
                    regen_dirty_q <= {K{1'b0}};
                    last_dirty_q  <= {K{1'b0}};
                end else begin
                    regen_q       <= regen_recv & ~resend;
                    regen_dirty_q <= regen_dirty_recv;
                    last_dirty_q  <= last_dirty_d;
                end
            end

            ppbus_beat #(
                .L (L)
            ) u_beat (
                .clk  (clk),
                .rst  (rst),
                .beat (beat),
                .odd  (odd)
            );
            ppbus_healclock #(
                .W    (K),
                .L    (L),
                .ECHO (2 * L)
            ) u_clock (
                .clk      (clk),
                .rst      (rst),
                .odd      (odd),
                .drove    (drove_fork),
                .forget   ({K{1'b0}}),
                .mark     (fork_new),
                .echo     (upto_2l),
                .recent   (upto_2l1),
                .same_par (same_par)
            );
        end
    endgenerate

    assign gnt = (state_q == EATING);

`ifdef PPBUS_SIMULATION
    wire [K-1:0]   queued_b0;
    wire [K-1:0]   queued_b1;
`endif

    ppbus_outq #(
        .W    (K),
        .BUSY (HEAL)
    ) u_outq (
        .clk        (clk),
        .rst        (rst),
`ifdef PPBUS_SIMULATION
        .pending_b0 (queued_b0),
        .pending_b1 (queued_b1),
`endif
        .push0_b0   (push0_b0),
        .push0_b1   (push0_b1),
        .push1_b0   (push1_b0),
        .push1_b1   (push1_b1),
        .busy       (busy),
        .drive      (c2a_out)
    );

`ifdef PPBUS_SIMULATION
    // For ppbus_top's fork conservation check (I2): a link's fork is here while the client holds
    // it, while a DIRTY_FORK or CLEAN_FORK (codes 2 and 1: the symbol's two bits differ) waits in
    // its queue, or as the FORK arriving in this cycle (the a2c channel's last stage). The top level
    // reads one bit per link instead of three, which makes a checked simulation at n = 57 about a
    // tenth faster (docs/PERFORMANCE.md); that the places merged here are never two at once is
    // checked below.
    wire [K-1:0]   held;
    assign held = fork_q | (queued_b0 ^ queued_b1);
    assign here = held | in_fork;

    // The protocol: a FORK arrives only at a client that neither holds that fork nor has its return
    // waiting (with HEAL, such a duplicate is dropped; the RTL is simulated without faults, so it
    // never comes).
    always @(posedge clk) begin : a_fork_not_held
        if (!rst && (in_fork & held) != {K{1'b0}}) begin
            `PPBUS_ASSERT_FAILED("a_fork_not_held", "ppbus_client");
            $display("FORK on a link whose fork is held or queued (links %b) at time %0t", in_fork & held, $time);
            $stop;
        end
    end
`endif
endmodule
