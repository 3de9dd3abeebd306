package org.ppbus.bus;

/** What a processor wants: when it next raises req and how long it holds the bus. */
public interface Demand {
    /** Returned by {@link #nextRise} for a processor that never asks again. */
    long NEVER = Long.MAX_VALUE;

    /**
     * The longest hold a setting or a trace may ask for, 2^24 cycles: the run simulates every cycle
     * of a hold, so a hold of 2^31 cycles is minutes of a bus doing nothing, not a measurement.
     */
    int MAX_HOLD_CYCLES = 1 << 24;

    /**
     * The cycle in which processor {@code node} raises req, at or after {@code earliestCycle} (the
     * first cycle after at least one cycle with req low), or {@link #NEVER}.
     */
    long nextRise(int node, long earliestCycle);

    /** Cycles of bus use (req and gnt both high) for the grant that starts in {@code cycle}; ≥ 1. */
    int holdCycles(int node, long cycle);

    /**
     * What the request that processor {@code node} raises in {@code cycle} needs: how many of the
     * buses, and its group. One bus and no group unless the workload says otherwise.
     */
    default Need need(int node, long cycle) {
        return Need.ONE;
    }

    /** Whether {@link #need} says what each request needs (a v2 trace), rather than the run's settings. */
    default boolean statesNeeds() {
        return false;
    }

    /**
     * Outside the contract, for audit item A3 only: when true the processor does not lower req at the
     * end of its transaction; its client goes from EATING straight to HUNGRY (R3 then R1 in one
     * cycle, with no THINKING evaluation).
     */
    default boolean reentersWithoutThinking(int node, long cycle) {
        return false;
    }
}
