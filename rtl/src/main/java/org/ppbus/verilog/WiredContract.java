package org.ppbus.verilog;

import java.util.ArrayList;
import java.util.List;
import org.ppbus.protocol.descriptor.Algorithm;

/**
 * The contract of a generated wired design (a central arbiter, a daisy chain, parallel contention),
 * stated where its user reads it: at the head of {@code ppbus_top.v} and in the {@code README.md}
 * beside the RTL. The handshake and the counting are every design's ({@link Contract},
 * {@link ContractTiming}); the lone wait and the fairness bound are the design's own.
 */
public final class WiredContract {
    private WiredContract() {}

    /** The contract's lines, without comment markers. */
    public static List<String> lines(Algorithm algorithm, int n) {
        WiredVerilogGenerator.LoneWait lone = WiredVerilogGenerator.loneWait(algorithm);
        int m = algorithm.overtakeBound(1, 0);
        boolean bounded = m != Algorithm.NO_BOUND;
        List<String> out = new ArrayList<>();
        out.add("Contract of " + algorithm.name() + " (restated for the user of these files):");
        out.add("- Ports: clk; rst (synchronous, active high); req[" + (n - 1) + ":0] in; gnt[" + (n - 1)
                + ":0] out. One bit per processor, processor i on bit i.");
        out.addAll(Contract.handshake(bounded));
        out.addAll(ContractTiming.lines(lone.of(n, 0), "A lone request of processor 0, drawn"));
        out.add("- Latency: a lone request (nobody else asking, the bus idle) waits " + lone.formula() + ";");
        out.add("  here " + lone.of(n, 0) + " for processor 0 and " + lone.of(n, n - 1) + " for processor " + (n - 1)
                + ".");
        if (bounded) {
            out.add("- Fairness: while a processor waits, each other is granted at most M = " + m + " time"
                    + (m == 1 ? "" : "s") + " (a_bounded_wait).");
            out.addAll(worstCase(WiredVerilogGenerator.worstWait(algorithm), n, m));
        } else {
            out.add("- Fairness: none. A processor nearer the grant source may be granted again and again while");
            out.add("  another waits, so a request may wait for ever: no a_bounded_wait, no worst case.");
        }
        out.add("- Reset: every gnt low, nobody granted.");
        out.add("- Proven: `ppbus verify --algorithm " + algorithm.name() + " --nodes " + n
                + " --rtl --no-search` proves");
        out.add("  with ABC's pdr, for all time, at most one gnt for any req, then every property named at the");
        out.add("  end of ppbus_top.v with the processors' side of the handshake (a_req_held) assumed; ppbus's");
        out.add("  own tests prove them at n = 4 and 8.");
        return out;
    }

    /**
     * The worst wait: derived, with its formula in n and H (the longest hold: cycles from a gnt
     * rising to its req falling) and its value at this n, or not derived, with the reason and the
     * grants a waiter may see.
     */
    static List<String> worstCase(WorstWait worst, int n, int m) {
        List<String> out = new ArrayList<>();
        if (worst instanceof WorstWait.Derived d) {
            out.add("- Worst case: if every holder lowers req at most H cycles after its gnt rises, a request waits");
            out.add("  at most B = " + d.formula() + " cycles: here " + d.of(n, 0) + " for H = 0, " + d.of(n, 1)
                    + " for H = 1, " + (n - 1) + "H + " + d.of(n, 0) + " for any H.");
            out.add("  Derived from the RTL; ppbus's tests prove it with ABC's pdr, and that it is reached, at n = "
                    + d.provenAt().get(0) + " and " + d.provenAt().get(1) + " for H = 0 and 2.");
        } else if (worst instanceof WorstWait.NotDerived nd) {
            out.add("- Worst case: no bound in cycles is derived for this design (" + nd.why() + ");");
            out.add("  a waiting processor sees at most (n - 1)M = " + (n - 1) * m
                    + " grants to others, each as long as its holder keeps req high.");
        }
        return out;
    }

    /** The README.md beside the RTL: the contract, the files, and how to use them with each tool. */
    public static String readme(Algorithm algorithm, int n, List<String> files, String regenerate) {
        StringBuilder b = new StringBuilder("# " + algorithm.name() + " arbiter, n = " + n + "\n\n");
        Contract.readmeHead(b, regenerate, lines(algorithm, n), files);
        b.append("\n`files.f` lists the modules in compile order after `+incdir+.`.\n\n## With your tools\n\n")
                .append("    verilator --lint-only -Wall -F files.f\n")
                .append("    iverilog -g2005 -s tb_ppbus_top -o tb.vvp -c files.f tb_ppbus_top.v && vvp -n tb.vvp\n")
                .append(
                        "    yosys -p \"read_verilog $(grep '\\.v$' files.f | tr '\\n' ' '); synth_ice40 -top ppbus_top\"\n")
                .append("    yosys -p \"" + Contract.formalCheck(12) + "\"\n\n")
                .append(
                        "The last command checks the properties named at the end of `ppbus_top.v` for 12 cycles after\n")
                .append("a reset (`SUCCESS`), with a_req_held assumed; `timing.json` is the counting's diagram in\n")
                .append("WaveDrom.\n");
        return b.toString();
    }
}
