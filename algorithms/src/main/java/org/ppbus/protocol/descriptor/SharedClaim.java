package org.ppbus.protocol.descriptor;

import java.util.function.BiFunction;
import org.ppbus.bus.Sharing;

/** A seed's claim that depends on the sharing ({@link Claim#withSharing}). */
record SharedClaim(BiFunction<Integer, Sharing, Cost> claim) implements Claim {
    @Override
    public Cost at(int nodes) {
        return claim.apply(nodes, Sharing.SINGLE);
    }

    @Override
    public Cost at(int nodes, Sharing sharing) {
        return claim.apply(nodes, sharing);
    }
}
