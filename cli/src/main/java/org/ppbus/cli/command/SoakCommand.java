package org.ppbus.cli.command;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.ppbus.cli.console.StopOnInterrupt;
import org.ppbus.cli.options.Cli;
import org.ppbus.cli.options.Outputs;
import org.ppbus.cli.options.RunOption;
import org.ppbus.cli.options.UsageException;
import org.ppbus.cli.options.Version;
import org.ppbus.cli.report.ResultRow;
import org.ppbus.cli.report.SoakSummary;
import org.ppbus.cosim.Cosim;
import org.ppbus.cosim.VerilatorCache;
import org.ppbus.cosim.VerilatorLibrary;
import org.ppbus.experiment.Batch;
import org.ppbus.protocol.descriptor.Feature;
import org.ppbus.registry.Algorithms;
import org.ppbus.testbench.ConfigException;
import org.ppbus.testbench.Reports;
import org.ppbus.testbench.Simulation;
import org.ppbus.testbench.SimulationConfig;
import org.ppbus.testbench.SimulationResult;
import org.ppbus.verilog.ExternalTool;

/**
 * {@code ppbus soak}: the fixed-rules soak matrix, n × load × L, each point a full run with
 * checkers and drain. Points run in parallel on all cores; results print in matrix order.
 */
public final class SoakCommand extends Command {
    /** The buses every point of the matrix shares. */
    private static final List<RunOption> SHARING = List.of(RunOption.BUSES, RunOption.DEMAND, RunOption.GROUPS);

    @Override
    public String summary() {
        return "run the soak matrix (n x load x latency) with every checker on; exit 1 on any violation";
    }

    @Override
    protected Help help() {
        return new Help("ppbus soak [OPTIONS]", "Soak matrix with every checker on.");
    }

    @Override
    protected int execute(Invocation call) throws Exception {
        CommandLine cl = call.options();
        PrintStream out = call.text();
        PrintStream stdout = call.stdout();
        PrintStream err = call.err();
        boolean cosim = cl.hasOption("cosim");
        int threads = Cli.threads(cl);
        List<SimulationConfig> points = points(cl, cosim);
        if (cosim) {
            if (cl.hasOption("json") || cl.hasOption("csv")) {
                throw new UsageException(
                        "--json and --csv report simulated points; a --cosim soak reports divergences only");
            }
            return cosimSoak(points, threads, out, err);
        }
        List<SimulationResult> finished = new ArrayList<>();
        printHeader(out);
        int code = runAll(
                points,
                threads,
                out,
                err,
                (c, stop) -> new Simulation(c).stopWhen(stop).run(),
                r -> r.interrupted(),
                (c, r, secs) -> {
                    finished.add(r);
                    boolean ok = r.violation() == null && r.ungranted() == 0;
                    String line = row(c, r, secs, ok);
                    return ok ? line : "!" + line;
                },
                "points",
                () -> writeReports(cl, finished, stdout));
        return code;
    }

    /** The matrix the options ask for: algorithm x nodes x load x latency x hold x seed. */
    private static List<SimulationConfig> points(CommandLine cl, boolean cosim) throws UsageException {
        long cycles = Cli.parseLong("cycles", cl.getOptionValue("cycles", "1000000"));
        long seed = Cli.parseLong("seed", cl.getOptionValue("seed", "1"));
        int seeds = Cli.parseInt("seeds", cl.getOptionValue("seeds", "1"));
        if (seeds < 1) {
            throw new UsageException("--seeds must be at least 1");
        }
        String rules = cl.getOptionValue("rules", "fixed");
        List<SimulationConfig> points = new ArrayList<>();
        String nodes = cl.getOptionValue("nodes", cosim ? "3,7,13,31,57" : SoakSummary.NODES);
        String loads = cl.getOptionValue("loads", cosim ? "0.01,0.2,1.0" : SoakSummary.LOADS);
        String latencies = cl.getOptionValue("latencies", cosim ? "1" : SoakSummary.LATENCIES);
        List<String> algorithms = Cli.parseList(
                "algorithms",
                cl.getOptionValue("algorithms", Algorithms.campos().name()));
        String holds = cl.getOptionValue("holds", "4");
        SimulationConfig base = RunOption.applyAll(SimulationConfig.defaults(), cl, SHARING);
        for (String a : algorithms) {
            for (String n : Cli.parseList("nodes", nodes)) {
                for (String load : Cli.parseList("loads", loads)) {
                    for (String l : Cli.parseList("latencies", latencies)) {
                        for (String h : Cli.parseList("holds", holds)) {
                            boolean geometric = h.trim().startsWith("g");
                            int hold =
                                    Cli.parseInt("holds", geometric ? h.trim().substring(1) : h);
                            for (long k = 0; k < seeds; k++) {
                                SimulationConfig c = base
                                        .withNodes(Cli.parseInt("nodes", n))
                                        .withLoad(Cli.parseDouble("loads", load))
                                        .withLatency(Cli.parseInt("latencies", l))
                                        .withCycles(cycles)
                                        .withSeed(seed + k)
                                        .withRules(takesRules(a) ? rules : "fixed")
                                        .withHold(hold)
                                        .toBuilder()
                                        .geometricHold(geometric)
                                        .algorithm(a.trim())
                                        .build();
                                points.add(validated(c));
                            }
                        }
                    }
                }
            }
        }
        return points;
    }

    private static void printHeader(PrintStream out) {
        out.printf(
                Locale.ROOT,
                "%-" + Cli.NAME_WIDTH + "s %5s %7s %2s %4s %10s %10s %9s %8s %6s %9s %7s  %s%n",
                "algorithm",
                "n",
                "load",
                "L",
                "hold",
                "cycles",
                "entries",
                "msg/entry",
                "wait-p99",
                "max",
                "ungranted",
                "seconds",
                "verdict");
    }

    private static String row(SimulationConfig c, SimulationResult r, double secs, boolean ok) {
        return String.format(
                Locale.ROOT,
                "%-" + Cli.NAME_WIDTH + "s %5d %7s %2d %4s %10d %10d %9.3f %8d %6d %9d %7.1f  %s",
                c.algorithm(),
                c.nodes(),
                Double.toString(c.load()),
                c.latencyCycles(),
                (c.geometricHold() ? "g" : "") + c.holdCycles(),
                r.cycles(),
                r.summary().entries(),
                r.summary().messages().totalPerEntry().mean(),
                r.summary().waitCycles().p99(),
                r.summary().waitCycles().max(),
                r.ungranted(),
                secs,
                ok ? "ok" : r.violation() != null ? r.violation().headline() : "ungranted requests");
    }

    @Override
    protected Options options() {
        Options o = new Options();
        o.addOption(Cli.valued("cycles", "C", "cycles per point (default 1000000)"));
        o.addOption(Cli.valued("nodes", "LIST", "default 3,7,13,31,57,133"));
        o.addOption(Cli.valued("loads", "LIST", "default 0.001,0.01,0.1,1.0"));
        o.addOption(Cli.valued("latencies", "LIST", "default 1,3"));
        o.addOption(Cli.valued("holds", "LIST", "holds per point: H fixed, gH geometric with mean H (default 4)"));
        o.addOption(Cli.valued("seed", "S", "run seed (default 1)"));
        o.addOption(Cli.valued("rules", "R", "rule set (default fixed)"));
        o.addOption(Cli.algorithmsOption(Algorithms.campos().name()));
        o.addOption(Cli.valued("seeds", "K", "seeds 1..K per point (default 1)"));
        RunOption.addAll(o, SHARING);
        o.addOption(
                Cli.flag(
                        "cosim",
                        "run every point in lockstep with the Verilated RTL instead (default matrix n 3,7,13,31,57, loads 0.01,0.2,1.0, L 1)"));
        o.addOption(Cli.threadsOption());
        o.addOption(Cli.jsonOption("every finished point's report"));
        o.addOption(Cli.valued("csv", "FILE", "write one row per finished point as CSV (the sweep's columns)"));
        return o;
    }

    /** The finished points as JSON reports and as the sweep's CSV rows, when asked for. */
    private static void writeReports(CommandLine cl, List<SimulationResult> finished, PrintStream stdout)
            throws IOException {
        ArrayNode reports = Reports.mapper().createArrayNode();
        StringBuilder csv = new StringBuilder(ResultRow.CSV_HEADER).append('\n');
        for (SimulationResult r : finished) {
            ObjectNode json = Reports.json(r, Version.VERSION);
            json.put("wiresPerNode", CompareCommand.wiresPerNode(r));
            reports.add(json);
            csv.append(ResultRow.of(json).csv()).append('\n');
        }
        if (cl.hasOption("json")) {
            ObjectNode root = Reports.header(Version.VERSION);
            root.set("points", reports);
            Outputs.write(cl.getOptionValue("json"), Reports.mapper().writeValueAsString(root) + "\n", stdout);
        }
        if (cl.hasOption("csv")) {
            Outputs.write(cl.getOptionValue("csv"), csv.toString(), stdout);
        }
    }

    /** A point's config checked, its errors naming soak's own list options. */
    private static SimulationConfig validated(SimulationConfig c) throws UsageException {
        try {
            return c.validated();
        } catch (ConfigException e) {
            throw Cli.usage(e, Map.of("latencyCycles", "latencies", "load", "loads", "holdCycles", "holds"));
        }
    }

    /** One soak point's work; it should stop soon after {@code stop} turns true. */
    @FunctionalInterface
    private interface Point<R> {
        R run(SimulationConfig c, BooleanSupplier stop) throws Exception;
    }

    /** One soak point's line; a leading '!' marks a failure (and is not printed). */
    @FunctionalInterface
    /** Writes a matrix's reports of the points that finished. */
    private interface Written {
        void write() throws IOException;
    }

    private interface Line<R> {
        String format(SimulationConfig c, R result, double seconds);
    }

    /**
     * Runs every point on the pool and prints one line each, in matrix order. On Ctrl-C the points
     * still running stop at once; the lines of those that finished and the summary are printed,
     * and the exit code is 130.
     */
    private static <R> int runAll(
            List<SimulationConfig> points,
            int threads,
            PrintStream out,
            PrintStream err,
            Point<R> work,
            Predicate<R> cut,
            Line<R> line,
            String what,
            Written reports)
            throws Exception {
        int[] failures = {0};
        long start = System.nanoTime();
        try (StopOnInterrupt stop = new StopOnInterrupt(20)) {
            List<Batch.Job<R>> jobs =
                    points.stream().map(c -> (Batch.Job<R>) s -> work.run(c, s)).toList();
            int finished = new Batch(threads, stop::requested).run(jobs, cut, d -> {}, d -> {
                String text = line.format(points.get(d.index()), d.result(), d.seconds());
                if (text.startsWith("!")) {
                    failures[0]++;
                    text = text.substring(1);
                }
                out.println(text);
                out.flush();
            });
            // The reports are written before the stop is let go: once it is closed, an interrupted JVM halts.
            reports.write();
            if (stop.requested()) {
                out.printf(
                        Locale.ROOT,
                        "%d of %d %s finished, %d failed, %.1f s wall on %d threads (interrupted)%n",
                        finished,
                        points.size(),
                        what,
                        failures[0],
                        (System.nanoTime() - start) / 1e9,
                        threads);
                out.flush();
                err.println("ppbus soak: interrupted; the lines above are the points that finished");
                return 130;
            }
        }
        out.printf(
                Locale.ROOT,
                "%d %s, %d failed, %.1f s wall on %d threads%n",
                points.size(),
                what,
                failures[0],
                (System.nanoTime() - start) / 1e9,
                threads);
        return failures[0] == 0 ? 0 : 1;
    }

    /** Every point in lockstep with the RTL; libraries are built first, one size at a time. */
    private int cosimSoak(List<SimulationConfig> points, int threads, PrintStream out, PrintStream err)
            throws Exception {
        if (!ExternalTool.available("verilator")) {
            err.println("ppbus soak: verilator is not installed (apt-get install verilator)");
            return 2;
        }
        Path cache = VerilatorCache.defaultCache();
        Set<String> built = new HashSet<>();
        for (SimulationConfig c : points) {
            if (built.add(c.nodes() + "/" + c.latencyCycles())) {
                err.println("ppbus soak: RTL for n=" + c.nodes() + ", L=" + c.latencyCycles() + " ...");
                VerilatorLibrary.build(VerilatorLibrary.Build.of(c.algorithm(), c.nodes(), c.latencyCycles())
                        .withCache(cache));
            }
        }
        out.printf(
                Locale.ROOT,
                "%5s %7s %2s %5s %10s %10s  %s%n",
                "n",
                "load",
                "L",
                "seed",
                "cycles",
                "seconds",
                "verdict");
        // Each task builds and drives its own model on its own thread.
        // A lockstep run has no stop hook: on Ctrl-C the points not yet started are skipped.
        return runAll(
                points,
                threads,
                out,
                err,
                (c, stop) -> Cosim.run(Cosim.Request.of(c, cache).withoutTimings()),
                r -> false,
                (c, r, secs) -> {
                    String line = String.format(
                            Locale.ROOT,
                            "%5d %7s %2d %5d %10d %10.1f  %s",
                            c.nodes(),
                            Double.toString(c.load()),
                            c.latencyCycles(),
                            c.seed(),
                            r.cycles(),
                            secs,
                            r.divergence() == null ? "ok" : r.divergence().describe());
                    return r.divergence() == null ? line : "!" + line;
                },
                "points in lockstep",
                () -> {});
    }

    /** Whether the algorithm takes --rules: a soak's rules apply to those and leave the others as they are. */
    static boolean takesRules(String algorithm) {
        return Algorithms.find(algorithm.trim()).map(x -> x.has(Feature.RULES)).orElse(true);
    }
}
