package org.ppbus.cli.options;

import java.util.List;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.ppbus.protocol.RuleSet;
import org.ppbus.protocol.cc.CcPlanes;
import org.ppbus.protocol.descriptor.Algorithm;
import org.ppbus.testbench.ConfigException;
import org.ppbus.testbench.SimulationConfig;
import org.ppbus.verilog.Designs;
import org.ppbus.verilog.GeneratedDesign;
import org.ppbus.verilog.PlanesVerilogGenerator;

/** What the commands that build RTL (generate, synth, verify --rtl, cosim) read: the design. */
public final class DesignOptions {
    private DesignOptions() {}

    /** The options of every command that builds RTL: n, L, the algorithm, the rules, --buses. */
    public static Options options() {
        Options o = new Options();
        o.addOption(RunOption.NODES.requiredOption());
        o.addOption(RunOption.LATENCY.toOption());
        o.addOption(Cli.algorithmOption(Designs.algorithms()));
        o.addOption(RunOption.RULES.toOption());
        o.addOption(busesOption());
        return o;
    }

    /** --buses of the commands that build RTL (generate, synth, verify --rtl). */
    public static Option busesOption() {
        return Cli.valued(
                "buses",
                "K",
                "K > 1: campos-carvalho-k's RTL, one plane per bus and a chooser per processor, with a bus output"
                        + " (docs/PROTOCOL.md)");
    }

    /** --buses, checked: 1 (the default) to 8. */
    public static int buses(CommandLine cl) throws UsageException {
        return cl.hasOption("buses") ? Cli.parseInRange("buses", cl.getOptionValue("buses"), 1, 8) : 1;
    }

    /**
     * The algorithm whose RTL the options ask for: with more than one bus campos-carvalho-k, the only
     * one with RTL for k buses (named or not); else one of those with RTL.
     */
    public static Algorithm algorithm(CommandLine cl) throws UsageException {
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
    public static GeneratedDesign design(CommandLine cl) throws UsageException {
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
}
