package org.ppbus.protocol.wired;

import org.ppbus.bus.Fabric;
import org.ppbus.protocol.descriptor.Algorithm;
import org.ppbus.protocol.descriptor.Family;
import org.ppbus.protocol.descriptor.Feature;

/**
 * The baseline a user would otherwise pick: one central round-robin arbiter. When the bus is free
 * the first requester after the last one granted, in ascending order with wrap-around, is granted.
 * Two designs make this machine: {@code ppbus_rr_arbiter} finds the first requester with a
 * carry-chain subtraction, {@code ppbus_prefix_arbiter} with a log-depth prefix tree; both have
 * the same ports and the same behaviour, so one model serves both.
 */
public final class CentralRoundRobin extends CentralArbiter {
    /** The central round-robin reference: req and gnt wires to one arbiter, no messages. */
    public static final Algorithm ALGORITHM =
            descriptor("central-rr", "central round-robin arbiter: the reference, with req and gnt wired to one place");

    /** The same order found by a parallel-prefix tree: log-depth instead of a carry chain. */
    public static final Algorithm PREFIX = descriptor(
            "central-prefix-rr",
            "central round-robin arbiter with a log-depth parallel-prefix search (the tree arbiters' structure)");

    private int last;

    public CentralRoundRobin(int nodes, Fabric.GrantSink sink) {
        super(nodes, sink);
        this.last = nodes - 1; // so that node 0 is first after reset
    }

    private static Algorithm descriptor(String name, String description) {
        return Algorithm.named(name, description)
                .family(Family.CENTRAL)
                .factory(s -> new CentralRoundRobin(s.nodes(), s.grants()))
                // req and gnt run from every node to the arbiter.
                .wires(n -> 2)
                // The pointer serves each waiting processor once per round.
                .fairness((l, h) -> 1)
                .features(Feature.RTL)
                .survival((w, o, dead) -> survival(w.nodes(), dead))
                .build();
    }

    @Override
    protected int pick(boolean[] req) {
        int n = req.length;
        for (int k = 1; k <= n; k++) {
            int i = (last + k) % n;
            if (req[i]) {
                return i;
            }
        }
        throw new IllegalStateException("no requester");
    }

    @Override
    protected void granted(int node) {
        last = node;
    }
}
