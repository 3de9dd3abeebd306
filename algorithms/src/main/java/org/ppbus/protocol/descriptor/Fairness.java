package org.ppbus.protocol.descriptor;

import org.ppbus.bus.Sharing;

/**
 * The overtaking bound under the req/gnt handshake, from the channel latency L and the shortest
 * hold H; {@link Algorithm#NO_BOUND} where the seeds promise freedom from starvation only.
 */
public interface Fairness {
    int bound(int latencyCycles, int minHoldCycles);

    /** The bound for a run shared this way: the one-bus bound unless it depends on k. */
    default int bound(int latencyCycles, int minHoldCycles, Sharing sharing) {
        return bound(latencyCycles, minHoldCycles);
    }

    /** A bound that depends on the sharing as well ({@code bound(l, h)} is its value on one bus). */
    static Fairness withSharing(SharedBound bound) {
        return new SharedFairness(bound);
    }
}
