package org.ppbus.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.ppbus.plane.Wiring;
import org.ppbus.protocol.Algorithm;
import org.ppbus.protocol.RuleSet;
import org.ppbus.protocol.cc.CcPlanes;
import org.ppbus.registry.Algorithms;
import org.ppbus.testbench.ConfigException;
import org.ppbus.testbench.SimulationConfig;
import org.ppbus.verilog.Contract;
import org.ppbus.verilog.CoreFile;
import org.ppbus.verilog.Designs;
import org.ppbus.verilog.GeneratedDesign;
import org.ppbus.verilog.PlanesContract;
import org.ppbus.verilog.PlanesVerilogGenerator;
import org.ppbus.verilog.Testbench;
import org.ppbus.verilog.WishboneBus;

/** {@code ppbus generate}: Verilog-2001 for the network (or the reference arbiter) and files.f. */
final class GenerateCommand implements Main.Command {
    @Override
    public String summary() {
        return "write synthesizable Verilog (ppbus_top and one file per module) and files.f";
    }

    static Options designOptions() {
        Options o = new Options();
        o.addOption(RunOption.NODES.requiredOption());
        o.addOption(RunOption.LATENCY.toOption());
        o.addOption(Cli.algorithmOption(Designs.algorithms()));
        o.addOption(RunOption.RULES.toOption());
        o.addOption(busesOption());
        o.addOption(Option.builder("h").longOpt("help").desc("show this help").build());
        return o;
    }

    /** --buses of the commands that build RTL (generate, synth, verify --rtl). */
    static Option busesOption() {
        return Cli.valued(
                "buses",
                "K",
                "K > 1: campos-carvalho-k's RTL, one plane per bus and a chooser per processor, with a bus output"
                        + " (docs/PROTOCOL.md)");
    }

    /** --buses, checked: 1 (the default) to 8. */
    static int buses(CommandLine cl) throws UsageException {
        return cl.hasOption("buses") ? Cli.parseInRange("buses", cl.getOptionValue("buses"), 1, 8) : 1;
    }

    /**
     * The algorithm whose RTL the options ask for: with more than one bus campos-carvalho-k, the only
     * one with RTL for k buses (named or not); else one of those with RTL.
     */
    static Algorithm algorithm(CommandLine cl) throws UsageException {
        if (buses(cl) == 1) {
            if (cl.hasOption("algorithm") && cl.getOptionValue("algorithm").equals(CcPlanes.ALGORITHM.name())) {
                throw new UsageException(CcPlanes.ALGORITHM.name() + " needs --buses K, K at least 2 (its RTL has a"
                        + " plane per bus; one bus is campos-carvalho)");
            }
            return Cli.algorithm(cl, Designs.algorithms());
        }
        if (cl.hasOption("algorithm") && !cl.getOptionValue("algorithm").equals(CcPlanes.ALGORITHM.name())) {
            throw new UsageException("--buses " + buses(cl) + ": RTL for more than one bus exists for "
                    + CcPlanes.ALGORITHM.name() + " only");
        }
        if (!Cli.rules(cl).equals(RuleSet.FIXED)) {
            throw new UsageException("--buses " + buses(cl) + " takes the fixed rules only");
        }
        return CcPlanes.ALGORITHM;
    }

    /** The design the options describe; validates them. */
    static GeneratedDesign design(CommandLine cl) throws UsageException {
        if (!cl.hasOption("nodes")) {
            throw new UsageException("--nodes is required");
        }
        // The sizes a design can have are the sizes a run can have: SimulationConfig checks them.
        SimulationConfig size =
                RunOption.applyAll(SimulationConfig.defaults(), cl, List.of(RunOption.NODES, RunOption.LATENCY));
        try {
            size.validated();
        } catch (ConfigException e) {
            throw RunOption.usage(e);
        }
        int n = size.nodes();
        int latency = size.latencyCycles();
        Algorithm algorithm = algorithm(cl);
        if (algorithm == CcPlanes.ALGORITHM) {
            if (n < 2) {
                throw new UsageException("--buses needs at least 2 nodes, got " + n);
            }
            return new PlanesVerilogGenerator(Version.VERSION).generate(n, latency, buses(cl));
        }
        RuleSet rules = Cli.rules(cl);
        try {
            return Designs.generate(algorithm, n, latency, rules, Version.VERSION);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }

    @Override
    public int run(String[] args, PrintStream out, PrintStream err) throws Exception {
        Options o = designOptions();
        o.addOption(Cli.valued("out", "DIR", "output folder (required)"));
        o.addOption(Cli.valued(
                "prefix",
                "P",
                "name the modules P + top, P + client, ... instead of ppbus_top, ppbus_client, ... (default ppbus_)"));
        o.addOption(Cli.valued(
                "bus",
                "wishbone",
                "also emit ppbus_wb_interconnect.v, a Wishbone B4 classic bus of N masters and one slave arbitrated"
                        + " by ppbus_top, its testbench tb_ppbus_wb_interconnect.v and its proof (formal/)"));
        CommandLine cl = Cli.parse(o, args);
        if (cl.hasOption("help")) {
            Cli.help(
                    out,
                    "ppbus generate --nodes N --out DIR [--latency L] [--algorithm A] [--rules R] [--prefix P]",
                    "Writes ppbus_top.v (clk, rst, req[N-1:0], gnt[N-1:0]), one file per module, files.f (the design's\n"
                            + "compile order), tb_ppbus_top.v, a self-checking testbench that prints PASS or FAIL, and\n"
                            + "ppbus_top.core, a FuseSoC core with default, lint and sim targets.\n\n",
                    o);
            return 0;
        }
        if (!cl.hasOption("out")) {
            throw new UsageException("--out is required");
        }
        // Every option is checked before the folder is made: bad input leaves nothing behind.
        GeneratedDesign d = design(cl);
        boolean wishbone = wishbone(cl);
        Path dir = Path.of(cl.getOptionValue("out"));
        Outputs.checkFolder(dir, cl.getOptionValue("out"));
        int nodes = Cli.parseInt("nodes", cl.getOptionValue("nodes"));
        d = withReadme(cl, withTestbenches(cl, d, nodes, wishbone), nodes);
        String prefix = cl.getOptionValue("prefix", "ppbus_");
        try {
            d = d.prefixed(prefix);
        } catch (IllegalArgumentException e) {
            throw new UsageException("--prefix: " + e.getMessage());
        }
        String top = prefix + (wishbone ? "wb_interconnect" : "top");
        Algorithm algorithm = algorithm(cl);
        String parameters = "nodes=" + nodes + " latency=" + cl.getOptionValue("latency", "1") + " algorithm="
                + algorithm.name() + " rules=" + Cli.rules(cl).label();
        d = d.with(
                CoreFile.name(top),
                CoreFile.text(top, d, "tb_" + top + ".v", Version.VERSION, parameters, algorithm.description()));
        d.writeTo(dir);
        for (String f : d.files().keySet()) {
            out.println(dir.resolve(f));
        }
        return 0;
    }

    /**
     * The design with its self-checking testbench, sized to n ({@link Testbench#cycles}), and with
     * the Wishbone bus and its own testbench around it when asked.
     */
    private static GeneratedDesign withTestbenches(CommandLine cl, GeneratedDesign d, int nodes, boolean wishbone)
            throws UsageException {
        int cycles = Testbench.cycles(nodes);
        d = d.with(
                Testbench.FILE,
                Testbench.text(nodes, cycles, 1, Version.VERSION, Cli.rules(cl).reclaim(), buses(cl)));
        return wishbone ? WishboneBus.around(d, nodes, new WishboneBus.Run(cycles, 1)) : d;
    }

    /** --bus, checked: true for a Wishbone bus around a Campos–Carvalho arbiter. */
    private static boolean wishbone(CommandLine cl) throws UsageException {
        if (!cl.hasOption("bus")) {
            return false;
        }
        if (!cl.getOptionValue("bus").equals("wishbone")) {
            throw new UsageException("--bus: unknown bus '" + cl.getOptionValue("bus") + "' (wishbone)");
        }
        if (algorithm(cl) != Algorithms.campos()) {
            throw new UsageException("--bus wishbone is built around the Campos-Carvalho arbiter only");
        }
        if (Cli.rules(cl).reclaim()) {
            throw new UsageException(
                    "--bus wishbone takes no +reclaim (its arbiter has a dead input the bus does not drive)");
        }
        if (Cli.parseInt("nodes", cl.getOptionValue("nodes")) < 2) {
            throw new UsageException("--bus wishbone needs at least 2 masters (--nodes 2 or more)");
        }
        return true;
    }

    /**
     * The contract beside a Campos–Carvalho design (README.md), written before the prefix, which
     * renames its module names too; the reference round robin has none.
     */
    private static GeneratedDesign withReadme(CommandLine cl, GeneratedDesign d, int nodes) throws UsageException {
        if (algorithm(cl) != Algorithms.campos() && buses(cl) == 1) {
            return d;
        }
        List<String> files = new ArrayList<>(d.files().keySet());
        files.add(CoreFile.name("ppbus_top"));
        files.add("README.md");
        int latency = Cli.parseInt("latency", cl.getOptionValue("latency", "1"));
        if (buses(cl) > 1) {
            String regenerate = "ppbus generate --buses " + buses(cl) + " --nodes " + nodes + " --latency " + latency
                    + " --out DIR";
            return d.with("README.md", PlanesContract.readme(nodes, latency, buses(cl), files, regenerate));
        }
        RuleSet rules = Cli.rules(cl);
        boolean wishbone = cl.hasOption("bus");
        String regenerate = "ppbus generate --nodes " + nodes + " --latency " + latency
                + (rules.equals(RuleSet.FIXED) ? "" : " --rules " + rules.label()) + (wishbone ? " --bus wishbone" : "")
                + " --out DIR";
        String readme = Contract.readme(Wiring.forNodes(nodes), latency, rules, files, regenerate);
        return d.with("README.md", wishbone ? readme + WishboneBus.readme(nodes) : readme);
    }
}
