package org.ppbus.workload;

import java.util.SplittableRandom;
import org.ppbus.bus.Demand;
import org.ppbus.bus.Need;
import org.ppbus.bus.Sharing;

/**
 * A workload's requests in a run that shares its buses: each needs {@code demand} buses, and
 * belongs to one of {@code groups} groups drawn uniformly for each request from a stream of its
 * own per node (seeded from (seed, node)), so the times and holds are those of the same run on
 * one bus.
 */
public final class SharedDemand implements Demand {
    private final Demand inner;
    private final Sharing sharing;
    private final SplittableRandom[] rng;

    public SharedDemand(Demand inner, Sharing sharing, int nodes, long seed) {
        this.inner = inner;
        this.sharing = sharing;
        this.rng = new SplittableRandom[nodes];
        for (int i = 0; i < nodes; i++) {
            rng[i] = new SplittableRandom(Streams.seedFor(seed, "group", i));
        }
    }

    @Override
    public Need need(int node, long cycle) {
        int group = sharing.groups() == 0 ? Need.NO_GROUP : rng[node].nextInt(sharing.groups());
        return new Need(sharing.demand(), group);
    }

    @Override
    public boolean statesNeeds() {
        return true;
    }

    @Override
    public long nextRise(int node, long earliestCycle) {
        return inner.nextRise(node, earliestCycle);
    }

    @Override
    public int holdCycles(int node, long cycle) {
        return inner.holdCycles(node, cycle);
    }

    @Override
    public boolean reentersWithoutThinking(int node, long cycle) {
        return inner.reentersWithoutThinking(node, cycle);
    }
}
