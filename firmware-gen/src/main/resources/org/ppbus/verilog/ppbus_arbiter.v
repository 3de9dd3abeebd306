module ppbus_arbiter #(
    parameter integer P  = 3,  // clients (ports), ascending client id; port 0 ranks first at reset
    parameter integer F1 = 1,  // audit fix F1: R17 also gives up the request token
    parameter integer F2 = 1   // audit fix F2: a CleanFORK re-arms the strong request
) (
    input  wire           clk,
    input  wire           rst,
    input  wire [2*P-1:0] c2a_in,   // symbol arriving from each client this cycle
    output wire [2*P-1:0] a2c_out   // symbol driven to each client this cycle
);
    // Arbiter A_j of Campos-Carvalho: rules R12-R17 in the cycle order of docs/SPEC.md §3.4.
    // (1) receive R12, R13 (demote), R14; (2) grant R15 to the highest-priority requester;
    // (3) reclaim: R17 before R16. The priority list is an LRU precedence matrix: prio_q holds one
    // bit per pair i < j, set when i outranks j; GiveLeastPriorityTo(c) clears c's row. Every rule
    // is word-level: the symbols are decoded into one mask per code, the pair bits are wired into
    // one P-bit row per port, and each port's "some requester outranks me" is one AND-reduce of a
    // row, not a loop over P^2 pairs; Verilator and synthesis both reward that. One bit per pair
    // keeps the order antisymmetric by construction, so at most one requester can win.
    localparam [1:0] A_FORK    = 2'd1;
    localparam [1:0] A_REQUEST = 2'd2;
    localparam [1:0] A_STRONG  = 2'd3;
    localparam [1:0] C_CLEAN   = 2'd1;
    localparam [1:0] C_DIRTY   = 2'd2;
    localparam [1:0] C_REQUEST = 2'd3;
    localparam integer NP = P * (P - 1) / 2;

    generate
        if (P < 2) begin : g_bad_p
            ppbus_arbiter_needs_at_least_2_ports_use_ppbus_arbiter1 u_bad ();
        end
    endgenerate

    // Index of the pair (i, j), i < j, in prio_q.
    function integer pair;
        input integer i;
        input integer j;
        begin
            pair = i * P - (i * (i + 1)) / 2 + (j - i - 1);
        end
    endfunction

    reg [P-1:0]   owner_q;   // one-hot OWNER; all zero is NIL (the fork is home)
    reg [P-1:0]   owner_d;
    reg [P-1:0]   req_q;     // holds the link's request token (a waiting client unless OWNER)
    reg [P-1:0]   req_d;
    reg [P-1:0]   sreq_q;    // may still send one StrongRequest
    reg [P-1:0]   sreq_d;
    reg [NP-1:0]  prio_q;
    wire [NP-1:0] prio_d;
    wire [P-1:0]  in_request;  // the symbol arriving from each port, decoded into one mask per code
    wire [P-1:0]  in_dirty;
    wire [P-1:0]  in_clean;
    wire [P*P-1:0] beats;    // beats[i*P +: P]: the ports i outranks after this cycle's demotion
    reg [P-1:0]   grant;
    reg [P-1:0]   higher;    // some other requester outranks this port
    reg [P-1:0]   lower;     // some other requester ranks below this port
    reg [P-1:0]   send_sreq; // R17 fires towards this port
    reg [P-1:0]   send_req;  // R16 fires towards this port
    reg [2*P-1:0] push0;
    reg [2*P-1:0] push1;
    integer       m;

    genvar gi;
    genvar gj;
    generate
        for (gi = 0; gi < P; gi = gi + 1) begin : g_decode
            assign in_request[gi] = (c2a_in[2*gi +: 2] == C_REQUEST);
            assign in_dirty[gi]   = (c2a_in[2*gi +: 2] == C_DIRTY);
            assign in_clean[gi]   = (c2a_in[2*gi +: 2] == C_CLEAN);
        end
        // R13 (demote): a returning port goes last, GiveLeastPriorityTo clears its row. Only the
        // OWNER returns a fork, so at most one port demotes in a cycle.
        for (gi = 0; gi < P; gi = gi + 1) begin : g_row
            for (gj = 0; gj < P; gj = gj + 1) begin : g_col
                if (gi < gj) begin : g_pair
                    assign prio_d[pair(gi, gj)] = (prio_q[pair(gi, gj)] & ~in_dirty[gi]) | in_dirty[gj];
                    assign beats[gi*P + gj] = prio_d[pair(gi, gj)];
                end else if (gi > gj) begin : g_mirror
                    assign beats[gi*P + gj] = ~prio_d[pair(gj, gi)];
                end else begin : g_self
                    assign beats[gi*P + gj] = 1'b0;
                end
            end
        end
    endgenerate

    always @* begin
        // (1) Receive: R12 (request), R13 (dirty return), R14 (+ F2, clean return).
        owner_d = (|(in_dirty | in_clean)) ? {P{1'b0}} : owner_q;
        req_d   = req_q | in_request | in_clean;
        sreq_d  = sreq_q | in_request | ((F2 != 0) ? in_clean : {P{1'b0}});

        // Against a total order, "no other requester outranks me" and "I outrank every other
        // requester" are the same test.
        for (m = 0; m < P; m = m + 1) begin
            higher[m] = |(req_d & ~beats[m*P +: P] & ~({{(P-1){1'b0}}, 1'b1} << m));
            lower[m]  = |(req_d & beats[m*P +: P]);
        end

        // (2) Grant: R15, to the requester that outranks every other requester.
        grant   = (owner_d == {P{1'b0}}) ? (req_d & ~higher) : {P{1'b0}};
        owner_d = owner_d | grant;

        // (3) Reclaim from the owner: R17 (+ F1), else R16.
        send_sreq = owner_d & sreq_d & higher;
        send_req  = owner_d & ~send_sreq & req_d & lower;
        sreq_d = sreq_d & ~send_sreq;
        req_d  = req_d & ~send_req & ~((F1 != 0) ? send_sreq : {P{1'b0}});

        push0 = {2*P{1'b0}};
        push1 = {2*P{1'b0}};
        for (m = 0; m < P; m = m + 1) begin
            if (grant[m]) begin
                push0[2*m +: 2] = A_FORK;
                push1[2*m +: 2] = send_sreq[m] ? A_STRONG : (send_req[m] ? A_REQUEST : 2'b00);
            end else begin
                push0[2*m +: 2] = send_sreq[m] ? A_STRONG : (send_req[m] ? A_REQUEST : 2'b00);
            end
        end
    end

    always @(posedge clk) begin
        if (rst) begin
            // Cold start: the fork is home, no tokens here, the list in ascending client order.
            owner_q <= {P{1'b0}};
            req_q   <= {P{1'b0}};
            sreq_q  <= {P{1'b0}};
            prio_q  <= {NP{1'b1}};
        end else begin
            owner_q <= owner_d;
            req_q   <= req_d;
            sreq_q  <= sreq_d;
            prio_q  <= prio_d;
        end
    end

    genvar g;
    generate
        for (g = 0; g < P; g = g + 1) begin : g_port
            ppbus_outq u_outq (
                .clk   (clk),
                .rst   (rst),
                .push0 (push0[2*g +: 2]),
                .push1 (push1[2*g +: 2]),
                .drive (a2c_out[2*g +: 2])
            );
        end
    endgenerate

`ifndef SYNTHESIS
    // The protocol: a fork comes back (DIRTY_FORK or CLEAN_FORK) only from the OWNER.
    always @(posedge clk) begin
        if (!rst) begin
            for (m = 0; m < P; m = m + 1) begin
                if ((c2a_in[2*m +: 2] == C_DIRTY || c2a_in[2*m +: 2] == C_CLEAN) && !owner_q[m]) begin
                    $display("ASSERTION FAILED %m: fork returned by port %0d, which is not OWNER, at time %0t", m, $time);
                    $stop;
                end
            end
        end
    end
`endif
endmodule
