package org.ppbus.cli.command;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.ppbus.cli.options.Cli;
import org.ppbus.cli.options.Outputs;
import org.ppbus.cli.options.UsageException;
import org.ppbus.cli.report.HardwareReport;
import org.ppbus.cli.report.HardwareTable;
import org.ppbus.cli.report.ResultRow;
import org.ppbus.cli.report.ResultsReport;
import org.ppbus.cli.report.SoakSummary;
import org.ppbus.experiment.Batch;
import org.ppbus.experiment.PaperClaims;
import org.ppbus.experiment.SharedBuses;
import org.ppbus.experiment.Survivability;
import org.ppbus.protocol.descriptor.Algorithm;
import org.ppbus.registry.Algorithms;

/**
 * {@code ppbus results}: regenerates docs/RESULTS.md. It runs (or resumes) one sweep of every
 * algorithm over n ∈ {7, 13, 31, 57, 133, 273} at loads 0.01 and 0.2 into the data folder, draws
 * its plots there, soaks every algorithm over the soak's matrix with every checker on (its rows in
 * soak.csv beside the sweep's), measures the claims of Campos and Carvalho (1988), §6, on the Campos–Carvalho model, and writes the
 * report atomically. Every number in the report comes from this run; same seed, same report.
 */
public final class ResultsCommand extends Command {
    /** The sizes of the hardware architect's table (synthesis, so no larger). */
    static final String HARDWARE_NODES = "7,13,31,57";

    @Override
    public String summary() {
        return "regenerate docs/RESULTS.md and its CSVs: the comparison sweep, its plots, the soak of every algorithm and"
                + " the paper-claims table";
    }

    @Override
    protected Help help() {
        return new Help(
                "ppbus results [--report FILE] [--data DIR] [--cycles C]",
                "Runs the comparison sweep (resumable) and the soak of every algorithm, and writes the results report.");
    }

    @Override
    protected int execute(Invocation call) throws Exception {
        CommandLine cl = call.options();
        PrintStream out = call.stdout();
        PrintStream err = call.err();
        Path report = Path.of(cl.getOptionValue("report", "docs/RESULTS.md")).toAbsolutePath();
        Path data = Path.of(cl.getOptionValue(
                        "data", report.resolveSibling("results").toString()))
                .toAbsolutePath();
        String cycles = cl.getOptionValue("cycles", "100000");
        long c = Cli.parseLong("cycles", cycles);
        List<Integer> hw = hardwareNodes(cl);
        String soakNodes = soakNodes(cl);
        // Both places are checked before the first point runs.
        Outputs.checkWritable(report.toString());
        Outputs.checkFolder(data, data.toString());
        List<String> sweepArgs = sweepArgs(cl, data, cycles);
        int sweep = new SweepCommand().run(sweepArgs.toArray(String[]::new), out, err);
        if (sweep != 0) {
            err.println("ppbus results: the sweep did not finish cleanly (exit " + sweep + "); no report written");
            return sweep;
        }
        List<ResultRow> rows = ResultRow.readCsv(data.resolve("sweep.csv"));
        err.println("ppbus results: the soak of every algorithm ...");
        Path soakCsv = data.resolve("soak.csv");
        int soak = new SoakCommand()
                .run(soakArgs(cl, soakNodes, soakCsv, cycles), new PrintStream(OutputStream.nullOutputStream()), err);
        if (soak != 0) {
            err.println("ppbus results: the soak did not finish cleanly (exit " + soak + "; its points are in "
                    + soakCsv + "); no report written");
            return soak;
        }
        List<ResultRow> soakRows = ResultRow.readCsv(soakCsv);
        err.println("ppbus results: measuring the claims of Campos and Carvalho (1988), §6 ...");
        List<PaperClaims.Claim> claims = new PaperClaims(data.resolve("claims"), c).measure(new int[] {7, 13, 57});
        err.println("ppbus results: crashing a node under every algorithm ...");
        Survivability survivability = new Survivability(13, 0.05, 40_000, 5);
        List<Survivability.Row> survival = survivability.measure(new Batch(Cli.threads(cl), () -> false));
        err.println("ppbus results: the hardware architect's table ...");
        String hardware = hardware(hw);
        err.println("ppbus results: more than one bus ...");
        String md = new ResultsReport(
                        rows, claims, report.getParent().relativize(data).toString(), c)
                .survivability(survivability, survival)
                .soak(SoakSummary.markdown(
                        soakRows, report.getParent().relativize(soakCsv).toString(), c, soakNodes))
                .hardware(hardware)
                .shared(shared(c, Cli.threads(cl)))
                .markdown();
        Outputs.write(report, md);
        out.println("report: " + report);
        return 0;
    }

    /** The sweep's arguments: the report's sizes and loads, and the thread and quiet options passed on. */
    private static List<String> sweepArgs(CommandLine cl, Path data, String cycles) {
        List<String> a = new ArrayList<>(List.of(
                "--out",
                data.toString(),
                "--nodes",
                ResultsReport.NODES,
                "--loads",
                ResultsReport.LOADS,
                "--cycles",
                cycles));
        if (cl.hasOption("threads")) {
            a.addAll(List.of("--threads", cl.getOptionValue("threads")));
        }
        if (cl.hasOption("quiet")) {
            a.add("--quiet");
        }
        return a;
    }

    /** The soak's arguments: every algorithm over the soak's matrix, its rows to {@code csv}. */
    private static String[] soakArgs(CommandLine cl, String nodes, Path csv, String cycles) {
        List<String> a = new ArrayList<>(List.of(
                "--algorithms",
                String.join(",", Algorithms.all().stream().map(Algorithm::name).toList()),
                "--nodes",
                nodes,
                "--loads",
                SoakSummary.LOADS,
                "--latencies",
                SoakSummary.LATENCIES,
                "--cycles",
                cycles,
                "--csv",
                csv.toString()));
        if (cl.hasOption("threads")) {
            a.addAll(List.of("--threads", cl.getOptionValue("threads")));
        }
        return a.toArray(String[]::new);
    }

    @Override
    protected Options options() {
        Options o = new Options();
        // --out names a folder in sweep and generate; the report is a file, so it has its own name.
        o.addOption(Cli.valued("report", "FILE", "the markdown report (default docs/RESULTS.md)"));
        o.addOption(Cli.valued("data", "DIR", "sweep points and plots (default: results/ next to the report)"));
        o.addOption(Cli.valued("cycles", "C", "cycles per point (default 100000)"));
        o.addOption(Cli.valued(
                "soak-nodes", "LIST", "the sizes of the soak of every algorithm (default " + SoakSummary.NODES + ")"));
        o.addOption(Cli.valued(
                "hardware-nodes",
                "LIST",
                "the sizes of the hardware architect's table (default " + HARDWARE_NODES + "; each runs synthesis"
                        + " and place and route)"));
        o.addOption(Cli.threadsOption());
        o.addOption(Cli.quietOption());
        return o;
    }

    /** --soak-nodes, checked: the soak's sizes, 1 to 1057 processors each, as a list for soak. */
    private static String soakNodes(CommandLine cl) throws UsageException {
        List<String> sizes = new ArrayList<>();
        for (String v : Cli.parseList("soak-nodes", cl.getOptionValue("soak-nodes", SoakSummary.NODES))) {
            sizes.add(Integer.toString(Cli.parseInRange("soak-nodes", v, 1, 1057)));
        }
        return String.join(",", sizes);
    }

    /** --hardware-nodes, checked: sizes of 1 to 57 processors. */
    private static List<Integer> hardwareNodes(CommandLine cl) throws UsageException {
        List<Integer> sizes = new ArrayList<>();
        for (String v : Cli.parseList("hardware-nodes", cl.getOptionValue("hardware-nodes", HARDWARE_NODES))) {
            sizes.add(Cli.parseInRange("hardware-nodes", v, 1, 57));
        }
        return sizes;
    }

    /** The hardware architect's table at each size, as markdown. */
    private static String hardware(List<Integer> nodes) throws Exception {
        List<HardwareTable.Settings> sizes = new ArrayList<>();
        List<List<HardwareTable.Row>> tables = new ArrayList<>();
        for (int n : nodes) {
            HardwareTable.Settings s = HardwareTable.Settings.of(n);
            sizes.add(s);
            tables.add(HardwareTable.measure(s, a -> {}));
        }
        return HardwareReport.markdown(sizes, tables);
    }

    /** The tables for more than one bus, one per kind of sharing, in the order of the kinds. */
    private static Map<SharedBuses.Kind, List<SharedBuses.Row>> shared(long cycles, int threads) throws Exception {
        Map<SharedBuses.Kind, List<SharedBuses.Row>> out = new LinkedHashMap<>();
        SharedBuses buses = new SharedBuses(cycles);
        for (SharedBuses.Kind kind : SharedBuses.Kind.values()) {
            out.put(kind, buses.measure(kind, new Batch(threads, () -> false)));
        }
        return out;
    }

    static String fmt(double v) {
        return String.format(Locale.ROOT, "%.2f", v);
    }
}
