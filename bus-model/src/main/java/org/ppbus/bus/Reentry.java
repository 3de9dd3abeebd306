package org.ppbus.bus;

/**
 * Outside the req/gnt contract, for reproducing audit A3 only: a fabric whose clients can go from
 * EATING straight back to HUNGRY in one cycle. Fabrics that cannot do this do not implement it.
 */
public interface Reentry {
    /** EATING goes straight to HUNGRY in this cycle, with no THINKING cycle between. */
    void reenterWithoutThinking(int node, long cycle);
}
