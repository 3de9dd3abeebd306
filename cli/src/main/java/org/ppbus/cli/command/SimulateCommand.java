package org.ppbus.cli.command;

import java.io.IOException;
import java.io.PrintStream;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeSet;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.ppbus.cli.console.ProgressBar;
import org.ppbus.cli.console.StopOnInterrupt;
import org.ppbus.cli.options.Cli;
import org.ppbus.cli.options.Outputs;
import org.ppbus.cli.options.RunOption;
import org.ppbus.cli.options.SettingsFile;
import org.ppbus.cli.options.UsageException;
import org.ppbus.cli.options.Version;
import org.ppbus.protocol.cc.CcPlanes;
import org.ppbus.protocol.descriptor.Feature;
import org.ppbus.testbench.GtkwSave;
import org.ppbus.testbench.Reports;
import org.ppbus.testbench.Simulation;
import org.ppbus.testbench.SimulationConfig;
import org.ppbus.testbench.SimulationResult;
import org.ppbus.testbench.VcdTap;
import org.ppbus.view.HtmlExport;

/** {@code ppbus simulate}: one cycle-accurate run with checkers and statistics. */
public final class SimulateCommand extends Command {
    /** The config file's keys: every {@link RunOption}, and the switches. */
    @Override
    public String summary() {
        return "run the Campos-Carvalho network on a workload, check invariants, report statistics";
    }

    @Override
    protected Options options() {
        Options o = new Options();
        RunOption.addAll(o, List.of(RunOption.values()));
        o.addOption(Cli.flag("geometric-hold", "geometric hold with mean H instead of fixed"));
        o.addOption(Cli.flag("check", "check every invariant on every unit every cycle, H included (slow)"));
        o.addOption(Cli.flag("evaluate-all", "evaluate every unit every cycle (reference mode, slow)"));
        o.addOption(Cli.flag(
                "no-fairness",
                "do not check the overtaking bound; a starving processor is then"
                        + " reported by the starvation watchdog (--watchdog), as verify --no-fairness reports it"));
        o.addOption(Cli.flag("no-drain", "stop at --cycles instead of letting every request finish"));
        o.addOption(Cli.valued(
                "config",
                "FILE",
                "JSON object with the same settings (keys: "
                        + String.join(", ", new TreeSet<>(SettingsFile.keys()))
                        + "); options given on the command line win"));
        o.addOption(Cli.jsonOption("the report"));
        o.addOption(Cli.valued(
                "trace-out",
                "FILE",
                "where a violation writes its replayable request trace (default ppbus-violation.trace)"));
        o.addOption(Cli.valued("record", "FILE", "always write the run's request trace here"));
        o.addOption(Cli.valued("vcd", "FILE", "write a VCD of clk, req, gnt and every channel, named as in the RTL"));
        o.addOption(HtmlExport.option());
        o.addOption(Cli.valued("vcd-window", "A:B", "only cycles A to B in the VCD"));
        o.addOption(Cli.valued(
                "vcd-node",
                "I",
                "the node whose client and arbiter links"
                        + " the GTKWave save file written next to the VCD groups (default 0)"));
        o.addOption(Cli.quietOption());
        return o;
    }

    @Override
    protected Help help() {
        return new Help("ppbus simulate [OPTIONS]", "Runs the Campos-Carvalho network cycle by cycle and checks it.");
    }

    @Override
    protected int execute(Invocation call) throws Exception {
        CommandLine cl = call.options();
        PrintStream out = call.stdout();
        PrintStream err = call.err();
        SimulationConfig cfg = SimulationConfig.defaults();
        if (cl.hasOption("config")) {
            cfg = SettingsFile.read(cfg, Path.of(cl.getOptionValue("config")));
        }
        cfg = fromOptions(cfg, cl).validated();
        Simulation sim = new Simulation(cfg);
        Waveform wf = waveform(cl, cfg, sim);
        HtmlExport.Recording html = HtmlExport.attach(cl, cfg, sim);
        VcdTap vcd = wf.tap();
        Outputs.Staged vcdFile = wf.file();
        PrintStream text = call.text();
        ProgressBar bar = new ProgressBar(err, !cl.hasOption("quiet"));
        boolean committed = false;
        try (StopOnInterrupt stop = new StopOnInterrupt(20)) {
            SimulationResult r =
                    sim.progress(bar::update).stopWhen(stop::requested).run();
            bar.finish();
            // The violation trace first: it is the one output a failing run must never lose.
            if (r.violation() != null) {
                Path trace = Path.of(cl.getOptionValue("trace-out", "ppbus-violation.trace"));
                writeTrace(trace, r);
            }
            if (vcd != null) {
                vcd.close();
                vcdFile.commit();
                committed = true;
                saveFile(text, cl.getOptionValue("vcd"), r, sim, wf.node(), vcd.hasUnitStates(), wf.window());
            }
            if (html != null) {
                HtmlExport.write(cl, html, cfg, r, text);
            }
            reports(cl, r, text, out);
            if (r.interrupted()) {
                err.println("ppbus simulate: interrupted at cycle " + r.cycles()
                        + "; the report covers the cycles simulated");
                return 130;
            }
            return exitCode(r);
        } catch (IOException | UncheckedIOException e) {
            throw namingTheWaveform(e, cl.getOptionValue("vcd"));
        } finally {
            if (!committed) {
                discard(vcd, vcdFile);
            }
        }
    }

    /** A waveform asked for by --vcd, with the node its save file opens on and the cycles it covers. */
    private record Waveform(VcdTap tap, Outputs.Staged file, int node, long[] window) {}

    /** --vcd, --vcd-node and --vcd-window, checked; the tap is attached to the run. */
    private static Waveform waveform(CommandLine cl, SimulationConfig cfg, Simulation sim)
            throws UsageException, IOException {
        VcdTap vcd = null;
        Outputs.Staged vcdFile = null;
        int vcdNode = Cli.parseInt("vcd-node", cl.getOptionValue("vcd-node", "0"));
        if (vcdNode < 0 || vcdNode >= cfg.nodes()) {
            throw new UsageException("--vcd-node must be a node, 0.." + (cfg.nodes() - 1) + ", got " + vcdNode);
        }
        if (cl.hasOption("vcd-node") && !cl.hasOption("vcd")) {
            throw new UsageException("--vcd-node needs --vcd");
        }
        long[] window = window(cl.getOptionValue("vcd-window", "0:" + Long.MAX_VALUE));
        if (cl.hasOption("vcd")) {
            vcdFile = new Outputs.Staged(Path.of(cl.getOptionValue("vcd")));
            vcd = new VcdTap(vcdFile.path(), sim.wiring(), cfg.latencyCycles(), window[0], window[1]);
            sim.tap(vcd);
        } else if (cl.hasOption("vcd-window")) {
            throw new UsageException("--vcd-window needs --vcd");
        }
        return new Waveform(vcd, vcdFile, vcdNode, window);
    }

    /** A run that did not finish leaves no partial VCD under the final name. */
    private static void discard(VcdTap vcd, Outputs.Staged vcdFile) throws IOException {
        if (vcd != null) {
            // The run stopped on an error already on its way out (a disk full mid-write): that
            // error is the one to report, not a second one from closing the same file.
            try {
                vcd.close();
            } catch (IOException | UncheckedIOException closing) {
                // dropped on purpose: see above
            }
        }
        if (vcdFile != null) {
            vcdFile.discard(); // the run did not finish: no partial VCD under the final name
        }
    }

    /** The summary, the recorded trace, the replay command and the JSON report, once the run is over. */
    private static void reports(CommandLine cl, SimulationResult r, PrintStream text, PrintStream out)
            throws IOException {
        text.print(Reports.text(r));
        if (cl.hasOption("record")) {
            writeTrace(Path.of(cl.getOptionValue("record")), r);
        }
        if (r.violation() != null) {
            text.println("replay: "
                    + RunOption.replayCommand(
                            r.config(), cl.getOptionValue("trace-out", "ppbus-violation.trace"), r.cycles())
                    + "  (trace of " + r.trace().entries().size() + " requests)");
        }
        if (cl.hasOption("json")) {
            Outputs.write(
                    cl.getOptionValue("json"),
                    Reports.mapper().writeValueAsString(Reports.json(r, Version.VERSION)) + "\n",
                    out);
            if (text == out) {
                out.println("report: " + cl.getOptionValue("json"));
            }
        }
    }

    /**
     * The GTKWave save file and filters beside a waveform in a regular file, opening on the start of
     * the dump or on the violation; none beside a device or FIFO (/dev/null), in a folder not ours.
     */
    private static void saveFile(
            PrintStream text,
            String vcd,
            SimulationResult r,
            Simulation sim,
            int node,
            boolean unitStates,
            long[] window)
            throws IOException {
        Path vcdPath = Path.of(vcd);
        if (!Files.isRegularFile(vcdPath)) {
            text.println("vcd: " + vcd);
            return;
        }
        long violation = r.violation() == null ? -1 : r.violation().cycle();
        long first = violation < 0 ? window[0] : Math.max(window[0], violation - GtkwSave.View.MAX_CYCLES / 2);
        SimulationConfig c = r.config();
        int k = c.algorithm().equals(CcPlanes.ALGORITHM.name()) ? c.sharing().buses() : 1;
        int[] seats = new int[k];
        for (int b = 0; b < k; b++) {
            seats[b] = k == 1 ? node : CcPlanes.client(c.nodes(), k, b, node);
        }
        GtkwSave.Written g = GtkwSave.write(
                vcdPath,
                sim.wiring(),
                node,
                seats,
                // A plane per bus carries the contract's symbols on each plane.
                k > 1 || r.config().algorithmSpec().has(Feature.SYMBOLS),
                unitStates,
                GtkwSave.View.of(first, Math.min(window[1], r.cycles() - 1), violation));
        text.println("vcd: " + vcd + "  (gtkwave " + g.save() + ")");
    }

    /**
     * A write error that names no file came from the waveform, written as the run goes (the reports
     * and traces name their files): say which file, as every other output error does.
     */
    private static IOException namingTheWaveform(Exception e, String vcd) {
        IOException io = e instanceof UncheckedIOException u ? u.getCause() : (IOException) e;
        if (vcd == null || String.valueOf(io.getMessage()).startsWith("cannot write")) {
            return io;
        }
        return new IOException("cannot write " + vcd + ": " + io.getMessage(), io);
    }

    /** 1 for a violation, an unserved request, or survivors that contradict their derivation. */
    private static int exitCode(SimulationResult r) {
        boolean disagrees = r.fault() != null && r.fault().contradictsDerivation();
        return r.violation() != null || r.ungranted() > 0 || disagrees ? 1 : 0;
    }

    private static long[] window(String text) throws UsageException {
        String[] p = text.split(":");
        if (p.length != 2) {
            throw new UsageException("--vcd-window expects A:B, got '" + text + "'");
        }
        long a = Cli.parseLong("vcd-window", p[0]);
        long b = Cli.parseLong("vcd-window", p[1]);
        if (a < 0 || b < a) {
            throw new UsageException("--vcd-window needs 0 <= A <= B, got '" + text + "'");
        }
        return new long[] {a, b};
    }

    private static void writeTrace(Path file, SimulationResult r) throws IOException {
        StringWriter w = new StringWriter();
        r.trace().write(w);
        Outputs.write(file, w.toString());
    }

    private static SimulationConfig fromOptions(SimulationConfig c, CommandLine cl) throws UsageException {
        c = RunOption.applyAll(c, cl, List.of(RunOption.values()));
        if (cl.hasOption("geometric-hold")) {
            c = SettingsFile.apply(c, "geometricHold", "true");
        }
        if (cl.hasOption("check") || cl.hasOption("evaluate-all")) {
            c = c.withChecks(cl.hasOption("check") || c.fullCheck(), cl.hasOption("evaluate-all"));
        }
        if (cl.hasOption("no-drain")) {
            c = SettingsFile.apply(c, "drain", "false");
        }
        if (cl.hasOption("no-fairness")) {
            c = SettingsFile.apply(c, "fairness", "false");
        }
        return c;
    }
}
