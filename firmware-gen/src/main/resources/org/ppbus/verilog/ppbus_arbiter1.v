module ppbus_arbiter1 (
    input  wire       clk,
    input  wire       rst,
`ifndef SYNTHESIS
    output wire       lent,     // simulation only: the fork is out (OWNER is set)
`endif
    input  wire [1:0] c2a_in,   // symbol arriving from the only client
    output wire [1:0] a2c_out   // symbol driven to it
);
    // An arbiter with a single real client (the others of its line are fictitious). With nobody
    // to compete, R16 and R17 never fire, so it keeps no priority list and no strong-request bit:
    // it grants on a request when the fork is home and takes the fork back when it is returned.
    localparam [1:0] A_FORK    = 2'd@A_FORK@;
    localparam [1:0] C_CLEAN   = 2'd@C_CLEAN@;
    localparam [1:0] C_DIRTY   = 2'd@C_DIRTY@;
    localparam [1:0] C_REQUEST = 2'd@C_REQUEST@;

    reg  owner_q;
    reg  req_q;
    reg  owner_d;
    reg  req_d;
    reg  grant;

    always @* begin
        owner_d = owner_q;
        req_d   = req_q;
        case (c2a_in)
            C_REQUEST: req_d = 1'b1;                     // R12
            C_DIRTY:   owner_d = 1'b0;                   // R13
            C_CLEAN: begin                               // R14
                owner_d = 1'b0;
                req_d   = 1'b1;
            end
            default: begin
            end
        endcase
        grant   = !owner_d && req_d;                     // R15
        owner_d = owner_d | grant;
    end

    always @(posedge clk) begin
        if (rst) begin
            owner_q <= 1'b0;
            req_q   <= 1'b0;
        end else begin
            owner_q <= owner_d;
            req_q   <= req_d;
        end
    end

`ifndef SYNTHESIS
    wire       queued_b0;
    wire       queued_b1;
`endif

    ppbus_outq u_outq (
        .clk        (clk),
        .rst        (rst),
`ifndef SYNTHESIS
        .pending_b0 (queued_b0),
        .pending_b1 (queued_b1),
`endif
        .push0_b0   (grant & A_FORK[0]),
        .push0_b1   (grant & A_FORK[1]),
        .push1_b0   (1'b0),
        .push1_b1   (1'b0),
        .drive      (a2c_out)
    );

`ifndef SYNTHESIS
    assign lent = owner_q;

    // Only a FORK is ever sent, one per grant, so nothing ever waits; ppbus_top's I2 check relies
    // on no FORK waiting.
    always @(posedge clk) begin : a_no_fork_waits
        if (!rst && (queued_b0 || queued_b1)) begin
            $display("ASSERTION a_no_fork_waits FAILED in %m: a FORK waits in the output queue at time %0t", $time);
            $stop;
        end
    end

    always @(posedge clk) begin : a_fork_from_owner
        if (!rst && (c2a_in == C_DIRTY || c2a_in == C_CLEAN) && !owner_q) begin
            $display("ASSERTION a_fork_from_owner FAILED in %m: fork returned while not lent at time %0t", $time);
            $stop;
        end
    end
`endif
endmodule
