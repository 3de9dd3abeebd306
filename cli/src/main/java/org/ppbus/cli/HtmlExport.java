package org.ppbus.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.ppbus.plane.Wiring;
import org.ppbus.registry.Algorithms;
import org.ppbus.testbench.Simulation;
import org.ppbus.testbench.SimulationConfig;
import org.ppbus.testbench.SimulationResult;
import org.ppbus.view.Frame;
import org.ppbus.view.FrameRecorder;

/** {@code simulate --html FILE}: the run as one self-contained page that replays it offline ({@link ViewPage}). */
final class HtmlExport {
    private HtmlExport() {}

    static Option option() {
        return Cli.valued(
                "html",
                "FILE",
                "write the run (for verify, a counterexample's replay) as one self-contained web page that replays"
                        + " it offline and opens on a violation (Campos-Carvalho on one bus; at most "
                        + ViewServer.MAX_CYCLES + " cycles drawn)");
    }

    /** The recorder --html needs, attached to the run; null without --html. */
    static FrameRecorder attach(CommandLine cl, SimulationConfig cfg, Simulation sim) throws UsageException {
        if (!cl.hasOption("html")) {
            return null;
        }
        if (cfg.algorithmSpec() != Algorithms.campos()) {
            throw new UsageException(
                    "--html draws Campos-Carvalho runs on one bus; " + cfg.algorithm() + " has no drawing yet");
        }
        FrameRecorder rec = new FrameRecorder();
        sim.tap(rec);
        return rec;
    }

    /** Writes the page; a run cut short (an interrupt) says so in its title. */
    static void write(CommandLine cl, FrameRecorder rec, SimulationConfig cfg, SimulationResult r, PrintStream text)
            throws IOException {
        int drawn = write(Path.of(cl.getOptionValue("html")), rec, cfg, r);
        text.println("html: " + cl.getOptionValue("html") + " (" + drawn + " cycles; open it in a browser)");
    }

    /** Writes the page to {@code file}; returns the cycles drawn. */
    static int write(Path file, FrameRecorder rec, SimulationConfig cfg, SimulationResult r) throws IOException {
        List<Frame.Packed> all = rec.frames();
        List<Frame.Packed> drawn = all.subList(0, (int) Math.min(all.size(), ViewServer.MAX_CYCLES));
        String title = ViewPage.title(cfg)
                + (drawn.size() < all.size() ? ", the first " + drawn.size() + " of " + all.size() + " cycles" : "")
                + (r.interrupted() ? ", INTERRUPTED at cycle " + r.cycles() : "");
        Outputs.write(file, ViewPage.standalone(Wiring.forNodes(cfg.nodes()), drawn, title, r.violation()));
        return drawn.size();
    }
}
