package org.ppbus.search;

/**
 * A search's transition relation over stored states: the actions each processor may take in a
 * state, and the state one cycle under a choice of them leads to. The one-bus search's is {@link
 * SearchStep}, the k-bus search's {@link PlanesStep}.
 */
interface Transitions {
    /** Restores {@code state} and returns, per processor, a bit set of the allowed actions. */
    int[] choices(long[] state);

    /** Restores the model and its monitors from a stored state. */
    void restore(long[] state);

    /** Runs one cycle of the restored model under these actions (2 bits per processor); the new state. */
    long[] step(long act);

    /** The symmetry label of the state {@link #step} returned ({@link SearchStep#lastSymmetry}); 0 without a reduction. */
    default int lastSymmetry() {
        return 0;
    }
}
