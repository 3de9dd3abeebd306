package org.ppbus.protocol.wired;

import java.util.stream.IntStream;
import org.ppbus.bus.Fabric;
import org.ppbus.protocol.descriptor.Algorithm;
import org.ppbus.protocol.descriptor.AlgorithmBuilder;
import org.ppbus.protocol.descriptor.CrashDerivation;
import org.ppbus.protocol.descriptor.Family;
import org.ppbus.protocol.descriptor.Feature;

/**
 * The VMEbus daisy chain, registered: one hop per cycle. Every processor drives a wired-OR bus
 * request line (BR) and, while it owns the bus, a busy line (BBSY). The arbiter at position 0 (in
 * node 0's slot) sends a grant down the chain when BR is high, the bus is not busy and no grant is
 * on its way; each position takes the grant if it requests and passes it on otherwise, so the
 * processor nearest the arbiter wins. A grant that passes the last position is lost, and the
 * arbiter sends another.
 *
 * <p>In cycle t: the owner whose req is low is released; the position holding the grant takes it
 * (gnt rises in t + 1) or passes it to the next (which holds it in t + 1); and the arbiter sends a
 * grant to position 0 for t + 1 if BR, not busy and no grant on the chain, all as they were at
 * the start of t. With the fair-request rule (VMEbus "fair requester"), a processor that was
 * granted leaves BR alone and does not take a grant until it has seen BR low: it waits until every
 * other requester has been served. docs/PROTOCOL.md derives the latencies.
 */
public final class DaisyChain implements Fabric {
    /** The arbiter's slot, for crash-stop: its node takes the chain's source with it. */
    static final int ARBITER = 0;

    /** Priority by position: the processor nearest the arbiter may starve the others. */
    public static final Algorithm PLAIN = descriptor(
            "daisy-chain",
            "VMEbus daisy chain: the grant ripples one position a cycle, the nearest requester wins",
            false);

    /** With the fair-request rule: a processor served waits until BR has been low. */
    public static final Algorithm FAIR = descriptor(
            "daisy-chain-fair",
            "VMEbus daisy chain with fair requesters: one served waits until every other requester is",
            true);

    private final boolean fair;
    private final boolean[] req;
    private final boolean[] served;
    private final boolean[] dead;
    private final Fabric.GrantSink sink;
    private int owner = -1;
    /** The position holding the grant in this cycle, or -1. */
    private int token = -1;

    public DaisyChain(int nodes, boolean fair, Fabric.GrantSink sink) {
        if (nodes < 1) {
            throw new IllegalArgumentException("nodes must be at least 1, got " + nodes);
        }
        this.fair = fair;
        this.req = new boolean[nodes];
        this.served = new boolean[nodes];
        this.dead = new boolean[nodes];
        this.sink = sink;
    }

    private static Algorithm descriptor(String name, String description, boolean fair) {
        AlgorithmBuilder b = Algorithm.named(name, description);
        if (!fair) {
            b.mayStarve();
        }
        return b.family(Family.WIRED)
                .factory(s -> new DaisyChain(s.nodes(), fair, s.grants()))
                // The grant out to the next position, and the node's drivers of BR, BBSY and the
                // grant-on-chain line.
                .wires(n -> 4)
                .sharedLines(n -> 3)
                // Fair: a waiter is overtaken by another at most twice, once before and once after the
                // BR-low cycle that lets them both compete again (docs/PROTOCOL.md). Plain: no bound.
                .fairness((l, h) -> fair ? 2 : Algorithm.NO_BOUND)
                .features(Feature.RTL)
                .survival((w, o, dead) -> survival(w.nodes(), dead, fair))
                .build();
    }

    /**
     * A dead position passes no grant: those behind it are cut off; the arbiter's death stops all.
     * With the fair rule those before it are not sure either: a cut-off processor that asks holds BR
     * high for good, and a processor served waits for BR to fall, so each of them is served at most
     * once more. Only where nobody stands behind the dead position (the last one) do they survive.
     */
    static CrashDerivation survival(int nodes, int dead, boolean fair) {
        int[] before = IntStream.range(0, dead).toArray();
        int[] after = IntStream.range(dead + 1, nodes).toArray();
        if (dead == ARBITER) {
            return new CrashDerivation(new int[0], after, new int[0], "the arbiter, in node 0's slot, is dead");
        }
        if (fair && after.length > 0) {
            return new CrashDerivation(
                    new int[0],
                    after,
                    new int[0],
                    "a dead position passes no grant: those behind it are cut off, and while one of them asks BR"
                            + " stays high, so a fair requester served once waits for good");
        }
        return new CrashDerivation(
                before, after, new int[0], "a dead position passes no grant: those behind it are cut off");
    }

    @Override
    public int nodes() {
        return req.length;
    }

    @Override
    public void request(int node, boolean level, long cycle) {
        req[node] = level && !dead[node];
    }

    /** Whether position i asks now: req, and with the fair rule not served since BR was last low. */
    private boolean asks(int i) {
        return req[i] && !(fair && served[i]);
    }

    @Override
    public void step(long cycle) {
        boolean br = false;
        for (int i = 0; i < req.length && !br; i++) {
            br = asks(i);
        }
        boolean busy = owner >= 0 && req[owner];
        boolean issue = br && !busy && token < 0 && !dead[ARBITER];
        if (owner >= 0 && !req[owner]) {
            sink.released(owner, cycle);
            owner = -1;
        }
        int taken = -1;
        if (token >= 0) {
            int i = token;
            if (asks(i)) {
                owner = i;
                taken = i;
                token = -1;
                sink.granted(i, cycle);
            } else {
                // A dead position passes nothing; the last one passes to nobody.
                token = i + 1 < req.length && !dead[i] ? i + 1 : -1;
            }
        }
        if (issue) {
            token = ARBITER;
        }
        if (fair) {
            for (int i = 0; i < req.length; i++) {
                served[i] = i == taken || served[i] && br;
            }
        }
    }

    /**
     * Crash-stop: the position's req goes low and it neither takes nor passes a grant again; in
     * node 0's slot the arbiter stops sending grants too. A live owner keeps the bus until it lets go
     * (its own slot drives BBSY); a dead owner's bus is free (the caller forgets the dead eater).
     */
    @Override
    public void crash(int node, long cycle) {
        dead[node] = true;
        req[node] = false;
        if (owner == node) {
            owner = -1;
        }
    }

    /** Nothing on the chain and nobody waiting: with a waiter the arbiter acts every cycle. */
    @Override
    public boolean quiescent() {
        return token < 0 && IntStream.range(0, req.length).noneMatch(i -> req[i] && i != owner);
    }

    /** The processor that owns the bus, or -1. */
    public int owner() {
        return owner;
    }
}
