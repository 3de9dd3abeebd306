package org.ppbus.protocol.wired;

import java.util.ArrayList;
import java.util.List;
import org.ppbus.bus.Fabric;
import org.ppbus.protocol.descriptor.Algorithm;
import org.ppbus.protocol.descriptor.Family;
import org.ppbus.protocol.descriptor.Feature;

/**
 * A central arbiter that keeps exact least-recently-granted order, the order each Campos–Carvalho
 * arbiter keeps over its clients: when the bus is free, the requester granted longest ago (at
 * reset, the lowest id) is granted and goes to the back. The RTL keeps the order as a matrix of
 * n(n - 1)/2 precedence bits; this model keeps it as a list, so that the co-simulation compares two
 * independent forms of one order.
 */
public final class CentralMatrix extends CentralArbiter {
    public static final Algorithm ALGORITHM = Algorithm.named(
                    "central-matrix",
                    "central matrix arbiter: exact least-recently-granted order, req and gnt wired to one place")
            .family(Family.CENTRAL)
            .factory(s -> new CentralMatrix(s.nodes(), s.grants()))
            .wires(n -> 2)
            // A processor granted goes behind every waiting one: each overtakes a waiter at most once.
            .fairness((l, h) -> 1)
            .features(Feature.RTL)
            .survival((w, o, dead) -> survival(w.nodes(), dead))
            .build();

    /** Front first: the processor granted longest ago. */
    private final List<Integer> order = new ArrayList<>();

    public CentralMatrix(int nodes, Fabric.GrantSink sink) {
        super(nodes, sink);
        for (int i = 0; i < nodes; i++) {
            order.add(i);
        }
    }

    @Override
    protected int pick(boolean[] req) {
        for (int i : order) {
            if (req[i]) {
                return i;
            }
        }
        throw new IllegalStateException("no requester");
    }

    @Override
    protected void granted(int node) {
        order.remove(Integer.valueOf(node));
        order.add(node);
    }
}
