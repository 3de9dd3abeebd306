package org.ppbus.cli.command;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.ppbus.cli.console.ProgressBar;
import org.ppbus.cli.console.StopOnInterrupt;
import org.ppbus.cli.options.Cli;
import org.ppbus.cli.options.DesignOptions;
import org.ppbus.cli.options.Outputs;
import org.ppbus.cli.options.RunOption;
import org.ppbus.cli.options.UsageException;
import org.ppbus.cli.options.Version;
import org.ppbus.cosim.Cosim;
import org.ppbus.cosim.VerilatorCache;
import org.ppbus.link.FaultPlan;
import org.ppbus.protocol.descriptor.Feature;
import org.ppbus.testbench.Reports;
import org.ppbus.testbench.SimulationConfig;
import org.ppbus.verilog.Designs;
import org.ppbus.verilog.ExternalTool;

/** {@code ppbus cosim}: the Java model and the Verilated RTL in lockstep, with their speeds. */
public final class CosimCommand extends Command {
    /** The run settings cosim takes (the algorithm among those with RTL). */
    private static final List<RunOption> SETTINGS = List.of(
            RunOption.NODES,
            RunOption.BUSES,
            RunOption.CYCLES,
            RunOption.LOAD,
            RunOption.HOLD,
            RunOption.SEED,
            RunOption.LATENCY,
            RunOption.RULES,
            RunOption.WORKLOAD,
            RunOption.FAULT);

    private static final String HELP =
            "Builds the RTL with Verilator (cached), runs it in lockstep with the Java model and compares\n"
                    + "every gnt bit and every channel symbol in every cycle. With --fault (drop or duplicate at\n"
                    + "CYCLE@CHANNEL, or crash:NODE@CYCLE; campos-carvalho) the Java run is replayed on the RTL in\n"
                    + "Icarus Verilog instead, which can lose or repeat a symbol in a channel register, and every gnt\n"
                    + "bit and symbol is compared afterwards.";

    @Override
    public String summary() {
        return "run the Java model and the Verilator-compiled RTL in lockstep; stop at the first divergence";
    }

    @Override
    protected int execute(Invocation call) throws Exception {
        CommandLine cl = call.options();
        PrintStream out = call.text();
        PrintStream stdout = call.stdout();
        PrintStream err = call.err();
        SimulationConfig c = config(cl);
        long window = Cli.parseLong("divergence-window", cl.getOptionValue("divergence-window", "50"));
        if (window < 0) {
            throw new UsageException("--divergence-window must not be negative");
        }
        if (FaultPlan.parse(c.fault()) != null) { // "none" by default
            return FaultReplay.run(c, cl.getOptionValue("json"), out, err);
        }
        if (!ExternalTool.available("verilator")) {
            err.println("ppbus cosim: verilator is not installed (apt-get install verilator)");
            return 2;
        }
        Path prefix = Path.of(cl.getOptionValue("divergence-vcd", "ppbus-divergence"));
        err.println("ppbus cosim: building or finding the Verilated RTL in " + VerilatorCache.defaultCache() + " ...");
        ProgressBar bar = new ProgressBar(err, true);
        // Until the lockstep reports progress, a ticker shows that the build (minutes at hundreds of
        // nodes) and the speed measurements are under way.
        AtomicBoolean lockstep = new AtomicBoolean();
        // The build's own output streams into the ticker: Verilator's stages, then each C++ file compiled.
        AtomicReference<String> buildLine = new AtomicReference<>();
        ScheduledExecutorService ticker = ticker(bar, lockstep, buildLine);
        Cosim.Result r;
        try (StopOnInterrupt stop = new StopOnInterrupt(20)) {
            Cosim.Request q = Cosim.Request.of(c, VerilatorCache.defaultCache())
                    .withVcds(prefix, window)
                    .withProgress(
                            (cycle, total, entries) -> {
                                lockstep.set(true);
                                bar.update(cycle, total, entries);
                            },
                            stop::requested,
                            line -> {
                                if (!line.isBlank()) {
                                    buildLine.set(buildStep(line.strip()));
                                }
                            });
            try {
                r = Cosim.run(cl.hasOption("unchecked") ? q.unchecked() : q);
            } catch (ExternalTool.Stopped e) {
                bar.finish();
                err.println("ppbus cosim: interrupted while Verilator built the RTL; no cycle was compared");
                return 130;
            }
            bar.finish(); // the ticker draws nothing after this
            return report(cl, c, r, out, stdout, err);
        } finally {
            ticker.shutdownNow();
        }
    }

    @Override
    protected Help help() {
        return new Help(
                "ppbus cosim --nodes N --cycles C --load P --seed S [--latency L] [--rules R] [--fault KIND:WHERE] [--divergence-vcd PREFIX] [--json FILE]",
                HELP);
    }

    /** The run both sides make, checked; an algorithm without RTL is refused. */
    private static SimulationConfig config(CommandLine cl) throws UsageException {
        SimulationConfig c = SimulationConfig.defaults();
        c = RunOption.applyAll(c, cl, SETTINGS);
        // With --buses K > 1, campos-carvalho-k (named or not): the one design with RTL for k buses.
        c = RunOption.ALGORITHM.apply(c, DesignOptions.algorithm(cl).name());
        c = c.validated();
        if (c.sharing().buses() > 1 && FaultPlan.parse(c.fault()) != null) {
            throw new UsageException("--buses " + c.sharing().buses() + " takes no --fault (the fault replay is"
                    + " campos-carvalho's on one bus)");
        }
        if (c.sharing().buses() == 1 && !c.algorithmSpec().has(Feature.RTL)) {
            throw new UsageException("--algorithm " + c.algorithm() + " has no RTL to co-simulate (RTL exists for "
                    + String.join(", ", Designs.names()) + ")");
        }
        return c;
    }

    @Override
    protected Options options() {
        Options o = new Options();
        RunOption.addAll(o, SETTINGS);
        o.addOption(Cli.algorithmOption(Designs.algorithms()));
        // Not --vcd and --vcd-window: in simulate those name one file and a cycle range A:B.
        o.addOption(Cli.valued(
                "divergence-vcd",
                "PREFIX",
                "on a divergence, write PREFIX-java.vcd and PREFIX-rtl.vcd around it, and PREFIX.trace, the requests"
                        + " that reproduce it (default ppbus-divergence)"));
        o.addOption(
                Cli.valued("divergence-window", "C", "cycles each side of the divergence in those files (default 50)"));
        o.addOption(Cli.flag(
                "unchecked",
                "build the RTL without its simulation assertions (faster; every signal is still compared)"));
        o.addOption(Cli.jsonOption("the result"));
        return o;
    }

    /** Draws the build's progress every second until the lockstep reports its own. */
    private static ScheduledExecutorService ticker(
            ProgressBar bar, AtomicBoolean lockstep, AtomicReference<String> buildLine) {
        ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor(t -> {
            Thread th = new Thread(t, "ppbus-cosim-ticker");
            th.setDaemon(true);
            return th;
        });
        ticker.scheduleAtFixedRate(
                () -> {
                    if (!lockstep.get()) {
                        String line = buildLine.get();
                        bar.waiting(
                                line == null
                                        ? "ppbus cosim: building the RTL (or finding it) and measuring both sides alone"
                                        : "ppbus cosim: building the RTL: "
                                                + (line.length() > 70 ? line.substring(0, 67) + "..." : line));
                    }
                },
                1,
                1,
                TimeUnit.SECONDS);
        return ticker;
    }

    /** A build line as the ticker shows it: a compiler call by the file it compiles. */
    static String buildStep(String line) {
        if (line.startsWith("g++") || line.startsWith("ccache") || line.startsWith("c++")) {
            Matcher m = Pattern.compile("(\\S+\\.(cpp|o))(\\s|$)").matcher(line);
            String file = null;
            while (m.find()) {
                file = m.group(1);
            }
            if (file != null) {
                return (file.endsWith(".o") && line.contains(" -shared")
                                        || line.contains(" -o ") && !line.contains(" -c ")
                                ? "linking "
                                : "compiling ")
                        + Path.of(file).getFileName();
            }
        }
        return line;
    }

    /**
     * The command that runs both sides again on the requests recorded up to the divergence: it
     * diverges at the same cycle, on the same signal, whatever workload first made the requests.
     */
    static String replayCommand(SimulationConfig c, Cosim.Result r, boolean checked) {
        return "ppbus cosim --algorithm " + c.algorithm() + " --nodes " + c.nodes() + " --latency " + c.latencyCycles()
                + c.rulesOption() + c.sharingOptions() + " --hold " + c.holdCycles() + " --seed " + c.seed()
                + " --cycles " + Math.min(c.cycles(), r.divergence().cycle() + 1) + " --workload " + r.trace()
                + (checked ? "" : " --unchecked");
    }

    private static int report(
            CommandLine cl, SimulationConfig c, Cosim.Result r, PrintStream out, PrintStream stdout, PrintStream err)
            throws IOException {
        out.printf(
                Locale.ROOT,
                "ppbus cosim: %s%s%s, n=%d, L=%d, load %s, seed %d: %,d cycles compared%s%n",
                c.algorithm(),
                c.sharing().buses() > 1 ? ", k=" + c.sharing().buses() : "",
                c.algorithmSpec().has(Feature.RULES) ? ", rules " + c.rules().label() : "",
                c.nodes(),
                c.latencyCycles(),
                Double.toString(c.load()),
                c.seed(),
                r.cycles(),
                r.interrupted() ? " (INTERRUPTED)" : "");
        out.printf(Locale.ROOT, "  Java model alone   %,14.0f cycles/s%n", r.javaCyclesPerSecond());
        if (r.interrupted()) {
            // The RTL alone is timed after the lockstep run, which the interrupt cut short.
            out.println("  Verilator RTL      not measured (interrupted)");
        } else {
            out.printf(Locale.ROOT, "  Verilator RTL      %,14.0f cycles/s%n", r.rtlCyclesPerSecond());
        }
        out.printf(Locale.ROOT, "  lockstep           %,14.0f cycles/s%n", r.lockstepCyclesPerSecond());
        out.printf(
                Locale.ROOT,
                "  build              %,14.1f s (a library found in the cache takes a fraction of a second)%n",
                r.buildSeconds());
        if (r.divergence() == null && r.interrupted()) {
            out.printf(Locale.ROOT, "  no divergence in the %,d cycles compared before the interrupt%n", r.cycles());
        } else if (r.divergence() == null) {
            out.println(agreed(c));
        } else {
            out.println("  DIVERGENCE at " + r.divergence().describe());
            if (r.javaVcd() != null) {
                out.println("  waveforms: " + r.javaVcd() + " and " + r.rtlVcd() + " (open in GTKWave: "
                        + r.javaVcd().toString().replaceFirst("\\.vcd$", ".gtkw") + ", "
                        + r.rtlVcd().toString().replaceFirst("\\.vcd$", ".gtkw") + ")");
                out.println("  counterexample: " + r.trace());
                out.println("  replay: " + replayCommand(c, r, !cl.hasOption("unchecked")));
            }
        }
        if (cl.hasOption("json")) {
            Outputs.write(cl.getOptionValue("json"), json(c, r, !cl.hasOption("unchecked")) + "\n", stdout);
        }
        if (r.interrupted()) {
            err.println("ppbus cosim: interrupted; the report covers the cycles compared");
            return 130;
        }
        return r.divergence() == null ? 0 : 1;
    }

    /** The result as the JSON report gives it. */
    /** What agreed: the design's channel symbols too, where it has any. */
    static String agreed(SimulationConfig c) {
        return c.sharing().buses() > 1
                ? "  no divergence: every gnt bit, bus bit and channel symbol of every plane agreed in every cycle"
                : c.algorithmSpec().has(Feature.SYMBOLS)
                        ? "  no divergence: every gnt bit and channel symbol agreed in every cycle"
                        : "  no divergence: every gnt bit agreed in every cycle (" + c.algorithm()
                                + " has no channel symbols)";
    }

    private static String json(SimulationConfig c, Cosim.Result r, boolean checked) throws IOException {
        ObjectNode root = Reports.rtlComparison(Version.VERSION, c, "verilator", checked, r.cycles(), r.interrupted());
        root.put("divergences", r.divergence() == null ? 0 : 1);
        if (r.divergence() != null) {
            ObjectNode d = root.putObject("divergence");
            d.put("cycle", r.divergence().cycle());
            d.put("signal", r.divergence().signal());
            d.put("expected", r.divergence().expected());
            d.put("actual", r.divergence().actual());
            d.put("seed", r.divergence().seed());
            if (r.trace() != null) {
                d.put("counterexample", r.trace().toString());
                d.put("replay", replayCommand(c, r, checked));
            }
        }
        root.put("javaCyclesPerSecond", r.javaCyclesPerSecond());
        root.put("rtlCyclesPerSecond", r.rtlCyclesPerSecond());
        root.put("lockstepCyclesPerSecond", r.lockstepCyclesPerSecond());
        root.put("buildSeconds", r.buildSeconds());
        return Reports.mapper().writeValueAsString(root);
    }
}
