package org.ppbus.check;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * The stretches of a run in which a processor waited and nobody ate: the bus stood still for
 * someone. A fault's effect on service is the longest such stretch after it, against the longest
 * one of the same run without the fault. Only the stretches that can answer "the longest from cycle
 * C on" are kept: a stretch that a later, at least as long one follows is never that answer, so the
 * kept ones get shorter from first to last, and there are few.
 */
public final class Stalls {
    /** {first cycle, last cycle}, oldest first, each shorter than the one before. */
    private final Deque<long[]> kept = new ArrayDeque<>();

    private long since = -1;

    /** One cycle: whether a processor waits and nobody eats. */
    void cycle(long cycle, boolean stalled) {
        if (stalled && since < 0) {
            since = cycle;
        } else if (!stalled && since >= 0) {
            add(since, cycle - 1);
            since = -1;
        }
    }

    /** The run ended in cycle {@code last}: a stretch still open ends with it. */
    void end(long last) {
        if (since >= 0) {
            add(since, last);
            since = -1;
        }
    }

    private void add(long first, long last) {
        while (!kept.isEmpty() && length(kept.peekLast()) <= last - first + 1) {
            kept.pollLast();
        }
        kept.addLast(new long[] {first, last});
    }

    private static long length(long[] s) {
        return s[1] - s[0] + 1;
    }

    /** The longest stretch that began in or after {@code cycle}, as {first, last}, or null. */
    public long[] longestFrom(long cycle) {
        for (long[] s : kept) {
            if (s[0] >= cycle) {
                return s.clone();
            }
        }
        return null;
    }

    /** The length of the longest stretch of the run, 0 for none. */
    public long longest() {
        return kept.isEmpty() ? 0 : length(kept.peekFirst());
    }
}
