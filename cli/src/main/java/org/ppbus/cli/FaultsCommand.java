package org.ppbus.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.ppbus.link.FaultPlan;
import org.ppbus.testbench.FaultOutcome;
import org.ppbus.testbench.Reports;
import org.ppbus.testbench.Simulation;
import org.ppbus.testbench.SimulationConfig;
import org.ppbus.testbench.SimulationResult;

/**
 * {@code ppbus faults}: the fault matrix. Every fault kind at a random place, once per seed, on
 * the same workload; per kind, how the runs ended and the longest detection latency.
 */
final class FaultsCommand implements Main.Command {
    @Override
    public String summary() {
        return "fault matrix: each fault kind x K seeds; verdict distribution and detection latency";
    }

    @Override
    public int run(String[] args, PrintStream out, PrintStream err) throws Exception {
        Options o = new Options();
        o.addOption(Option.builder().longOpt("nodes").hasArg().argName("N").desc("default 13").build());
        o.addOption(Option.builder().longOpt("seeds").hasArg().argName("K").desc("seeds 1..K per kind (default 100)").build());
        o.addOption(Option.builder().longOpt("load").hasArg().argName("P").desc("default 0.05").build());
        o.addOption(Option.builder().longOpt("cycles").hasArg().argName("C").desc("cycles with new requests (default 20000)").build());
        o.addOption(Option.builder().longOpt("latency").hasArg().argName("L").desc("default 1").build());
        o.addOption(Option.builder().longOpt("kinds").hasArg().argName("LIST").desc("default drop,duplicate,corrupt,delay").build());
        o.addOption(Option.builder().longOpt("json").hasArg().argName("FILE").desc("write every run's outcome as JSON").build());
        o.addOption(Option.builder().longOpt("threads").hasArg().argName("T").desc("default: cores").build());
        o.addOption(Option.builder("h").longOpt("help").desc("show this help").build());
        CommandLine cl = Cli.parse(o, args);
        if (cl.hasOption("help")) {
            Cli.help(out, "ppbus faults [--nodes N] [--seeds K] [--json FILE]", "One random fault per run, K runs per kind.\n\n", o);
            return 0;
        }
        int seeds = Cli.parseInt("seeds", cl.getOptionValue("seeds", "100"));
        if (seeds < 1) {
            throw new UsageException("--seeds must be at least 1");
        }
        int threads = Cli.parseInt("threads", cl.getOptionValue("threads", Integer.toString(Runtime.getRuntime().availableProcessors())));
        if (threads < 1) {
            throw new UsageException("--threads must be at least 1");
        }
        List<String> kinds = Cli.parseList("kinds", cl.getOptionValue("kinds", String.join(",", FaultPlan.KINDS)));
        SimulationConfig base = SimulationConfig.defaults();
        for (String[] m : new String[][] {{"nodes", "13"}, {"load", "0.05"}, {"cycles", "20000"}, {"latency", "1"}}) {
            base = SimulateCommand.apply(base, m[0], cl.getOptionValue(m[0], m[1]));
        }
        List<SimulationConfig> runs = new ArrayList<>();
        for (String k : kinds) {
            for (int s = 1; s <= seeds; s++) {
                try {
                    runs.add(base.toBuilder().seed(s).fault(k.trim() + ":random").build().validated());
                } catch (IllegalArgumentException e) {
                    throw new UsageException(e.getMessage());
                }
            }
        }
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        List<SimulationResult> results = new ArrayList<>();
        List<FaultOutcome> outcomes = new ArrayList<>();
        long t0 = System.nanoTime();
        boolean interrupted;
        try (StopOnInterrupt stop = new StopOnInterrupt(20)) {
            // Each seed's fault-free twin: a failure it shares is not the fault's doing.
            Map<Long, Future<SimulationResult>> twins = new TreeMap<>();
            for (int s = 1; s <= seeds; s++) {
                SimulationConfig twin = base.toBuilder().seed(s).fault("none").build();
                twins.put((long) s, pool.submit(() -> new Simulation(twin).stopWhen(stop::requested).run()));
            }
            List<Future<SimulationResult>> fs = new ArrayList<>();
            for (SimulationConfig c : runs) {
                fs.add(pool.submit(() -> new Simulation(c).stopWhen(stop::requested).run()));
            }
            for (int i = 0; i < fs.size() && !stop.requested(); i++) {
                SimulationResult r = fs.get(i).get();
                SimulationResult twin = twins.get(r.config().seed()).get();
                if (r.interrupted() || twin.interrupted()) {
                    break;
                }
                results.add(r);
                outcomes.add(r.fault().against(twin));
            }
            interrupted = stop.requested();
            pool.shutdownNow();
        } finally {
            pool.shutdownNow();
        }
        double wall = (System.nanoTime() - t0) / 1e9;
        out.printf(Locale.ROOT, "ppbus faults: n=%d, load %s, L=%d, %,d cycles, seeds 1..%d, one random fault per run%n",
                base.nodes(), Double.toString(base.load()), base.latencyCycles(), base.cycles(), seeds);
        for (String k : kinds) {
            Map<String, Integer> verdicts = new TreeMap<>();
            long maxLatency = -1;
            long maxRunCycles = 0;
            for (int i = 0; i < results.size(); i++) {
                SimulationResult r = results.get(i);
                FaultOutcome f = outcomes.get(i);
                if (!f.plan().startsWith(k.trim() + ":")) {
                    continue;
                }
                verdicts.merge(f.verdict(), 1, Integer::sum);
                maxLatency = Math.max(maxLatency, f.latency());
                maxRunCycles = Math.max(maxRunCycles, r.cycles());
            }
            StringBuilder v = new StringBuilder();
            verdicts.forEach((name, count) -> v.append(v.length() == 0 ? "" : ", ").append(name).append(' ').append(count));
            out.printf(Locale.ROOT, "%-10s %s; longest detection %s cycles; longest run %,d cycles%n", k.trim(),
                    v.length() == 0 ? "no finished run" : v,
                    maxLatency < 0 ? "-" : Long.toString(maxLatency), maxRunCycles);
        }
        out.printf(Locale.ROOT, "%d%s runs in %.1f s on %d threads%s%n", results.size(),
                interrupted ? " of " + runs.size() : "", wall, threads, interrupted ? " (interrupted)" : "");
        if (cl.hasOption("json")) {
            ObjectNode root = Reports.mapper().createObjectNode();
            root.put("tool", "ppbus " + Version.VERSION);
            Reports.putConfig(root.putObject("config"), base);
            ArrayNode list = root.putArray("runs");
            root.put("interrupted", interrupted);
            root.put("runsPlanned", runs.size());
            for (int i = 0; i < results.size(); i++) {
                SimulationResult r = results.get(i);
                FaultOutcome f = outcomes.get(i);
                ObjectNode x = list.addObject();
                x.put("seed", r.config().seed());
                x.put("plan", f.plan());
                x.put("cycle", f.cycle());
                x.put("channel", f.channel());
                x.put("sent", f.sent());
                x.put("delivered", f.delivered());
                x.put("faultVerdict", f.verdict());
                x.put("detectionLatency", f.latency());
                x.put("cycles", r.cycles());
            }
            Outputs.write(cl.getOptionValue("json"), Reports.mapper().writeValueAsString(root) + "\n", out);
        }
        if (interrupted) {
            err.println("ppbus faults: interrupted; the summary covers the runs that finished");
            return 130;
        }
        return 0; // every run has a verdict (FaultOutcome); a detected fault is the expected result
    }
}
