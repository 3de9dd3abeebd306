package org.ppbus.verilog;

import org.ppbus.protocol.descriptor.Algorithm;

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

    /**
     * The properties' text, inside {@code `ifdef PPBUS_CHECKS}, for a design whose overtaking bound
     * is {@code overtakeBound}; {@link Algorithm#NO_BOUND} leaves a_bounded_wait out, with a comment
     * that says why.
     */
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
        if (overtakeBound == Algorithm.NO_BOUND) {
            b.append("    // No a_bounded_wait: this design promises no bound (a processor nearer the grant source\n"
                    + "    // may be granted again and again while another waits).\n");
        } else {
            boundedWait(b, n, overtakeBound);
        }
        b.append("`endif\n");
        return b.toString();
    }

    /**
     * Per waiting processor i, who was granted how often since it waits (gnt[i] low, req[i] high
     * in the cycle before: a gnt in the cycle req[i] rises was decided without it, as the search and
     * the simulator's checker count): M sets of processors, set k holding those granted at least
     * k times. A grant to a processor already in set M is one too many. Sets of n bits, updated by
     * word operations, rather than n^2 counters: Verilator builds and runs them cheaply at n = 57.
     */
    private static void boundedWait(StringBuilder b, int n, int m) {
        String times = m + " time" + (m == 1 ? "" : "s");
        String nz = n + "'d0";
        b.append("    // Bounded waiting: while processor i waits (gnt[i] low, req[i] high since the cycle before: a\n"
                + "    // grant in the cycle req[i] rises was decided before), every other processor is granted at\n"
                + "    // most " + times + " (the overtaking bound for this L and any hold). g_wait[i].seen_q holds "
                + m + " set" + (m == 1 ? "" : "s") + "\n"
                + "    // of processors, set k (bits [k*" + n + " +: " + n + "]) those granted more than k times in i's"
                + " wait.\n");
        b.append("    wire [" + (n - 1) + ":0] rising = gnt & ~gnt_q;  // granted in this cycle\n");
        b.append("    wire [" + (n - 1) + ":0] overtaken;  // bit i: someone granted more than " + times
                + " in i's wait\n");
        b.append("    genvar wi;\n    generate\n");
        b.append("        for (wi = 0; wi < " + n + "; wi = wi + 1) begin : g_wait\n");
        b.append("            wire waiting = req_q[wi] && !gnt[wi];\n");
        b.append("            reg  [" + (m * n - 1) + ":0] seen_q;\n");
        // Set k gains the processors of set k - 1 granted now; set 0 gains everyone granted now.
        String below = m > 1 ? "{seen_q[" + ((m - 1) * n - 1) + ":0], {" + n + "{1'b1}}}" : "{" + n + "{1'b1}}";
        b.append("            wire [" + (m * n - 1) + ":0] seen = seen_q | (" + below + " & {" + m + "{rising}});\n");
        b.append("            always @(posedge clk) seen_q <= (rst || !waiting) ? " + (m * n) + "'d0 : seen;\n");
        b.append("            assign overtaken[wi] = waiting && (seen_q[" + (m * n - 1) + ":" + ((m - 1) * n)
                + "] & rising) != " + nz + ";\n");
        b.append("        end\n    endgenerate\n");
        b.append("    `PPBUS_ASSERT(a_bounded_wait, \"a_bounded_wait\", overtaken == " + nz + ",\n"
                + "        \"another processor was granted more than " + times + " while these waited\", overtaken)\n");
    }
}
