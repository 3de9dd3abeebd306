package org.ppbus.workload;

import org.ppbus.bus.Processors;

/**
 * Strict alternation at low load (scenario CC-6): the listed nodes take turns, and each request is
 * raised only once the previous entry is over and the whole network is quiescent.
 */
public final class AlternatingDriver implements Driver {
    private final int[] order;
    private final long stopCycle;
    private int turn;

    public AlternatingDriver(int[] order, long stopCycle) {
        this.order = order.clone();
        this.stopCycle = stopCycle;
    }

    @Override
    public void endOfCycle(long cycle, boolean quiescent, Processors processors) {
        if (quiescent && processors.finished() && cycle + 1 < stopCycle) {
            processors.raiseAt(order[turn % order.length], cycle + 1);
            turn++;
        }
    }
}
