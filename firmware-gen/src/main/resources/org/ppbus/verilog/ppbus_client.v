module ppbus_client #(
    parameter integer K  = 3,  // arbiters in S_i: one link each, slot 0 first
    parameter integer F3 = 1   // audit fix F3: no meal on a dirty, reclaimed fork
) (
    input  wire           clk,
    input  wire           rst,
    input  wire           req,      // processor request (R1 on rise, R3 on fall while eating)
    output wire           gnt,      // registered: the client is EATING
    input  wire [2*K-1:0] a2c_in,   // symbol arriving from each arbiter this cycle
    output wire [2*K-1:0] c2a_out   // symbol driven to each arbiter this cycle
);
    // Client C_i of Campos-Carvalho: rules R1-R11 in the cycle order of docs/SPEC.md §3.4.
    // (0) environment R1/R3; (1) receive R8-R11; (2) eat R2 (+F3), which skips (3);
    // (3) per link at most one of R5, R6, R7, R4; the output queues then drive one symbol per link.
    localparam [1:0] THINKING = 2'd0;
    localparam [1:0] HUNGRY   = 2'd1;
    localparam [1:0] EATING   = 2'd2;

    localparam [1:0] A_FORK    = 2'd1;  // arbiter -> client codes
    localparam [1:0] A_REQUEST = 2'd2;
    localparam [1:0] A_STRONG  = 2'd3;
    localparam [1:0] C_CLEAN   = 2'd1;  // client -> arbiter codes
    localparam [1:0] C_DIRTY   = 2'd2;
    localparam [1:0] C_REQUEST = 2'd3;

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
    reg [2*K-1:0] push0;
    reg [2*K-1:0] push1;
    reg           eat;
    integer       k;

    always @* begin
        state_d = state_q;
        fork_d  = fork_q;
        req_d   = req_q;
        sreq_d  = sreq_q;
        dirty_d = dirty_q;
        push0   = {2*K{1'b0}};
        push1   = {2*K{1'b0}};

        // (0) Environment: R1 and R3 act on req before the rules.
        if (state_q == THINKING && req) begin
            state_d = HUNGRY;
        end else if (state_q == EATING && !req) begin
            state_d = THINKING;
        end

        // (1) Receive: R8, R9, R10/R11.
        for (k = 0; k < K; k = k + 1) begin
            case (a2c_in[2*k +: 2])
                A_FORK: begin
                    fork_d[k]  = 1'b1;
                    dirty_d[k] = 1'b0;
                end
                A_REQUEST: begin
                    req_d[k] = 1'b1;
                end
                A_STRONG: begin
                    if (fork_q[k]) begin
                        req_d[k]  = 1'b1;
                        sreq_d[k] = 1'b1;
                    end
                end
                default: begin
                end
            endcase
        end

        // (2) Eat: R2, with F3's guard. Eating and yielding never share a cycle (A4).
        eat = (state_d == HUNGRY) && (&fork_d) && !(F3 != 0 && (|(req_d & dirty_d)));
        if (eat) begin
            state_d = EATING;
            dirty_d = {K{1'b1}};
        end

        // (3) Per link, at most one of R5, R6, R7, R4.
        for (k = 0; k < K; k = k + 1) begin
            if (!eat && state_d == THINKING) begin
                if (fork_d[k] && req_d[k]) begin                        // R5
                    push0[2*k +: 2] = C_DIRTY;
                    fork_d[k]  = 1'b0;
                    sreq_d[k]  = 1'b0;
                    dirty_d[k] = 1'b0;
                end
            end else if (!eat && state_d == HUNGRY) begin
                if (fork_d[k] && req_d[k] && dirty_d[k]) begin          // R6
                    push0[2*k +: 2] = C_DIRTY;
                    push1[2*k +: 2] = C_REQUEST;
                    fork_d[k]  = 1'b0;
                    req_d[k]   = 1'b0;
                    sreq_d[k]  = 1'b0;
                    dirty_d[k] = 1'b0;
                end else if (fork_d[k] && sreq_d[k] && !dirty_d[k]) begin // R7
                    push0[2*k +: 2] = C_CLEAN;
                    fork_d[k] = 1'b0;
                    req_d[k]  = 1'b0;
                    sreq_d[k] = 1'b0;
                end else if (!fork_d[k] && req_d[k]) begin              // R4
                    push0[2*k +: 2] = C_REQUEST;
                    req_d[k] = 1'b0;
                end
            end
        end
    end

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

    assign gnt = (state_q == EATING);

    genvar g;
    generate
        for (g = 0; g < K; g = g + 1) begin : g_link
            ppbus_outq u_outq (
                .clk   (clk),
                .rst   (rst),
                .push0 (push0[2*g +: 2]),
                .push1 (push1[2*g +: 2]),
                .drive (c2a_out[2*g +: 2])
            );
        end
    endgenerate

`ifndef SYNTHESIS
    // The protocol: a FORK arrives only at a client that does not hold that fork.
    always @(posedge clk) begin
        if (!rst) begin
            for (k = 0; k < K; k = k + 1) begin
                if (a2c_in[2*k +: 2] == A_FORK && fork_q[k]) begin
                    $display("ASSERTION FAILED %m: FORK on link %0d while holding it at time %0t", k, $time);
                    $stop;
                end
            end
        end
    end
`endif
endmodule
