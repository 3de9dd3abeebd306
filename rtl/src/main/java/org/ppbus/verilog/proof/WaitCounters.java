package org.ppbus.verilog.proof;

import java.util.List;
import org.ppbus.verilog.Contract;

/**
 * The counters and assertions of the bounded-liveness harness ({@link FaultHarness} with a
 * {@link LivenessGoal}), and the processors' side of it: each lowers req at most H cycles after its
 * gnt rises.
 *
 * <p>The meals are counted per ordered pair (i, j): the grants of j since the cycle after i's req
 * rose, while i waits, each asserted at most M in an output of its own. Together they bound the
 * others' grants while i waits by (n - 1)M. One sum per processor says the same, but pdr proves the
 * pairs (n = 7: all 42 in 1,264 s) and not the sums (undecided after 1,604 s): a pair's counter is
 * related to the state of the two processors' shared arbiter alone.
 */
final class WaitCounters {
    private WaitCounters() {}

    /** Bits that hold 0 .. max. */
    static int bits(int max) {
        return 32 - Integer.numberOfLeadingZeros(Math.max(1, max));
    }

    /** {@code q + 1}, staying at {@code max}. */
    private static String saturating(String q, int width, int max) {
        return "(" + q + " == " + width + "'d" + max + " ? " + q + " : " + q + " + 1'b1)";
    }

    private static String pair(int i, int j) {
        return "pair_q_" + i + "_" + j;
    }

    /**
     * Per processor, the cycles its gnt has been high before this one (held_q, saturating at H);
     * with the meals, per ordered pair (i, j) the grants of j while i waits (pair_q_i_j, of the bits
     * that hold M + 1, saturating at the top of its range: the form pdr proved at n = 7 in 1,204 and
     * 1,264 s, where saturating at M + 1 was slower); with the idle bound, the cycles in a row with a request waiting and no gnt (idle_q);
     * with the wait itself, the cycles each has waited with req high and gnt low after the reset
     * cycle (wait_q, saturating at B + 1): a req raised during the reset is seen from the next cycle.
     */
    static void declare(StringBuilder b, int n, LivenessGoal goal) {
        Contract.WaitBound wait = goal.bound();
        int hb = bits(wait.hold());
        int wb = bits(wait.cycles() + 1);
        int mb = bits(wait.perOther() + 1);
        int gb = bits(goal.gapTo() + 1);
        String range = "[" + (n - 1) + ":0]";
        b.append("    // Bounded liveness: cycles each gnt has been high (held_q_i, up to H = " + wait.hold() + ")");
        b.append(
                goal.meals()
                        ? ";\n    // grants of j while i waits (pair_q_i_j, past M = " + wait.perOther()
                                + " at least once)"
                        : "");
        b.append(
                goal.segments()
                        ? ";\n    // cycles in a row with the same requests, one waiting, and no gnt (idle_q)"
                        : goal.gap() ? ";\n    // cycles in a row with a request waiting and no gnt (idle_q)" : "");
        b.append(goal.waits() ? ";\n    // cycles each req has waited (wait_q_i, up to B + 1)" : "");
        b.append(".\n    reg " + range + " gnt_q = " + n + "'d0;\n");
        if (goal.gap()) {
            b.append("    reg [" + (gb - 1) + ":0] idle_q = " + gb + "'d0;\n");
        }
        StringBuilder next = new StringBuilder("    always @(posedge clk) begin\n        gnt_q <= gnt;\n");
        if (goal.gap()) {
            String restart = goal.segments() ? "(req != req_q) ? " + gb + "'d1 : " : "";
            next.append("        idle_q <= !(past_valid && gnt == " + n + "'d0 && req != " + n + "'d0) ? " + gb
                    + "'d0 : " + restart + saturating("idle_q", gb, goal.gapTo() + 1) + ";\n");
        }
        for (int i = 0; i < n; i++) {
            b.append("    reg [" + (hb - 1) + ":0] held_q_" + i + " = " + hb + "'d0;\n");
            next.append("        held_q_" + i + " <= !gnt[" + i + "] ? " + hb + "'d0 : "
                    + saturating("held_q_" + i, hb, wait.hold()) + ";\n");
            if (goal.waits()) {
                b.append("    reg [" + (wb - 1) + ":0] wait_q_" + i + " = " + wb + "'d0;\n");
                next.append("        wait_q_" + i + " <= !(past_valid && req[" + i + "] && !gnt[" + i + "]) ? " + wb
                        + "'d0 : " + saturating("wait_q_" + i, wb, wait.cycles() + 1) + ";\n");
            }
            for (int j = 0; j < n && goal.meals(); j++) {
                if (j != i) {
                    b.append("    reg [" + (mb - 1) + ":0] " + pair(i, j) + " = " + mb + "'d0;\n");
                    next.append("        " + pair(i, j) + " <= !(past_valid && req_q[" + i + "] && !gnt[" + i + "]) ? "
                            + mb + "'d0 : (gnt[" + j + "] && !gnt_q[" + j + "]) ? "
                            + saturating(pair(i, j), mb, (1 << mb) - 1) + " : " + pair(i, j) + ";\n");
                }
            }
        }
        b.append(next).append("    end\n\n");
    }

    /** The processors' side: each lowers req at most H cycles after its gnt rises. */
    static void holdAssumption(StringBuilder b, int n, Contract.WaitBound wait) {
        b.append("            // Each processor lowers req at most H = " + wait.hold()
                + " cycles after its gnt rises.\n");
        for (int i = 0; i < n; i++) {
            b.append("            if (held_q_" + i + " == " + bits(wait.hold()) + "'d" + wait.hold() + ") assume(!req["
                    + i + "]);\n");
        }
    }

    /** The goal's assertions, each output's property appended to {@code outputs}. */
    static void assertions(StringBuilder b, List<String> outputs, int n, LivenessGoal goal) {
        Contract.WaitBound wait = goal.bound();
        for (int i = 0; i < n && goal.meals(); i++) {
            for (int j = 0; j < n; j++) {
                if (j != i) {
                    check(
                            b,
                            outputs,
                            FaultHarness.MEALS,
                            pair(i, j) + " <= " + bits(wait.perOther() + 1) + "'d" + wait.perOther());
                }
            }
        }
        for (int g = wait.gap(); g <= goal.gapTo() && goal.assertsGap(); g++) {
            check(
                    b,
                    outputs,
                    goal.segments() ? FaultHarness.SEGMENT : FaultHarness.GAP,
                    "idle_q <= " + bits(goal.gapTo() + 1) + "'d" + g);
        }
        for (int i = 0; i < n && goal.waits(); i++) {
            check(
                    b,
                    outputs,
                    FaultHarness.WAIT,
                    "wait_q_" + i + " <= " + bits(wait.cycles() + 1) + "'d" + wait.cycles());
        }
    }

    private static void check(StringBuilder b, List<String> outputs, String property, String condition) {
        b.append("            " + FaultHarness.label(outputs.size()) + ": assert(" + condition + ");\n");
        outputs.add(property);
    }
}
