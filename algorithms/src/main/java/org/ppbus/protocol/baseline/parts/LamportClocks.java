package org.ppbus.protocol.baseline.parts;

import java.util.List;
import java.util.function.BiPredicate;

/**
 * The Lamport clocks of a timestamp baseline and the stamp of each client's current request, kept
 * unwrapped by the model while the wire carries W-bit stamps ({@link WrappedStamps}). A client has
 * one request at a time, so a receiver can check that a REQUEST carries the sender's current stamp
 * and then order by the unwrapped value, each decision checked against the wire's.
 */
public final class LamportClocks {
    private final WrappedStamps stamps;
    private final long[] clock; // per place (a node, or a stand-alone voter)
    private final long[] stamp; // per client
    private final int idBits;

    public LamportClocks(int places, int clients, int stampBits, int idBits) {
        this.stamps = new WrappedStamps(stampBits);
        this.clock = new long[places];
        this.stamp = new long[clients];
        this.idBits = idBits;
    }

    /** Width of a stamp on the wire. */
    public int bits() {
        return stamps.bits();
    }

    /** A new request of client i: its clock ticks and stamps it. Returns the wire payload (stamp, id). */
    public long request(int i) {
        clock[i]++;
        stamp[i] = clock[i];
        return payload(i);
    }

    /** The wire payload of client i's current request: its stamp, then its id. */
    public long payload(int i) {
        return (stamps.wire(stamp[i]) << idBits) | i;
    }

    /** The unwrapped stamp of client i's current request. */
    public long stamp(int i) {
        return stamp[i];
    }

    /**
     * Place p receives client j's current request with the given wire payload: checks that it is
     * that request, advances p's clock past it and returns its unwrapped stamp.
     */
    public long receive(int p, int j, long payload) {
        long t = stamp[j];
        if (stamps.wire(t) != payload >>> idBits) {
            throw new IllegalStateException("REQUEST from " + j + " does not carry its current stamp");
        }
        clock[p] = Math.max(clock[p], t) + 1;
        return t;
    }

    /**
     * The unwrapped stamp of one of client j's requests, from the payload (stamp, id) that carries it:
     * j may have asked again since, so it is read against j's newest stamp.
     */
    public long recent(int j, long payload) {
        return stamps.unwrapAtOrBelow(payload >>> idBits, stamp[j]);
    }

    /** Place p's clock passes t (a message stamped t arrived). */
    public void witness(int p, long t) {
        clock[p] = Math.max(clock[p], t) + 1;
    }

    /** Place p's clock now (unwrapped; the wire carries {@link #bits} of it). */
    public long clock(int p) {
        return clock[p];
    }

    /**
     * Place p receives a message carrying clock value t (as W bits): its clock moves up to t if t is
     * later, decided on the wire by serial-number arithmetic and checked against the unwrapped values.
     */
    public void witnessOnWire(int p, long t) {
        if (t != clock[p] && stamps.before(clock[p], 0, t, 1)) {
            clock[p] = t;
        }
    }

    /** A local event at place p: its clock ticks. */
    public void tick(int p) {
        clock[p]++;
    }

    /** The wire payload (clock, id) of a message place p sends now. */
    public long clockPayload(int p) {
        return (stamps.wire(clock[p]) << idBits) | p;
    }

    /** (a, i) before (b, j), for unwrapped stamps, decided on the wire and checked. */
    public boolean before(long a, int i, long b, int j) {
        return stamps.before(a, i, b, j);
    }

    /**
     * Puts {@code item} into {@code queue}, which is in stamp order, after every entry that
     * {@code before} puts ahead of it; returns its place. (The voters' queues.)
     */
    public static <T> int insertInOrder(List<T> queue, T item, BiPredicate<T, T> before) {
        int at = 0;
        while (at < queue.size() && before.test(queue.get(at), item)) {
            at++;
        }
        queue.add(at, item);
        return at;
    }

    /** Client a's current request is before client b's. */
    public boolean requestBefore(int a, int b) {
        return stamps.before(stamp[a], a, stamp[b], b);
    }
}
