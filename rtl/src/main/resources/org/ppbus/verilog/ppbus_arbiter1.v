`include "ppbus_assert.vh"

module ppbus_arbiter1 #(
    parameter integer HEAL = 0,  // +heal: recover one lost or duplicated symbol (rules H3, H4, H6)
    parameter integer RECLAIM = 0,  // +reclaim: take the fork back from the client if it crashes
    parameter integer L    = 1   // channel latency in cycles, which +heal's bounds derive from
) (
    input  wire       clk,
    input  wire       rst,
`ifdef PPBUS_SIMULATION
    output wire       lent,     // simulation only: the fork is out (OWNER is set)
    output wire       returning, // simulation only: a DIRTY_FORK or CLEAN_FORK arrives
`endif
    input  wire [1:0] c2a_in   /*verilator public_flat_rd*/,  // symbol arriving from the only client
    input  wire       cli_dead /*verilator public_flat_rd*/,  // +reclaim: the client is known to have crashed
    output wire [1:0] a2c_out   // symbol driven to it
);
    `PPBUS_PARAMETER_CHECK(p_parameters, "ppbus_arbiter1", L >= 1 && (HEAL == 0 || HEAL == 1) && (RECLAIM == 0 || RECLAIM == 1),
        "L is at least 1; HEAL and RECLAIM are 0 or 1")
    // An arbiter with a single real client (the others of its line are fictitious). With nobody
    // to compete, R16 and R17 never fire, so it keeps no priority list and no strong-request bit:
    // it grants on a request when the fork is home and takes the fork back when it is returned.
    // The base protocol reads alone in g_base_rules; +heal's rules are g_heal, +reclaim's g_reclaim.
    // public_flat_rd on c2a_in and the assertions' messages without %m under Verilator: one compiled
    // copy of this unit's logic serves every instance (see ppbus_client).
    localparam [1:0] A_FORK    = 2'd@A_FORK@;
    localparam [1:0] A_REQUEST = 2'd@A_REQUEST@;
    localparam [1:0] C_CLEAN   = 2'd@C_CLEAN@;
    localparam [1:0] C_DIRTY   = 2'd@C_DIRTY@;
    localparam [1:0] C_REQUEST = 2'd@C_REQUEST@;

    reg        owner_q;
    wire       dead_new;  // +reclaim: told of the crash in this cycle (OWNER and the request are forgotten)
    wire [1:0] symbol;    // the symbol that counts: c2a_in, idle once the client is dead (+reclaim)
    reg        req_q;
    reg        owner_d;
    reg        req_d;
    reg        grant;
    reg        ask;       // H3: ask OWNER for its fork
    wire       busy;      // a symbol waits in the output queue

    // The base protocol: R12 keeps the request, R13 and R14 take the fork back (R14 with the
    // request), and R15 grants when the fork is home and the client asks.
    generate
        if (HEAL == 0) begin : g_base_rules
            wire unused_busy = busy;  // only +heal waits for an empty output queue

            always @* begin
                owner_d = owner_q & !dead_new;
                req_d   = req_q & !dead_new;
                ask     = 1'b0;
                case (symbol)
                    C_REQUEST: begin  // R12
                        req_d = 1'b1;
                    end
                    C_DIRTY: begin    // R13
                        owner_d = 1'b0;
                    end
                    C_CLEAN: begin    // R14
                        owner_d = 1'b0;
                        req_d   = 1'b1;
                    end
                    default: begin
                    end
                endcase
                grant   = !owner_d && req_d;  // R15
                owner_d = owner_d | grant;
            end
        end
        if (RECLAIM == 0) begin : g_no_reclaim
            assign symbol   = c2a_in;
            assign dead_new = 1'b0;
        end
    endgenerate

    always @(posedge clk) begin
        if (rst) begin
            owner_q <= 1'b0;
            req_q   <= 1'b0;
        end else begin
            owner_q <= owner_d;
            req_q   <= req_d;
        end
    end

    // +reclaim: once the client is known to have crashed, OWNER and its request are forgotten and
    // its symbols are ignored.
    generate
        if (RECLAIM != 0) begin : g_reclaim
            reg dead_q;  // the client has crashed

            assign dead_new = cli_dead && !dead_q;
            assign symbol   = (dead_q || dead_new) ? 2'b00 : c2a_in;
            always @(posedge clk) begin
                if (rst) begin
                    dead_q <= 1'b0;
                end else begin
                    dead_q <= dead_q | dead_new;
                end
            end
        end
    endgenerate

`ifdef PPBUS_SIMULATION
    wire       queued_b0;
    wire       queued_b1;
`endif

    ppbus_outq #(
        .W    (1),
        .BUSY (HEAL)
    ) u_outq (
        .clk        (clk),
        .rst        (rst),
`ifdef PPBUS_SIMULATION
        .pending_b0 (queued_b0),
        .pending_b1 (queued_b1),
`endif
        .push0_b0   ((grant & A_FORK[0]) | (ask & A_REQUEST[0])),
        .push0_b1   ((grant & A_FORK[1]) | (ask & A_REQUEST[1])),
        .push1_b0   (1'b0),
        .push1_b1   (1'b0),
        .busy       (busy),
        .drive      (a2c_out)
    );

    generate
        if (L < 1) begin : g_bad_l
            ppbus_arbiter1_needs_a_latency_of_at_least_1 u_bad ();
        end
        if (HEAL != 0) begin : g_heal
            // docs/PROTOCOL.md "Healing", as ppbus_arbiter: a REQUEST from OWNER counts only 2L+2 or
            // more cycles after the grant, and then OWNER is asked for its fork (H3); a return too
            // soon after the grant, or while the fork is home, is dropped (H4); a DIRTY_FORK of the
            // other parity than the grant brings the fork home with the request kept (H6); a grant
            // leaves only behind nothing, not in the cycle of a return, and in the other parity
            // than the last (H6). Nobody else ever waits, so the beat (H5) never asks.
            reg  odd_q;       // the cycle's parity from reset; this unit never needs the beat itself
            reg  returned;    // a return that counts
            wire below_2l;    // from the heal clock: fewer than 2L cycles since the grant (H4),
            wire upto_2l1;    //   at most 2L+1 (H3); and the grant's parity is this cycle's
            wire same_par;
            wire drove_fork = (a2c_out == A_FORK);

            always @* begin
                owner_d  = owner_q & !dead_new;
                req_d    = req_q & !dead_new;
                ask      = 1'b0;
                returned = 1'b0;
                case (symbol)
                    C_REQUEST: begin  // R12; H3
                        if (!owner_q) begin
                            req_d = 1'b1;
                        end else if (!upto_2l1) begin
                            req_d = 1'b1;
                            ask   = 1'b1;
                        end
                    end
                    C_DIRTY: begin    // R13; H4, H6
                        if (owner_q && !below_2l) begin
                            owner_d  = 1'b0;
                            returned = 1'b1;
                            req_d    = req_q | !same_par;
                        end
                    end
                    C_CLEAN: begin    // R14; H4
                        if (owner_q && !below_2l) begin
                            owner_d  = 1'b0;
                            req_d    = 1'b1;
                            returned = 1'b1;
                        end
                    end
                    default: begin
                    end
                endcase
                grant   = !owner_d && req_d && !busy && !returned && !same_par;  // R15; H6
                owner_d = owner_d | grant;
            end

            always @(posedge clk) begin
                odd_q <= !rst && !odd_q;
            end

            ppbus_healclock #(
                .W    (1),
                .L    (L),
                .ECHO (2 * L - 1)
            ) u_clock (
                .clk      (clk),
                .rst      (rst),
                .odd      (odd_q),
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
    assign lent = owner_q;
    // The c2a channel's last stage for ppbus_top's I2 check.
    assign returning = (c2a_in == C_DIRTY) || (c2a_in == C_CLEAN);

    // A FORK or REQUEST is sent only into an empty queue and one at a time, so nothing ever
    // waits; ppbus_top's I2 check relies on no FORK waiting.
    always @(posedge clk) begin : a_no_fork_waits
        if (!rst && (queued_b0 || queued_b1)) begin
            `PPBUS_ASSERT_FAILED("a_no_fork_waits", "ppbus_arbiter1");
            $display("a FORK waits in the output queue at time %0t", $time);
            $stop;
        end
    end

    // With HEAL, such a duplicate is dropped; the RTL is simulated without faults, so it never comes.
    always @(posedge clk) begin : a_fork_from_owner
        if (!rst && returning && !owner_q) begin
            `PPBUS_ASSERT_FAILED("a_fork_from_owner", "ppbus_arbiter1");
            $display("fork returned while not lent at time %0t", $time);
            $stop;
        end
    end
`endif
endmodule
