module ppbus_arbiter #(
    parameter integer P  = 3,  // clients (ports), ascending client id; port 0 ranks first at reset
    parameter integer F1 = 1,  // audit fix F1: R17 also gives up the request token
    parameter integer F2 = 1   // audit fix F2: a CleanFORK re-arms the strong request
) (
    input  wire           clk,
    input  wire           rst,
`ifndef SYNTHESIS
    output wire           lent,     // simulation only: the fork is out (OWNER is set)
`endif
    input  wire [2*P-1:0] c2a_in,   // symbol arriving from each client this cycle
    output wire [2*P-1:0] a2c_out   // symbol driven to each client this cycle
);
    // Arbiter A_j of Campos-Carvalho: rules R12-R17 in the cycle order of docs/SPEC.md §3.4.
    // (1) receive R12, R13 (demote), R14; (2) grant R15 to the highest-priority requester;
    // (3) reclaim: R17 before R16. The priority list is an LRU precedence matrix kept as its
    // upper triangle: row m of prio_q has bit j-m-1 set when m outranks j, for each j > m, and its
    // bits from P-1-m up are always zero. One bit per pair keeps the order antisymmetric by
    // construction, so at most one requester can win. Every rule works on whole rows and masks:
    // the symbols are decoded into one mask per code, and a row updates, and tells which
    // requesters outrank or follow m, in a few word operations. That is P steps per cycle instead
    // of P^2 single bits, which Verilator rewards, and the same gates for synthesis.
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
    integer       m;

    genvar gi;
    generate
        for (gi = 0; gi < P; gi = gi + 1) begin : g_slice
            assign c2a_b0[gi] = c2a_in[2*gi];
            assign c2a_b1[gi] = c2a_in[2*gi + 1];
        end
    endgenerate

    // A port matches a code when both bits of its symbol do.
    assign in_request = (c2a_b0 ~^ {P{C_REQUEST[0]}}) & (c2a_b1 ~^ {P{C_REQUEST[1]}});
    assign in_dirty   = (c2a_b0 ~^ {P{C_DIRTY[0]}}) & (c2a_b1 ~^ {P{C_DIRTY[1]}});
    assign in_clean   = (c2a_b0 ~^ {P{C_CLEAN[0]}}) & (c2a_b1 ~^ {P{C_CLEAN[1]}});

    always @* begin
        // (1) Receive: R12 (request), R13 (dirty return), R14 (+ F2, clean return).
        owner_d = (|(in_dirty | in_clean)) ? {P{1'b0}} : owner_q;
        req_d   = req_q | in_request | in_clean;
        sreq_d  = sreq_q | in_request | ((F2 != 0) ? in_clean : {P{1'b0}});

        // R13 (demote), then who outranks whom, one row at a time. GiveLeastPriorityTo(d) clears
        // row d and sets column d; only the OWNER returns a fork, so at most one port demotes in a
        // cycle. Row m decides the pairs (m, j), j > m: when m outranks j, a requesting m outranks
        // j and a requesting j follows m; otherwise the other way round.
        higher = {P{1'b0}};
        lower  = {P{1'b0}};
        for (m = 0; m < P - 1; m = m + 1) begin
            span      = {P{1'b1}} >> (m + 1);
            prio_d[m] = (prio_q[m] & ~{P{in_dirty[m]}}) | ((in_dirty >> (m + 1)) & span);
            later     = req_d >> (m + 1);
            higher[m] = higher[m] | (|(later & ~prio_d[m]));
            lower[m]  = lower[m] | (|(later & prio_d[m]));
            if (req_d[m]) begin
                higher = higher | (prio_d[m] << (m + 1));
                lower  = lower | ((~prio_d[m] & span) << (m + 1));
            end
        end

        // (2) Grant: R15, to the requester that outranks every other requester.
        grant   = (owner_d == {P{1'b0}}) ? (req_d & ~higher) : {P{1'b0}};
        owner_d = owner_d | grant;

        // (3) Reclaim from the owner: R17 (+ F1), else R16.
        send_sreq = owner_d & sreq_d & higher;
        send_req  = owner_d & ~send_sreq & req_d & lower;
        sreq_d = sreq_d & ~send_sreq;
        req_d  = req_d & ~send_req & ~((F1 != 0) ? send_sreq : {P{1'b0}});
    end

    // The symbols each rule sends, in order: a grant's FORK first, then any reclaim. R17 and R16
    // never fire together on a port.
    assign reclaim_b0 = ({P{A_STRONG[0]}} & send_sreq) | ({P{A_REQUEST[0]}} & send_req);
    assign reclaim_b1 = ({P{A_STRONG[1]}} & send_sreq) | ({P{A_REQUEST[1]}} & send_req);
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

`ifndef SYNTHESIS
    wire [P-1:0]   queued_b0;
    wire [P-1:0]   queued_b1;
`endif

    ppbus_outq #(
        .W (P)
    ) u_outq (
        .clk        (clk),
        .rst        (rst),
`ifndef SYNTHESIS
        .pending_b0 (queued_b0),
        .pending_b1 (queued_b1),
`endif
        .push0_b0   (push0_b0),
        .push0_b1   (push0_b1),
        .push1_b0   (push1_b0),
        .push1_b1   (push1_b1),
        .drive      (a2c_out)
    );

`ifndef SYNTHESIS
    assign lent = |owner_q;

    // A FORK is always the first symbol of its cycle and is never sent while another waits (the
    // fork is out until it comes back), so it never waits; ppbus_top's I2 check relies on that.
    always @(posedge clk) begin : a_no_fork_waits
        if (!rst && ((queued_b0 ~^ {P{A_FORK[0]}}) & (queued_b1 ~^ {P{A_FORK[1]}})) != {P{1'b0}}) begin
            $display("ASSERTION a_no_fork_waits FAILED in %m: a FORK waits in the output queue at time %0t", $time);
            $stop;
        end
    end

    // The protocol: a fork comes back (DIRTY_FORK or CLEAN_FORK) only from the OWNER.
    always @(posedge clk) begin : a_fork_from_owner
        if (!rst && ((in_dirty | in_clean) & ~owner_q) != {P{1'b0}}) begin
            $display("ASSERTION a_fork_from_owner FAILED in %m: fork returned by ports %b, which are not OWNER, at time %0t", (in_dirty | in_clean) & ~owner_q, $time);
            $stop;
        end
    end
`endif
endmodule
