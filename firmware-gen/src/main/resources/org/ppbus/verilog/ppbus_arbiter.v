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
    // Arbiter A_j of Campos-Carvalho: rules R12-R17 in the cycle order of campos-carvalho.md 3.4.
    // (1) receive R12, R13 (demote), R14; (2) grant R15 to the highest-priority requester;
    // (3) reclaim: R17 before R16. The priority list is an LRU precedence matrix: prio_q holds one
    // bit per pair i < j, set when i outranks j; GiveLeastPriorityTo(c) clears c's row.
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
    reg [NP-1:0]  prio_d;
    reg [P*P-1:0] beats;     // beats[i*P+j]: i outranks j after this cycle's demotion
    reg [P-1:0]   grant;
    reg [P-1:0]   higher;    // some other requester outranks this port
    reg [P-1:0]   lower;     // some other requester ranks below this port
    reg [P-1:0]   send_sreq; // R17 fires towards this port
    reg [P-1:0]   send_req;  // R16 fires towards this port
    reg [2*P-1:0] push0;
    reg [2*P-1:0] push1;
    reg           wins;
    integer       m;
    integer       x;

    always @* begin
        owner_d = owner_q;
        req_d   = req_q;
        sreq_d  = sreq_q;
        prio_d  = prio_q;
        push0   = {2*P{1'b0}};
        push1   = {2*P{1'b0}};

        // (1) Receive.
        for (m = 0; m < P; m = m + 1) begin
            case (c2a_in[2*m +: 2])
                C_REQUEST: begin                                   // R12
                    req_d[m]  = 1'b1;
                    sreq_d[m] = 1'b1;
                end
                C_DIRTY: begin                                     // R13
                    owner_d = {P{1'b0}};
                    for (x = 0; x < P; x = x + 1) begin
                        if (x < m) begin
                            prio_d[pair(x, m)] = 1'b1;
                        end else if (x > m) begin
                            prio_d[pair(m, x)] = 1'b0;
                        end
                    end
                end
                C_CLEAN: begin                                     // R14 (+ F2)
                    owner_d  = {P{1'b0}};
                    req_d[m] = 1'b1;
                    if (F2 != 0) begin
                        sreq_d[m] = 1'b1;
                    end
                end
                default: begin
                end
            endcase
        end

        for (m = 0; m < P; m = m + 1) begin
            for (x = 0; x < P; x = x + 1) begin
                if (m < x) begin
                    beats[m*P + x] = prio_d[pair(m, x)];
                end else if (m > x) begin
                    beats[m*P + x] = !prio_d[pair(x, m)];
                end else begin
                    beats[m*P + x] = 1'b0;
                end
            end
        end

        // (2) Grant: R15, to the requester that outranks every other requester.
        grant = {P{1'b0}};
        if (owner_d == {P{1'b0}}) begin
            for (m = 0; m < P; m = m + 1) begin
                wins = req_d[m];
                for (x = 0; x < P; x = x + 1) begin
                    if (x != m && req_d[x] && !beats[m*P + x]) begin
                        wins = 1'b0;
                    end
                end
                grant[m] = wins;
            end
        end
        owner_d = owner_d | grant;

        // (3) Reclaim from the owner: R17 (+ F1), else R16.
        for (m = 0; m < P; m = m + 1) begin
            higher[m] = 1'b0;
            lower[m]  = 1'b0;
            for (x = 0; x < P; x = x + 1) begin
                if (x != m && req_d[x]) begin
                    if (beats[x*P + m]) begin
                        higher[m] = 1'b1;
                    end else begin
                        lower[m] = 1'b1;
                    end
                end
            end
        end
        send_sreq = owner_d & sreq_d & higher;
        send_req  = owner_d & ~send_sreq & req_d & lower;
        sreq_d = sreq_d & ~send_sreq;
        req_d  = req_d & ~send_req & ~((F1 != 0) ? send_sreq : {P{1'b0}});

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
