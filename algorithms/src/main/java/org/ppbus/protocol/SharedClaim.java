package org.ppbus.protocol;

import java.util.function.BiFunction;
import org.ppbus.bus.Sharing;

/** A seed's claim that depends on the sharing ({@link Algorithm.Claim#withSharing}). */
record SharedClaim(BiFunction<Integer, Sharing, Algorithm.Cost> claim) implements Algorithm.Claim {
    @Override
    public Algorithm.Cost at(int nodes) {
        return claim.apply(nodes, Sharing.SINGLE);
    }

    @Override
    public Algorithm.Cost at(int nodes, Sharing sharing) {
        return claim.apply(nodes, sharing);
    }
}
