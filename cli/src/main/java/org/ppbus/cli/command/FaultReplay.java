package org.ppbus.cli.command;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.ppbus.cli.console.ProgressBar;
import org.ppbus.cli.console.WorkFolder;
import org.ppbus.cli.options.Outputs;
import org.ppbus.cli.options.UsageException;
import org.ppbus.cli.options.Version;
import org.ppbus.registry.Algorithms;
import org.ppbus.testbench.FaultOutcome;
import org.ppbus.testbench.Reports;
import org.ppbus.testbench.RtlReplay;
import org.ppbus.testbench.SimulationConfig;
import org.ppbus.verilog.ExternalTool;

/**
 * {@code ppbus cosim --fault}: the Java run with its fault, replayed on the generated RTL in Icarus
 * Verilog, whose testbench loses or repeats the same symbol in the same channel register (or
 * silences a crashed node's outputs and raises its failure detector's bit). The Verilated model is not
 * used: the shim would have to write a channel register between cycles and have Verilator evaluate
 * again the logic computed from it, which ppbus has not built. So this path is a replay, compared
 * after the run, not a lockstep. The RTL's own assertions state the fault-free
 * protocol and are compiled out; the testbench still checks mutual exclusion.
 */
final class FaultReplay {
    private FaultReplay() {}

    /** What one replay measured. */
    private record Replayed(RtlReplay replay, RtlReplay.Outcome outcome, double javaSeconds, Path dir) {
        long cycles() {
            return replay.cycles();
        }

        double javaCps() {
            return cycles() / Math.max(1e-9, javaSeconds);
        }

        double rtlCps() {
            return cycles() / Math.max(1e-9, outcome.runSeconds());
        }
    }

    static int run(SimulationConfig c, String json, PrintStream out, PrintStream err)
            throws IOException, UsageException {
        if (!c.algorithmSpec().equals(Algorithms.campos())) {
            throw new UsageException("cosim --fault replays "
                    + Algorithms.campos().name() + "'s channels only; for " + c.algorithm()
                    + " use simulate --fault");
        }
        if (!ExternalTool.available("iverilog")) {
            err.println(
                    "ppbus cosim: iverilog is not installed (apt-get install iverilog); --fault replays the RTL in it");
            return 2;
        }
        RtlReplay replay = new RtlReplay(c);
        try {
            replay.requireReplayableFault();
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        Replayed r = replay(replay, err);
        boolean same = r.outcome().equal();
        if (same) {
            WorkFolder.deleteTree(r.dir());
        }
        print(c, r, out);
        if (json != null) {
            Outputs.write(json, Reports.mapper().writeValueAsString(json(c, r)) + "\n", out);
        }
        return same ? 0 : 1;
    }

    /** The Java run, then the RTL's; neither reports progress, so a ticker says which one runs, and for how long. */
    private static Replayed replay(RtlReplay replay, PrintStream err) throws IOException, UsageException {
        ProgressBar bar = new ProgressBar(err, true);
        AtomicReference<String> phase = new AtomicReference<>("ppbus cosim: --fault: running the Java model");
        ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor(t -> {
            Thread th = new Thread(t, "ppbus-fault-replay-ticker");
            th.setDaemon(true);
            return th;
        });
        ticker.scheduleAtFixedRate(() -> bar.waiting(phase.get()), 1, 1, TimeUnit.SECONDS);
        try {
            long t0 = System.nanoTime();
            replay.record();
            double javaSeconds = (System.nanoTime() - t0) / 1e9;
            phase.set("ppbus cosim: --fault: replaying the Java run on the RTL in Icarus Verilog");
            Path dir = Files.createTempDirectory("ppbus-fault-replay");
            return new Replayed(replay, replay.runIcarus(dir, Version.VERSION), javaSeconds, dir);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        } finally {
            ticker.shutdownNow();
            bar.finish();
        }
    }

    private static void print(SimulationConfig c, Replayed r, PrintStream out) {
        FaultOutcome f = r.replay().javaResult().fault();
        out.printf(
                Locale.ROOT,
                "ppbus cosim: %s, rules %s, n=%d, L=%d, load %s, seed %d, fault %s: %,d cycles compared%n",
                c.algorithm(),
                c.rules().label(),
                c.nodes(),
                c.latencyCycles(),
                Double.toString(c.load()),
                c.seed(),
                c.fault(),
                r.cycles());
        if (f != null) {
            out.printf(
                    Locale.ROOT,
                    "  the fault in the Java run: %s%n",
                    f.injected()
                            ? "cycle " + f.cycle() + ", " + f.channel() + ", sent " + f.sent() + ", delivered "
                                    + f.delivered() + "; faultVerdict " + f.verdict()
                            : f.notInjectedWhy());
        }
        out.printf(Locale.ROOT, "  Java model alone   %,14.0f cycles/s%n", r.javaCps());
        out.printf(
                Locale.ROOT,
                "  RTL in Icarus      %,14.0f cycles/s (compiled in %.1f s, without its assertions)%n",
                r.rtlCps(),
                r.outcome().compileSeconds());
        if (r.outcome().equal()) {
            out.println("  no divergence: every gnt bit and channel symbol agreed in every cycle");
        } else {
            out.println("  DIVERGENCE (the RTL run is kept in " + r.dir() + "):");
            r.outcome().mismatches().forEach(m -> out.println("    " + m));
            r.outcome().rtlErrors().forEach(m -> out.println("    " + m));
        }
    }

    private static ObjectNode json(SimulationConfig c, Replayed r) {
        ObjectNode root = Reports.rtlComparison(Version.VERSION, c, "icarus", false, r.cycles(), false);
        boolean same = r.outcome().equal();
        root.put("divergences", same ? 0 : 1);
        if (!same) {
            root.putArray("mismatches")
                    .addAll(r.outcome().mismatches().stream()
                            .map(Reports.mapper().getNodeFactory()::textNode)
                            .toList());
            root.putArray("rtlErrors")
                    .addAll(r.outcome().rtlErrors().stream()
                            .map(Reports.mapper().getNodeFactory()::textNode)
                            .toList());
        }
        FaultOutcome f = r.replay().javaResult().fault();
        if (f != null) {
            root.put("faultVerdict", f.verdict());
        }
        root.put("javaCyclesPerSecond", r.javaCps());
        root.put("rtlCyclesPerSecond", r.rtlCps());
        // A replay has no lockstep: the whole RTL side (compile and run) stands in for it.
        root.put(
                "lockstepCyclesPerSecond",
                r.cycles()
                        / Math.max(
                                1e-9, r.outcome().compileSeconds() + r.outcome().runSeconds()));
        root.put("buildSeconds", r.outcome().compileSeconds());
        return root;
    }
}
