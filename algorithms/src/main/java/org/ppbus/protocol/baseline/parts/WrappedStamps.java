package org.ppbus.protocol.baseline.parts;

/**
 * Lamport timestamps of a fixed width W, as baselines carry them on the wire. Orders (stamp, id)
 * pairs the way hardware would, by serial-number arithmetic on W-bit stamps with ties broken by id,
 * and checks each decision against the unwrapped stamps the model also keeps: a decision that
 * wrap-around got wrong refuses the run instead of passing silently.
 */
final class WrappedStamps {
    private final int bits;
    private final long mask;

    WrappedStamps(int bits) {
        if (bits < 4 || bits > 62) {
            throw new IllegalArgumentException("timestamp width must be 4..62 bits, got " + bits);
        }
        this.bits = bits;
        this.mask = (1L << bits) - 1;
    }

    int bits() {
        return bits;
    }

    /** What the wire carries for an unwrapped stamp. */
    long wire(long stamp) {
        return stamp & mask;
    }

    /**
     * The unwrapped stamp a wire form stands for, given an unwrapped stamp of the same clock not older
     * than it: the latest value at or below the reference with that wire form. Exact while the two
     * are less than 2^W apart, which a stamp still in flight always is.
     */
    long unwrapAtOrBelow(long wire, long reference) {
        return reference - ((reference - wire) & mask);
    }

    /** (a, i) before (b, j), for unwrapped a and b, decided on their wire forms. */
    boolean before(long a, int i, long b, int j) {
        long wa = a & mask;
        long wb = b & mask;
        boolean wire = wa == wb ? i < j : ((wb - wa) & mask) < 1L << (bits - 1);
        boolean truth = a == b ? i < j : a < b;
        if (wire != truth) {
            throw new IllegalStateException("timestamps " + a + " (of " + i + ") and " + b + " (of " + j
                    + ") wrapped beyond what " + bits + " bits can order; the run is refused (use wider timestamps)");
        }
        return wire;
    }
}
