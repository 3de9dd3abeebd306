package org.ppbus.cli.report;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import org.ppbus.cli.console.WorkFolder;
import org.ppbus.cli.options.Version;
import org.ppbus.plane.Wiring;
import org.ppbus.protocol.descriptor.Algorithm;
import org.ppbus.protocol.descriptor.AlgorithmOptions;
import org.ppbus.protocol.descriptor.CrashDerivation;
import org.ppbus.registry.Algorithms;
import org.ppbus.stats.Statistics;
import org.ppbus.testbench.Simulation;
import org.ppbus.testbench.SimulationConfig;
import org.ppbus.testbench.SimulationResult;
import org.ppbus.verilog.CcVerilogGenerator;
import org.ppbus.verilog.Synthesis;

/**
 * The hardware architect's table ({@code ppbus size}, and the hardware section of RESULTS.md):
 * every algorithm with RTL at one n, its area and speed on iCE40 from Yosys and nextpnr, its wires,
 * its waits at a light and a heavy offered load from the Java model (which the co-simulation holds
 * to the RTL cycle for cycle), its fairness, and who is sure to survive a crash, as derived.
 */
public final class HardwareTable {
    /**
     * What is measured: n; the offered loads (bus cycles asked for per cycle, load × n × hold) of
     * the two runs; the hold, cycles and seed of both; whether to place and route; and the k of
     * campos-carvalho-k's rows.
     */
    public record Settings(
            int nodes,
            double light,
            double heavy,
            int hold,
            long cycles,
            long seed,
            boolean pnr,
            List<Integer> kBuses) {
        public Settings {
            kBuses = List.copyOf(kBuses);
        }

        /** The defaults of {@code ppbus size} at n, which RESULTS.md uses. */
        public static Settings of(int nodes) {
            SimulationConfig d = SimulationConfig.defaults();
            return new Settings(nodes, LIGHT, HEAVY, d.holdCycles(), CYCLES, d.seed(), true, SizedDesign.K_BUSES);
        }
    }

    /** The default offered loads, bus cycles asked for per cycle: well below saturation, and near it. */
    public static final double LIGHT = 0.2;

    public static final double HEAVY = 0.9;

    /** The note of an Fmax that is the whole design's. */
    static final String WHOLE = "whole design on HX8K";

    /** The default cycles of each run. */
    public static final long CYCLES = 20_000;

    /** One run's waits (cycles from req rising to gnt rising) and shares. */
    record Waits(double offered, long p50, long p99, long max, double jain, double utilisation) {}

    /**
     * One algorithm's row. {@code fmaxMhz} is the whole design's on HX8K, or where it does not fit,
     * Campos–Carvalho's per node ({@code fmaxNote} says which); null with the reason in the note.
     */
    public record Row(
            String algorithm,
            Synthesis.Cells cells,
            Double fmaxMhz,
            String fmaxNote,
            double wiresPerNode,
            double sharedLines,
            Waits light,
            Waits heavy,
            int overtakeBound,
            boolean starvationFree,
            int survivorsCentre,
            int survivorsTypical,
            String survivalWhy) {}

    private HardwareTable() {}

    /** Measures every algorithm with RTL, reporting each as it starts to {@code progress}. */
    public static List<Row> measure(Settings s, Consumer<String> progress) throws Exception {
        return measure(s, progress, () -> false);
    }

    /**
     * As above, stopping before the next algorithm once {@code stop} says so; an algorithm whose
     * tools the interrupt killed is left out, so the rows are those that finished.
     */
    public static List<Row> measure(Settings s, Consumer<String> progress, BooleanSupplier stop) throws Exception {
        List<Row> rows = new ArrayList<>();
        for (SizedDesign d : SizedDesign.all(s.kBuses())) {
            if (stop.getAsBoolean()) {
                break;
            }
            progress.accept(d.label());
            try {
                rows.add(row(d, s));
            } catch (IOException e) {
                if (!stop.getAsBoolean()) {
                    throw e;
                }
            }
        }
        return rows;
    }

    private static Row row(SizedDesign d, Settings s) throws Exception {
        Algorithm a = d.algorithm();
        int n = s.nodes();
        Synthesis.Result syn;
        try (WorkFolder f = WorkFolder.open(null, "ppbus-size")) {
            syn = Synthesis.run(d.generate(n), f.dir(), s.pnr());
        }
        Double fmax = syn.fmaxMhz();
        String note = fmax != null ? WHOLE : syn.pnrNote();
        if (fmax == null && s.pnr() && a == Algorithms.campos() && !syn.fitsHx8k()) {
            // The distributed design's clock is each node's: one client and one arbiter alone.
            int q = Wiring.forNodes(n).lineSize() - 1;
            try (WorkFolder f = WorkFolder.open(null, "ppbus-size-node")) {
                Synthesis.Result node =
                        Synthesis.run(new CcVerilogGenerator(Version.VERSION).node(q), "ppbus_node", f.dir(), true);
                fmax = node.fmaxMhz();
                note = "per node (q = " + q + "): the whole design needs "
                        + syn.total().lut4() + " LUT4, more than HX8K's " + Synthesis.HX8K_LOGIC_CELLS;
            }
        }
        Wiring w = Wiring.forNodes(n);
        CrashDerivation centre = a.survivalAfter(w, AlgorithmOptions.NONE, 0);
        CrashDerivation typical = a.survivalAfter(w, AlgorithmOptions.NONE, n / 2);
        return new Row(
                d.label(),
                syn.total(),
                fmax,
                note,
                d.wiresPerNode(n),
                a.sharedLines().perNode(n),
                waits(d, s, s.light()),
                waits(d, s, s.heavy()),
                d.overtakeBound(1, s.hold()),
                a.starvationFree(),
                centre == null ? -1 : centre.survive().length,
                typical == null ? -1 : typical.survive().length,
                typical == null ? "not derived" : typical.why());
    }

    private static Waits waits(SizedDesign d, Settings s, double offered) throws IOException {
        SimulationConfig c = d.run(SimulationConfig.defaults().toBuilder())
                .nodes(s.nodes())
                .load(Math.min(1.0, offered / ((double) s.nodes() * s.hold())))
                .holdCycles(s.hold())
                .cycles(s.cycles())
                .seed(s.seed())
                .build();
        SimulationResult r = new Simulation(c).run();
        Statistics.Summary m = r.summary();
        return new Waits(
                offered,
                m.waitCycles().p50(),
                m.waitCycles().p99(),
                m.waitCycles().max(),
                m.jainFairness(),
                m.busUtilization());
    }
}
