package org.ppbus.cli.command;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.ppbus.cli.console.StopOnInterrupt;
import org.ppbus.cli.options.Cli;
import org.ppbus.cli.options.Outputs;
import org.ppbus.cli.options.RunOption;
import org.ppbus.cli.options.UsageException;
import org.ppbus.cli.options.Version;
import org.ppbus.cli.report.ResultRow;
import org.ppbus.protocol.descriptor.Algorithm;
import org.ppbus.registry.Algorithms;
import org.ppbus.stats.Statistics;
import org.ppbus.testbench.Reports;
import org.ppbus.testbench.Simulation;
import org.ppbus.testbench.SimulationConfig;
import org.ppbus.testbench.SimulationResult;

/**
 * {@code ppbus compare}: the same workload on every algorithm, one row each, all in one JVM.
 */
public final class CompareCommand extends Command {
    /** The run settings every algorithm of the comparison shares. */
    private static final List<RunOption> SETTINGS = List.of(
            RunOption.NODES,
            RunOption.LOAD,
            RunOption.CYCLES,
            RunOption.HOLD,
            RunOption.LATENCY,
            RunOption.SEED,
            RunOption.WORKLOAD,
            RunOption.RULES,
            RunOption.BUSES,
            RunOption.DEMAND,
            RunOption.GROUPS);

    @Override
    public String summary() {
        return "run the same workload on each algorithm and print one row per algorithm";
    }

    @Override
    protected Options options() {
        Options o = new Options();
        RunOption.addAll(o, SETTINGS);
        o.addOption(Cli.algorithmsOption("all"));
        o.addOption(Cli.jsonOption("the rows"));
        o.addOption(Cli.valued("csv", "FILE", "write the rows as CSV"));
        return o;
    }

    @Override
    protected Help help() {
        return new Help(
                "ppbus compare --nodes N --load P --cycles C --seed S [--algorithms a,b] [--json FILE] [--csv FILE]",
                "Every algorithm on the same bus, processors, workload and seed.");
    }

    @Override
    protected int execute(Invocation call) throws Exception {
        CommandLine cl = call.options();
        PrintStream out = call.text();
        PrintStream stdout = call.stdout();
        PrintStream err = call.err();
        SimulationConfig base = SimulationConfig.defaults();
        base = RunOption.applyAll(base, cl, SETTINGS);
        List<String> algorithms = cl.hasOption("algorithms")
                ? Cli.parseList("algorithms", cl.getOptionValue("algorithms"))
                : Algorithms.serving(base.sharing()).stream()
                        .map(Algorithm::name)
                        .toList();
        List<SimulationResult> rows = new ArrayList<>();
        for (String a : algorithms) {
            if (!Algorithms.names().contains(a.trim())) {
                throw new UsageException(
                        "unknown algorithm '" + a + "' (" + String.join(", ", Algorithms.names()) + ")");
            }
            Optional<String> refused = Algorithms.named(a.trim()).refusal(base.sharing());
            if (refused.isPresent()) {
                throw new UsageException(refused.get());
            }
        }
        boolean interrupted = false;
        try (StopOnInterrupt stop = new StopOnInterrupt(20)) {
            for (String a : algorithms) {
                SimulationResult r = new Simulation(
                                base.toBuilder().algorithm(a.trim()).build().validated())
                        .stopWhen(stop::requested)
                        .run();
                if (r.interrupted()) {
                    interrupted = true;
                    break; // an algorithm cut short is not a row to compare
                }
                rows.add(r);
            }
            interrupted |= stop.requested();
            int code = report(cl, base, rows, interrupted, algorithms.size(), out, stdout);
            if (interrupted) {
                err.println(
                        "ppbus compare: interrupted; the table has the " + rows.size() + " algorithms that finished");
                return 130;
            }
            return code;
        }
    }

    private static int report(
            CommandLine cl,
            SimulationConfig base,
            List<SimulationResult> rows,
            boolean interrupted,
            int planned,
            PrintStream out,
            PrintStream stdout)
            throws IOException {
        out.printf(
                Locale.ROOT,
                "ppbus compare: n=%d, load %s, hold %d, L=%d, %,d cycles, seed %d%s%n",
                base.nodes(),
                Double.toString(base.load()),
                base.holdCycles(),
                base.latencyCycles(),
                base.cycles(),
                base.seed(),
                interrupted ? " (interrupted: " + rows.size() + " of " + planned + " algorithms)" : "");
        printTable(out, rows);
        List<String> notRun = notRun(cl, base);
        if (!notRun.isEmpty()) {
            out.printf(
                    Locale.ROOT,
                    "not run, as they cannot serve k = %d, h = %d, %s (simulate --algorithm A says why): %s%n",
                    base.sharing().buses(),
                    base.sharing().demand(),
                    base.sharing().groups() == 0 ? "no groups" : base.sharing().groups() + " groups",
                    String.join(", ", notRun));
        }
        if (cl.hasOption("json")) {
            ObjectNode root = Reports.header(Version.VERSION);
            Reports.putConfig(root.putObject("config"), base);
            root.put("interrupted", interrupted);
            if (!notRun.isEmpty()) {
                notRun.forEach(root.putArray("notRun")::add);
            }
            ArrayNode list = root.putArray("algorithms");
            for (SimulationResult r : rows) {
                ObjectNode row = Reports.json(r, Version.VERSION);
                row.put("wiresPerNode", wiresPerNode(r));
                list.add(row);
            }
            Outputs.write(cl.getOptionValue("json"), Reports.mapper().writeValueAsString(root) + "\n", stdout);
        }
        if (cl.hasOption("csv")) {
            StringBuilder csv = new StringBuilder(ResultRow.CSV_HEADER).append('\n');
            for (SimulationResult r : rows) {
                ObjectNode json = Reports.json(r, Version.VERSION);
                json.put("wiresPerNode", wiresPerNode(r));
                csv.append(ResultRow.of(json).csv()).append('\n');
            }
            Outputs.write(cl.getOptionValue("csv"), csv.toString(), stdout);
        }
        return rows.stream().allMatch(r -> r.violation() == null && r.ungranted() == 0) ? 0 : 1;
    }

    /**
     * The algorithms a default comparison of a shared run leaves out, as they cannot serve it (none
     * when the algorithms are named: a named one that cannot is refused before anything runs).
     */
    private static List<String> notRun(CommandLine cl, SimulationConfig base) {
        if (cl.hasOption("algorithms") || !base.sharing().shared()) {
            return List.of();
        }
        return Algorithms.all().stream()
                .filter(a -> a.refusal(base.sharing()).isPresent())
                .map(Algorithm::name)
                .toList();
    }

    /** One row per algorithm: messages, bits, waits, sync delay, utilisation, fairness, wires, verdict. */
    private static void printTable(PrintStream out, List<SimulationResult> rows) {
        out.printf(
                Locale.ROOT,
                "%-" + Cli.NAME_WIDTH + "s %8s %8s %8s %6s %6s %8s %6s %7s %6s %9s%n",
                "algorithm",
                "msg/ent",
                "bits/ent",
                "wait",
                "p99",
                "max",
                "sync",
                "util",
                "Jain",
                "wires",
                "verdict");
        for (SimulationResult r : rows) {
            Statistics.Summary s = r.summary();
            out.printf(
                    Locale.ROOT,
                    "%-" + Cli.NAME_WIDTH + "s %8.3f %8.3f %8.2f %6d %6d %8.2f %6.3f %7.4f %6.1f %9s%n",
                    r.config().algorithm(),
                    s.messages().totalPerEntry().mean(),
                    s.bits().totalPerEntry().mean(),
                    s.waitCycles().mean(),
                    s.waitCycles().p99(),
                    s.waitCycles().max(),
                    s.syncDelay().mean(),
                    r.shared() == null ? s.busUtilization() : r.shared().overall(),
                    s.jainFairness(),
                    wiresPerNode(r),
                    r.violation() == null && r.ungranted() == 0 ? "ok" : "FAILED");
        }
    }

    /** Wires that leave a node, each counted once, as the algorithm's descriptor counts them. */
    static double wiresPerNode(SimulationResult r) {
        return r.config().algorithmSpec().wires().perNode(r.config().nodes());
    }
}
