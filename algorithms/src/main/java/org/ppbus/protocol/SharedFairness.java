package org.ppbus.protocol;

import org.ppbus.bus.Sharing;

/** An overtaking bound that depends on the sharing ({@link Algorithm.Fairness#withSharing}). */
record SharedFairness(Algorithm.SharedBound bound) implements Algorithm.Fairness {
    @Override
    public int bound(int latencyCycles, int minHoldCycles) {
        return bound.of(latencyCycles, minHoldCycles, Sharing.SINGLE);
    }

    @Override
    public int bound(int latencyCycles, int minHoldCycles, Sharing sharing) {
        return bound.of(latencyCycles, minHoldCycles, sharing);
    }
}
