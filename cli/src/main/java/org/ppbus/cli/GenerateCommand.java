package org.ppbus.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.ppbus.protocol.Algorithm;
import org.ppbus.protocol.cc.RuleSet;
import org.ppbus.verilog.Designs;
import org.ppbus.verilog.GeneratedDesign;

/** {@code ppbus generate}: Verilog-2001 for the network (or the reference arbiter) and files.f. */
final class GenerateCommand implements Main.Command {
    @Override
    public String summary() {
        return "write synthesizable Verilog (ppbus_top and one file per module) and files.f";
    }

    static Options designOptions() {
        Options o = new Options();
        o.addOption(Option.builder().longOpt("nodes").hasArg().argName("N").desc("real processors n >= 1 (required)").build());
        o.addOption(Option.builder().longOpt("latency").hasArg().argName("L").desc("channel latency in cycles, >= 1 (default 1)").build());
        o.addOption(Cli.algorithmOption(Designs.algorithms()));
        o.addOption(Cli.rulesOption());
        o.addOption(Option.builder("h").longOpt("help").desc("show this help").build());
        return o;
    }

    /** The design the options describe; validates them. */
    static GeneratedDesign design(CommandLine cl) throws UsageException {
        if (!cl.hasOption("nodes")) {
            throw new UsageException("--nodes is required");
        }
        int n = Cli.parseInt("nodes", cl.getOptionValue("nodes"));
        int latency = Cli.parseInt("latency", cl.getOptionValue("latency", "1"));
        Algorithm algorithm = Cli.algorithm(cl, Designs.algorithms());
        RuleSet rules = Cli.rules(cl);
        if (n < 1 || n > 4161) {
            throw new UsageException("--nodes must be in 1..4161, got " + n);
        }
        if (latency < 1 || latency > 1024) {
            throw new UsageException("--latency must be in 1..1024 cycles, got " + latency);
        }
        try {
            return Designs.generate(algorithm, n, latency, rules, Version.VERSION);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }

    @Override
    public int run(String[] args, PrintStream out, PrintStream err) throws Exception {
        Options o = designOptions();
        o.addOption(Option.builder().longOpt("out").hasArg().argName("DIR").desc("output folder (required)").build());
        CommandLine cl = Cli.parse(o, args);
        if (cl.hasOption("help")) {
            Cli.help(out, "ppbus generate --nodes N --out DIR [--latency L] [--algorithm A] [--rules R]",
                    "Writes ppbus_top.v (clk, rst, req[N-1:0], gnt[N-1:0]), one file per module and files.f.\n\n", o);
            return 0;
        }
        if (!cl.hasOption("out")) {
            throw new UsageException("--out is required");
        }
        Path dir = Path.of(cl.getOptionValue("out"));
        Outputs.checkFolder(dir, cl.getOptionValue("out"));
        GeneratedDesign d = design(cl);
        d.writeTo(dir);
        for (String f : d.files().keySet()) {
            out.println(dir.resolve(f));
        }
        return 0;
    }
}
