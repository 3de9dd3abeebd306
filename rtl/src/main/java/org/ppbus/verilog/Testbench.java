package org.ppbus.verilog;

/**
 * A self-checking testbench for a generated {@code ppbus_top}, for users' own simulators: random
 * requests that keep the req/gnt handshake, and the two properties a bus arbiter must have, at most
 * one gnt in every cycle and every request served. It prints PASS or FAIL and runs in Icarus and in
 * Verilator ({@code --binary}). Not part of the design: files.f does not list it.
 */
public final class Testbench {
    /** The file name next to the design. */
    public static final String FILE = "tb_ppbus_top.v";

    private Testbench() {}

    /**
     * The cycles a user's testbench asks in: 20,000 up to 16 processors, then fewer, 320,000 / n but
     * at least 2,000, since an event simulator's cost per cycle grows with n (a 57-node Campos–Carvalho
     * network ran 20,000 cycles in 94 s in Icarus, a 64-processor matrix in 127 s). A thinking
     * processor asks once in 8n cycles, so the run makes about cycles / 8 requests in all: 2,500
     * up to n = 16, 700 at n = 57, 250 at n = 160.
     */
    public static int cycles(int nodes) {
        return Math.max(2_000, Math.min(20_000, 320_000 / Math.max(1, nodes)));
    }

    /**
     * @param nodes the top's width n
     * @param cycles cycles in which processors may ask
     * @param seed the seed of the requests
     */
    public static String text(int nodes, int cycles, int seed, String toolVersion) {
        return text(nodes, cycles, seed, toolVersion, false);
    }

    /** As above; {@code deadInput}: the top has +reclaim's failure-detector input, which stays low (nobody crashes). */
    public static String text(int nodes, int cycles, int seed, String toolVersion, boolean deadInput) {
        return text(nodes, cycles, seed, toolVersion, deadInput, 1);
    }

    /**
     * As above for k buses (campos-carvalho-k's top, with its bus output): no bus has two holders,
     * each holder holds one bus, and gnt is high exactly with it.
     */
    public static String text(int nodes, int cycles, int seed, String toolVersion, boolean deadInput, int buses) {
        boolean one = buses == 1;
        return "// " + FILE + ": a self-checking testbench for ppbus_top (n = " + nodes + (one ? "" : ", k = " + buses)
                + ").\n"
                + GeneratedBy.line(toolVersion, "Not part of the design: files.f does not list it.")
                + "// Run with Icarus: iverilog -g2005 -s tb_ppbus_top -o tb.vvp -c files.f " + FILE
                + " && vvp tb.vvp\n"
                + "// Or, with Verilator 5: verilator --binary -Wno-fatal --top-module tb_ppbus_top -F files.f " + FILE
                + " && obj_dir/Vtb_ppbus_top\n"
                + "`timescale 1ns / 1ps\n`default_nettype none\n\n"
                + BODY.replace("@N@", Integer.toString(nodes))
                        .replace("@CYCLES@", Integer.toString(cycles))
                        .replace("@SEED@", Integer.toString(seed))
                        .replace("@DEAD@", deadInput ? ",\n        .dead ({N{1'b0}})" : "")
                        .replace("@BUSPORT@", one ? "" : ",\n                    .bus (bus)")
                        .replace("    @DECL@\n", one ? "" : K_DECLARATIONS.replace("@K@", Integer.toString(buses)))
                        .replace("            @EXCLUSION@\n", one ? ONE_GNT : K_BUSES)
                        .replace("@PASS@", one ? "never two gnt at once" : "never two holders of one bus");
    }

    /** The one-bus check, at the task's indentation; it replaces the whole placeholder line. */
    private static final String ONE_GNT = "            if ((gnt & (gnt - 1'b1)) != {N{1'b0}}) begin\n"
            + "                $display(\"FAIL: cycle %0d: more than one gnt (%b)\", cycle, gnt);\n"
            + "                errors = errors + 1;\n"
            + "            end\n";

    private static final String K_DECLARATIONS = "    localparam integer K = @K@;          // buses\n"
            + "    wire [N*K-1:0] bus;                  // bus[i*K + b]: processor i holds bus b\n"
            + "    integer        b;\n"
            + "    integer        holders;\n";

    private static final String K_BUSES = "            for (b = 0; b < K; b = b + 1) begin\n"
            + "                holders = 0;\n"
            + "                for (i = 0; i < N; i = i + 1) if (bus[i*K + b]) holders = holders + 1;\n"
            + "                if (holders > 1) begin\n"
            + "                    $display(\"FAIL: cycle %0d: bus %0d has %0d holders (%b)\", cycle, b, holders, bus);\n"
            + "                    errors = errors + 1;\n"
            + "                end\n"
            + "            end\n"
            + "            for (i = 0; i < N; i = i + 1) begin\n"
            + "                if ((bus[i*K +: K] & (bus[i*K +: K] - 1'b1)) != {K{1'b0}} || gnt[i] != |bus[i*K +: K]) begin\n"
            + "                    $display(\"FAIL: cycle %0d: processor %0d holds buses %b with gnt %b\", cycle, i,"
            + " bus[i*K +: K], gnt[i]);\n"
            + "                    errors = errors + 1;\n"
            + "                end\n"
            + "            end\n";

    private static final String BODY = """
            module tb_ppbus_top;
                localparam integer N      = @N@;
                localparam integer CYCLES = @CYCLES@;    // cycles in which processors may ask
                localparam integer DRAIN  = 100000;  // then at most this many more to serve every request
                localparam integer LOAD   = 8 * N;   // a thinking processor asks with probability 1/LOAD per cycle
                localparam integer HOLD   = 3;       // cycles a processor keeps the bus once granted

                reg          clk;
                reg          rst;
                reg  [N-1:0] req;
                reg  [N-1:0] req_prev;  // req in the previous cycle: gnt may rise only after it
                wire [N-1:0] gnt;
                reg  [31:0]  held [0:N-1];
                integer      seed;
                integer      cycle;
                integer      i;
                integer      errors;
                integer      requests;
                integer      grants;
                @DECL@

                ppbus_top dut (
                    .clk (clk),
                    .rst (rst),
                    .req (req),
                    .gnt (gnt)@DEAD@@BUSPORT@
                );

                task check_and_drive;
                    begin
                        @EXCLUSION@
                        for (i = 0; i < N; i = i + 1) begin
                            if (gnt[i] && !req_prev[i]) begin
                                $display("FAIL: cycle %0d: gnt[%0d] without a request", cycle, i);
                                errors = errors + 1;
                            end
                            if (req[i] && gnt[i]) begin
                                // The processor has seen gnt; it keeps the bus HOLD cycles, then lowers req.
                                if (held[i] == 0) grants = grants + 1;
                                held[i] = held[i] + 1;
                                if (held[i] >= HOLD) req[i] = 1'b0;
                            end else if (!req[i] && !gnt[i] && cycle < CYCLES && ({$random(seed)} % LOAD) == 0) begin
                                req[i] = 1'b1;
                                held[i] = 0;
                                requests = requests + 1;
                            end
                        end
                    end
                endtask

                initial begin
                    seed = @SEED@;
                    clk = 1'b0;
                    rst = 1'b1;
                    req = {N{1'b0}};
                    req_prev = {N{1'b0}};
                    errors = 0;
                    requests = 0;
                    grants = 0;
                    for (i = 0; i < N; i = i + 1) held[i] = 0;
                    repeat (2) begin
                        #5 clk = 1'b1;
                        #5 clk = 1'b0;
                    end
                    rst = 1'b0;
                    for (cycle = 0; cycle < CYCLES || (req != {N{1'b0}} && cycle < CYCLES + DRAIN); cycle = cycle + 1) begin
                        check_and_drive;
                        #5 clk = 1'b1;
                        req_prev = req;
                        #5 clk = 1'b0;
                    end
                    if (req != {N{1'b0}}) begin
                        $display("FAIL: requests %b still waiting %0d cycles after the last one was made", req, DRAIN);
                        errors = errors + 1;
                    end
                    if (grants != requests) begin
                        $display("FAIL: %0d requests, %0d grants", requests, grants);
                        errors = errors + 1;
                    end
                    if (errors == 0 && requests > 0)
                        $display("PASS: %0d requests in %0d cycles, each granted once, @PASS@", requests, cycle);
                    else if (errors == 0)
                        $display("FAIL: no request was made");
                    $finish;
                end
            endmodule
            """;
}
