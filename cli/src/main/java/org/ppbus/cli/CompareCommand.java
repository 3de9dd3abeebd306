package org.ppbus.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.ppbus.plane.Wiring;
import org.ppbus.stats.Statistics;
import org.ppbus.testbench.Reports;
import org.ppbus.testbench.Simulation;
import org.ppbus.testbench.SimulationConfig;
import org.ppbus.testbench.SimulationResult;

/**
 * {@code ppbus compare}: the same workload on every algorithm, one row each, all in one JVM.
 */
final class CompareCommand implements Main.Command {
    @Override
    public String summary() {
        return "run the same workload on each algorithm and print one row per algorithm";
    }

    @Override
    public int run(String[] args, PrintStream out, PrintStream err) throws Exception {
        Options o = new Options();
        o.addOption(Option.builder().longOpt("nodes").hasArg().argName("N").desc("real processors n >= 1 (default 7)").build());
        o.addOption(Option.builder().longOpt("load").hasArg().argName("P").desc("per-cycle request probability (default 0.01)").build());
        o.addOption(Option.builder().longOpt("cycles").hasArg().argName("C").desc("cycles with new requests (default 100000)").build());
        o.addOption(Option.builder().longOpt("hold").hasArg().argName("H").desc("bus cycles per grant (default 4)").build());
        o.addOption(Option.builder().longOpt("latency").hasArg().argName("L").desc("channel latency (default 1)").build());
        o.addOption(Option.builder().longOpt("seed").hasArg().argName("S").desc("run seed (default 1)").build());
        o.addOption(Option.builder().longOpt("algorithms").hasArg().argName("LIST")
                .desc("comma-separated, from " + String.join(", ", SimulationConfig.ALGORITHMS) + " (default all)").build());
        o.addOption(Option.builder().longOpt("json").hasArg().argName("FILE").desc("write the rows as JSON").build());
        o.addOption(Option.builder().longOpt("csv").hasArg().argName("FILE").desc("write the rows as CSV").build());
        o.addOption(Option.builder("h").longOpt("help").desc("show this help").build());
        CommandLine cl = Cli.parse(o, args);
        if (cl.hasOption("help")) {
            Cli.help(out, "ppbus compare --nodes N --load P --cycles C --seed S [--algorithms a,b] [--json FILE] [--csv FILE]",
                    "Every algorithm on the same bus, processors, workload and seed.\n\n", o);
            return 0;
        }
        SimulationConfig base = SimulationConfig.defaults();
        String[][] map = {{"nodes", "nodes"}, {"load", "load"}, {"cycles", "cycles"}, {"hold", "hold"},
                          {"latency", "latency"}, {"seed", "seed"}};
        for (String[] m : map) {
            if (cl.hasOption(m[0])) {
                base = SimulateCommand.apply(base, m[1], cl.getOptionValue(m[0]));
            }
        }
        List<String> algorithms = cl.hasOption("algorithms")
                ? Cli.parseList("algorithms", cl.getOptionValue("algorithms")) : SimulationConfig.ALGORITHMS;
        List<SimulationResult> rows = new ArrayList<>();
        for (String a : algorithms) {
            if (!SimulationConfig.ALGORITHMS.contains(a.trim())) {
                throw new UsageException("unknown algorithm '" + a + "' (" + String.join(", ", SimulationConfig.ALGORITHMS) + ")");
            }
        }
        boolean interrupted = false;
        try (StopOnInterrupt stop = new StopOnInterrupt(20)) {
            for (String a : algorithms) {
                SimulationResult r = new Simulation(base.toBuilder().algorithm(a.trim()).build().validated())
                        .stopWhen(stop::requested).run();
                if (r.interrupted()) {
                    interrupted = true;
                    break; // an algorithm cut short is not a row to compare
                }
                rows.add(r);
            }
            interrupted |= stop.requested();
            int code = report(cl, base, rows, interrupted, algorithms.size(), out);
            if (interrupted) {
                err.println("ppbus compare: interrupted; the table has the " + rows.size() + " algorithms that finished");
                return 130;
            }
            return code;
        }
    }

    private static int report(CommandLine cl, SimulationConfig base, List<SimulationResult> rows, boolean interrupted,
                              int planned, PrintStream out) throws java.io.IOException {
        out.printf(Locale.ROOT, "ppbus compare: n=%d, load %s, hold %d, L=%d, %,d cycles, seed %d%s%n", base.nodes(),
                Double.toString(base.load()), base.holdCycles(), base.latencyCycles(), base.cycles(), base.seed(),
                interrupted ? " (interrupted: " + rows.size() + " of " + planned + " algorithms)" : "");
        out.printf(Locale.ROOT, "%-18s %8s %8s %8s %6s %6s %8s %6s %7s %6s %9s%n", "algorithm", "msg/ent", "bits/ent",
                "wait", "p99", "max", "sync", "util", "Jain", "wires", "verdict");
        for (SimulationResult r : rows) {
            Statistics.Summary s = r.summary();
            out.printf(Locale.ROOT, "%-18s %8.3f %8.3f %8.2f %6d %6d %8.2f %6.3f %7.4f %6.1f %9s%n", r.config().algorithm(),
                    s.messages().totalPerEntry().mean(), s.bits().totalPerEntry().mean(), s.waitCycles().mean(),
                    s.waitCycles().p99(), s.waitCycles().max(), s.syncDelay().mean(), s.busUtilization(), s.jainFairness(),
                    wiresPerNode(r), r.violation() == null && r.ungranted() == 0 ? "ok" : "FAILED");
        }
        if (cl.hasOption("json")) {
            ObjectNode root = Reports.mapper().createObjectNode();
            root.put("tool", "ppbus " + Version.VERSION);
            Reports.putConfig(root.putObject("config"), base);
            root.put("interrupted", interrupted);
            ArrayNode list = root.putArray("algorithms");
            for (SimulationResult r : rows) {
                ObjectNode row = Reports.json(r, Version.VERSION);
                row.put("wiresPerNode", wiresPerNode(r));
                list.add(row);
            }
            Outputs.write(cl.getOptionValue("json"), Reports.mapper().writeValueAsString(root) + "\n", out);
        }
        if (cl.hasOption("csv")) {
            StringBuilder csv = new StringBuilder(ResultRow.CSV_HEADER).append('\n');
            for (SimulationResult r : rows) {
                ObjectNode json = Reports.json(r, Version.VERSION);
                json.put("wiresPerNode", wiresPerNode(r));
                csv.append(ResultRow.of(json).csv()).append('\n');
            }
            Outputs.write(cl.getOptionValue("csv"), csv.toString(), out);
        }
        return rows.stream().allMatch(r -> r.violation() == null && r.ungranted() == 0) ? 0 : 1;
    }

    /**
     * Wires that leave a node, each counted once. Campos–Carvalho: every remote link has two 2-bit
     * channels, 4 wires; the link to the node's own arbiter stays inside. Central round-robin: req
     * and gnt run from every node to the arbiter. Coordinator: a message-wide channel each way
     * between every other node and node 0.
     */
    static double wiresPerNode(SimulationResult r) {
        if (r.config().algorithm().equals("central-rr")) {
            return 2;
        }
        if (r.config().algorithm().equals("lamport")) {
            int n = r.config().nodes();
            int idBits = Math.max(1, 32 - Integer.numberOfLeadingZeros(n - 1));
            return (double) (2 + Simulation.STAMP_BITS + idBits) * (n - 1);
        }
        if (r.config().algorithm().equals("ricart-agrawala") || r.config().algorithm().equals("carvalho-roucairol")) {
            // A REQUEST-wide channel each way to every other node, each counted once.
            int n = r.config().nodes();
            int idBits = Math.max(1, 32 - Integer.numberOfLeadingZeros(n - 1));
            return (double) (1 + Simulation.STAMP_BITS + idBits) * (n - 1);
        }
        if (r.config().algorithm().equals("chandy-misra")) {
            return r.config().nodes() - 1; // a 1-bit channel each way per pair, each counted once
        }
        if (r.config().algorithm().equals("maekawa")) {
            return org.ppbus.protocol.baseline.Maekawa.wiresPerNode(
                    org.ppbus.protocol.baseline.Maekawa.onPlane(Wiring.forNodes(r.config().nodes())), Simulation.STAMP_BITS);
        }
        if (r.config().algorithm().equals("maekawa-grid")) {
            return org.ppbus.protocol.baseline.Maekawa.wiresPerNode(
                    org.ppbus.protocol.baseline.Maekawa.onGrid(r.config().nodes()), Simulation.STAMP_BITS);
        }
        if (r.config().algorithm().equals("li-hudak") || r.config().algorithm().equals("thambu-wong")) {
            // Requests and the token may go to any node: a REQUEST-wide channel each way per pair,
            // each counted once. Thambu-Wong's routed requests also carry the successor flag and a
            // 16-bit hand-off cycle, and its token has channels of its own, as wide as a request,
            // over which the queue is sent serially.
            int n = r.config().nodes();
            int idBits = Math.max(1, 32 - Integer.numberOfLeadingZeros(n - 1));
            int width = r.config().algorithm().equals("li-hudak") ? 1 + idBits
                    : (3 + idBits + 2 + 1 + org.ppbus.protocol.baseline.ThambuWong.CYCLE_BITS) + (3 + idBits + 2);
            return (double) width * (n - 1);
        }
        if (r.config().algorithm().equals("raymond")) {
            return org.ppbus.protocol.baseline.Raymond.wiresPerNode(r.config().nodes());
        }
        if (r.config().algorithm().equals("token-ring")) {
            return 2; // a 1-bit token channel in from the predecessor and out to the successor
        }
        if (r.config().algorithm().equals("coordinator")) {
            // A channel each way between every other node and node 0, as wide as the widest message
            // (REQUEST: 2 type bits and the requester's id).
            int n = r.config().nodes();
            int idBits = Math.max(1, 32 - Integer.numberOfLeadingZeros(n - 1));
            return 2.0 * (2 + idBits) * (n - 1) / n;
        }
        Wiring w = Wiring.forNodes(r.config().nodes());
        long remote = 0;
        for (int link = 0; link < w.links(); link++) {
            if (!w.isLocal(link)) {
                remote++;
            }
        }
        return 4.0 * remote / w.nodes();
    }
}
