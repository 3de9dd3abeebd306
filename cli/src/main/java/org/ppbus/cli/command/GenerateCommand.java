package org.ppbus.cli.command;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.ppbus.cli.options.Cli;
import org.ppbus.cli.options.DesignOptions;
import org.ppbus.cli.options.Outputs;
import org.ppbus.cli.options.UsageException;
import org.ppbus.cli.options.Version;
import org.ppbus.plane.Wiring;
import org.ppbus.protocol.RuleSet;
import org.ppbus.protocol.descriptor.Algorithm;
import org.ppbus.registry.Algorithms;
import org.ppbus.verilog.Contract;
import org.ppbus.verilog.ContractTiming;
import org.ppbus.verilog.CoreFile;
import org.ppbus.verilog.GeneratedDesign;
import org.ppbus.verilog.PlanesContract;
import org.ppbus.verilog.SystemBus;
import org.ppbus.verilog.Testbench;
import org.ppbus.verilog.WiredContract;
import org.ppbus.verilog.WiredVerilogGenerator;
import org.ppbus.verilog.proof.PortContractProof;

/** {@code ppbus generate}: Verilog-2001 for the network (or the reference arbiter) and files.f. */
public final class GenerateCommand extends Command {
    @Override
    public String summary() {
        return "write synthesizable Verilog (ppbus_top and one file per module) and files.f";
    }

    @Override
    protected Options options() {
        Options o = DesignOptions.options();
        o.addOption(Cli.valued("out", "DIR", "output folder (required)"));
        o.addOption(Cli.valued(
                "prefix",
                "P",
                "name the modules P + top, P + client, ... instead of ppbus_top, ppbus_client, ... (default ppbus_)"));
        o.addOption(Cli.valued(
                "bus",
                "B",
                "also emit a bus of N masters and one slave arbitrated by ppbus_top, its testbench and its proof"
                        + " (formal/): wishbone (Wishbone B4 classic, ppbus_wb_interconnect.v) or wishbone-pipelined"
                        + " (B4 pipelined, with STALL, ERR, RTY, CTI/BTE and LOCK: ppbus_wbp_interconnect.v)"));
        return o;
    }

    @Override
    protected Help help() {
        return new Help(
                "ppbus generate --nodes N --out DIR [--latency L] [--algorithm A] [--rules R] [--prefix P]",
                "Writes ppbus_top.v (clk, rst, req[N-1:0], gnt[N-1:0]), one file per module, files.f (the design's\n"
                        + "compile order), tb_ppbus_top.v, a self-checking testbench that prints PASS or FAIL, and\n"
                        + "ppbus_top.core, a FuseSoC core with default, lint and sim targets.");
    }

    @Override
    protected int execute(Invocation call) throws Exception {
        CommandLine cl = call.options();
        PrintStream out = call.stdout();
        if (!cl.hasOption("out")) {
            throw new UsageException("--out is required");
        }
        // Every option is checked before the folder is made: bad input leaves nothing behind.
        GeneratedDesign d = DesignOptions.design(cl);
        Optional<SystemBus.Mode> bus = bus(cl);
        Path dir = Path.of(cl.getOptionValue("out"));
        Outputs.checkFolder(dir, cl.getOptionValue("out"));
        int nodes = Cli.parseInt("nodes", cl.getOptionValue("nodes"));
        d = withReadme(cl, withTestbenches(cl, d, nodes, bus), nodes, bus);
        String prefix = cl.getOptionValue("prefix", "ppbus_");
        try {
            d = d.prefixed(prefix);
        } catch (IllegalArgumentException e) {
            throw new UsageException("--prefix: " + e.getMessage());
        }
        String top = bus.map(m -> prefix + m.top.substring("ppbus_".length())).orElse(prefix + "top");
        Algorithm algorithm = DesignOptions.algorithm(cl);
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
    private static GeneratedDesign withTestbenches(
            CommandLine cl, GeneratedDesign d, int nodes, Optional<SystemBus.Mode> bus) throws UsageException {
        int cycles = Testbench.cycles(nodes);
        d = d.with(
                Testbench.FILE,
                Testbench.text(nodes, cycles, 1, Version.VERSION, Cli.rules(cl).reclaim(), DesignOptions.buses(cl)));
        if (DesignOptions.buses(cl) == 1) {
            for (java.util.Map.Entry<String, String> f : PortContractProof.userScripts(
                            d, DesignOptions.algorithm(cl), nodes)
                    .entrySet()) {
                d = d.with(f.getKey(), f.getValue());
            }
        }
        return bus.isPresent() ? SystemBus.around(d, nodes, new SystemBus.Run(cycles, 1), bus.get()) : d;
    }

    /**
     * --bus, checked: the bus around the design, if one is asked for. Any one-bus design keeps the
     * contract the bus relies on.
     */
    private static Optional<SystemBus.Mode> bus(CommandLine cl) throws UsageException {
        if (!cl.hasOption("bus")) {
            return Optional.empty();
        }
        String name = cl.getOptionValue("bus");
        SystemBus.Mode mode = SystemBus.Mode.named(name)
                .orElseThrow(() ->
                        new UsageException("--bus: unknown bus '" + name + "' (" + SystemBus.Mode.options() + ")"));
        if (DesignOptions.buses(cl) > 1) {
            throw new UsageException("--bus " + name + " takes a one-bus arbiter (no --buses)");
        }
        if (Cli.rules(cl).reclaim()) {
            throw new UsageException(
                    "--bus " + name + " takes no +reclaim (its arbiter has a dead input the bus does not drive)");
        }
        if (Cli.parseInt("nodes", cl.getOptionValue("nodes")) < 2) {
            throw new UsageException("--bus " + name + " needs at least 2 masters (--nodes 2 or more)");
        }
        return Optional.of(mode);
    }

    /**
     * The contract beside the design (README.md) and the counting's diagram in WaveDrom
     * (timing.json), written before the prefix, which renames its module names too.
     */
    private static GeneratedDesign withReadme(
            CommandLine cl, GeneratedDesign d, int nodes, Optional<SystemBus.Mode> bus) throws UsageException {
        String busSection =
                (DesignOptions.buses(cl) == 1 ? PortContractProof.readmeSection(DesignOptions.algorithm(cl)) : "")
                        + bus.map(m -> SystemBus.readme(nodes, m)).orElse("");
        String busOption = bus.map(m -> " --bus " + m.option).orElse("");
        List<String> files = new ArrayList<>(d.files().keySet());
        files.add(CoreFile.name("ppbus_top"));
        files.add("README.md");
        files.add(TIMING);
        int latency = Cli.parseInt("latency", cl.getOptionValue("latency", "1"));
        Algorithm algorithm = DesignOptions.algorithm(cl);
        if (DesignOptions.buses(cl) > 1) {
            String regenerate = "ppbus generate --buses " + DesignOptions.buses(cl) + " --nodes " + nodes
                    + " --latency " + latency + " --out DIR";
            return d.with(
                            "README.md",
                            PlanesContract.readme(nodes, latency, DesignOptions.buses(cl), files, regenerate))
                    .with(TIMING, firstRequest(latency));
        }
        if (algorithm != Algorithms.campos()) {
            String regenerate =
                    "ppbus generate --algorithm " + algorithm.name() + " --nodes " + nodes + busOption + " --out DIR";
            return d.with("README.md", WiredContract.readme(algorithm, nodes, files, regenerate) + busSection)
                    .with(
                            TIMING,
                            ContractTiming.wavedrom(
                                    WiredVerilogGenerator.loneWait(algorithm).of(nodes, 0),
                                    "A lone request of processor 0"));
        }
        RuleSet rules = Cli.rules(cl);
        String regenerate = "ppbus generate --nodes " + nodes + " --latency " + latency
                + (rules.equals(RuleSet.FIXED) ? "" : " --rules " + rules.label()) + busOption + " --out DIR";
        String readme = Contract.readme(Wiring.forNodes(nodes), latency, rules, files, regenerate);
        return d.with("README.md", readme + busSection).with(TIMING, firstRequest(latency));
    }

    /** The file of the counting's diagram in WaveDrom, beside README.md. */
    private static final String TIMING = "timing.json";

    private static String firstRequest(int latency) {
        return ContractTiming.wavedrom(
                Contract.firstAfterReset(latency), "The first request after reset, L = " + latency);
    }
}
