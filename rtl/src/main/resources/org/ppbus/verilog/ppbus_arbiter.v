`include "ppbus_assert.vh"

module ppbus_arbiter #(
    parameter integer P  = 3,  // clients (ports), ascending client id; port 0 ranks first at reset
    parameter integer F1 = 1,  // audit fix F1: R17 also gives up the request token
    parameter integer F2 = 1,  // audit fix F2: a CleanFORK re-arms the strong request
    parameter integer HEAL = 0,  // +heal: recover one lost or duplicated symbol (rules H3-H6)
    parameter integer RECLAIM = 0,  // +reclaim: take the fork back from a crashed client
    parameter integer L  = 1   // channel latency in cycles, which +heal's bounds derive from
) (
    input  wire           clk,
    input  wire           rst,
`ifdef PPBUS_SIMULATION
    output wire           lent,     // simulation only: the fork is out (OWNER is set)
    output wire [P-1:0]   returning, // simulation only: a DIRTY_FORK or CLEAN_FORK arrives on the port
`endif
    input  wire [2*P-1:0] c2a_in   /*verilator public_flat_rd*/,  // symbol arriving from each client this cycle
    input  wire [P-1:0]   cli_dead /*verilator public_flat_rd*/,  // +reclaim: the port's client is known to have crashed
    output wire [2*P-1:0] a2c_out   // symbol driven to each client this cycle
);
    `PPBUS_PARAMETER_CHECK(p_parameters, "ppbus_arbiter", P >= 2 && L >= 1 && (F1 == 0 || F1 == 1) && (F2 == 0 || F2 == 1) && (HEAL == 0 || HEAL == 1) && (RECLAIM == 0 || RECLAIM == 1),
        "P is at least 2 (ppbus_arbiter1 serves one client), L at least 1; F1, F2, HEAL and RECLAIM are 0 or 1")
    // Arbiter A_j of Campos-Carvalho: rules R12-R17 in the cycle order of docs/SPEC.md §3.4.
    // (1) receive R12, R13 (demote), R14; (2) grant R15 to the highest-priority requester;
    // (3) reclaim: R17 before R16. The priority list is an LRU precedence matrix kept as its
    // upper triangle: row m of prio_q has bit j-m-1 set when m outranks j, for each j > m, and its
    // bits from P-1-m up are always zero. One bit per pair keeps the order antisymmetric by
    // construction, so at most one requester can win. Every rule works on whole rows and masks:
    // the symbols are decoded into one mask per code, and a row updates, and tells which
    // requesters outrank or follow m, in a few word operations. That is P steps per cycle instead
    // of P^2 single bits, which Verilator rewards, and the same gates for synthesis.
    // The base protocol reads alone: each optional feature is a generate block of its own below,
    // g_base_rules or g_heal (+heal, rules H3-H6) and g_no_reclaim or g_reclaim (+reclaim); F1 and
    // F2 change one term each of (1) and (3).
    // public_flat_rd on c2a_in and the assertions' messages without %m under Verilator: one compiled
    // copy of this unit's logic serves every instance of the same P (see ppbus_client).
    localparam [1:0] A_FORK    = 2'd@A_FORK@;
    localparam [1:0] A_REQUEST = 2'd@A_REQUEST@;
    localparam [1:0] A_STRONG  = 2'd@A_STRONG@;
    localparam [1:0] C_CLEAN   = 2'd@C_CLEAN@;
    localparam [1:0] C_DIRTY   = 2'd@C_DIRTY@;
    localparam [1:0] C_REQUEST = 2'd@C_REQUEST@;

    generate
        if (P < 2) begin : g_bad_p
            ppbus_arbiter_needs_at_least_2_ports_use_ppbus_arbiter1 u_bad ();
        end
    endgenerate

    reg [P-1:0]   owner_q;   // one-hot OWNER; all zero is NIL (the fork is home)
    reg [P-1:0]   owner_d;
    reg [P-1:0]   req_q;     // holds the link's request token (a waiting client unless OWNER)
    reg [P-1:0]   req_d;
    reg [P-1:0]   sreq_q;    // may still send one StrongRequest
    reg [P-1:0]   sreq_d;
    reg [P-1:0]   prio_q [0:P-2];
    reg [P-1:0]   prio_d [0:P-2];
    wire [P-1:0]  in_request;  // the symbol arriving from each port, decoded into one mask per code
    wire [P-1:0]  in_dirty;
    wire [P-1:0]  in_clean;
    wire [P-1:0]  returned;  // a return that counts: with HEAL, from OWNER and not too soon (H4)
    wire [P-1:0]  demote;    // R13: a DIRTY_FORK that counts; with HEAL, of the grant's parity
    wire [P-1:0]  lost_fork; // H6: a DIRTY_FORK of the previous grant: the FORK was lost
    wire [P-1:0]  request_ok; // R12; with HEAL, from OWNER only long after the grant (H3)
    wire [P-1:0]  may_grant; // H6: a grant may leave this cycle
    wire [P-1:0]  ask;       // H3/H5: ask OWNER again
    wire [P-1:0]  busy;      // a symbol waits in the port's output queue
    reg [P-1:0]   span;      // the P-1-m bits of row m
    reg [P-1:0]   later;     // the requesters j > m, in the same bit positions as row m
    reg [P-1:0]   grant;
    reg [P-1:0]   higher;    // some other requester outranks this port
    reg [P-1:0]   lower;     // some other requester ranks below this port
    reg [P-1:0]   send_sreq; // R17 fires towards this port
    reg [P-1:0]   send_req;  // R16 fires towards this port
    wire [P-1:0]  c2a_b0;    // bit 0 and bit 1 of the symbol arriving from each port
    wire [P-1:0]  c2a_b1;
    wire [P-1:0]  reclaim_b0; // R17's StrongRequest or R16's Request towards each port, bit-sliced
    wire [P-1:0]  reclaim_b1;
    wire [P-1:0]  push0_b0;  // the symbols sent on each port, bit-sliced the same way
    wire [P-1:0]  push0_b1;
    wire [P-1:0]  push1_b0;
    wire [P-1:0]  push1_b1;
    wire [P-1:0]  dead_new;  // +reclaim: told of the crash in this cycle
    wire [P-1:0]  live;      // the ports whose symbols count
    integer       m;

    genvar gi;
    generate
        for (gi = 0; gi < P; gi = gi + 1) begin : g_slice
            assign c2a_b0[gi] = c2a_in[2*gi];
            assign c2a_b1[gi] = c2a_in[2*gi + 1];
        end
    endgenerate

    // A port matches a code when both bits of its symbol do; the ports of crashed clients
    // (+reclaim) do not count.
    assign in_request = live & (c2a_b0 ~^ {P{C_REQUEST[0]}}) & (c2a_b1 ~^ {P{C_REQUEST[1]}});
    assign in_dirty   = live & (c2a_b0 ~^ {P{C_DIRTY[0]}}) & (c2a_b1 ~^ {P{C_DIRTY[1]}});
    assign in_clean   = live & (c2a_b0 ~^ {P{C_CLEAN[0]}}) & (c2a_b1 ~^ {P{C_CLEAN[1]}});

    // H6's lost FORK: a DIRTY_FORK that counts but does not demote (never without +heal).
    assign lost_fork  = in_dirty & returned & ~demote;

    always @* begin
        // (1) Receive: R12 (request), R13 (dirty return), R14 (+ F2, clean return); with HEAL,
        // the return of a lost FORK's previous fork (H6) is R14 with F2.
        owner_d = (|returned) ? {P{1'b0}} : (owner_q & ~dead_new);
        req_d   = (req_q & ~dead_new) | request_ok | (in_clean & returned) | lost_fork;
        sreq_d  = (sreq_q & ~dead_new) | request_ok | ((F2 != 0) ? (in_clean & returned) : {P{1'b0}}) | lost_fork;

        // R13 (demote), then who outranks whom, one row at a time. GiveLeastPriorityTo(d) clears
        // row d and sets column d; only the OWNER returns a fork, so at most one port demotes in a
        // cycle. Row m decides the pairs (m, j), j > m: when m outranks j, a requesting m outranks
        // j and a requesting j follows m; otherwise the other way round.
        higher = {P{1'b0}};
        lower  = {P{1'b0}};
        for (m = 0; m < P - 1; m = m + 1) begin
            span      = {P{1'b1}} >> (m + 1);
            prio_d[m] = (prio_q[m] & ~{P{demote[m]}}) | ((demote >> (m + 1)) & span);
            later     = req_d >> (m + 1);
            higher[m] = higher[m] | (|(later & ~prio_d[m]));
            lower[m]  = lower[m] | (|(later & prio_d[m]));
            if (req_d[m]) begin
                higher = higher | (prio_d[m] << (m + 1));
                lower  = lower | ((~prio_d[m] & span) << (m + 1));
            end
        end

        // (2) Grant: R15, to the requester that outranks every other requester.
        // With HEAL the winner may have to wait for its cycle, and then nobody is granted.
        grant   = (owner_d == {P{1'b0}}) ? (req_d & ~higher & may_grant) : {P{1'b0}};
        owner_d = owner_d | grant;

        // (3) Reclaim from the owner: R17 (+ F1), else R16 (with HEAL, else ask again: g_heal).
        send_sreq = owner_d & sreq_d & higher;
        send_req  = owner_d & ~send_sreq & req_d & lower;
        sreq_d = sreq_d & ~send_sreq;
        req_d  = req_d & ~send_req & ~((F1 != 0) ? send_sreq : {P{1'b0}});
    end

    // The symbols each rule sends, in order: a grant's FORK first, then any reclaim. R17 and R16
    // never fire together on a port, nor either with a repeated ask.
    assign reclaim_b0 = ({P{A_STRONG[0]}} & (send_sreq | (ask & higher))) | ({P{A_REQUEST[0]}} & (send_req | (ask & ~higher)));
    assign reclaim_b1 = ({P{A_STRONG[1]}} & (send_sreq | (ask & higher))) | ({P{A_REQUEST[1]}} & (send_req | (ask & ~higher)));
    assign push0_b0   = ({P{A_FORK[0]}} & grant) | (~grant & reclaim_b0);
    assign push0_b1   = ({P{A_FORK[1]}} & grant) | (~grant & reclaim_b1);
    assign push1_b0   = grant & reclaim_b0;
    assign push1_b1   = grant & reclaim_b1;

    always @(posedge clk) begin
        if (rst) begin
            // Cold start: the fork is home, no tokens here, the list in ascending client order.
            owner_q <= {P{1'b0}};
            req_q   <= {P{1'b0}};
            sreq_q  <= {P{1'b0}};
            for (m = 0; m < P - 1; m = m + 1) begin
                prio_q[m] <= {P{1'b1}} >> (m + 1);
            end
        end else begin
            owner_q <= owner_d;
            req_q   <= req_d;
            sreq_q  <= sreq_d;
            for (m = 0; m < P - 1; m = m + 1) begin
                prio_q[m] <= prio_d[m];
            end
        end
    end

    // The base protocol: every return counts and a DIRTY_FORK demotes (R13, R14), every REQUEST
    // counts (R12), a grant leaves as soon as R15 allows, and every port is live.
    generate
        if (HEAL == 0) begin : g_base_rules
            wire unused_busy = |busy;  // only +heal waits for an empty output queue
            assign returned   = in_dirty | in_clean;
            assign demote     = in_dirty & returned;
            assign request_ok = in_request;
            assign may_grant  = {P{1'b1}};
            assign ask        = {P{1'b0}};
        end
        if (RECLAIM == 0) begin : g_no_reclaim
            assign dead_new = {P{1'b0}};
            assign live     = {P{1'b1}};
        end
    endgenerate

    // +reclaim: when cli_dead first shows a client crashed (the failure detector, which speaks
    // once whatever the client sent before has arrived), the arbiter forgets its request, takes
    // the fork back if it had it (OWNER becomes NIL), and from then on ignores the port.
    generate
        if (RECLAIM != 0) begin : g_reclaim
            reg [P-1:0] dead_q;  // the port's client has crashed

            assign dead_new = cli_dead & ~dead_q;
            assign live     = ~(dead_q | dead_new);
            always @(posedge clk) begin
                if (rst) begin
                    dead_q <= {P{1'b0}};
                end else begin
                    dead_q <= dead_q | dead_new;
                end
            end
        end
    endgenerate

`ifdef PPBUS_SIMULATION
    wire [P-1:0]   queued_b0;
    wire [P-1:0]   queued_b1;
`endif

    ppbus_outq #(
        .W    (P),
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
        .drive      (a2c_out)
    );

    genvar gd;
    generate
        if (L < 1) begin : g_bad_l
            ppbus_arbiter_needs_a_latency_of_at_least_1 u_bad ();
        end
        if (HEAL != 0) begin : g_heal
            // docs/PROTOCOL.md "Healing": a return counts only from OWNER, 2L or more cycles after
            // the grant (H4); a REQUEST from OWNER only 2L+2 or more cycles after it, and then it
            // means OWNER has no fork, which it is asked for (H3); a DIRTY_FORK demotes only in the
            // grant's parity (H6); a grant waits for an empty queue, no return in its cycle and the
            // other parity than the port's last grant (H6); and on a beat an arbiter whose OWNER is
            // long silent while others wait asks again, as R17 or R16 would (H5).
            wire         odd;
            wire         beat;        // from the heal clock: a beat, and per port the age of the grant:
            wire [P-1:0] below_2l;    //   fewer than 2L cycles (H4)
            wire [P-1:0] upto_2l1;    //   at most 2L+1 cycles (H3, H5)
            wire [P-1:0] same_par;    // the last grant's parity is this cycle's
            wire         probe;       // H3: ask OWNER for its fork
            wire [P-1:0] drove_fork;  // a FORK driven on the port: a grant leaves at once, in its cycle

            assign returned   = (in_dirty | in_clean) & owner_q & ~below_2l;
            assign demote     = in_dirty & returned & same_par;
            assign request_ok = in_request & (~owner_q | ~upto_2l1);
            assign probe      = |(request_ok & owner_q);
            assign may_grant  = ~busy & ~returned & ~same_par;
            assign ask        = owner_d & ~send_sreq & ~send_req & ({P{probe}} | ((higher | lower) & {P{beat}} & ~upto_2l1));

            for (gd = 0; gd < P; gd = gd + 1) begin : g_drove
                assign drove_fork[gd] = (a2c_out[2*gd + 1:2*gd] == A_FORK);
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
                .W    (P),
                .L    (L),
                .ECHO (2 * L - 1)
            ) u_clock (
                .clk      (clk),
                .rst      (rst),
                .odd      (odd),
                .drove    (drove_fork),
                .forget   (returned),
                .mark     (drove_fork),
                .echo     (below_2l),
                .recent   (upto_2l1),
                .same_par (same_par)
            );
        end
    endgenerate

`ifdef PPBUS_SIMULATION
    assign lent = |owner_q;
    // The c2a channels' last stage for ppbus_top's I2 check, one word instead of a bit per port.
    assign returning = in_dirty | in_clean;

    // A FORK is always the first symbol of its cycle and is never sent while another waits (the
    // fork is out until it comes back), so it never waits; ppbus_top's I2 check relies on that.
    always @(posedge clk) begin : a_no_fork_waits
        if (!rst && ((queued_b0 ~^ {P{A_FORK[0]}}) & (queued_b1 ~^ {P{A_FORK[1]}})) != {P{1'b0}}) begin
            `PPBUS_ASSERT_FAILED("a_no_fork_waits", "ppbus_arbiter");
            $display("a FORK waits in the output queue at time %0t", $time);
            $stop;
        end
    end

    // The protocol: a fork comes back (DIRTY_FORK or CLEAN_FORK) only from the OWNER (with HEAL,
    // such a duplicate is dropped; the RTL is simulated without faults, so it never comes).
    always @(posedge clk) begin : a_fork_from_owner
        if (!rst && (returning & ~owner_q) != {P{1'b0}}) begin
            `PPBUS_ASSERT_FAILED("a_fork_from_owner", "ppbus_arbiter");
            $display("fork returned by ports %b, which are not OWNER, at time %0t", returning & ~owner_q, $time);
            $stop;
        end
    end
`endif
endmodule
