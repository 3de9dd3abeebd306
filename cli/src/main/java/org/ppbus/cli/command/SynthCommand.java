package org.ppbus.cli.command;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.ppbus.cli.console.WorkFolder;
import org.ppbus.cli.options.Cli;
import org.ppbus.cli.options.DesignOptions;
import org.ppbus.cli.options.Outputs;
import org.ppbus.cli.options.UsageException;
import org.ppbus.cli.options.Version;
import org.ppbus.testbench.Reports;
import org.ppbus.verilog.ExternalTool;
import org.ppbus.verilog.GeneratedDesign;
import org.ppbus.verilog.Synthesis;

/** {@code ppbus synth}: Yosys synth_ice40 on the generated design, and Fmax on HX8K unless --no-pnr. */
public final class SynthCommand extends Command {
    @Override
    public String summary() {
        return "synthesise the generated design for iCE40 (Yosys): LUT4, carry, DFF, and Fmax on HX8K (nextpnr)";
    }

    @Override
    protected Help help() {
        return new Help(
                "ppbus synth --nodes N [--algorithm A] [--buses K] [--latency L] [--no-pnr] [--json FILE]\n"
                        + "       ppbus synth --node [--orders LIST] [--json FILE]",
                "Runs yosys synth_ice40 (hierarchically) on the generated RTL.");
    }

    @Override
    protected int execute(Invocation call) throws Exception {
        CommandLine cl = call.options();
        PrintStream out = call.text();
        PrintStream stdout = call.stdout();
        PrintStream err = call.err();
        if (cl.hasOption("node")) {
            return NodeSynth.run(cl, out, stdout, err);
        }
        if (cl.hasOption("orders")) {
            throw new UsageException("--orders needs --node");
        }
        GeneratedDesign d = DesignOptions.design(cl);
        if (!ExternalTool.available("yosys")) {
            err.println("ppbus synth: yosys is not installed (apt-get install yosys)");
            return 2;
        }
        if (cl.hasOption("pnr") && cl.hasOption("no-pnr")) {
            throw new UsageException("--pnr and --no-pnr contradict each other");
        }
        if (cl.hasOption("pnr") && !ExternalTool.available("nextpnr-ice40")) {
            err.println(
                    "ppbus synth: --pnr needs nextpnr-ice40, which is not installed (apt-get install nextpnr-ice40)");
            return 2;
        }
        int n = Cli.parseInt("nodes", cl.getOptionValue("nodes"));
        Synthesis.Result r;
        try (WorkFolder f =
                WorkFolder.open(cl.hasOption("keep") ? Path.of(cl.getOptionValue("keep")) : null, "ppbus-synth")) {
            // Fmax by default, as ppbus size measures it; Synthesis says so when nextpnr is missing.
            r = Synthesis.run(d, f.dir(), !cl.hasOption("no-pnr"));
        }
        String algorithm = DesignOptions.algorithm(cl).name();
        printText(out, r, algorithm, n, cl.getOptionValue("latency", "1"));
        if (cl.hasOption("json")) {
            int latency = Cli.parseInt("latency", cl.getOptionValue("latency", "1"));
            Outputs.write(cl.getOptionValue("json"), json(r, algorithm, n, latency) + "\n", stdout);
        }
        return 0;
    }

    @Override
    protected Options options() {
        Options o = DesignOptions.options();
        o.addOption(Cli.flag(
                "pnr",
                "place and route on HX8K with nextpnr-ice40 and report Fmax (the default; with it a missing"
                        + " nextpnr-ice40 is an error)"));
        o.addOption(Cli.flag("no-pnr", "skip place and route (no Fmax; seconds instead of tens of seconds)"));
        o.addOption(Cli.jsonOption("the figures"));
        o.addOption(Cli.valued(
                "keep", "DIR", "keep the design, netlist and the tools' logs (yosys.log, nextpnr.log) here"));
        o.addOption(Cli.flag(
                "node",
                "one node alone (a client and an arbiter with registered ports) "
                        + "per plane order, placed and routed on HX8K: LUT4, DFF and Fmax per node"));
        o.addOption(
                Cli.valued("orders", "LIST", "with --node: the plane orders q, prime powers (default 2,3,4,5,7,8)"));
        return o;
    }

    /** The figures as text. */
    private static void printText(PrintStream out, Synthesis.Result r, String algorithm, int n, String latency) {
        out.printf(
                Locale.ROOT,
                "ppbus synth: %s, n=%d, latency %s, iCE40 (yosys synth_ice40 -noflatten)%n",
                algorithm,
                n,
                latency);
        out.printf(Locale.ROOT, "%-34s %8s %8s %8s%n", "", "LUT4", "carry", "DFF");
        out.printf(
                Locale.ROOT,
                "%-34s %8d %8d %8d%n",
                "total",
                r.total().lut4(),
                r.total().carry(),
                r.total().dff());
        out.printf(
                Locale.ROOT,
                "%-34s %8.1f %8.1f %8.1f%n",
                "per node",
                r.total().lut4() / (double) n,
                r.total().carry() / (double) n,
                r.total().dff() / (double) n);
        out.println("each module (own cells, one instance):");
        for (Synthesis.Module m : r.modules()) {
            out.printf(
                    Locale.ROOT,
                    "  %-32s %8d %8d %8d%n",
                    m.name(),
                    m.cells().lut4(),
                    m.cells().carry(),
                    m.cells().dff());
        }
        out.println("HX8K: " + (r.fitsHx8k() ? "fits" : "does not fit") + " (" + Synthesis.HX8K_LOGIC_CELLS
                + " logic cells)");
        out.println("Fmax: "
                + (r.fmaxMhz() == null
                        ? r.pnrNote()
                        : String.format(Locale.ROOT, "%.2f MHz (%s)", r.fmaxMhz(), r.pnrNote())));
    }

    /** The figures as the JSON report. */
    private static String json(Synthesis.Result r, String algorithm, int n, int latency) throws IOException {
        ObjectNode root = Reports.header(Version.VERSION);
        root.put("algorithm", algorithm);
        root.put("nodes", n);
        root.put("latency", latency);
        put(root.putObject("total"), r.total());
        ObjectNode per = root.putObject("perNode");
        per.put("lut4", r.total().lut4() / (double) n);
        per.put("carry", r.total().carry() / (double) n);
        per.put("dff", r.total().dff() / (double) n);
        putModules(root.putArray("modules"), r.modules());
        root.put("fitsHx8k", r.fitsHx8k());
        if (r.fmaxMhz() == null) {
            root.putNull("fmaxMhz");
        } else {
            root.put("fmaxMhz", r.fmaxMhz());
        }
        root.put("pnr", r.pnrNote());
        return Reports.mapper().writeValueAsString(root);
    }

    /** Each mapped module with its own cells. */
    static void putModules(ArrayNode into, List<Synthesis.Module> modules) {
        for (Synthesis.Module m : modules) {
            ObjectNode mn = into.addObject();
            mn.put("name", m.name());
            put(mn, m.cells());
        }
    }

    private static void put(ObjectNode o, Synthesis.Cells c) {
        o.put("lut4", c.lut4());
        o.put("carry", c.carry());
        o.put("dff", c.dff());
    }
}
