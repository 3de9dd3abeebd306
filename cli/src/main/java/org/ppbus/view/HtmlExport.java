package org.ppbus.view;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.ppbus.cli.options.Cli;
import org.ppbus.cli.options.Outputs;
import org.ppbus.testbench.Simulation;
import org.ppbus.testbench.SimulationConfig;
import org.ppbus.testbench.SimulationResult;
import org.ppbus.testbench.SymbolTap;

/** {@code simulate --html FILE}: the run as one self-contained page that replays it offline ({@link ViewPage}). */
public final class HtmlExport {
    private HtmlExport() {}

    /**
     * The most cycles of a plane a file keeps (divided among k planes): at n = 57 a cycle is about
     * 2 KB of the page's data, so 10,000 cycles are about 20 MB, which a browser opens in seconds.
     */
    static final int EXPORT_CYCLES = 10_000;

    public static Option option() {
        return Cli.valued(
                "html",
                "FILE",
                "write the run (for verify, a counterexample's replay) as one self-contained web page that replays"
                        + " it offline and opens on a violation: Campos-Carvalho's planes (at most "
                        + EXPORT_CYCLES + " cycles, the first or those up to the violation, divided among k"
                        + " buses), any other algorithm as a"
                        + " time-space diagram (at most " + ViewLimits.MOST_MESSAGE_CYCLES + ")");
    }

    /**
     * What the page records of a run: its frames, where the view draws the algorithm's plane, or else
     * its messages and req and gnt edges for a time-space diagram.
     */
    public record Recording(FrameRecorder frames, TimeSpaceRecorder messages) {
        public static Recording of(SimulationConfig cfg) {
            return FrameRecorder.draws(cfg.algorithmSpec())
                    ? new Recording(new FrameRecorder(), null)
                    : new Recording(null, new TimeSpaceRecorder());
        }

        public SymbolTap tap() {
            return frames != null ? frames : messages;
        }
    }

    /** The recording --html needs, attached to the run; null without --html. */
    public static Recording attach(CommandLine cl, SimulationConfig cfg, Simulation sim) {
        if (!cl.hasOption("html")) {
            return null;
        }
        Recording rec = Recording.of(cfg);
        sim.tap(rec.tap());
        return rec;
    }

    /** Writes the page; a run cut short (an interrupt) says so in its title. */
    public static void write(CommandLine cl, Recording rec, SimulationConfig cfg, SimulationResult r, PrintStream text)
            throws IOException {
        long drawn = write(Path.of(cl.getOptionValue("html")), rec, cfg, r);
        text.println("html: " + cl.getOptionValue("html") + " (" + drawn + " cycles; open it in a browser)");
    }

    /** Writes the page to {@code file}; returns the cycles drawn. */
    public static long write(Path file, Recording rec, SimulationConfig cfg, SimulationResult r) throws IOException {
        int buses = cfg.sharing().buses();
        if (rec.frames() == null) {
            long drawn = Math.min(r.cycles(), ViewLimits.MOST_MESSAGE_CYCLES);
            String title = title(cfg, r, drawn, r.cycles());
            Outputs.write(
                    file,
                    ViewPage.standalone(
                            ViewPage.timeSpace(
                                    ViewPage.run(cfg, (int) drawn, title, r.violation()),
                                    cfg,
                                    rec.messages().messages(),
                                    rec.messages().edges(),
                                    drawn - 1),
                            List.of(),
                            i -> Requests.ofEdges(rec.messages().edges(), i)));
            return drawn;
        }
        List<Frame.Packed> all = rec.frames().frames();
        // A window of the run: its first cycles, or those that end with its violation (the run stops there).
        int most = EXPORT_CYCLES / buses;
        int last = r.violation() == null
                ? Math.min(all.size(), most) - 1
                : (int) Math.min(all.size() - 1, r.violation().cycle());
        int first = Math.max(0, last - most + 1);
        List<Frame.Packed> drawn = all.subList(first, last + 1);
        String title = ViewPage.title(cfg)
                + (drawn.size() < all.size()
                        ? ", cycles " + first + " to " + last + " of " + all.size() + " (a file keeps at most " + most
                                + ")"
                        : "")
                + (r.interrupted() ? ", INTERRUPTED at cycle " + r.cycles() : "");
        ObjectNode run = ViewPage.run(cfg, drawn.size(), title, r.violation());
        run.put("first", first);
        Outputs.write(file, ViewPage.standalone(run, drawn, i -> Requests.of(drawn, i)));
        return drawn.size();
    }

    private static String title(SimulationConfig cfg, SimulationResult r, long drawn, long all) {
        return ViewPage.title(cfg)
                + (drawn < all ? ", the first " + drawn + " of " + all + " cycles" : "")
                + (r.interrupted() ? ", INTERRUPTED at cycle " + r.cycles() : "");
    }
}
