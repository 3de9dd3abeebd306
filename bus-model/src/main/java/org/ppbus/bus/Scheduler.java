package org.ppbus.bus;

import java.util.Arrays;

/**
 * Which units must be evaluated in which cycle. A unit is evaluated when a symbol arrives for it,
 * when its processor's req changes, or in the cycle after an evaluation that changed its state or
 * sent something. Every unit is a deterministic function of (state, inputs), so a unit whose last
 * evaluation did nothing would do nothing again until an input changes: skipping it is exact, and
 * a test compares this against evaluating every unit every cycle.
 */
public final class Scheduler {
    private final int horizon;
    private final int[][] lists;
    private final int[] sizes;
    private final long[] lastQueuedFor;
    private final long[] lastEvaluated;
    private final boolean evaluateAll;
    private final int units;

    /**
     * @param units number of unit ids
     * @param maxAheadCycles the furthest ahead a wake can be requested (the channel latency)
     * @param evaluateAll evaluate every unit every cycle (the reference mode)
     */
    public Scheduler(int units, int maxAheadCycles, boolean evaluateAll) {
        this.units = units;
        this.horizon = maxAheadCycles + 1;
        this.lists = new int[horizon][16];
        this.sizes = new int[horizon];
        this.lastQueuedFor = new long[units];
        this.lastEvaluated = new long[units];
        Arrays.fill(lastQueuedFor, -1);
        Arrays.fill(lastEvaluated, -1);
        this.evaluateAll = evaluateAll;
    }

    public boolean evaluatesAll() {
        return evaluateAll;
    }

    /** Asks for unit to be evaluated in the given cycle (at most maxAheadCycles ahead). */
    public void wake(int unit, long cycle) {
        if (evaluateAll || lastQueuedFor[unit] == cycle) {
            return;
        }
        lastQueuedFor[unit] = cycle;
        int s = (int) (cycle % horizon);
        int[] list = lists[s];
        if (sizes[s] == list.length) {
            lists[s] = list = Arrays.copyOf(list, list.length * 2);
        }
        list[sizes[s]++] = unit;
    }

    /** Visits each unit due in this cycle exactly once, then forgets the cycle's list. */
    public void drain(long cycle, UnitVisitor visitor) {
        if (evaluateAll) {
            for (int u = 0; u < units; u++) {
                visitor.evaluate(u);
            }
            return;
        }
        int s = (int) (cycle % horizon);
        // Evaluations may wake units for this same slot only for cycle + horizon, never for now.
        for (int i = 0; i < sizes[s]; i++) {
            int u = lists[s][i];
            if (lastEvaluated[u] != cycle) {
                lastEvaluated[u] = cycle;
                visitor.evaluate(u);
            }
        }
        sizes[s] = 0;
    }

    /** True when no unit is queued for any future cycle. */
    public boolean idle() {
        for (int size : sizes) {
            if (size != 0) {
                return false;
            }
        }
        return true;
    }

    /** Callback for {@link #drain}. */
    @FunctionalInterface
    public interface UnitVisitor {
        void evaluate(int unit);
    }
}
