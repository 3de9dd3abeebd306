package org.ppbus.workload;

import org.ppbus.bus.Demand;

/**
 * Outside the contract, for audit item A3 only: the listed processors keep req high after their
 * transaction and re-enter without a THINKING cycle, until {@code stopCycle}. Everything else is the
 * wrapped demand.
 */
public final class DirectReentry implements Demand {
    private final Demand base;
    private final boolean[] greedy;
    private final long stopCycle;

    public DirectReentry(Demand base, int nodes, int[] greedyNodes, long stopCycle) {
        this.base = base;
        this.greedy = new boolean[nodes];
        for (int g : greedyNodes) {
            greedy[g] = true;
        }
        this.stopCycle = stopCycle;
    }

    @Override
    public long nextRise(int node, long earliestCycle) {
        return base.nextRise(node, earliestCycle);
    }

    @Override
    public int holdCycles(int node, long cycle) {
        return base.holdCycles(node, cycle);
    }

    @Override
    public boolean reentersWithoutThinking(int node, long cycle) {
        return greedy[node] && cycle < stopCycle;
    }
}
