package org.ppbus.verilog.proof;

import org.ppbus.verilog.Contract;

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
 *
 * <p>{@code invariants} adds the strengthening invariants of the idle bound's k-induction ({@link
 * LivenessInvariants}): {@code CHECKED} asserts them and nothing else (the idle counter is kept, as
 * two of them read it); {@code ASSUMED} assumes them beside the idle bound. With {@code segments}
 * the idle counter restarts at 1 whenever req changes, so its bound R is on the cycles idle with
 * the same requests; req only grows while the bus is idle, so an idle stretch has at most n
 * segments and G is at most nR. Whether the counter restarts does not change when it is zero, the
 * one thing the invariants say of it, so the invariants checked with one counter hold with the other.
 */
public record LivenessGoal(
        Contract.WaitBound bound,
        boolean meals,
        boolean gap,
        boolean safetyAssumed,
        int gapTo,
        Invariants invariants,
        boolean segments) {
    /** What the harness does with the strengthening invariants. */
    public enum Invariants {
        NONE,
        CHECKED,
        ASSUMED
    }

    public LivenessGoal {
        if (gap && gapTo < bound.gap()) {
            throw new IllegalArgumentException("idle bounds from " + bound.gap() + " to " + gapTo);
        }
        if ((invariants != Invariants.NONE || segments) && !gap) {
            throw new IllegalArgumentException("the invariants and the segments need the idle counter");
        }
    }

    /** A goal without the strengthening invariants. */
    public LivenessGoal(Contract.WaitBound bound, boolean meals, boolean gap, boolean safetyAssumed, int gapTo) {
        this(bound, meals, gap, safetyAssumed, gapTo, Invariants.NONE, false);
    }

    /** Whether the idle bound is asserted: not where the invariants are only checked. */
    public boolean assertsGap() {
        return gap && invariants != Invariants.CHECKED;
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
