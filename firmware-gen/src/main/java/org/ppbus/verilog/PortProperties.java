package org.ppbus.verilog;

/**
 * The contract's properties at {@code ppbus_top}'s ports, one named macro instance each
 * ({@code ppbus_assert.vh}), so that a user's simulation and a user's Yosys proof check the same
 * properties: at most one gnt; req held until gnt (the user's side, reported as the user's error);
 * gnt rising only to a processor that asked; gnt held while req is; gnt released the cycle after
 * req falls; and bounded waiting: while a processor waits, no other is granted more than M times,
 * M the overtaking bound derived in docs/ERRATA.md L1 for the shortest hold the handshake allows
 * ({@link Contract#overtakeBound}).
 */
final class PortProperties {
    private PortProperties() {}

    /** Bits that hold 0 .. max. */
    private static int bits(int max) {
        return 32 - Integer.numberOfLeadingZeros(Math.max(1, max));
    }

    /** The properties' text, inside {@code `ifdef PPBUS_CHECKS}. */
    static String text(int n, int overtakeBound) {
        String zero = n + "'d0";
        String range = "[" + (n - 1) + ":0]";
        StringBuilder b = new StringBuilder();
        b.append("`ifdef PPBUS_CHECKS\n");
        b.append(
                "    // The contract at the ports, one named property each (ppbus_assert.vh): in simulation a failure\n");
        b.append(
                "    // prints its name and stops; under Yosys's read_verilog -formal each is an assert (a_req_held, the\n");
        b.append("    // user's side, an assume where PPBUS_ASSUME_INPUTS is defined).\n");
        b.append("    reg ").append(range).append(" req_q;  // req in the cycle before\n");
        b.append("    reg ").append(range).append(" gnt_q;  // gnt in the cycle before\n");
        b.append("    always @(posedge clk) begin\n");
        b.append("        req_q <= rst ? ").append(zero).append(" : req;\n");
        b.append("        gnt_q <= rst ? ").append(zero).append(" : gnt;\n");
        b.append("    end\n\n");
        b.append("    `PPBUS_ASSERT(a_one_gnt, \"a_one_gnt\", (gnt & (gnt - 1'b1)) == ")
                .append(zero)
                .append(",\n        \"more than one gnt\", gnt)\n");
        b.append("    `PPBUS_ASSERT_INPUT(a_req_held, \"a_req_held\", (req_q & ~req & ~gnt) == ")
                .append(zero)
                .append(
                        ",\n        \"req lowered before its gnt (the contract holds req until gnt)\", req_q & ~req & ~gnt)\n");
        b.append("    `PPBUS_ASSERT(a_gnt_to_requester, \"a_gnt_to_requester\", (gnt & ~gnt_q & ~req_q) == ")
                .append(zero)
                .append(",\n        \"gnt rose to a processor whose req was low\", gnt & ~gnt_q & ~req_q)\n");
        b.append("    `PPBUS_ASSERT(a_gnt_held, \"a_gnt_held\", (gnt_q & req_q & ~gnt) == ")
                .append(zero)
                .append(",\n        \"gnt fell while req was still high\", gnt_q & req_q & ~gnt)\n");
        b.append("    `PPBUS_ASSERT(a_gnt_released, \"a_gnt_released\", (gnt & gnt_q & ~req_q) == ")
                .append(zero)
                .append(",\n        \"gnt still high in the second cycle after req fell\", gnt & gnt_q & ~req_q)\n\n");
        boundedWait(b, n, overtakeBound);
        b.append("`endif\n");
        return b.toString();
    }

    /**
     * Per pair (i, j), the grants of j while i waits (gnt[i] low, req[i] high in the cycle before:
     * a gnt in the cycle req[i] rises was decided without it, as the search and the simulator's
     * checker count), saturating one above the bound; a_bounded_wait fails on a count above it.
     * One small counter per pair in a generate loop rather than one wide vector indexed in a
     * loop: Verilator evaluates the pairs as plain bit logic.
     */
    private static void boundedWait(StringBuilder b, int n, int m) {
        int w = bits(m + 1);
        String times = m + " time" + (m == 1 ? "" : "s");
        b.append("    // Bounded waiting: while processor i waits (gnt[i] low, req[i] high since the cycle before: a\n"
                + "    // grant in the cycle req[i] rises was decided before), every other processor j is granted at\n"
                + "    // most " + times
                + " (the overtaking bound for this L and any hold). g_wait[i].g_by[j].count_q\n"
                + "    // holds the grants of j in i's wait, saturating at " + (m + 1) + ".\n");
        b.append("    wire [" + (n * n - 1) + ":0] overtaken;  // bit i*" + n + " + j: j granted more than " + times
                + " in i's wait\n");
        b.append("    genvar wi, wj;\n");
        b.append("    generate\n");
        b.append("        for (wi = 0; wi < " + n + "; wi = wi + 1) begin : g_wait\n");
        b.append("            wire waiting = req_q[wi] && !gnt[wi];\n");
        b.append("            for (wj = 0; wj < " + n + "; wj = wj + 1) begin : g_by\n");
        b.append("                if (wj == wi) begin : g_self\n");
        b.append("                    assign overtaken[wi*" + n + " + wj] = 1'b0;\n");
        b.append("                end else begin : g_other\n");
        b.append("                    reg  [" + (w - 1) + ":0] count_q;\n");
        b.append("                    wire [" + (w - 1) + ":0] count = count_q + {" + (w - 1)
                + "'d0, gnt[wj] && !gnt_q[wj] && count_q != " + w + "'d" + (m + 1) + "};\n");
        b.append("                    always @(posedge clk) count_q <= (rst || !waiting) ? " + w + "'d0 : count;\n");
        b.append(
                "                    assign overtaken[wi*" + n + " + wj] = waiting && count > " + w + "'d" + m + ";\n");
        b.append("                end\n            end\n        end\n    endgenerate\n");
        b.append("    `PPBUS_ASSERT(a_bounded_wait, \"a_bounded_wait\", overtaken == " + (n * n) + "'d0,\n"
                + "        \"a processor was granted more than " + times + " while another waited (pairs i*" + n
                + " + j)\", overtaken)\n");
    }
}
