package org.ppbus.cosim;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import org.ppbus.io.AtomicFile;
import org.ppbus.link.ChannelId;
import org.ppbus.plane.Wiring;
import org.ppbus.protocol.descriptor.Feature;
import org.ppbus.testbench.GtkwSave;
import org.ppbus.testbench.Simulation;
import org.ppbus.testbench.SimulationConfig;
import org.ppbus.testbench.SimulationResult;
import org.ppbus.testbench.VcdTap;
import org.ppbus.workload.RequestTrace;

/**
 * Lockstep co-simulation of the Java model and the Verilated RTL, with the speed of each. The Java
 * model drives: its processors produce req, its units the expected gnt and symbols; the RTL replays
 * req in batches and must produce the same outputs in every cycle.
 */
public final class Cosim {
    /** Cycles per native call; ≥ 256 makes the JNA overhead negligible (toolchain notes). */
    public static final int BATCH = 1024;

    /**
     * @param cycles cycles compared (the Java run, drain included, or up to the divergence)
     * @param divergence the first difference, or null
     * @param javaVcd, rtlVcd the waveforms written around a divergence, or null
     * @param trace the requests of the run up to a divergence, which replayed as the workload reproduce
     *     it at the same cycle; or null
     */
    public record Result(
            SimulationConfig config,
            long cycles,
            Divergence divergence,
            double javaCyclesPerSecond,
            double rtlCyclesPerSecond,
            double lockstepCyclesPerSecond,
            Path library,
            Path javaVcd,
            Path rtlVcd,
            boolean interrupted,
            double buildSeconds,
            Path trace) {}

    private Cosim() {}

    /**
     * One co-simulation, asked for field by field ({@link #of}, then the {@code with} methods).
     *
     * @param config the run both sides make
     * @param cache where Verilated libraries are built and kept
     * @param vcdPrefix on a divergence, VCDs of both sides are written to prefix-java.vcd and
     *     prefix-rtl.vcd, covering {@code vcdWindow} cycles each side of it, and the run's requests
     *     to prefix.trace; null for none
     * @param library a prebuilt library to use instead of the one built from the config (mutant
     *     tests), or null
     * @param measure also time the Java model and the RTL alone
     * @param checked build the RTL with its simulation assertions; without them it runs faster and
     *     the lockstep still compares every gnt bit and symbol
     * @param progress hears the lockstep's progress (the longest phase), or null
     * @param stop turns true to stop within a cycle: the result then covers the cycles compared
     * @param buildLog gets each line the Verilator build prints, as it appears
     */
    public record Request(
            SimulationConfig config,
            Path cache,
            Path vcdPrefix,
            long vcdWindow,
            Path library,
            boolean measure,
            boolean checked,
            Simulation.Progress progress,
            BooleanSupplier stop,
            Consumer<String> buildLog) {
        /** A checked, timed run without VCDs, built in {@code cache}. */
        public static Request of(SimulationConfig config, Path cache) {
            return new Request(config, cache, null, 0, null, true, true, null, () -> false, line -> {});
        }

        /** The library given, or the configuration's, built (or found in the cache) now. */
        Path libraryOrBuild() throws IOException {
            if (library != null) {
                return library;
            }
            return VerilatorLibrary.build(
                    VerilatorLibrary.Build.of(config.algorithmSpec(), config.nodes(), config.latencyCycles())
                            .withRules(config.rules())
                            .withCache(cache)
                            .withChecked(checked)
                            .withBuses(config.sharing().buses())
                            .withLog(buildLog));
        }

        public Request withVcds(Path prefix, long window) {
            return new Request(config, cache, prefix, window, library, measure, checked, progress, stop, buildLog);
        }

        public Request withLibrary(Path lib) {
            return new Request(config, cache, vcdPrefix, vcdWindow, lib, measure, checked, progress, stop, buildLog);
        }

        /** Skips the Java-alone and RTL-alone timing runs. */
        public Request withoutTimings() {
            return new Request(config, cache, vcdPrefix, vcdWindow, library, false, checked, progress, stop, buildLog);
        }

        /** Builds the RTL without its simulation assertions. */
        public Request unchecked() {
            return new Request(config, cache, vcdPrefix, vcdWindow, library, measure, false, progress, stop, buildLog);
        }

        public Request withProgress(Simulation.Progress p, BooleanSupplier stopWhen, Consumer<String> log) {
            return new Request(config, cache, vcdPrefix, vcdWindow, library, measure, checked, p, stopWhen, log);
        }
    }

    /** Builds (or finds) the RTL, runs both sides in lockstep, and on a divergence writes the files asked for. */
    public static Result run(Request q) throws IOException {
        SimulationConfig c = q.config();
        Path vcdPrefix = q.vcdPrefix();
        boolean measure = q.measure();
        BooleanSupplier stop = q.stop();
        // The build, or finding it in the cache (then a fraction of a second).
        long tb = System.nanoTime();
        Path lib = q.libraryOrBuild();
        double buildSeconds = (System.nanoTime() - tb) / 1e9;
        Wiring wiring = Wiring.forNodes(c.nodes());
        // campos-carvalho-k's planes are Campos-Carvalho units: their symbols are compared too.
        boolean symbols = c.algorithmSpec().has(Feature.SYMBOLS) || c.sharing().buses() > 1;
        double javaCps = measure ? javaAlone(q, buildSeconds) : 0;
        boolean interrupted = false;

        LockstepTap tap;
        Divergence divergence = null;
        long compared;
        double lockstepCps;
        try (RtlModel rtl = new RtlModel(lib)) {
            tap = new LockstepTap(
                    rtl, wiring, symbols, c.seed(), BATCH, c.sharing().buses());
            long t1 = System.nanoTime();
            try (LockstepTap running = tap) {
                interrupted = new Simulation(c)
                        .tap(running)
                        .progress(q.progress())
                        .stopWhen(stop)
                        .run()
                        .interrupted();
                running.flush();
            } catch (LockstepTap.Found f) {
                divergence = f.divergence;
            }
            lockstepCps = tap.historyCycles() / seconds(t1);
            compared = divergence == null ? tap.historyCycles() : divergence.cycle() + 1;
        }
        interrupted |= stop.getAsBoolean();
        double rtlCps = measure && !interrupted ? rtlAlone(lib, tap) : 0;

        DivergenceFiles files = divergence != null && vcdPrefix != null
                ? divergenceFiles(q, lib, tap, divergence, wiring, symbols)
                : new DivergenceFiles(null, null, null);
        return new Result(
                c,
                compared,
                divergence,
                javaCps,
                rtlCps,
                lockstepCps,
                lib,
                files.javaVcd(),
                files.rtlVcd(),
                interrupted,
                buildSeconds,
                files.trace());
    }

    /** The Java model alone, in cycles per second. */
    private static double javaAlone(Request q, double buildSeconds) throws IOException {
        q.buildLog().accept(String.format(Locale.ROOT, "ready after %.0f s; measuring each side alone", buildSeconds));
        long t0 = System.nanoTime();
        SimulationResult alone = new Simulation(q.config()).stopWhen(q.stop()).run();
        return alone.cycles() / seconds(t0);
    }

    /** Where a divergence's waveforms and requests went, each null when not written. */
    private record DivergenceFiles(Path javaVcd, Path rtlVcd, Path trace) {}

    /** Both sides' waveforms around the divergence, with GTKWave save files, and the requests that reproduce it. */
    private static DivergenceFiles divergenceFiles(
            Request q, Path lib, LockstepTap tap, Divergence divergence, Wiring wiring, boolean symbols)
            throws IOException {
        SimulationConfig c = q.config();
        Path vcdPrefix = q.vcdPrefix();
        long vcdWindow = q.vcdWindow();
        long from = Math.max(0, divergence.cycle() - vcdWindow);
        long to = Math.min(tap.historyCycles() - 1, divergence.cycle() + vcdWindow);
        Path javaVcd = vcdPrefix.resolveSibling(vcdPrefix.getFileName() + "-java.vcd");
        Path rtlVcd = vcdPrefix.resolveSibling(vcdPrefix.getFileName() + "-rtl.vcd");
        SimulationResult upTo;
        boolean unitStates;
        try (VcdTap vcd = new VcdTap(javaVcd, wiring, c.latencyCycles(), from, to)) {
            upTo = new Simulation(c.withCycles(Math.min(c.cycles(), to + 1)).toBuilder()
                            .drain(false)
                            .build())
                    .tap(vcd)
                    .run();
            unitStates = vcd.hasUnitStates();
        }
        rtlWindow(lib, tap, from, to, rtlVcd);
        // Both waveforms open in GTKWave on the links of the client the diverging signal names.
        int node = clientOf(divergence.signal());
        // Both open on the cycles before the divergence, the marker on it.
        GtkwSave.View view = GtkwSave.View.of(
                Math.max(from, divergence.cycle() - GtkwSave.View.MAX_CYCLES / 2), to, divergence.cycle());
        GtkwSave.write(javaVcd, wiring, node, symbols, unitStates, view);
        GtkwSave.write(rtlVcd, wiring, node, symbols, false, view);
        Path trace = vcdPrefix.resolveSibling(vcdPrefix.getFileName() + ".trace");
        writeTrace(trace, upTo.trace(), c, divergence);
        return new DivergenceFiles(javaVcd, rtlVcd, trace);
    }

    /** The client of a diverging channel; 0 for a gnt bit or an assertion, which name no channel. */
    private static int clientOf(String signal) {
        try {
            return ChannelId.parse(signal) instanceof ChannelId.Link link ? link.client() : 0;
        } catch (IllegalArgumentException e) {
            return 0;
        }
    }

    /**
     * The requests raised up to the divergence: the Java side in lockstep raised them,
     * so they drive both sides of a replay exactly as in the run, whatever workload made them.
     */
    private static void writeTrace(Path file, RequestTrace t, SimulationConfig c, Divergence d) throws IOException {
        // Requests after the divergence cannot change it; the replay's --cycles stops before them.
        RequestTrace upTo = new RequestTrace(
                t.nodes(),
                t.entries().stream().filter(e -> e.cycle() <= d.cycle()).toList());
        String note = "# requests of ppbus cosim (" + c.algorithm() + ", n=" + c.nodes() + ", L=" + c.latencyCycles()
                + ", workload " + c.workload() + ", seed " + c.seed() + ") up to its divergence at cycle " + d.cycle()
                + " on " + d.signal() + "\n";
        AtomicFile.write(file, upTo.text(note));
    }

    /** The RTL alone on the recorded req trace, without reading symbols. */
    private static double rtlAlone(Path lib, LockstepTap tap) {
        try (RtlModel rtl = new RtlModel(lib)) {
            int rw = rtl.reqWords();
            int[] history = tap.history();
            long cycles = tap.historyCycles();
            int[] req = new int[BATCH * rw];
            int[] gnt = new int[BATCH * rtl.gntWords()];
            long t0 = System.nanoTime();
            for (long at = 0; at < cycles; at += BATCH) {
                int k = (int) Math.min(BATCH, cycles - at);
                System.arraycopy(history, (int) (at * rw), req, 0, k * rw);
                if (rtl.run(k, req, gnt, null) < k) {
                    break;
                }
            }
            return cycles / seconds(t0);
        }
    }

    private static void rtlWindow(Path lib, LockstepTap tap, long from, long to, Path vcd) {
        try (RtlModel rtl = new RtlModel(lib)) {
            int rw = rtl.reqWords();
            int[] history = tap.history();
            int[] gnt = new int[rtl.gntWords()];
            int[] sym = new int[Math.max(1, rtl.symWords())];
            for (long t = 0; t <= to; t++) {
                if (t == from) {
                    rtl.traceTo(vcd);
                }
                int[] req = Arrays.copyOfRange(history, (int) (t * rw), (int) (t * rw + rw));
                if (rtl.run(1, req, gnt, rtl.symWords() > 0 ? sym : null) < 1) {
                    break;
                }
            }
            rtl.closeTrace();
        }
    }

    private static double seconds(long t0) {
        return Math.max(1e-9, (System.nanoTime() - t0) / 1e9);
    }
}
