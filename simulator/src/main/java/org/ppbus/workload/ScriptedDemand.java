package org.ppbus.workload;

import java.util.Arrays;
import org.ppbus.bus.Demand;

/**
 * Demand for processors that are told when to ask (by a driver or a test script, through
 * {@code Processors.raiseAt}): they never ask on their own, hold for a per-node number of cycles,
 * and may be switched to re-enter without thinking (A3 only).
 */
public final class ScriptedDemand implements Demand {
    private final int[] hold;
    private final boolean[] direct;

    public ScriptedDemand(int nodes, int holdCycles) {
        this.hold = new int[nodes];
        this.direct = new boolean[nodes];
        Arrays.fill(hold, holdCycles);
    }

    public void setHold(int node, int holdCycles) {
        hold[node] = holdCycles;
    }

    public void setReentersWithoutThinking(int node, boolean on) {
        direct[node] = on;
    }

    @Override
    public long nextRise(int node, long earliestCycle) {
        return NEVER;
    }

    @Override
    public int holdCycles(int node, long cycle) {
        return hold[node];
    }

    @Override
    public boolean reentersWithoutThinking(int node, long cycle) {
        return direct[node];
    }
}
