package org.ppbus.cli.console;

import java.io.PrintStream;
import org.ppbus.search.graph.SearchProgress;

/** A one-line progress bar on stderr, drawn only when stderr is a terminal. */
public final class ProgressBar {
    private final PrintStream err;
    private final boolean enabled;
    private final long startNanos = System.nanoTime();
    private boolean drawn;
    private boolean finished;

    public ProgressBar(PrintStream err, boolean enabled) {
        this.err = err;
        this.enabled = enabled && Terminal.stderr();
    }

    /** Before the first update: what is going on and for how long (a Verilator build takes minutes). */
    public synchronized void waiting(String what) {
        if (!enabled || finished) {
            return;
        }
        // \033[K clears what a longer previous message left on the line (only drawn on a terminal).
        err.print(String.format("\r%s  %.0f s\033[K", what, (System.nanoTime() - startNanos) / 1e9));
        err.flush();
        drawn = true;
    }

    public synchronized void update(long cycle, long total, long entries) {
        if (!enabled || total <= 0) {
            return;
        }
        double frac = Math.min(1.0, (double) cycle / total);
        int width = 30;
        int filled = (int) (frac * width);
        double secs = (System.nanoTime() - startNanos) / 1e9;
        String eta = frac > 0.01 ? String.format("%.0fs left", secs / frac - secs) : "";
        // Past the cycles with new requests, a run drains: say so rather than count past the total.
        String where = cycle <= total
                ? String.format("cycle %,d/%,d", cycle, total)
                : String.format("cycle %,d (draining after %,d)", cycle, total);
        err.print(String.format(
                "\r[%s%s] %3.0f%%  %s  entries %,d  %s\033[K",
                "#".repeat(filled), " ".repeat(width - filled), frac * 100, where, entries, cycle <= total ? eta : ""));
        err.flush();
        drawn = true;
    }

    /** For runs of many points: how many are finished, and an estimate of the time left. */
    public synchronized void points(int done, int total) {
        if (!enabled || total <= 0) {
            return;
        }
        double frac = (double) done / total;
        int width = 30;
        int filled = (int) (frac * width);
        double secs = (System.nanoTime() - startNanos) / 1e9;
        String eta = done > 0 ? String.format("%.0fs left", secs / frac - secs) : "";
        err.print(String.format(
                "\r[%s%s] %3.0f%%  points %d/%d  %s   ",
                "#".repeat(filled), " ".repeat(width - filled), frac * 100, done, total, eta));
        err.flush();
        drawn = true;
    }

    /** For the exhaustive search: states found, depth reached, and the rate. */
    synchronized void search(long states, int depth, long transitions) {
        if (!enabled) {
            return;
        }
        double secs = (System.nanoTime() - startNanos) / 1e9;
        err.print(String.format(
                "\rstates %,d  depth %d  transitions %,d  %,.0f states/s  %.0f s   ",
                states, depth, transitions, secs > 0 ? states / secs : 0, secs));
        err.flush();
        drawn = true;
    }

    /** The bar as a state search's progress: its counts, then what it does once every state is found. */
    public SearchProgress forSearch() {
        return new SearchProgress() {
            @Override
            public void update(long states, int depth, long transitions) {
                search(states, depth, transitions);
            }

            @Override
            public void phase(String what) {
                waiting(what);
            }
        };
    }

    public synchronized void finish() {
        finished = true;
        if (drawn) {
            err.print("\r" + " ".repeat(100) + "\r");
            err.flush();
        }
    }
}
