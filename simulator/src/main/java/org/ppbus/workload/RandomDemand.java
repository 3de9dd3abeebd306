package org.ppbus.workload;

import java.util.SplittableRandom;
import org.ppbus.bus.Demand;

/**
 * Each thinking processor raises req with a fixed per-cycle probability (its load), and holds the
 * bus for a fixed or geometric number of cycles. The per-cycle Bernoulli trials are drawn as one
 * geometric gap per request, which is the same distribution at a cost per request instead of per
 * cycle. Every node has its own stream, seeded from (seed, node), so results do not depend on the
 * order in which nodes are visited.
 */
public final class RandomDemand implements Demand {
    private final double[] load;
    private final int holdCycles;
    private final boolean geometricHold;
    private final long stopCycle;
    private final SplittableRandom[] rng;

    /**
     * @param load per-node probability per thinking cycle, in [0, 1]
     * @param holdCycles the fixed hold, or the mean of the geometric hold (≥ 1)
     * @param stopCycle no request rises at or after this cycle (the drain phase)
     */
    public RandomDemand(double[] load, int holdCycles, boolean geometricHold, long seed, long stopCycle) {
        if (holdCycles < 1) {
            throw new IllegalArgumentException("hold must be at least 1 cycle, got " + holdCycles);
        }
        for (double p : load) {
            if (!(p >= 0 && p <= 1)) {
                throw new IllegalArgumentException("load must be in [0,1], got " + p);
            }
        }
        this.load = load.clone();
        this.holdCycles = holdCycles;
        this.geometricHold = geometricHold;
        this.stopCycle = stopCycle;
        this.rng = new SplittableRandom[load.length];
        for (int i = 0; i < load.length; i++) {
            rng[i] = new SplittableRandom(Streams.seedFor(seed, "demand", i));
        }
    }

    @Override
    public long nextRise(int node, long earliestCycle) {
        double p = load[node];
        if (p <= 0) {
            return NEVER;
        }
        // Decisions are made in cycles earliest−1, earliest, ...; the first success raises req next cycle.
        long at = earliestCycle + geometricFailures(rng[node], p);
        return at >= stopCycle ? NEVER : at;
    }

    @Override
    public int holdCycles(int node, long cycle) {
        if (!geometricHold || holdCycles == 1) {
            return holdCycles;
        }
        return 1 + (int) Math.min(Integer.MAX_VALUE - 1, geometricFailures(rng[node], 1.0 / holdCycles));
    }

    /** Number of failures before the first success of Bernoulli(p) trials. */
    static long geometricFailures(SplittableRandom r, double p) {
        if (p >= 1) {
            return 0;
        }
        double u = 1.0 - r.nextDouble(); // (0, 1]
        double g = Math.floor(Math.log(u) / Math.log1p(-p));
        return g >= Long.MAX_VALUE / 4 ? Long.MAX_VALUE / 4 : (long) g;
    }
}
