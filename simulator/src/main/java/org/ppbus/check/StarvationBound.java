package org.ppbus.check;

/**
 * The starvation check of the algorithms whose seeds promise freedom from starvation but give no
 * overtaking bound: how many meals the others may start while one processor waits before the run
 * calls it starvation.
 *
 * <p>Per other processor the allowance is the shape of the derived bounds of docs/PROTOCOL.md: a
 * request is at least L cycles on its way, and in that time another processor with hold H can start
 * a meal every H + 2 cycles, so it gets about ⌈2L/(H+2)⌉ + 1 meals ahead before the request counts.
 * The check allows {@value #MARGIN} times that, from each of the n − 1 others. Measured over 7,488
 * runs of the thirteen such algorithms (n 2 to 133, L 1 to 64, loads 0.01 to 1, holds 1, 4 and
 * geometric, docs/VERIFICATION.md) the most seen was exactly one allowance, a quarter of the bound;
 * every algorithm's network made deaf to one processor passes it within 20,000 cycles
 * ({@code PlantedStarvationTest}).
 */
public final class StarvationBound {
    /** How many allowances the check gives: the measured worst was one. */
    public static final int MARGIN = 4;

    private StarvationBound() {}

    /** The most meals the others may start while one processor waits, for n nodes, latency L and shortest hold H. */
    public static long meals(int nodes, int latencyCycles, int minHoldCycles) {
        long perOther = (2L * latencyCycles + minHoldCycles + 1) / (minHoldCycles + 2L) + 1;
        return MARGIN * Math.max(1, nodes - 1) * perOther;
    }
}
