package org.ppbus.cli.verify;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.ppbus.bus.Sharing;
import org.ppbus.check.Finding;
import org.ppbus.check.Violation;
import org.ppbus.cli.options.Outputs;
import org.ppbus.cli.options.RunOption;
import org.ppbus.link.ChosenFaults;
import org.ppbus.protocol.cc.CcPlanes;
import org.ppbus.protocol.descriptor.Algorithm;
import org.ppbus.search.ExhaustiveSearch;
import org.ppbus.search.FairnessCheck;
import org.ppbus.search.SearchOptions;
import org.ppbus.search.SearchResult;
import org.ppbus.testbench.Simulation;
import org.ppbus.testbench.SimulationConfig;
import org.ppbus.testbench.SimulationResult;
import org.ppbus.view.HtmlExport;
import org.ppbus.workload.RequestTrace;

/** {@code ppbus verify}'s search outcome in words, and its first finding written as a replayable trace. */
public final class VerifyOutcome {
    private VerifyOutcome() {}

    /**
     * A counterexample written to a file, the command that replays it, and what that replay reports
     * (run here, through the same code as {@code ppbus simulate}; null for no violation).
     */
    public record Written(Path trace, String replay, Violation replayed, int[] cutOff) {}

    /** Prints the search's outcome; writes the first finding as a trace when it can be replayed. */
    public static Written printSearch(PrintStream out, ExhaustiveSearch search, SearchResult r, VerifyRequest q)
            throws IOException {
        SearchOptions opt = q.search();
        printFigures(out, r, opt);
        if (r.findings().isEmpty()) {
            out.println((r.complete() ? "no violation in any reachable state" : "no violation in the states explored")
                    + skipped(r, opt));
            return null;
        }
        Finding f = r.findings().get(0);
        out.printf(Locale.ROOT, "VIOLATION %s: %s%n", f.property().label(), f.message());
        out.printf(
                Locale.ROOT,
                "  at depth %d%s%n",
                f.loopStart() >= 0 ? f.loopStart() : f.path().size(),
                f.loopStart() >= 0 ? ", then a loop of " + f.loopCycles() + " cycles" : "");
        if (opt.async()) {
            out.println("  (an asynchronous counterexample is not replayable by the synchronous simulator;"
                    + " no trace written)");
            return null;
        }
        List<String> faults = search.faultsOn(f);
        if (faults.size() > 1) {
            out.println(
                    "  faults on the path: " + String.join(", ", faults) + " (ppbus simulate injects one fault per run,"
                            + " so this counterexample is not written as a trace)");
            return null;
        }
        String fault = faults.isEmpty() ? "none" : faults.get(0);
        if (!faults.isEmpty()) {
            out.println("  fault on the path: " + fault);
        }
        Written w = writeCounterexample(search, f, q, fault);
        out.println("counterexample: " + q.traceOut());
        out.println("replay: " + w.replay());
        if (q.html() != null && q.buses() == 1) {
            out.println("html: " + q.html() + " (the replay as a page that opens on the violation)");
        }
        out.println(replayVerdict(w, f));
        return w;
    }

    /**
     * The breadth-first layers: the widest, and for a search that stopped, the last complete layer
     * against the one before it (above 1, the graph was still widening there).
     */
    private static void printLayers(PrintStream out, SearchResult r, String what) {
        List<Integer> layers = r.statesPerDepth();
        int widest = 0;
        for (int d = 1; d < layers.size(); d++) {
            if (layers.get(d) > layers.get(widest)) {
                widest = d;
            }
        }
        String last = Double.isNaN(r.lastGrowth())
                ? ""
                : String.format(
                        Locale.ROOT,
                        "; the last complete, depth %d, has %,d (%.2f times depth %d)",
                        r.exploredDepth(),
                        layers.get(r.exploredDepth()),
                        r.lastGrowth(),
                        r.exploredDepth() - 1);
        out.printf(Locale.ROOT, "layers: the widest, depth %d, has %,d %s%s%n", widest, layers.get(widest), what, last);
    }

    /** What the replay reports, against the search's verdict. */
    private static String replayVerdict(Written w, Finding f) {
        Violation v = w.replayed();
        return v == null && w.cutOff() != null
                ? "  the replay checks only safety after the crash, and reports clients " + Arrays.toString(w.cutOff())
                        + " as cut off"
                : v == null
                        ? "  NOTE: the replay reports no violation"
                        : "  the replay reports " + v.property().label() + " at cycle " + v.cycle()
                                + (v.property() == f.property()
                                        ? ""
                                        : "  (NOTE: not the search's verdict, "
                                                + f.property().label() + ")");
    }

    /** The search's size, its overtaking count and, with faults, the repair bound. */
    private static void printFigures(PrintStream out, SearchResult r, SearchOptions opt) {
        out.printf(
                Locale.ROOT,
                "states %,d  transitions %,d  depth %d  %s  %.1f s (%,.0f states/s)  %.1f MB of tables"
                        + " (%.1f bytes per state, the store of states %.1f)%n",
                r.states(),
                r.transitions(),
                r.depth(),
                r.complete()
                        ? "complete"
                        : "INCOMPLETE (" + r.stoppedBecause() + "; every state within " + r.exploredDepth()
                                + " cycles checked)",
                r.seconds(),
                r.statesPerSecond(),
                r.bytes() / 1e6,
                r.bytesPerState(),
                r.storeBytesPerState());
        printLayers(out, r, opt.symmetry() ? "orbits" : "states");
        if (opt.symmetry()) {
            out.printf(
                    Locale.ROOT,
                    "symmetry: the %,d states are orbits of the plane's symmetries; they hold %,d states unreduced%n",
                    r.states(),
                    r.unreducedStates());
        }
        printOvertaking(out, r, opt);
        if (r.repair() != null) {
            out.printf(
                    Locale.ROOT,
                    "faults %s: %,d %s broken by a fault and not yet repaired; %s%n",
                    ChosenFaults.names(opt.faultKinds()),
                    r.repair().brokenStates(),
                    opt.symmetry() ? "orbits" : "states",
                    r.repair().boundCycles() >= 0
                            ? "every fault repaired within " + r.repair().boundCycles()
                                    + " cycles (the longest run of broken states)"
                            : "no repair bound (the search is incomplete or found a violation)");
        }
        if (opt.crash()) {
            out.println(
                    "crash: any one node in any cycle; after it one live eater and live forks held by their OWNERs"
                            + " (safety), and no deadlock, livelock or starvation of a survivor (a live client that did not give up)");
        }
    }

    /** The idle processors' places, if set aside, and the overtaking bound with how it was decided. */
    private static void printOvertaking(PrintStream out, SearchResult r, SearchOptions opt) {
        if (opt.idleUnranked()) {
            out.println("idle ranks: the places of the processors that never ask in the arbiters' lists are kept out of"
                    + " the states (no rule reads them); I4 covers the processors that ask");
        }
        if (r.overtakeBound() != Algorithm.NO_BOUND && r.maxOvertakes() < 0) {
            out.printf(
                    Locale.ROOT,
                    "overtaking: not decided (bound %d for L=%d and holds of 1 cycle; --fairness-after-search decides it"
                            + " on the complete graph only)%n",
                    r.overtakeBound(),
                    opt.latency());
        } else if (r.overtakeBound() != Algorithm.NO_BOUND) {
            out.printf(
                    Locale.ROOT,
                    "overtaking: at most %d meal%s of one processor in another's hungry period"
                            + " (bound %d for L=%d and holds of 1 cycle)%s%n",
                    r.maxOvertakes(),
                    r.maxOvertakes() == 1 ? "" : "s",
                    r.overtakeBound(),
                    opt.latency(),
                    opt.fairness() == FairnessCheck.GRAPH ? ", decided on the complete graph" : "");
        }
    }

    /** What a clean search left out, so that "no violation" claims no check it did not make. */
    private static String skipped(SearchResult r, SearchOptions opt) {
        List<String> parts = new ArrayList<>();
        if (!opt.liveness()) {
            parts.add("safety" + (r.repair() != null ? " and the repair bound" : "") + " only: "
                    + (opt.hashCompaction() ? "--hash-compaction" : "--no-liveness")
                    + " skipped deadlock, livelock and starvation");
        }
        if (!opt.checkH()) {
            parts.add("--no-h skipped I4, H acyclic");
        }
        if (!opt.checkOvertaking() || r.overtakeBound() == Algorithm.NO_BOUND) {
            parts.add("the overtaking bound not checked: "
                    + (opt.faultKinds() != 0
                            ? "faults (a repair may break it once)"
                            : opt.crash() ? "a crash" : opt.async() ? "asynchronous channels" : "--no-fairness"));
        }
        return parts.isEmpty() ? "" : " (" + String.join("; ", parts) + ")";
    }

    /**
     * Writes a finding as a request trace and replays it. A loop is repeated until a run's watchdogs,
     * whose bounds the replay command sets, must have fired: the starvation and livelock bound is
     * longer than any wait before the loop can be, and the loop outlasts it, the stall bound, and the
     * n meals the starvation watchdog also waits for.
     */
    private static Written writeCounterexample(ExhaustiveSearch search, Finding f, VerifyRequest q, String fault)
            throws IOException {
        SearchOptions opt = q.search();
        SimulationConfig defaults = SimulationConfig.defaults();
        boolean loop = f.loopStart() >= 0;
        int loopLength = loop ? f.path().size() - f.loopStart() : 0;
        long watchdog = loop ? 64 + 2L * f.path().size() + 8L * loopLength : defaults.watchdogCycles();
        // Each turn of a starvation loop starts at least one meal, and the starvation watchdog also
        // waits for n of them.
        int repeats = loop
                ? Math.max(
                        opt.nodes() + 2,
                        (int) ((watchdog + defaults.stallCycles() + 2 + loopLength - 1) / loopLength) + 1)
                : 0;
        List<int[]> actions = f.unrolled(repeats);
        RequestTrace trace = search.trace(actions, 1_000_000);
        String header = String.format(
                Locale.ROOT,
                "# counterexample of ppbus verify: %s: %s%n# %sn=%d L=%d rules %s%s%n",
                f.property().label(),
                f.message(),
                q.buses() > 1 ? CcPlanes.ALGORITHM.name() + " k=" + q.buses() + " " : "",
                opt.nodes(),
                opt.latency(),
                opt.rules().label(),
                loop ? "; the loop from cycle " + (f.loopStart() + 1) + " is repeated " + repeats + " more times" : "");
        Path tracePath = q.traceOut();
        Outputs.write(tracePath, trace.text(header));
        SimulationConfig.Builder replayed = defaults.toBuilder();
        if (q.buses() > 1) {
            replayed.algorithm(CcPlanes.ALGORITHM.name()).sharing(new Sharing(q.buses(), 1, 0));
        }
        SimulationConfig replay = replayed.nodes(opt.nodes())
                .latencyCycles(opt.latency())
                .rules(opt.rules())
                .workload(tracePath.toString())
                .cycles(actions.size() + 2L)
                .watchdogCycles(watchdog)
                .fairness(opt.checkOvertaking())
                .fault(fault)
                .build()
                .validated();
        Simulation sim = new Simulation(replay);
        HtmlExport.Recording page = q.html() != null ? HtmlExport.Recording.of(replay) : null;
        if (page != null) {
            sim.tap(page.tap());
        }
        SimulationResult run = sim.run();
        if (page != null) {
            HtmlExport.write(q.html(), page, replay, run);
        }
        int[] cutOff = run.fault() == null || run.fault().survival() == null
                ? null
                : run.fault().survival().cutOff();
        return new Written(
                tracePath,
                RunOption.replayCommand(replay, tracePath.toString(), replay.cycles()),
                run.violation(),
                cutOff);
    }
}
