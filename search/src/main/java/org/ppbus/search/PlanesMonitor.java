package org.ppbus.search;

import java.util.Arrays;
import org.ppbus.bus.BusSet;
import org.ppbus.bus.Fabric;
import org.ppbus.bus.Need;
import org.ppbus.check.Invariants;
import org.ppbus.check.Overtaking;
import org.ppbus.check.Property;
import org.ppbus.check.Violation;

/**
 * What the k-bus search ({@link PlanesSearch}) hears from the processors' side of campos-carvalho-k,
 * kept apart from the model: the buses each processor was granted and not yet released, the
 * processors granted in the cycle, and the overtaking counts. Each grant is checked against K1 (no
 * bus held by two) and K2 (one bus per request, never a second while one is held), through
 * {@link Invariants}. Its state is part of a search state ({@link #save}, {@link #restore}).
 */
final class PlanesMonitor implements Fabric.GrantSink {
    private final int n;
    private final int k;
    private final long[] held; // per processor: the buses granted and not released
    private final Overtaking overtaking; // null where no bound is checked
    private long fresh; // processors granted in the cycle just run
    private Violation problem;

    PlanesMonitor(int nodes, int buses, Overtaking overtaking) {
        this.n = nodes;
        this.k = buses;
        this.held = new long[nodes];
        this.overtaking = overtaking;
    }

    /** Words this monitor adds to a search state. */
    int words() {
        return (n * k + 63) / 64 + 1 + (overtaking == null ? 0 : overtaking.words());
    }

    /** Starts a cycle: no grant yet, no problem. */
    void beginCycle() {
        fresh = 0;
        problem = null;
    }

    /** The processor raised req: its hungry period starts. */
    void requested(int node) {
        if (overtaking != null) {
            overtaking.requested(node);
        }
    }

    @Override
    public void granted(int node, long cycle) {
        note(new Violation(
                Property.WHOLE_DEMAND, cycle, "client " + node, "processor " + node + " was granted no bus", 0));
    }

    @Override
    public void granted(int node, BusSet buses, long cycle) {
        fresh |= 1L << node;
        if (held[node] != 0) {
            note(Invariants.wholeDemand(node, new BusSet(held[node] | buses.mask()), Need.ONE, cycle));
        } else {
            note(Invariants.wholeDemand(node, buses, Need.ONE, cycle));
            note(Invariants.busExclusion(node, buses, Need.ONE, holderGroups(), cycle));
        }
        held[node] |= buses.mask();
        if (overtaking != null) {
            int h = overtaking.granted(node);
            if (h >= 0) {
                note(Invariants.fairness(overtaking, h, node, cycle));
            }
        }
    }

    @Override
    public void released(int node, long cycle) {
        held[node] = 0;
    }

    private void note(Violation v) {
        if (problem == null) {
            problem = v;
        }
    }

    /** Per bus, {@link Invariants#FREE} or the holder's group (no group here). */
    private int[] holderGroups() {
        int[] g = new int[k];
        Arrays.fill(g, Invariants.FREE);
        for (long h : held) {
            for (long m = h; m != 0; m &= m - 1) {
                int b = Long.numberOfTrailingZeros(m);
                if (b < k) {
                    g[b] = Need.NO_GROUP;
                }
            }
        }
        return g;
    }

    /** The first rule a grant of this cycle broke, or null. */
    Violation problem() {
        return problem;
    }

    /** The buses the processor holds, as the grants and releases said. */
    long held(int node) {
        return held[node];
    }

    long fresh() {
        return fresh;
    }

    int overtakeBound() {
        return overtaking == null ? org.ppbus.protocol.descriptor.Algorithm.NO_BOUND : overtaking.bound();
    }

    int maxOvertakes() {
        return overtaking == null ? -1 : overtaking.maxSeen();
    }

    /** Writes this monitor's state into {@code s} from word {@code at}. */
    void save(long[] s, int at) {
        for (int i = 0; i < n; i++) {
            for (int b = 0; b < k; b++) {
                int bit = i * k + b;
                s[at + (bit >>> 6)] |= (held[i] >>> b & 1) << (bit & 63);
            }
        }
        int w = at + (n * k + 63) / 64;
        s[w] = fresh;
        if (overtaking != null) {
            overtaking.save(s, w + 1);
        }
    }

    /** Reads what {@link #save} wrote. */
    void restore(long[] s, int at) {
        for (int i = 0; i < n; i++) {
            held[i] = 0;
            for (int b = 0; b < k; b++) {
                int bit = i * k + b;
                held[i] |= (s[at + (bit >>> 6)] >>> (bit & 63) & 1) << b;
            }
        }
        int w = at + (n * k + 63) / 64;
        fresh = s[w];
        if (overtaking != null) {
            overtaking.restore(s, w + 1);
        }
    }
}
