package org.ppbus.search.liveness;

import java.util.function.LongSupplier;
import org.ppbus.search.graph.SearchProgress;

/**
 * What a long analysis of the graph after the search (the liveness analysis, the repair bound) does
 * between its steps: it shows on the progress line that it is still at work, and it stops when
 * asked (an interrupt), so that the search's other results are still reported. The analysis calls
 * {@link #tick} once per state or pair it visits; every 2^12 ticks the watch reads the stop flag,
 * and every 2^20 it redraws the line.
 */
public final class LivenessWatch {
    /** Thrown by {@link #tick} once a stop was requested: the analysis ends without a verdict. */
    public static final class Stopped extends RuntimeException {
        Stopped() {
            super("the liveness analysis was stopped", null, false, false);
        }
    }

    /** A watch that never stops and shows nothing (for tests of the analyses). */
    public static final LivenessWatch NONE = new LivenessWatch(() -> 0, (states, depth, transitions) -> {}, "");

    private final LongSupplier stopRequested;
    private final SearchProgress progress;
    private final String what;
    private int ticks;

    /** A watch that shows {@code what} on the progress line. */
    public LivenessWatch(LongSupplier stopRequested, SearchProgress progress, String what) {
        this.stopRequested = stopRequested;
        this.progress = progress;
        this.what = what;
    }

    /** Shows the analysis on the progress line as it begins. */
    public void begin() {
        progress.phase(what);
    }

    public void tick() {
        if ((++ticks & 0xFFF) == 0) {
            if (stopRequested.getAsLong() != 0) {
                throw new Stopped();
            }
            if ((ticks & 0xFFFFF) == 0) {
                progress.phase(what);
            }
        }
    }
}
