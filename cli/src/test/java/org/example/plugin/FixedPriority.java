package org.example.plugin;

import org.ppbus.bus.Fabric;
import org.ppbus.protocol.descriptor.Algorithm;
import org.ppbus.protocol.descriptor.Family;
import org.ppbus.protocol.wired.CentralArbiter;

/**
 * The wired example of docs/ARCHITECTURE.md, "How to add an algorithm": a central arbiter that
 * always grants the lowest-numbered requester, written outside ppbus on the public base {@link
 * CentralArbiter}, which does the handshake, the release and crash-stop. A fixed priority promises
 * no freedom from starvation, and its descriptor says so, so a run checks mutual exclusion and
 * deadlock but no fairness bound.
 */
public final class FixedPriority extends CentralArbiter {
    public static final Algorithm ALGORITHM = Algorithm.named(
                    "example-fixed-priority", "a central arbiter, lowest-numbered requester first (an example plug-in)")
            .family(Family.CENTRAL)
            .factory(s -> new FixedPriority(s.nodes(), s.grants()))
            .wires(n -> 2) // req and gnt, from every node to the arbiter
            .mayStarve()
            .survival((w, o, dead) -> CentralArbiter.survival(w.nodes(), dead))
            .build();

    private FixedPriority(int nodes, Fabric.GrantSink sink) {
        super(nodes, sink);
    }

    @Override
    protected int pick(boolean[] req) {
        for (int i = 0; i < req.length; i++) {
            if (req[i]) {
                return i;
            }
        }
        throw new IllegalStateException("no requester");
    }

    @Override
    protected void granted(int node) {
        // A fixed order keeps no state.
    }
}
