package org.ppbus.verilog;

/**
 * What a liveness proof's harness asserts ({@link FaultHarness}), for processors that hold at most
 * {@code bound.hold()} cycles: the meals of each other processor while one waits, one AIGER output
 * per ordered pair (pdr proves the n = 7 pairs together where one sum per processor stays
 * undecided, docs/VERIFICATION.md 2a); the idle stretches; and, where the bound says so, the wait
 * itself. With the idle bound, {@code gapTo} above the bound's G asserts every idle bound from G to
 * it, an output each (the search for the longest idle stretch, {@link IdleSearch}). With
 * {@code safetyAssumed} "at most one gnt" is assumed, and neither safety property asserted: sound
 * once a proof of their own has shown them in every reachable state, since the assumption then
 * removes no reachable run, and it spares pdr from proving them again beside the counters. The
 * fork holder is not assumed: it made pdr slower on the n = 7 meals.
 */
public record LivenessGoal(Contract.WaitBound bound, boolean meals, boolean gap, boolean safetyAssumed, int gapTo) {
    public LivenessGoal {
        if (gap && gapTo < bound.gap()) {
            throw new IllegalArgumentException("idle bounds from " + bound.gap() + " to " + gapTo);
        }
    }

    /** Every part of the bound asserted, beside the safety properties. */
    public static LivenessGoal everything(Contract.WaitBound bound) {
        return new LivenessGoal(bound, true, true, false, bound.gap());
    }

    /** Whether the wait bound itself is asserted too. */
    public boolean waits() {
        return bound.direct();
    }
}
