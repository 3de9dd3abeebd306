package org.ppbus.protocol.wired;

import java.util.stream.IntStream;
import org.ppbus.bus.Fabric;
import org.ppbus.protocol.descriptor.CrashDerivation;

/**
 * A central arbiter wired to every processor by its req and gnt lines (no messages): in cycle t,
 * if the owner's req is low it is released; then, if nobody owns the bus, the requester the order
 * of the subclass puts first is granted, so gnt rises in t + 1. Only a req edge can change what it
 * decides, so a cycle without one is skipped.
 *
 * <p>The base of every central arbiter, ppbus's and a plug-in's: a subclass says only its order
 * ({@link #pick}, {@link #granted}); the handshake, release and crash-stop are here.
 */
public abstract class CentralArbiter implements Fabric {
    /** The node that hosts the central arbiter, for crash-stop. */
    public static final int CENTRE = 0;

    private final boolean[] req;
    private final Fabric.GrantSink sink;
    private boolean centreDead;
    private int owner = -1;
    private boolean dirty;
    private long dirtyCycle = -1;

    protected CentralArbiter(int nodes, Fabric.GrantSink sink) {
        if (nodes < 1) {
            throw new IllegalArgumentException("nodes must be at least 1, got " + nodes);
        }
        this.req = new boolean[nodes];
        this.sink = sink;
    }

    /** The requester to grant now (req holds at least one), by the arbiter's order. */
    protected abstract int pick(boolean[] req);

    /** The order's update for a grant to {@code node}. */
    protected abstract void granted(int node);

    /**
     * Who survives a crash: the centre takes the arbiter with it; any other dead processor's req
     * is low, which every central order skips.
     */
    public static CrashDerivation survival(int nodes, int dead) {
        int[] live = IntStream.range(0, nodes).filter(i -> i != dead).toArray();
        return dead == CENTRE
                ? new CrashDerivation(new int[0], live, new int[0], "the centre, node " + CENTRE + ", is dead")
                : new CrashDerivation(
                        live,
                        new int[0],
                        new int[0],
                        "the centre, node " + CENTRE + ", skips a processor whose req is low");
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
        if (!dirty || dirtyCycle != cycle || centreDead) {
            return;
        }
        dirty = false;
        if (owner >= 0 && !req[owner]) {
            sink.released(owner, cycle);
            owner = -1;
        }
        if (owner < 0) {
            for (boolean r : req) {
                if (r) {
                    owner = pick(req);
                    granted(owner);
                    sink.granted(owner, cycle);
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
