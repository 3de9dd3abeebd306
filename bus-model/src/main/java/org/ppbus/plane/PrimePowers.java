package org.ppbus.plane;

/** Prime-power arithmetic for choosing plane orders. */
public final class PrimePowers {
    private PrimePowers() {}

    /** {p, k} with q = p^k, or null if q is not a prime power (q ≥ 2). */
    public static int[] decompose(int q) {
        if (q < 2) {
            return null;
        }
        int p = smallestFactor(q);
        int k = 0;
        int m = q;
        while (m % p == 0) {
            m /= p;
            k++;
        }
        return m == 1 ? new int[] {p, k} : null;
    }

    public static boolean isPrimePower(int q) {
        return decompose(q) != null;
    }

    private static int smallestFactor(int m) {
        for (int d = 2; (long) d * d <= m; d++) {
            if (m % d == 0) {
                return d;
            }
        }
        return m;
    }

    /** Number of points of a projective plane of order q: q² + q + 1. */
    public static long points(long q) {
        return q * q + q + 1;
    }

    /**
     * The smallest order q (1, the triangle, or a prime power) whose plane has at least n points.
     */
    public static int smallestOrderFor(int n) {
        if (n < 1) {
            throw new IllegalArgumentException("n must be at least 1, got " + n);
        }
        if (n <= 3) {
            return 1;
        }
        for (int q = 2; ; q++) {
            if (isPrimePower(q) && points(q) >= n) {
                return q;
            }
        }
    }
}
