package org.ppbus.verilog;

import java.util.List;
import java.util.function.IntBinaryOperator;

/**
 * A wired design's worst wait in cycles, as its contract states it: derived, for n processors and
 * holders that lower req at most H cycles after their gnt rises, or not derived, with the reason.
 */
public sealed interface WorstWait {
    /**
     * A bound derived from the RTL: {@code formula} in n and H as the contract prints it, its value,
     * and the sizes at which ppbus's tests prove it and that it is reached (WaitBoundProofTest),
     * which the contract names.
     */
    record Derived(String formula, IntBinaryOperator cycles, List<Integer> provenAt) implements WorstWait {
        public Derived {
            provenAt = List.copyOf(provenAt);
        }

        public int of(int nodes, int hold) {
            if (hold < 0) {
                throw new IllegalArgumentException("a hold is at least 0 cycles, got " + hold);
            }
            return cycles.applyAsInt(nodes, hold);
        }
    }

    /** No bound derived; {@code why} says what stands in the way. */
    record NotDerived(String why) implements WorstWait {}
}
