package org.ppbus.verilog;

import java.util.ArrayList;
import java.util.List;
import org.ppbus.plane.Wiring;
import org.ppbus.protocol.RuleSet;
import org.ppbus.registry.Algorithms;

/**
 * The contract of a generated Campos–Carvalho network, stated where its user reads it: at the head
 * of {@code ppbus_top.v} and in the {@code README.md} beside the RTL (docs/SPEC.md, "Contract",
 * restated). The latencies are derived for the chosen L, and {@code ContractLatencyTest} checks
 * them against simulation.
 */
public final class Contract {
    private Contract() {}

    /** Cycles from req rising to gnt rising for the first request after reset: request out, fork back, eat. */
    public static int firstAfterReset(int latency) {
        return 2 * latency + 1;
    }

    /** Cycles from req to gnt when the processor asks again and nobody asked meanwhile: its forks stayed. */
    public static int reentry() {
        return 1;
    }

    /**
     * Cycles from req to gnt when the forks it needs are parked at another processor that is not
     * asking (the typical case at low load): request to the arbiter, the arbiter's request to the
     * holder, the fork back to the arbiter, the fork to the asker, eat.
     */
    public static int parkedElsewhere(int latency) {
        return 4 * latency + 1;
    }

    /**
     * The fairness bound the RTL checks (a_bounded_wait) and states: while a processor waits,
     * another starts at most this many meals. It is docs/ERRATA.md L1's bound for the shortest hold
     * the handshake allows, H = 0 (req lowered in the cycle gnt rises, one meal every 2 cycles),
     * which is max(1, L); holds of at least one cycle give the smaller {@link #overtakeBoundHeld}.
     */
    public static int overtakeBound(int latency) {
        return Algorithms.campos().overtakeBound(latency, 0);
    }

    /** The fairness bound for processors that hold gnt at least one cycle before lowering req (H = 1). */
    public static int overtakeBoundHeld(int latency) {
        return Algorithms.campos().overtakeBound(latency, 1);
    }

    /**
     * Bounded liveness in cycles, for processors that lower req at most {@code hold} cycles after
     * gnt rises: while a processor waits, the others are granted at most {@code meals} times from
     * the cycle after its req rises; the bus is idle at most {@code gap} cycles in a row while a
     * request waits; and so every request is granted within {@code cycles} cycles of req rising.
     * {@code perOther} is M, the fairness bound between two processors: while one waits, any other
     * is granted at most M times, so {@code meals} is (n - 1)M.
     */
    public record WaitBound(int hold, int perOther, int meals, int gap, int cycles, boolean direct) {
        /** The same with another wait bound (tests set one by hand to find the tightest). */
        public WaitBound withCycles(int c) {
            return new WaitBound(hold, perOther, meals, gap, c, direct);
        }

        /** The same with another idle bound G, and B recomputed from it. */
        public WaitBound withGap(int g) {
            return new WaitBound(hold, perOther, meals, g, (meals + 1) * (hold + 1) + (meals + 2) * g, direct);
        }

        /**
         * Whether the proof asserts the wait bound itself too, beside the meals and the idle bound
         * from which it follows: a check of the arithmetic, affordable on small planes only.
         */
        public WaitBound withDirect(boolean d) {
            return new WaitBound(hold, perOther, meals, gap, cycles, d);
        }
    }

    /**
     * The wait bound derived from the fairness bound (docs/VERIFICATION.md, "Liveness on the RTL").
     * Any two processors share an arbiter, so while one waits the others start at most (n - 1)M
     * meals from the cycle after its req rises, and one more may hold the bus in that cycle (begun
     * then or before): at most (n - 1)M + 1 meals, each holding the bus H + 1 cycles at most. Between
     * two meals, and before the first and after the last, the bus is idle for at most G = 4L + 2
     * cycles (the longest fork transfer: a request to the arbiter, its reclaim to the holder, the
     * fork back, the fork to the asker, each L; one cycle in an output queue and one to eat). So
     * B = ((n - 1)M + 1)(H + 1) + ((n - 1)M + 2)G. M is derived; G = 4L + 2 is a first guess, which
     * contention breaks (a request overtaken by a later, higher-ranked one waits longer; n = 3,
     * L = 1: 7 idle cycles), so the liveness proof (the proof package's {@code LivenessProof})
     * proves the meals and G as properties of their own and raises G until it holds. B then follows
     * from what is proven.
     */
    public static WaitBound waitBound(int nodes, int latency, int hold) {
        if (hold < 0) {
            throw new IllegalArgumentException("a hold is at least 0 cycles, got " + hold);
        }
        int m = overtakeBound(latency);
        return new WaitBound(hold, m, (nodes - 1) * m, 0, 0, false).withGap(4 * latency + 2);
    }

    /** The contract's lines, without comment markers. */
    public static List<String> lines(Wiring w, int latency, RuleSet rules) {
        int n = w.nodes();
        List<String> out = new ArrayList<>();
        out.add("Contract (docs/SPEC.md, \"Contract\", restated for the user of these files):");
        out.add("- Ports: clk; rst (synchronous, active high); req[" + (n - 1) + ":0] in; gnt[" + (n - 1)
                + ":0] out"
                + (rules.reclaim() ? "; dead[" + (n - 1) + ":0] in, a failure detector's verdict per node" : "")
                + ". One bit per processor, processor i on bit i.");
        out.addAll(handshake(true));
        out.addAll(ContractTiming.lines(
                firstAfterReset(latency), "The first request after reset, L = " + latency + ", drawn"));
        out.add("- Latency, channel latency L = " + latency + " cycle" + (latency == 1 ? "" : "s")
                + ", from req rising to gnt rising:");
        out.add("    first request after reset       2L + 1 = " + firstAfterReset(latency) + " cycles");
        out.add("    asking again, nobody else asked      1 = " + reentry()
                + " cycle (the forks stay with their last user)");
        out.add("    forks parked at an idle other   4L + 1 = " + parkedElsewhere(latency)
                + " cycles (typical at low load)");
        out.add("  and more while others ask.");
        out.add("- Fairness: while a processor waits, another starts at most max(1, ceil(2L/(H + 2))) meals,");
        out.add("  H its shortest hold (cycles from gnt rising to req falling): " + overtakeBound(latency)
                + " for H = 0, " + overtakeBoundHeld(latency) + " for H >= 1 (docs/ERRATA.md L1).");
        out.add("  a_bounded_wait checks the first.");
        out.addAll(ProvenWaitBounds.lines(n, latency, rules));
        out.add("- Reset: every gnt low; every arbiter holds its own fork; every client holds its request");
        out.add("  tokens, no fork, and thinks; every arbiter ranks its clients by ascending id; channels idle.");
        out.add("- Size: n = " + n + " processors on the projective plane of order "
                + w.plane().order() + " (" + w.points() + " arbiters, " + w.lineSize() + " per processor); rules "
                + rules.label() + ".");
        out.add("- Parameters: ppbus_top has none (it is generated for this n and L). It sets the units': K (links");
        out.add("  of a client), P (clients of an arbiter), L (the latency, from which +heal's timers derive), F1-F3");
        out.add("  (the audit's fixes) and the switches of +heal and +reclaim; each unit's file says more.");
        return out;
    }

    /**
     * The handshake, the same for every design: the processor's side (a_req_held) and the design's
     * (the other port properties); {@code everyGranted} false for a design that may starve.
     */
    static List<String> handshake(boolean everyGranted) {
        return List.of(
                "- Handshake: a processor raises req[i] to ask for the bus and holds it high until gnt[i] rises",
                "  and for as long as it uses the bus (it never withdraws a request); it lowers req[i] to leave and",
                "  keeps it low for at least one cycle before asking again. gnt[i] is registered: it rises after",
                "  the grant, stays high while req[i] is high, and falls in the cycle after req[i] falls. At most",
                everyGranted
                        ? "  one gnt is high in any cycle, and every request held is granted."
                        : "  one gnt is high in any cycle; a request may wait for ever (see Fairness).");
    }

    /** The contract as a block of Verilog comments. */
    public static String comment(Wiring w, int latency, RuleSet rules) {
        return comment(lines(w, latency, rules));
    }

    /** Contract lines as a block of Verilog comments (an empty line stays an empty comment). */
    static String comment(List<String> lines) {
        StringBuilder b = new StringBuilder();
        for (String l : lines) {
            b.append(l.isEmpty() ? "//" : "// " + l).append('\n');
        }
        return b.append('\n').toString();
    }

    /**
     * The Yosys script that checks ppbus_top's named properties (ppbus_assert.vh) for {@code steps}
     * cycles from a reset, with the processors' side of the handshake assumed: the README's command.
     */
    public static String formalCheck(int steps) {
        return "read_verilog -formal -DPPBUS_ASSUME_INPUTS $(grep '\\.v$' files.f | tr '\\n' ' '); prep -top ppbus_top;"
                + " flatten; sat -seq " + steps + " -prove-asserts -set-assumes -set-init-zero -set-at 1 rst 1";
    }

    /**
     * What every generated README says after its title, one bus or k: how it was generated, the
     * contract's lines and the files.
     */
    static void readmeHead(StringBuilder b, String regenerate, List<String> contract, List<String> files) {
        b.append("Generated by `").append(regenerate).append("`. Do not edit: regenerate instead.\n\n```\n");
        for (String l : contract) {
            b.append(l).append('\n');
        }
        b.append("```\n\n## Files\n\n");
        for (String f : files) {
            b.append("- `").append(f).append("`\n");
        }
    }

    /** The README.md beside the RTL: the contract, the files, and how to use them with each tool. */
    public static String readme(Wiring w, int latency, RuleSet rules, List<String> files, String regenerate) {
        StringBuilder b =
                new StringBuilder("# Campos–Carvalho arbiter, n = " + w.nodes() + ", L = " + latency + "\n\n");
        readmeHead(b, regenerate, lines(w, latency, rules), files);
        b.append("\n`files.f` lists the modules in compile order after `+incdir+.` (the modules include\n")
                .append("`ppbus_assert.vh`, the macros of their simulation checks).\n\n## With your tools\n\n")
                .append("    verilator --lint-only -Wall -F files.f                       # from any folder\n")
                .append("    iverilog -g2005 -s tb_ppbus_top -o tb.vvp -c files.f tb_ppbus_top.v && vvp -n tb.vvp\n")
                .append(
                        "    yosys -p \"read_verilog $(grep '\\.v$' files.f | tr '\\n' ' '); synth_ice40 -top ppbus_top\"\n")
                .append("    yosys -p \"" + formalCheck(12) + "\"\n\n")
                .append(
                        "The testbench `tb_ppbus_top.v` drives random requests that keep the handshake, checks that at\n")
                .append("most one gnt is high and that every request is granted, and prints PASS or FAIL. The\n")
                .append("simulation checks stop the simulation with a named ASSERTION line (ppbus_assert.vh).\n\n")
                .append(
                        "The contract's properties at the ports are named macro instances at the end of `ppbus_top.v`:\n")
                .append("a_one_gnt, a_req_held (your side: a user error in simulation), a_gnt_to_requester,\n")
                .append("a_gnt_held, a_gnt_released and a_bounded_wait. The last Yosys command checks them for 12\n")
                .append("cycles after a reset (`SUCCESS`), with a_req_held assumed; in your own proof, where your\n")
                .append("logic drives req, leave out `-DPPBUS_ASSUME_INPUTS` and it is asserted instead. The check\n")
                .append(
                        "takes seconds at n = 3 and about 100 s at n = 7 (measured): its SAT problem grows with n and L.\n");
        return b.toString();
    }
}
