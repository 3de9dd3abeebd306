package org.ppbus.cli.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.ppbus.cli.options.Version;
import org.ppbus.protocol.descriptor.Algorithm;
import org.ppbus.testbench.Reports;

/**
 * The hardware architect's table written out: as text for the terminal, as markdown for
 * RESULTS.md, and as CSV and JSON; {@link HardwareTable} measures it.
 */
public final class HardwareReport {
    private HardwareReport() {}

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

    public static String text(HardwareTable.Settings s, List<HardwareTable.Row> rows, String interrupted) {
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
        for (HardwareTable.Row r : rows) {
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

    private static String textRow(HardwareTable.Settings s, HardwareTable.Row r) {
        return String.format(
                Locale.ROOT,
                "%-25s %6s %5s %5s %6s %6s %6s %5s %6s %-15s %-15s %8s %6s %6s%n",
                columns(s, r, false).toArray());
    }

    /**
     * One row's cells, as the text table and the markdown share them; markdown adds Jain's index
     * after each load and says when an Fmax is one node's.
     */
    private static List<String> columns(HardwareTable.Settings s, HardwareTable.Row r, boolean markdown) {
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
        for (HardwareTable.Waits w : List.of(r.light(), r.heavy())) {
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
    public static String markdown(List<HardwareTable.Settings> settings, List<List<HardwareTable.Row>> tables) {
        StringBuilder b = new StringBuilder("## The hardware architect's table\n\n");
        b.append(markdownIntro(settings.get(0)));
        for (int k = 0; k < settings.size(); k++) {
            HardwareTable.Settings s = settings.get(k);
            b.append(String.format(Locale.ROOT, "### n = %d%n%n", s.nodes()));
            b.append("| algorithm | LUT4 | carry | DFF | LUT4/node | DFF/node | Fmax MHz | wires/node | shared lines"
                    + " | light p50/p99/max | Jain | heavy p50/p99/max | Jain | overtake | crash 0 | crash n/2 |\n");
            b.append("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
            for (HardwareTable.Row r : tables.get(k)) {
                b.append(markdownRow(s, r));
            }
            b.append('\n');
            if (fmaxNotes(b, tables.get(k), "- ")) {
                b.append('\n');
            }
        }
        return b.toString();
    }

    private static String markdownRow(HardwareTable.Settings s, HardwareTable.Row r) {
        return "| " + String.join(" | ", columns(s, r, true)) + " |\n";
    }

    private static String markdownIntro(HardwareTable.Settings first) {
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
    private static boolean fmaxNotes(StringBuilder b, List<HardwareTable.Row> rows, String bullet) {
        boolean any = false;
        for (HardwareTable.Row r : rows) {
            if (!r.fmaxNote().equals(HardwareTable.WHOLE)) {
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

    private static String waits(HardwareTable.Waits w) {
        return w.p50() + "/" + w.p99() + "/" + w.max();
    }

    private static String overtake(HardwareTable.Row r) {
        if (!r.starvationFree()) {
            return "starves";
        }
        return r.overtakeBound() == Algorithm.NO_BOUND ? "-" : Integer.toString(r.overtakeBound());
    }

    public static String csv(List<HardwareTable.Row> rows) {
        StringBuilder b = new StringBuilder(
                "algorithm,lut4,carry,dff,fmax_mhz,fmax_note,wires_per_node,shared_lines,light_offered,light_p50,"
                        + "light_p99,light_max,light_jain,light_utilisation,heavy_offered,heavy_p50,heavy_p99,heavy_max,"
                        + "heavy_jain,heavy_utilisation,overtake_bound,survivors_crash_0,survivors_crash_half\n");
        for (HardwareTable.Row r : rows) {
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

    private static String csv(HardwareTable.Waits w) {
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

    public static String json(HardwareTable.Settings s, List<HardwareTable.Row> rows, boolean interrupted)
            throws IOException {
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
        for (HardwareTable.Row r : rows) {
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

    private static void json(ObjectNode o, HardwareTable.Waits w) {
        o.put("offeredLoad", w.offered());
        o.put("waitP50", w.p50());
        o.put("waitP99", w.p99());
        o.put("waitMax", w.max());
        o.put("jainFairness", w.jain());
        o.put("busUtilisation", w.utilisation());
    }
}
