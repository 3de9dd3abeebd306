package org.ppbus.view;

import java.util.Optional;
import org.ppbus.plane.Wiring;
import org.ppbus.testbench.SimulationConfig;

/**
 * The most work one request may ask of the web view, so that no request can run the server out of
 * memory or hold it for long. A plane's run keeps a frame per cycle and per bus, whose size grows
 * with the plane's links (a character or two per link, a list entry per arbiter): its cycles ×
 * links × buses are bounded, besides its cycles. A message-passing run sends all its messages to
 * the page at once: its cycles × nodes are bounded, besides its cycles.
 */
final class ViewLimits {
    private ViewLimits() {}

    /** The longest plane run, in cycles (a frame each, per bus). */
    static final long MOST_CYCLES = 100_000;

    /**
     * The most link-cycles a plane run keeps: 50 M, about 170 MB of frames (3.4 bytes a link-cycle
     * measured at n = 57: 61.5 MB of heap for 40,000 cycles of its 456 links); n = 57 keeps 100,000
     * cycles, n = 4161 184.
     */
    static final long MOST_LINK_CYCLES = 50_000_000;

    /** The longest message-passing run, in cycles. */
    static final long MOST_MESSAGE_CYCLES = 20_000;

    /** The most node-cycles of a message-passing run. */
    static final long MOST_NODE_CYCLES = 2_000_000;

    /** The most cycles the view runs of {@code c}'s design (at least 1). */
    static long mostCycles(SimulationConfig c) {
        if (FrameRecorder.draws(c.algorithmSpec())) {
            long perCycle =
                    (long) Wiring.forNodes(c.nodes()).links() * c.sharing().buses();
            return Math.max(1, Math.min(MOST_CYCLES / c.sharing().buses(), MOST_LINK_CYCLES / perCycle));
        }
        return Math.max(1, Math.min(MOST_MESSAGE_CYCLES, MOST_NODE_CYCLES / c.nodes()));
    }

    /** Why the view will not run {@code c}, in one line, or empty. Call on a validated config. */
    static Optional<String> refusal(SimulationConfig c) {
        long most = mostCycles(c);
        if (c.cycles() <= most) {
            return Optional.empty();
        }
        String of = c.algorithm() + " at n = " + c.nodes()
                + (c.sharing().buses() > 1 ? " on " + c.sharing().buses() + " buses" : "");
        return Optional.of("cycles: at most " + most + " in the view for " + of
                + " (the frames are kept in memory), got " + c.cycles());
    }
}
