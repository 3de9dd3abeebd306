package org.ppbus.protocol.descriptor;

import org.ppbus.bus.Sharing;

/** An overtaking bound that depends on the sharing ({@link Fairness#withSharing}). */
record SharedFairness(SharedBound bound) implements Fairness {
    @Override
    public int bound(int latencyCycles, int minHoldCycles) {
        return bound.of(latencyCycles, minHoldCycles, Sharing.SINGLE);
    }

    @Override
    public int bound(int latencyCycles, int minHoldCycles, Sharing sharing) {
        return bound.of(latencyCycles, minHoldCycles, sharing);
    }
}
