package org.ppbus.protocol.baseline;

import java.util.stream.IntStream;
import org.ppbus.bus.Fabric;
import org.ppbus.protocol.Algorithm;

/**
 * The baseline a user would otherwise pick: one central round-robin arbiter wired to every
 * processor by its req and gnt lines (no messages). In cycle t, if the owner's req is low it is
 * released; then, if nobody owns the bus, the first requester after the last one granted, in
 * ascending order with wrap-around, is granted, so gnt rises in t + 1. The generated RTL
 * ({@code ppbus_rr_arbiter}) is the same machine; Icarus replays show it.
 */
public final class CentralRoundRobin implements Fabric {
    /** The node that hosts the central arbiter, for crash-stop. */
    static final int CENTRE = 0;

    /** The central round-robin reference: req and gnt wires to one arbiter, no messages. */
    public static final Algorithm ALGORITHM = Algorithm.named(
                    "central-rr", "central round-robin arbiter: the reference, with req and gnt wired to one place")
            .family(Algorithm.Family.CENTRAL)
            .factory(s -> new CentralRoundRobin(s.nodes(), s.grants()))
            // req and gnt run from every node to the arbiter.
            .wires(n -> 2)
            // The pointer serves each waiting processor once per round.
            .fairness((l, h) -> 1)
            .features(Algorithm.Feature.RTL)
            // The pointer skips a processor whose req is low, and a dead processor's req is. Only the
            // centre's crash matters, and then nobody is granted again.
            .survival((w, o, dead) -> {
                int[] live =
                        IntStream.range(0, w.nodes()).filter(i -> i != dead).toArray();
                return dead == CENTRE
                        ? new Algorithm.Derived(
                                new int[0], live, new int[0], "the centre, node " + CENTRE + ", is dead")
                        : new Algorithm.Derived(
                                live,
                                new int[0],
                                new int[0],
                                "the centre, node " + CENTRE + ", skips a processor whose req is low");
            })
            .build();

    private final boolean[] req;
    private final Fabric.GrantSink sink;
    private boolean centreDead;
    private int owner = -1;
    private int last;
    private boolean dirty;
    private long dirtyCycle = -1;

    public CentralRoundRobin(int nodes, Fabric.GrantSink sink) {
        if (nodes < 1) {
            throw new IllegalArgumentException("nodes must be at least 1, got " + nodes);
        }
        this.req = new boolean[nodes];
        this.sink = sink;
        this.last = nodes - 1; // so that node 0 is first after reset
    }

    @Override
    public int nodes() {
        return req.length;
    }

    @Override
    public void request(int node, boolean level, long cycle) {
        req[node] = level;
        dirty = true;
        dirtyCycle = cycle;
    }

    @Override
    public void step(long cycle) {
        // State changes only on req edges: with none this cycle, the evaluation would change nothing.
        if (!dirty || dirtyCycle != cycle || centreDead) {
            return;
        }
        dirty = false;
        if (owner >= 0 && !req[owner]) {
            sink.released(owner, cycle);
            owner = -1;
        }
        if (owner < 0) {
            int n = req.length;
            for (int k = 1; k <= n; k++) {
                int i = (last + k) % n;
                if (req[i]) {
                    owner = i;
                    last = i;
                    sink.granted(i, cycle);
                    return;
                }
            }
        }
    }

    /**
     * Crash-stop. The centre's node takes the arbiter with it: every gnt falls silent (low), and
     * nothing is granted again. Another node's req goes low, as a dead processor's output; if it held
     * the bus, the bus is free (the caller forgets the dead eater).
     */
    @Override
    public void crash(int node, long cycle) {
        if (node == CENTRE) {
            centreDead = true;
            if (owner >= 0 && owner != CENTRE) {
                sink.released(owner, cycle);
            }
            owner = -1;
            return;
        }
        req[node] = false;
        if (owner == node) {
            owner = -1;
        }
        dirty = true;
        dirtyCycle = cycle;
    }

    @Override
    public boolean quiescent() {
        return true;
    }

    /** The processor that owns the bus, or -1. */
    public int owner() {
        return owner;
    }
}
