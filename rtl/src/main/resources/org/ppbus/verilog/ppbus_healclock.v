module ppbus_healclock #(
    parameter integer W    = 1,  // links, one age and one kept parity each
    parameter integer L    = 1,  // channel latency in cycles, which every bound derives from
    parameter integer ECHO = 2   // the unit's echo bound: at most this many cycles since the fork
) (
    input  wire         clk,
    input  wire         rst,
    input  wire         odd,      // this cycle's parity (ppbus_beat)
    input  wire [W-1:0] drove,    // a fork was driven on the link this cycle (a return, a grant)
    input  wire [W-1:0] forget,   // the link's fork age no longer matters (an arbiter's fork is home)
    input  wire [W-1:0] mark,     // keep this cycle's parity for the link
    output wire [W-1:0] echo,     // cycles since the link's last fork: at most ECHO,
    output wire [W-1:0] recent,   //   at most 2L+1 (otherwise at least 2L+2: long ago)
    output wire [W-1:0] same_par  // a parity is kept for the link and this cycle has it
);
    // The per-link half of a unit's +heal clock (docs/PROTOCOL.md "Healing"): the age of the last
    // fork driven on each link, capped at 2L+2, beyond which no rule tells ages apart, and the
    // parity of one cycle kept for good (a client's last FORK received, an arbiter's last grant).
    // The age read in a cycle counts from the fork's cycle, so it is 1 in the cycle after the fork
    // and never 0; reset and forgetting read as long ago.
    localparam integer CAP = 2 * L + 2;
    localparam integer AW  = $clog2(CAP + 1);  // bits to count from 0 to CAP
    localparam [AW-1:0] AGE_CAP    = CAP[AW-1:0];
    localparam [AW-1:0] AGE_ECHO   = ECHO[AW-1:0];
    localparam [AW-1:0] AGE_RECENT = CAP[AW-1:0] - 1'b1;
    localparam [AW-1:0] AGE_ONE    = 1;

    genvar g;
    generate
        for (g = 0; g < W; g = g + 1) begin : g_link
            reg [AW-1:0] age_q;
            reg          kept_q;  // a parity is kept
            reg          par_q;   // the kept parity

            always @(posedge clk) begin
                if (rst) begin
                    age_q  <= AGE_CAP;
                    kept_q <= 1'b0;
                    par_q  <= 1'b0;
                end else begin
                    if (drove[g]) begin
                        age_q <= AGE_ONE;
                    end else if (forget[g]) begin
                        age_q <= AGE_CAP;
                    end else if (age_q != AGE_CAP) begin
                        age_q <= age_q + AGE_ONE;
                    end
                    if (mark[g]) begin
                        kept_q <= 1'b1;
                        par_q  <= odd;
                    end
                end
            end

            assign echo[g]     = (age_q <= AGE_ECHO);
            assign recent[g]   = (age_q <= AGE_RECENT);
            assign same_par[g] = kept_q && (par_q == odd);
        end
    endgenerate
endmodule
