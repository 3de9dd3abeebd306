package org.ppbus.verilog;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntBinaryOperator;
import java.util.function.IntFunction;
import org.ppbus.protocol.descriptor.Algorithm;
import org.ppbus.protocol.wired.CentralMatrix;
import org.ppbus.protocol.wired.CentralRoundRobin;
import org.ppbus.protocol.wired.DaisyChain;
import org.ppbus.protocol.wired.ParallelContention;

/**
 * Emits the wired arbiters (the central ones, the daisy chain, parallel contention) behind the
 * same {@code ppbus_top} contract as Campos–Carvalho's, so that any testbench, synthesis script,
 * proof or co-simulation runs on each unchanged. Each design is its modules, taken as written from
 * the resources, and a top that wires them for n processors.
 */
public final class WiredVerilogGenerator {
    /** A module file of a design and what it is, for its header. */
    record Module(String file, String what) {}

    /**
     * The wait of a lone request (nobody else asking, the bus idle), counted as {@link
     * ContractTiming} says: its formula as the contract states it, and its value for processor i
     * of n. Derived from the RTL (each design's comment says how); ContractLatencyTest checks it
     * against the model, which the co-simulation keeps cycle-equal to the RTL.
     */
    public record LoneWait(String formula, IntBinaryOperator cycles) {
        public int of(int nodes, int processor) {
            return cycles.applyAsInt(nodes, processor);
        }
    }

    /**
     * One design: its modules in compile order, the body of its top for n processors, the fewest
     * processors it is built for, whether its modules include {@link #CLOG2}, and its lone wait.
     */
    record Spec(
            List<Module> modules,
            IntFunction<String> top,
            int minNodes,
            boolean clog2,
            LoneWait loneWait,
            WorstWait worstWait) {}

    /**
     * A central arbiter registers its pick at the edge that first samples the request, so gnt is
     * sampled high at the next edge.
     */
    private static final LoneWait CENTRAL = new LoneWait("1 cycle", (n, i) -> 1);

    /**
     * The chain's source raises its grant at the edge that first samples BR, and the grant moves one
     * position an edge: position i takes it at edge t + 1 + i, and gnt is sampled high one edge later.
     */
    private static final LoneWait CHAIN = new LoneWait("i + 2 cycles for processor i (position i)", (n, i) -> i + 2);

    /**
     * A round starts at the edge that first samples the request (phase 1), phases 2 to M follow an
     * edge each, the winner is elected at the next edge and granted at the one after: gnt is sampled
     * high M + 2 edges after the request, M = ceil(log2 n) number lines. After its own grant a
     * processor may ask again only after a fairness release (a cycle with nobody eligible).
     */
    private static final LoneWait CONTENTION = new LoneWait(
            "M + 2 cycles, M = ceil(log2 n) number lines (after a cycle with nobody asking)",
            (n, i) -> ParallelContention.lines(n) + 2);

    /**
     * A central arbiter's pick is registered at the edge that first samples a request, and the pick
     * made there may be another's. While a processor waits, each other is granted at most once
     * (round robin passes each once; the matrix puts the one it grants below every waiter), and
     * each grant holds the bus H + 1 cycles: gnt rises, req falls H edges later, and the arbiter
     * registers its next pick at that edge. So B = 1 + (n - 1)(H + 1), reached when every other
     * processor asks in the same cycle and comes first. pdr proves it in seconds at n = 8 for the
     * round robins, but the matrix's n(n - 1)/2 order bits take it over 3 minutes at n = 6 (H = 2)
     * and 5 at n = 7 (H = 0): the matrix's is proven at n = 4 and 5.
     */
    private static WorstWait centralWorst(int... provenAt) {
        return new WorstWait.Derived(
                "1 + (n - 1)(H + 1)",
                (n, h) -> 1 + (n - 1) * (h + 1),
                java.util.Arrays.stream(provenAt).boxed().toList());
    }

    /** The lone wait of a wired design. */
    public static LoneWait loneWait(Algorithm algorithm) {
        return SPECS.get(algorithm).loneWait();
    }

    /** The worst wait of a wired design, derived or not. */
    public static WorstWait worstWait(Algorithm algorithm) {
        return SPECS.get(algorithm).worstWait();
    }

    /** The constant function ceil(log2 x), one home for the modules that size by it. */
    static final String CLOG2 = "ppbus_clog2.vh";

    static final Map<Algorithm, Spec> SPECS = Map.of(
            CentralRoundRobin.ALGORITHM,
            central("ppbus_rr_arbiter", "central round-robin arbiter", 1, centralWorst(4, 8)),
            CentralRoundRobin.PREFIX,
            new Spec(
                    List.of(new Module("ppbus_prefix_arbiter.v", "central round-robin arbiter, log-depth")),
                    n -> centralTop("ppbus_prefix_arbiter", n),
                    1,
                    true,
                    CENTRAL,
                    centralWorst(4, 8)),
            CentralMatrix.ALGORITHM,
            central("ppbus_matrix_arbiter", "central matrix arbiter, least-recently-granted", 2, centralWorst(4, 5)),
            DaisyChain.PLAIN,
            daisyChain(false),
            DaisyChain.FAIR,
            daisyChain(true),
            ParallelContention.ALGORITHM,
            new Spec(
                    List.of(new Module("ppbus_pc_node.v", "parallel-contention node")),
                    WiredVerilogGenerator::contentionTop,
                    1,
                    true,
                    CONTENTION,
                    new WorstWait.NotDerived(
                            "a round's number lines and its fairness release interleave with the holds;"
                                    + " only M is derived")));

    private final String toolVersion;

    /** The wired designs, in the registry's order. */
    public static List<Algorithm> algorithms() {
        return Designs.algorithms().stream().filter(SPECS::containsKey).toList();
    }

    public WiredVerilogGenerator(String toolVersion) {
        this.toolVersion = toolVersion;
    }

    /** The design of a wired algorithm for n processors. */
    public GeneratedDesign generate(Algorithm algorithm, int nodes) {
        Spec spec = SPECS.get(algorithm);
        if (spec == null) {
            throw new IllegalArgumentException(algorithm.name() + " is not a wired design");
        }
        if (nodes < spec.minNodes()) {
            throw new IllegalArgumentException(
                    algorithm.name() + " needs at least " + spec.minNodes() + " nodes, got " + nodes);
        }
        String name = algorithm.name();
        Map<String, String> files = new LinkedHashMap<>();
        files.put(CcVerilogGenerator.ASSERT_MACROS, CcVerilogGenerator.assertMacros(toolVersion));
        if (spec.clog2()) {
            files.put(
                    CLOG2,
                    "// " + CLOG2 + ": included by the modules below.\n" + GeneratedBy.doNotEdit(toolVersion)
                            + CcVerilogGenerator.resource(CLOG2));
        }
        for (Module m : spec.modules()) {
            files.put(
                    m.file(),
                    header(m.file(), m.what(), name, nodes)
                            + CcVerilogGenerator.resource(m.file())
                            + CcVerilogGenerator.FOOTER);
        }
        files.put(
                "ppbus_top.v",
                header("ppbus_top.v", "the " + name + " design (docs/SPEC.md (contract) top level)", name, nodes)
                        + Contract.comment(WiredContract.lines(algorithm, nodes))
                        + "`include \"" + CcVerilogGenerator.ASSERT_MACROS + "\"\n\n"
                        + ports(nodes)
                        + spec.top().apply(nodes)
                        + "\n"
                        + PortProperties.text(nodes, algorithm.overtakeBound(1, 0))
                        + "endmodule\n"
                        + CcVerilogGenerator.FOOTER);
        files.put(
                "files.f",
                CcVerilogGenerator.fileList("// nodes=" + nodes + " algorithm=" + name + ", compile order", files));
        return new GeneratedDesign(files);
    }

    private static Spec central(String module, String what, int minNodes, WorstWait worst) {
        return new Spec(
                List.of(new Module(module + ".v", what)), n -> centralTop(module, n), minNodes, false, CENTRAL, worst);
    }

    private static Spec daisyChain(boolean fair) {
        return new Spec(
                List.of(
                        new Module("ppbus_dc_arbiter.v", "daisy-chain grant source"),
                        new Module("ppbus_dc_position.v", "daisy-chain position")),
                n -> chainTop(n, fair),
                1,
                false,
                CHAIN,
                new WorstWait.NotDerived(
                        fair
                                ? "the grant's trip down the chain and the fair rule's epochs interleave with the holds;"
                                        + " only M is derived"
                                : "it starves"));
    }

    private static String ports(int nodes) {
        String range = "[" + (nodes - 1) + ":0] ";
        String pad = " ".repeat(range.length());
        return "module ppbus_top (\n"
                + "    input  wire " + pad + "clk,\n"
                + "    input  wire " + pad + "rst,\n"
                + "    input  wire " + range + "req,\n"
                + "    output wire " + range + "gnt\n"
                + ");\n";
    }

    private static String centralTop(String module, int nodes) {
        return "    // One central arbiter wired to every processor: 2 wires per node, no messages.\n"
                + "    " + module + " #(\n        .N (" + nodes + ")\n    ) u_arbiter (\n"
                + "        .clk (clk),\n        .rst (rst),\n        .req (req),\n        .gnt (gnt)\n    );\n";
    }

    private static String chainTop(int nodes, boolean fair) {
        return "    // A registered daisy chain: the grant source in node 0's slot, then the positions in id\n"
                + "    // order, nearest first. Shared wired-OR lines: BR (someone asks), BBSY (the owner still\n"
                + "    // wants the bus) and the grant-on-chain line; bg[i] is the grant at position i in this\n"
                + "    // cycle, and bg[N] is one passed by the last position, which nobody takes.\n"
                + "    localparam integer N = " + nodes + ";\n\n"
                + "    wire [N:0]   bg;\n"
                + "    wire [N-1:0] ask;\n"
                + "    wire [N-1:0] busy;\n"
                + "    wire         br_line    = |ask;\n"
                + "    wire         bbsy_line  = |busy;\n"
                + "    wire         chain_line = |bg[N-1:0];\n"
                + "    wire         unused_tail = bg[N];\n\n"
                + "    ppbus_dc_arbiter u_arbiter (\n"
                + "        .clk        (clk),\n        .rst        (rst),\n        .br_line    (br_line),\n"
                + "        .bbsy_line  (bbsy_line),\n        .chain_line (chain_line),\n        .bg         (bg[0])\n"
                + "    );\n\n"
                + "    genvar i;\n    generate\n        for (i = 0; i < N; i = i + 1) begin : g_position\n"
                + "            ppbus_dc_position #(\n                .FAIR (" + (fair ? 1 : 0) + ")\n"
                + "            ) u_position (\n"
                + "                .clk     (clk),\n                .rst     (rst),\n                .req     (req[i]),\n"
                + "                .bg_in   (bg[i]),\n                .br_line (br_line),\n"
                + "                .bg_out  (bg[i + 1]),\n                .ask     (ask[i]),\n"
                + "                .busy    (busy[i]),\n                .gnt     (gnt[i])\n            );\n"
                + "        end\n    endgenerate\n";
    }

    private static String contentionTop(int nodes) {
        int m = ParallelContention.lines(nodes);
        return "    // Parallel contention: node i competes with arbitration number i on M shared wired-OR\n"
                + "    // number lines, beside the request, winner and busy lines. Each line is the OR of every\n"
                + "    // node's driver of it.\n"
                + "    localparam integer N = " + nodes + ";\n"
                + "    localparam integer M = " + m + ";\n\n"
                + "    wire [N*M-1:0] arb;\n"
                + "    wire [N-1:0]   eligible;\n"
                + "    wire [N-1:0]   elect;\n"
                + "    wire [N-1:0]   busy;\n"
                + "    reg  [M-1:0]   arb_lines;\n"
                + "    wire           ar_line    = |eligible;\n"
                + "    wire           elect_line = |elect;\n"
                + "    wire           busy_line  = |busy;\n\n"
                + "    integer k;\n    always @* begin\n        arb_lines = {M{1'b0}};\n"
                + "        for (k = 0; k < N; k = k + 1) begin\n            arb_lines = arb_lines | arb[k*M +: M];\n"
                + "        end\n    end\n\n"
                + "    genvar i;\n    generate\n        for (i = 0; i < N; i = i + 1) begin : g_node\n"
                + "            ppbus_pc_node #(\n                .M      (M),\n                .NUMBER (i)\n"
                + "            ) u_node (\n"
                + "                .clk        (clk),\n                .rst        (rst),\n"
                + "                .req        (req[i]),\n                .arb_lines  (arb_lines),\n"
                + "                .ar_line    (ar_line),\n                .elect_line (elect_line),\n"
                + "                .busy_line  (busy_line),\n                .arb        (arb[i*M +: M]),\n"
                + "                .eligible   (eligible[i]),\n                .elect      (elect[i]),\n"
                + "                .busy       (busy[i]),\n                .gnt        (gnt[i])\n            );\n"
                + "        end\n    endgenerate\n";
    }

    private String header(String file, String what, String algorithm, int nodes) {
        return "// " + file + ": " + what + ".\n"
                + GeneratedBy.doNotEdit(toolVersion)
                + "// Parameters: nodes=" + nodes + " algorithm=" + algorithm + "\n"
                + "// Regenerate: ppbus generate --algorithm " + algorithm + " --nodes " + nodes + " --out DIR\n"
                + "`resetall\n`timescale 1ns / 1ps\n`default_nettype none\n\n";
    }
}
