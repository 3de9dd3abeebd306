package org.ppbus.cli.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
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
import org.ppbus.testbench.Reports;
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
    private static final String WHOLE = "whole design on HX8K";

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

    /** The columns of the text table and the CSV, each with its unit. */
    public static final String COLUMNS =
            "algorithm; LUT4, carry and DFF: cells of the whole design (Yosys synth_ice40),"
                    + " and LUT4/node, DFF/node: the same divided by n; Fmax: MHz after nextpnr-ice40 on HX8K (seed 1);"
                    + " wires/node: wires that leave a node; shared: wired-OR bus lines every node drives; light and heavy:"
                    + " wait p50/p99/max in cycles from req rising to gnt rising, at the two offered loads (bus cycles asked"
                    + " for per cycle), with Jain's fairness index; overtake: the most meals one processor may start while"
                    + " another waits ('-' none promised beyond freedom from starvation, 'starves' none at all); survive 0"
                    + " and survive n/2: processors sure to be served after a crash of node 0 and of node n/2, as derived"
                    + " ('?' not derived)";

    public static String text(Settings s, List<Row> rows, String interrupted) {
        StringBuilder b = new StringBuilder();
        b.append(String.format(
                Locale.ROOT,
                "ppbus size: n=%d, iCE40 (yosys synth_ice40%s), waits at offered load %.2f and %.2f, hold %d,"
                        + " %d cycles, seed %d%s%n",
                s.nodes(),
                s.pnr() ? ", nextpnr-ice40 HX8K" : "",
                s.light(),
                s.heavy(),
                s.hold(),
                s.cycles(),
                s.seed(),
                interrupted));
        b.append(TEXT_HEADER);
        for (Row r : rows) {
            b.append(textRow(s, r));
        }
        fmaxNotes(b, rows, "  ");
        return b.toString();
    }

    private static final String TEXT_HEADER = String.format(
            Locale.ROOT,
            "%-25s %6s %5s %5s %6s %6s %6s %5s %6s %-15s %-15s %8s %6s %6s%n",
            "algorithm",
            "LUT4",
            "carry",
            "DFF",
            "LUT/n",
            "DFF/n",
            "Fmax",
            "wires",
            "shared",
            "light p50/99/mx",
            "heavy p50/99/mx",
            "overtake",
            "surv0",
            "surv½");

    private static String textRow(Settings s, Row r) {
        return String.format(
                Locale.ROOT,
                "%-25s %6s %5s %5s %6s %6s %6s %5s %6s %-15s %-15s %8s %6s %6s%n",
                columns(s, r, false).toArray());
    }

    /**
     * One row's cells, as the text table and the markdown share them; markdown adds Jain's index
     * after each load and says when an Fmax is one node's.
     */
    private static List<String> columns(Settings s, Row r, boolean markdown) {
        List<String> c = new ArrayList<>();
        c.add(r.algorithm());
        c.add(Long.toString(r.cells().lut4()));
        c.add(Long.toString(r.cells().carry()));
        c.add(Long.toString(r.cells().dff()));
        c.add(String.format(Locale.ROOT, "%.1f", r.cells().lut4() / (double) s.nodes()));
        c.add(String.format(Locale.ROOT, "%.1f", r.cells().dff() / (double) s.nodes()));
        if (r.fmaxMhz() == null) {
            c.add(markdown ? "—" : "-");
        } else {
            c.add(String.format(Locale.ROOT, "%.1f", r.fmaxMhz())
                    + (markdown && r.fmaxNote().startsWith("per node") ? " (per node)" : ""));
        }
        c.add(number(r.wiresPerNode()));
        c.add(number(r.sharedLines()));
        for (Waits w : List.of(r.light(), r.heavy())) {
            c.add(waits(w));
            if (markdown) {
                c.add(String.format(Locale.ROOT, "%.3f", w.jain()));
            }
        }
        c.add(overtake(r));
        c.add(r.survivorsCentre() < 0 ? "?" : Integer.toString(r.survivorsCentre()));
        c.add(r.survivorsTypical() < 0 ? "?" : Integer.toString(r.survivorsTypical()));
        return c;
    }

    /** The table as a section of RESULTS.md, one table per n. */
    public static String markdown(List<Settings> settings, List<List<Row>> tables) {
        StringBuilder b = new StringBuilder("## The hardware architect's table\n\n");
        b.append(markdownIntro(settings.get(0)));
        for (int k = 0; k < settings.size(); k++) {
            Settings s = settings.get(k);
            b.append(String.format(Locale.ROOT, "### n = %d%n%n", s.nodes()));
            b.append("| algorithm | LUT4 | carry | DFF | LUT4/node | DFF/node | Fmax MHz | wires/node | shared lines"
                    + " | light p50/p99/max | Jain | heavy p50/p99/max | Jain | overtake | crash 0 | crash n/2 |\n");
            b.append("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
            for (Row r : tables.get(k)) {
                b.append(markdownRow(s, r));
            }
            b.append('\n');
            if (fmaxNotes(b, tables.get(k), "- ")) {
                b.append('\n');
            }
        }
        return b.toString();
    }

    private static String markdownRow(Settings s, Row r) {
        return "| " + String.join(" | ", columns(s, r, true)) + " |\n";
    }

    private static String markdownIntro(Settings first) {
        return String.format(
                Locale.ROOT,
                "`./ppbus size --nodes N` for each n below: every algorithm with RTL. Area from Yosys `synth_ice40`"
                        + " (whole design, and divided by n); Fmax from nextpnr-ice40 on HX8K, seed 1, for the whole"
                        + " design where it fits, else as the note says (Campos–Carvalho's is then one node's: each"
                        + " node runs on its own clock domain's timing, its links registered). Waits in cycles from req"
                        + " rising to gnt rising, p50/p99/max, at offered loads %.1f and %.1f (bus cycles asked for per"
                        + " cycle), hold %d, %,d cycles, seed %d, from the Java models, which `ppbus cosim` holds to the"
                        + " RTL cycle for cycle. \"overtake\": the derived bound on meals of one processor while"
                        + " another waits, checked by every run; \"starves\": none promised. \"crash 0\" and"
                        + " \"crash n/2\": processors sure to be served after that node crashes, as derived"
                        + " (Campos–Carvalho with its fixed rules promises none; see the survivability table for what"
                        + " runs measure). docs/PERFORMANCE.md explains the Campos–Carvalho node's area against"
                        + " central-matrix's. campos-carvalho-k (k = 2, 3) is the k-bus design (docs/PROTOCOL.md): k"
                        + " planes and a chooser per processor, the same workload served on k buses; its wires are"
                        + " k planes' links.%n%n",
                first.light(),
                first.heavy(),
                first.hold(),
                first.cycles(),
                first.seed());
    }

    /** A line for each row whose Fmax is not the whole design's, saying what it is; whether any was. */
    private static boolean fmaxNotes(StringBuilder b, List<Row> rows, String bullet) {
        boolean any = false;
        for (Row r : rows) {
            if (!r.fmaxNote().equals(WHOLE)) {
                b.append(bullet)
                        .append(r.algorithm())
                        .append(" Fmax: ")
                        .append(r.fmaxNote())
                        .append('\n');
                any = true;
            }
        }
        return any;
    }

    private static String number(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%.1f", v);
    }

    private static String waits(Waits w) {
        return w.p50() + "/" + w.p99() + "/" + w.max();
    }

    private static String overtake(Row r) {
        if (!r.starvationFree()) {
            return "starves";
        }
        return r.overtakeBound() == Algorithm.NO_BOUND ? "-" : Integer.toString(r.overtakeBound());
    }

    public static String csv(List<Row> rows) {
        StringBuilder b = new StringBuilder(
                "algorithm,lut4,carry,dff,fmax_mhz,fmax_note,wires_per_node,shared_lines,light_offered,light_p50,"
                        + "light_p99,light_max,light_jain,light_utilisation,heavy_offered,heavy_p50,heavy_p99,heavy_max,"
                        + "heavy_jain,heavy_utilisation,overtake_bound,survivors_crash_0,survivors_crash_half\n");
        for (Row r : rows) {
            b.append(String.join(
                            ",",
                            r.algorithm(),
                            Long.toString(r.cells().lut4()),
                            Long.toString(r.cells().carry()),
                            Long.toString(r.cells().dff()),
                            r.fmaxMhz() == null ? "" : String.format(Locale.ROOT, "%.2f", r.fmaxMhz()),
                            "\"" + r.fmaxNote().replace("\"", "'") + "\"",
                            number(r.wiresPerNode()),
                            number(r.sharedLines()),
                            csv(r.light()),
                            csv(r.heavy()),
                            overtake(r),
                            Integer.toString(r.survivorsCentre()),
                            Integer.toString(r.survivorsTypical())))
                    .append('\n');
        }
        return b.toString();
    }

    private static String csv(Waits w) {
        return String.format(
                Locale.ROOT,
                "%.3f,%d,%d,%d,%.4f,%.4f",
                w.offered(),
                w.p50(),
                w.p99(),
                w.max(),
                w.jain(),
                w.utilisation());
    }

    public static String json(Settings s, List<Row> rows, boolean interrupted) throws IOException {
        ObjectNode root = Reports.header(Version.VERSION);
        root.put("interrupted", interrupted);
        root.put("nodes", s.nodes());
        root.put("device", "iCE40 HX8K");
        root.put("hold", s.hold());
        root.put("cycles", s.cycles());
        root.put("seed", s.seed());
        root.put("placeAndRoute", s.pnr());
        root.put("columns", COLUMNS);
        ArrayNode arr = root.putArray("algorithms");
        for (Row r : rows) {
            ObjectNode o = arr.addObject();
            o.put("algorithm", r.algorithm());
            o.put("lut4", r.cells().lut4());
            o.put("carry", r.cells().carry());
            o.put("dff", r.cells().dff());
            o.put("lut4PerNode", r.cells().lut4() / (double) s.nodes());
            o.put("dffPerNode", r.cells().dff() / (double) s.nodes());
            if (r.fmaxMhz() == null) {
                o.putNull("fmaxMhz");
            } else {
                o.put("fmaxMhz", r.fmaxMhz());
            }
            o.put("fmaxNote", r.fmaxNote());
            o.put("wiresPerNode", r.wiresPerNode());
            o.put("sharedLines", r.sharedLines());
            json(o.putObject("light"), r.light());
            json(o.putObject("heavy"), r.heavy());
            if (!r.starvationFree() || r.overtakeBound() == Algorithm.NO_BOUND) {
                o.putNull("overtakeBound");
            } else {
                o.put("overtakeBound", r.overtakeBound());
            }
            o.put("starvationFree", r.starvationFree());
            ObjectNode crash = o.putObject("survivorsAfterCrash");
            crash.put("node0", r.survivorsCentre());
            crash.put("nodeHalf", r.survivorsTypical());
            crash.put("why", r.survivalWhy());
        }
        return Reports.mapper().writeValueAsString(root);
    }

    private static void json(ObjectNode o, Waits w) {
        o.put("offeredLoad", w.offered());
        o.put("waitP50", w.p50());
        o.put("waitP99", w.p99());
        o.put("waitMax", w.max());
        o.put("jainFairness", w.jain());
        o.put("busUtilisation", w.utilisation());
    }
}
