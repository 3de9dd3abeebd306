package org.ppbus.verilog.proof;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.ppbus.protocol.descriptor.Algorithm;
import org.ppbus.verilog.GeneratedDesign;

/**
 * The proof of a wait bound in cycles on a design's ports: for any req that keeps the handshake
 * (a_req_held, the design's own assumption) and whose holders lower req at most H cycles after
 * their gnt rises (the harness's assumption), no request waits more than B cycles, counted as the
 * contract counts them (from the edge that first samples req high to the edge that first samples
 * gnt high). The design's own port properties are proven beside it. Run with B the stated bound,
 * it proves the bound; run with B - 1, a counterexample shows the bound is reached.
 */
public final class WaitBoundProof {
    private WaitBoundProof() {}

    /**
     * The property the harness adds, first in the proof's order: Yosys sorts the assertions by
     * name, and the design's are named inside its instance after flatten.
     */
    public static final String WAIT = "a_wait_bound";

    /** The properties in the order of the proof's outputs: {@link #WAIT}, then the design's. */
    public static List<String> properties(Algorithm algorithm) {
        List<String> p = new ArrayList<>(List.of(WAIT));
        p.addAll(PortContractProof.properties(algorithm));
        return List.copyOf(p);
    }

    /**
     * The harness: per processor, the edges since its gnt rose (held_q) and since its request was
     * first sampled without a gnt (wait_q, which is d at the edge its gnt is first sampled high).
     */
    static String harness(int nodes, int hold, int bound) {
        int width = 32 - Integer.numberOfLeadingZeros(Math.max(bound, hold) + 1) + 1;
        String w = width + "'d";
        String body = "    // Holds of at most " + hold + " cycles (assumed); no wait above " + bound + " (asserted).\n"
                + "    wire [" + (nodes - 1) + ":0] too_long;\n"
                + "    genvar i;\n"
                + "    generate\n"
                + "        for (i = 0; i < " + nodes + "; i = i + 1) begin : g_count\n"
                + "            reg [" + (width - 1) + ":0] held_q = " + w + "0;\n"
                + "            reg [" + (width - 1) + ":0] wait_q = " + w + "0;\n"
                + "            always @(posedge clk) begin\n"
                + "                // Both saturate: held_q at H + 1, wait_q at B + 1.\n"
                + "                if (!(started && gnt[i])) held_q <= " + w + "0;\n"
                + "                else if (held_q != " + w + (hold + 1) + ") held_q <= held_q + " + w + "1;\n"
                + "                if (!(started && req[i] && !gnt[i])) wait_q <= " + w + "0;\n"
                + "                else if (wait_q != " + w + (bound + 1) + ") wait_q <= wait_q + " + w + "1;\n"
                + "            end\n"
                + "            always @* begin\n"
                + "                if (started) assume (!(gnt[i] && req[i] && held_q >= " + w + hold + "));\n"
                + "            end\n"
                + "            assign too_long[i] = wait_q > " + w + bound + ";\n"
                + "        end\n"
                + "    endgenerate\n"
                + "    always @* begin\n"
                + "        if (started) " + WAIT + ": assert (too_long == " + nodes + "'d0);\n"
                + "    end\n";
        return OneGrantProof.resetHarness(
                "A wait bound of " + bound + " cycles on ppbus_top's ports, for holds of at most " + hold
                        + " cycles and any req that keeps a_req_held.",
                "ppbus_wait_bound",
                nodes,
                body);
    }

    /** Proves (or refutes) a wait bound of {@code bound} cycles for holds of at most {@code hold}. */
    public static RtlFaultProof.Result run(
            GeneratedDesign design,
            Algorithm algorithm,
            int nodes,
            int hold,
            int bound,
            long timeoutSeconds,
            Path dir,
            Consumer<String> progress)
            throws IOException {
        return OneGrantProof.prove(
                design,
                "-formal -DPPBUS_ASSUME_INPUTS",
                "ppbus_wait_bound",
                harness(nodes, hold, bound),
                properties(algorithm),
                timeoutSeconds,
                dir,
                progress,
                PortContractProof.PRELUDE);
    }
}
