package org.ppbus.cli.command;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.ppbus.cli.console.ProgressBar;
import org.ppbus.cli.console.StopOnInterrupt;
import org.ppbus.cli.options.Cli;
import org.ppbus.cli.options.Outputs;
import org.ppbus.cli.options.RunOption;
import org.ppbus.cli.options.UsageException;
import org.ppbus.cli.options.Version;
import org.ppbus.cli.report.Charts;
import org.ppbus.cli.report.ResultRow;
import org.ppbus.experiment.Batch;
import org.ppbus.protocol.RuleSet;
import org.ppbus.protocol.descriptor.Algorithm;
import org.ppbus.registry.Algorithms;
import org.ppbus.testbench.ConfigException;
import org.ppbus.testbench.Reports;
import org.ppbus.testbench.Simulation;
import org.ppbus.testbench.SimulationConfig;
import org.ppbus.testbench.SimulationResult;

/**
 * {@code ppbus sweep}: the Cartesian product algorithms × n × load × L × seed, on all cores.
 *
 * <p>Every point is written to {@code OUT/points/<id>.json} atomically when it finishes, so a
 * point file is either complete or absent; a rerun skips the points whose file is there (resume),
 * and an interrupt loses only the points in flight. {@code --shard i/k} runs the points whose index
 * in the canonical order is i − 1 modulo k, so k machines can share one sweep and one folder. After
 * its points, every run rebuilds {@code OUT/sweep.csv} and the plots from all the point files
 * present, so the last shard to finish (or a rerun) leaves the combined outputs.
 */
public final class SweepCommand extends Command {
    /** The run settings every point of a sweep shares. */
    private static final List<RunOption> COMMON = List.of(
            RunOption.HOLD,
            RunOption.WORKLOAD,
            RunOption.RULES,
            RunOption.WARMUP,
            RunOption.BUSES,
            RunOption.DEMAND,
            RunOption.GROUPS);

    @Override
    public String summary() {
        return "run algorithms x n x load x L x seed on all cores; resumable, shardable; CSV and plots";
    }

    @Override
    protected Options options() {
        Options o = new Options();
        o.addOption(Cli.algorithmsOption("all"));
        o.addOption(Cli.valued("nodes", "LIST", "default 7,13,31,57"));
        o.addOption(Cli.valued("loads", "LIST", "default 0.001,0.01,0.05,0.2,1.0"));
        o.addOption(Cli.valued("latencies", "LIST", "default 1"));
        o.addOption(Cli.valued("seeds", "K", "seeds 1..K per point (default 1)"));
        o.addOption(Cli.valued("cycles", "C", "cycles with new requests per point (default 100000)"));
        RunOption.addAll(o, List.of(RunOption.HOLD, RunOption.WORKLOAD, RunOption.RULES));
        RunOption.addAll(o, List.of(RunOption.WARMUP, RunOption.BUSES, RunOption.DEMAND, RunOption.GROUPS));
        o.addOption(Cli.valued("out", "DIR", "output folder (required)"));
        o.addOption(Cli.valued(
                "shard", "i/k", "run only shard i of k, 1 <= i <= k, and write only its point files (then --merge)"));
        o.addOption(Cli.flag("list", "print one command per point (a shard of one point each) and exit"));
        o.addOption(
                Cli.flag(
                        "merge",
                        "run nothing: write sweep.csv and the plots when every point is present, else exit 1 naming the missing"));
        o.addOption(Cli.threadsOption());
        o.addOption(Cli.quietOption());
        return o;
    }

    /** This shard's points that have no finished report yet; says how many there are on stderr. */
    private static List<SimulationConfig> mine(
            List<SimulationConfig> all, int[] shard, Path pointsDir, int threads, PrintStream err) throws IOException {
        List<SimulationConfig> mine = new ArrayList<>();
        int skipped = 0;
        for (int i = 0; i < all.size(); i++) {
            if (i % shard[1] == shard[0] - 1) {
                if (finished(pointsDir.resolve(id(all.get(i)) + ".json"), all.get(i))) {
                    skipped++;
                } else {
                    mine.add(all.get(i));
                }
            }
        }
        err.printf(
                Locale.ROOT,
                "ppbus sweep: %d points in all, %d in shard %d/%d, %d already done, %d to run on %d threads%n",
                all.size(),
                mine.size() + skipped,
                shard[0],
                shard[1],
                skipped,
                mine.size(),
                threads);
        return mine;
    }

    @Override
    protected Help help() {
        return new Help(
                "ppbus sweep --out DIR [--algorithms a,b] [--nodes LIST] [--loads LIST] [--seeds K] [--shard i/k | --list | --merge]",
                "Runs the Cartesian product and writes OUT/points/*.json, OUT/sweep.csv and PNG and SVG plots.\n"
                        + "Rerun the same command to resume; finished points are skipped. On a cluster, run the shards\n"
                        + "(or the --list commands) into one folder, then --merge (docs/CLUSTER.md).");
    }

    @Override
    protected int execute(Invocation call) throws Exception {
        CommandLine cl = call.options();
        PrintStream out = call.stdout();
        PrintStream err = call.err();
        if (!cl.hasOption("out")) {
            throw new UsageException("--out DIR is required");
        }
        if ((cl.hasOption("list") ? 1 : 0) + (cl.hasOption("merge") ? 1 : 0) + (cl.hasOption("shard") ? 1 : 0) > 1) {
            throw new UsageException("--shard, --list and --merge exclude each other");
        }
        Path dir = Path.of(cl.getOptionValue("out"));
        List<SimulationConfig> all = points(cl);
        if (cl.hasOption("list")) {
            for (int j = 1; j <= all.size(); j++) {
                out.println(listed(call.arguments(), j, all.size()));
            }
            return 0;
        }
        Path pointsDir = dir.resolve("points");
        Outputs.checkFolder(pointsDir, cl.getOptionValue("out"));
        if (cl.hasOption("merge")) {
            return merge(dir, all, out, err);
        }
        int[] shard = shard(cl.getOptionValue("shard", "1/1"));
        int threads = Cli.threads(cl);
        List<SimulationConfig> mine = mine(all, shard, pointsDir, threads, err);
        long start = System.nanoTime();
        int done = runPoints(mine, pointsDir, threads, err, !cl.hasOption("quiet"));
        double wall = (System.nanoTime() - start) / 1e9;
        if (done < mine.size()) {
            return 130;
        }
        out.printf(
                Locale.ROOT, "ppbus sweep: %d points run in %.1f s wall on %d threads%n", mine.size(), wall, threads);
        if (shard[1] > 1) {
            // A shard writes its own points only: a partial CSV would look like a finished sweep.
            out.printf(
                    Locale.ROOT,
                    "shard %d/%d done; when every shard is, run the same command with --merge instead of --shard%n",
                    shard[0],
                    shard[1]);
            return 0;
        }
        return merge(dir, all, out, err);
    }

    /** The command of point j of n: the same arguments as a shard of one point. */
    static String listed(List<String> args, int j, int n) {
        StringBuilder b = new StringBuilder("ppbus sweep");
        for (String a : args) {
            if (a.equals("--list")) {
                continue;
            }
            b.append(' ').append(a.matches("[A-Za-z0-9_./:=,+-]+") ? a : "'" + a.replace("'", "'\\''") + "'");
        }
        return b.append(" --shard ").append(j).append('/').append(n).toString();
    }

    /** Writes sweep.csv and the plots when every point is present; otherwise names the missing ones and returns 1. */
    private static int merge(Path dir, List<SimulationConfig> all, PrintStream out, PrintStream err)
            throws IOException {
        Path pointsDir = dir.resolve("points");
        List<String> missing = new ArrayList<>();
        for (SimulationConfig c : all) {
            if (!finished(pointsDir.resolve(id(c) + ".json"), c)) {
                missing.add(id(c));
            }
        }
        if (!missing.isEmpty()) {
            err.printf(
                    Locale.ROOT,
                    "ppbus sweep: %d of %d points are missing, so nothing was merged: %s%s%n",
                    missing.size(),
                    all.size(),
                    String.join(", ", missing.subList(0, Math.min(10, missing.size()))),
                    missing.size() > 10 ? ", ..." : "");
            return 1;
        }
        List<ResultRow> rows = collect(pointsDir, all);
        StringBuilder csv = new StringBuilder(ResultRow.CSV_HEADER).append('\n');
        rows.forEach(r -> csv.append(r.csv()).append('\n'));
        Outputs.write(dir.resolve("sweep.csv"), csv.toString());
        List<Path> plots = Charts.write(rows, dir);
        long failed = rows.stream().filter(r -> !r.ok()).count();
        out.printf(Locale.ROOT, "ppbus sweep: all %d points present, %d failed%n", all.size(), failed);
        out.println("csv: " + dir.resolve("sweep.csv"));
        out.println("plots: " + plots.size() + " files in " + dir);
        return failed == 0 ? 0 : 1;
    }

    /** The canonical order: algorithm, n, load, L, seed, each as listed. */
    static List<SimulationConfig> points(CommandLine cl) throws UsageException {
        long cycles = Cli.parseLong("cycles", cl.getOptionValue("cycles", "100000"));
        SimulationConfig common = RunOption.applyAll(SimulationConfig.defaults(), cl, COMMON);
        List<String> algorithms = cl.hasOption("algorithms")
                ? Cli.parseList("algorithms", cl.getOptionValue("algorithms"))
                : Algorithms.serving(common.sharing()).stream()
                        .map(Algorithm::name)
                        .toList();
        int seeds = Cli.parseInt("seeds", cl.getOptionValue("seeds", "1"));
        if (seeds < 1) {
            throw new UsageException("--seeds must be at least 1");
        }
        List<SimulationConfig> points = new ArrayList<>();
        for (String a : algorithms) {
            if (!Algorithms.names().contains(a.trim())) {
                throw new UsageException(
                        "unknown algorithm '" + a + "' (" + String.join(", ", Algorithms.names()) + ")");
            }
            for (String n : Cli.parseList("nodes", cl.getOptionValue("nodes", "7,13,31,57"))) {
                for (String p : Cli.parseList("loads", cl.getOptionValue("loads", "0.001,0.01,0.05,0.2,1.0"))) {
                    for (String l : Cli.parseList("latencies", cl.getOptionValue("latencies", "1"))) {
                        for (int s = 1; s <= seeds; s++) {
                            SimulationConfig c = common.toBuilder()
                                    .algorithm(a.trim())
                                    .rules(SoakCommand.takesRules(a) ? common.rules() : RuleSet.FIXED)
                                    .build()
                                    .withNodes(Cli.parseInt("nodes", n.trim()))
                                    .withLoad(Cli.parseDouble("loads", p.trim()))
                                    .withLatency(Cli.parseInt("latencies", l.trim()))
                                    .withCycles(cycles)
                                    .withSeed(s);
                            try {
                                points.add(c.validated());
                            } catch (ConfigException e) {
                                throw Cli.usage(e, Map.of("latencyCycles", "latencies", "load", "loads"));
                            }
                        }
                    }
                }
            }
        }
        return points;
    }

    static int[] shard(String text) throws UsageException {
        String[] p = text.split("/");
        if (p.length != 2) {
            throw new UsageException("--shard expects i/k, got '" + text + "'");
        }
        int i = Cli.parseInt("shard", p[0]);
        int k = Cli.parseInt("shard", p[1]);
        if (k < 1 || i < 1 || i > k) {
            throw new UsageException("--shard i/k needs 1 <= i <= k, got '" + text + "'");
        }
        return new int[] {i, k};
    }

    /**
     * A file name that names the point: algorithm, n, load, L, seed, cycles and hold, then the rules,
     * the workload, the warm-up and the sharing (buses k, demand h, groups) where they are not the
     * defaults (so older sweeps keep their names).
     */
    static String id(SimulationConfig c) {
        SimulationConfig d = SimulationConfig.defaults();
        return String.format(
                        Locale.ROOT,
                        "%s_n%d_p%s_L%d_s%d_c%d_h%d",
                        c.algorithm(),
                        c.nodes(),
                        Double.toString(c.load()),
                        c.latencyCycles(),
                        c.seed(),
                        c.cycles(),
                        c.holdCycles())
                + (c.rules().equals(d.rules()) ? "" : "_r" + c.rules().label())
                + (c.workload().equals(d.workload()) ? "" : "_w" + c.workload().replaceAll("[^A-Za-z0-9.-]", "-"))
                + (c.warmupCycles() == 0 ? "" : "_warm" + c.warmupCycles())
                + (c.sharing().buses() == 1 ? "" : "_k" + c.sharing().buses())
                + (c.sharing().demand() == 1 ? "" : "_d" + c.sharing().demand())
                + (c.sharing().groups() == 0 ? "" : "_g" + c.sharing().groups());
    }

    /** A point is finished when its file parses and describes the same point. */
    private static boolean finished(Path file, SimulationConfig c) {
        return finishedRow(file, c) != null;
    }

    /** The row of a finished point's file, or null if the point must run (again). */
    private static ResultRow finishedRow(Path file, SimulationConfig c) {
        if (!Files.isRegularFile(file)) {
            return null;
        }
        try {
            ResultRow r = ResultRow.of(Reports.mapper().readTree(file.toFile()));
            boolean same = r.algorithm().equals(c.algorithm())
                    && r.nodes() == c.nodes()
                    && r.load() == c.load()
                    && r.latency() == c.latencyCycles()
                    && r.seed() == c.seed()
                    && r.hold() == c.holdCycles()
                    && r.workload().equals(c.workload())
                    && r.rules().equals(c.rules().label())
                    && r.warmup() == c.warmupCycles()
                    && r.buses() == c.sharing().buses()
                    && r.demand() == c.sharing().demand()
                    && r.groups() == c.sharing().groups();
            return same ? r : null;
        } catch (IOException | RuntimeException e) {
            return null; // unreadable: run it again
        }
    }

    /** Runs the points, writes each file when its point finishes; returns how many finished. */
    private static int runPoints(
            List<SimulationConfig> points, Path pointsDir, int threads, PrintStream err, boolean bar) throws Exception {
        if (points.isEmpty()) {
            return 0;
        }
        ProgressBar progress = new ProgressBar(err, bar);
        AtomicInteger done = new AtomicInteger();
        try (StopOnInterrupt stop = new StopOnInterrupt(30)) {
            try {
                // Largest n first: the longest points start early, so the last ones to finish are
                // short and no core idles at the end waiting for a single big point.
                List<SimulationConfig> order = new ArrayList<>(points);
                order.sort(Comparator.comparingInt(SimulationConfig::nodes).reversed());
                List<Batch.Job<SimulationResult>> jobs = order.stream()
                        .map(c -> (Batch.Job<SimulationResult>)
                                s -> new Simulation(c).stopWhen(s).run())
                        .toList();
                new Batch(threads, stop::requested)
                        .run(
                                jobs,
                                SimulationResult::interrupted,
                                d -> {
                                    writePoint(d.result(), pointsDir);
                                    progress.points(done.incrementAndGet(), points.size());
                                },
                                d -> {});
            } finally {
                progress.finish();
                if (stop.requested()) {
                    // Said here, before closing lets the JVM exit.
                    err.printf(
                            Locale.ROOT,
                            "ppbus sweep: interrupted; %d of %d points finished and kept. "
                                    + "Rerun the same command to resume.%n",
                            done.get(),
                            points.size());
                }
            }
        }
        return done.get();
    }

    /** One finished point, written atomically. */
    private static void writePoint(SimulationResult r, Path pointsDir) throws IOException {
        ObjectNode json = Reports.json(r, Version.VERSION);
        json.put("wiresPerNode", CompareCommand.wiresPerNode(r));
        Outputs.write(
                pointsDir.resolve(id(r.config()) + ".json"), Reports.mapper().writeValueAsString(json) + "\n");
    }

    /** Every point of this sweep whose file is present, in canonical order. */
    private static List<ResultRow> collect(Path pointsDir, List<SimulationConfig> all) {
        List<ResultRow> rows = new ArrayList<>();
        for (SimulationConfig c : all) {
            ResultRow r = finishedRow(pointsDir.resolve(id(c) + ".json"), c);
            if (r != null) {
                rows.add(r);
            }
        }
        return rows;
    }
}
