package org.ppbus.cli.command;

import java.io.PrintStream;
import java.util.List;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.ppbus.cli.console.ProgressBar;
import org.ppbus.cli.console.StopOnInterrupt;
import org.ppbus.cli.options.Cli;
import org.ppbus.cli.options.Outputs;
import org.ppbus.cli.options.RunOption;
import org.ppbus.cli.options.UsageException;
import org.ppbus.cli.report.BusWrapperTable;
import org.ppbus.cli.report.HardwareReport;
import org.ppbus.cli.report.HardwareTable;
import org.ppbus.cli.report.SizedDesign;
import org.ppbus.protocol.descriptor.Algorithm;
import org.ppbus.testbench.ConfigException;
import org.ppbus.testbench.SimulationConfig;
import org.ppbus.verilog.Designs;
import org.ppbus.verilog.ExternalTool;

/**
 * {@code ppbus size}: the hardware architect's one command. For n processors, every algorithm with
 * RTL side by side: area and Fmax on iCE40, wires, waits at two loads, fairness and crash survivors
 * ({@link HardwareTable}).
 */
public final class SizeCommand extends Command {
    @Override
    public String summary() {
        return "every algorithm with RTL at n, side by side: LUT4, DFF, Fmax, wires, waits at two loads, fairness,"
                + " crash survivors";
    }

    @Override
    protected Options options() {
        Options o = new Options();
        o.addOption(RunOption.NODES.requiredOption());
        o.addOption(
                Cli.valued("light", "P", "the light run's offered load, bus cycles asked for per cycle (default 0.2)"));
        o.addOption(Cli.valued("heavy", "P", "the heavy run's offered load (default 0.9)"));
        o.addOption(RunOption.HOLD.toOption());
        o.addOption(Cli.valued("cycles", "C", "cycles of each run (default " + HardwareTable.CYCLES + ")"));
        o.addOption(RunOption.SEED.toOption());
        o.addOption(Cli.valued(
                "buses",
                "LIST",
                "the k of campos-carvalho-k's rows, each at least 2 (default 2,3); 1 alone: one-bus designs only"));
        o.addOption(Cli.flag("no-pnr", "skip place and route: no Fmax, much faster"));
        o.addOption(Cli.jsonOption("the table"));
        o.addOption(Cli.valued("csv", "FILE", "write the table as CSV"));
        return o;
    }

    @Override
    protected Help help() {
        return new Help(
                "ppbus size --nodes N [--light P] [--heavy P] [--hold H] [--cycles C] [--seed S] [--buses LIST] [--no-pnr]"
                        + " [--json FILE] [--csv FILE]",
                "Every algorithm with RTL at N processors, one row each.\nColumns: " + HardwareReport.COLUMNS
                        + ".\nThe waits come from the Java models, which the co-simulation (ppbus cosim) holds to the"
                        + " RTL cycle for cycle.");
    }

    @Override
    protected int execute(Invocation call) throws Exception {
        CommandLine cl = call.options();
        PrintStream out = call.text();
        PrintStream stdout = call.stdout();
        PrintStream err = call.err();
        HardwareTable.Settings s = settings(cl);
        boolean pnr = s.pnr();
        for (String tool : pnr ? List.of("yosys", "nextpnr-ice40") : List.of("yosys")) {
            if (!ExternalTool.available(tool)) {
                err.println("ppbus size: " + tool + " is not installed (apt-get install " + ExternalTool.packageOf(tool)
                        + ")");
                return 2;
            }
        }
        try (StopOnInterrupt stop = new StopOnInterrupt(20)) {
            ProgressBar bar = new ProgressBar(err, true);
            List<HardwareTable.Row> rows;
            int planned = Designs.algorithms().size();
            List<BusWrapperTable.Row> buses;
            try {
                rows = HardwareTable.measure(
                        s, a -> bar.waiting("ppbus size: " + a + " (" + planned + " designs)"), stop::requested);
                buses = BusWrapperTable.measure(
                        s.nodes(), pnr, b -> bar.waiting("ppbus size: " + b + " at n=" + s.nodes()), stop::requested);
            } finally {
                bar.finish();
            }
            boolean interrupted = stop.requested();
            String mark = interrupted ? " (interrupted: " + rows.size() + " of " + planned + " designs)" : "";
            out.print(HardwareReport.text(s, rows, mark));
            if (!buses.isEmpty()) {
                out.print(BusWrapperTable.text(s.nodes(), buses));
            }
            if (cl.hasOption("json")) {
                Outputs.write(cl.getOptionValue("json"), HardwareReport.json(s, rows, interrupted) + "\n", stdout);
            }
            if (cl.hasOption("csv")) {
                Outputs.write(cl.getOptionValue("csv"), HardwareReport.csv(rows), stdout);
            }
            if (interrupted) {
                err.println("ppbus size: interrupted; the table has the " + rows.size() + " designs that finished");
                return 130;
            }
            return 0;
        }
    }

    /** --buses: the k of the k-bus rows, each 2 or more and a size the k-bus design takes; "1" for none. */
    private static List<Integer> kBuses(CommandLine cl, SimulationConfig c) throws UsageException {
        if (!cl.hasOption("buses")) {
            return SizedDesign.K_BUSES;
        }
        int[] ks = Cli.parseInts("buses", cl.getOptionValue("buses"));
        if (ks.length == 1 && ks[0] == 1) {
            return List.of();
        }
        List<Integer> out = new java.util.ArrayList<>();
        for (int k : ks) {
            if (k < 2 || k > c.nodes()) {
                throw new UsageException("--buses: each k of a k-bus row is 2 to n (" + c.nodes() + "), got " + k
                        + " (give 1 alone for no k-bus row)");
            }
            if (!out.contains(k)) {
                out.add(k);
            }
        }
        return out;
    }

    private static HardwareTable.Settings settings(CommandLine cl) throws UsageException {
        if (!cl.hasOption("nodes")) {
            throw new UsageException("--nodes is required");
        }
        SimulationConfig c = RunOption.applyAll(
                SimulationConfig.defaults(), cl, List.of(RunOption.NODES, RunOption.HOLD, RunOption.SEED));
        try {
            c.validated();
        } catch (ConfigException e) {
            throw RunOption.usage(e);
        }
        // The table has a row for every design: refuse a size one of them lacks now, not after the
        // designs before it in the table were synthesised.
        for (Algorithm a : Designs.algorithms()) {
            if (c.nodes() < Designs.minNodes(a)) {
                throw new UsageException("--nodes: " + a.name() + " needs at least " + Designs.minNodes(a)
                        + " processors, and size has a row for every design, got " + c.nodes());
            }
        }
        double light = Cli.parseDouble("light", cl.getOptionValue("light", Double.toString(HardwareTable.LIGHT)));
        double heavy = Cli.parseDouble("heavy", cl.getOptionValue("heavy", Double.toString(HardwareTable.HEAVY)));
        for (double v : new double[] {light, heavy}) {
            if (!(v > 0) || v > c.nodes() * (double) c.holdCycles()) {
                throw new UsageException("--light and --heavy are offered loads in (0, n x hold], got " + v);
            }
        }
        long cycles = Cli.parseLong("cycles", cl.getOptionValue("cycles", Long.toString(HardwareTable.CYCLES)));
        if (cycles < 100 || cycles > 10_000_000) {
            throw new UsageException("--cycles must be 100..10000000, got " + cycles);
        }
        return new HardwareTable.Settings(
                c.nodes(), light, heavy, c.holdCycles(), cycles, c.seed(), !cl.hasOption("no-pnr"), kBuses(cl, c));
    }
}
