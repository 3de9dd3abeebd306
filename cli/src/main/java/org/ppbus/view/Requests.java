package org.ppbus.view;

import java.util.ArrayList;
import java.util.List;

/** A processor's requests in a recorded run, read from its frames' req and gnt: what the page lists on a click. */
public final class Requests {
    private Requests() {}

    /**
     * One request.
     *
     * @param raised the first cycle req is high
     * @param granted the first cycle gnt is high, or -1 if the frames end first
     * @param released the first cycle gnt is low again, or -1 if the frames end first
     */
    public record Request(long raised, long granted, long released) {}

    /**
     * The node's requests, in order. A frame's req is the cycle's and its gnt the next cycle's, so a
     * grant seen in frame t holds from t + 1.
     */
    public static List<Request> of(List<Frame.Packed> frames, int node) {
        List<Request> out = new ArrayList<>();
        long raised = -1;
        long granted = -1;
        boolean reqBefore = false;
        boolean gntBefore = false;
        for (Frame.Packed f : frames) {
            boolean req = f.r().contains(node);
            boolean gnt = f.g().contains(node);
            if (req && !reqBefore && raised < 0) {
                raised = f.t();
            }
            if (gnt && !gntBefore) {
                granted = f.t() + 1;
            }
            if (!gnt && gntBefore && raised >= 0) {
                out.add(new Request(raised, granted, f.t() + 1));
                raised = -1;
                granted = -1;
            }
            reqBefore = req;
            gntBefore = gnt;
        }
        if (raised >= 0) {
            out.add(new Request(raised, granted, -1));
        }
        return out;
    }

    /**
     * The same from a message-passing run's req and gnt edges ({@link TimeSpaceRecorder}): req rises
     * in the cycle of its R, gnt is high from the cycle after its G and low from the cycle after its g.
     */
    public static List<Request> ofEdges(List<TimeSpaceRecorder.Edge> edges, int node) {
        List<Request> out = new ArrayList<>();
        long raised = -1;
        long granted = -1;
        for (TimeSpaceRecorder.Edge e : edges) {
            if (e.node() != node) {
                continue;
            }
            switch (e.what()) {
                case 'R' -> raised = raised < 0 ? e.cycle() : raised;
                case 'G' -> granted = e.cycle() + 1;
                case 'g' -> {
                    if (raised >= 0) {
                        out.add(new Request(raised, granted, e.cycle() + 1));
                    }
                    raised = -1;
                    granted = -1;
                }
                default -> {} // req falling says nothing the grant does not
            }
        }
        if (raised >= 0) {
            out.add(new Request(raised, granted, -1));
        }
        return out;
    }
}
