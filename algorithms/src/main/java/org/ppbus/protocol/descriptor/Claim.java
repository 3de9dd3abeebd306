package org.ppbus.protocol.descriptor;

import java.util.function.BiFunction;
import org.ppbus.bus.Sharing;

/** The seed's claim at n nodes. */
public interface Claim {
    Cost at(int nodes);

    /** The claim at n nodes for a run shared this way: the one-bus claim unless it depends on k or h. */
    default Cost at(int nodes, Sharing sharing) {
        return at(nodes);
    }

    /** A claim that depends on the sharing as well ({@code at(n)} is its value on the single bus). */
    static Claim withSharing(BiFunction<Integer, Sharing, Cost> claim) {
        return new SharedClaim(claim);
    }
}
