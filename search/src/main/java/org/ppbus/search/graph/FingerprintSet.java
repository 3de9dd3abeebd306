package org.ppbus.search.graph;

/**
 * The visited set of hash compaction: one 64-bit fingerprint per state, nothing else (U. Stern and
 * D. L. Dill, "Improved probabilistic verification by hash compaction", CHARME 1995). Two states
 * with one fingerprint are taken for one, so a state may be missed; {@link #omissionBound} bounds
 * the chance. Open addressing in 1,024 segments chosen by the fingerprint's top bits, each grown by
 * a fifth when 85 % full, so that no growth copies more than a sliver of the set and the slots stay
 * 71 to 85 % used (about 10 bytes per state).
 */
public final class FingerprintSet {
    private static final int SEGMENT_BITS = 10;

    private final long[][] segments = new long[1 << SEGMENT_BITS][];
    private final int[] used = new int[1 << SEGMENT_BITS];
    private long size;

    public FingerprintSet() {
        for (int s = 0; s < segments.length; s++) {
            segments[s] = new long[16];
        }
    }

    /** A state's fingerprint: every word mixed in with its position, never 0 (an empty slot). */
    public static long fingerprint(long[] state) {
        long h = 0x6A09E667F3BCC909L;
        for (int i = 0; i < state.length; i++) {
            h = Long.rotateLeft(h ^ mix(state[i] + 0x9E3779B97F4A7C15L * (i + 1)), 27) * 0x9FB21C651E98DF25L;
        }
        h = mix(h);
        return h == 0 ? 1 : h;
    }

    /** SplitMix64's finaliser. */
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** Adds a fingerprint; false if it was there (the state is taken as known). */
    public boolean add(long fp) {
        int s = (int) (fp >>> (64 - SEGMENT_BITS));
        if (used[s] + 1 > segments[s].length / 20 * 17) {
            grow(s);
        }
        long[] t = segments[s];
        for (int i = index(fp, t.length); ; i = i + 1 == t.length ? 0 : i + 1) {
            if (t[i] == 0) {
                t[i] = fp;
                used[s]++;
                size++;
                return true;
            }
            if (t[i] == fp) {
                return false;
            }
        }
    }

    /** Whether the fingerprint was added; adds nothing. */
    boolean contains(long fp) {
        long[] t = segments[(int) (fp >>> (64 - SEGMENT_BITS))];
        for (int i = index(fp, t.length); ; i = i + 1 == t.length ? 0 : i + 1) {
            if (t[i] == 0) {
                return false;
            }
            if (t[i] == fp) {
                return true;
            }
        }
    }

    private void grow(int s) {
        long[] old = segments[s];
        long[] t = new long[old.length + Math.max(4, old.length / 5)];
        for (long fp : old) {
            if (fp != 0) {
                int i = index(fp, t.length);
                while (t[i] != 0) {
                    i = i + 1 == t.length ? 0 : i + 1;
                }
                t[i] = fp;
            }
        }
        segments[s] = t;
    }

    /** The slot for a fingerprint: its low 32 bits scaled to the segment (its top bits chose the segment). */
    private static int index(long fp, int n) {
        return (int) (((fp & 0xFFFFFFFFL) * n) >>> 32);
    }

    public long size() {
        return size;
    }

    long bytes() {
        long b = 0;
        for (long[] t : segments) {
            b += 8L * t.length;
        }
        return b;
    }

    /**
     * A bound on the probability that a search of {@code states} distinct states missed any, with
     * fingerprints as good as uniform: each new state meets an earlier one's fingerprint with
     * probability at most k / 2^64 (k states before it), plus 2 / 2^64 for the fingerprint 1 that
     * also stands for 0; summed, at most (N(N − 1) / 2 + 2N) / 2^64.
     */
    public static double omissionBound(long states) {
        double n = states;
        return Math.min(1.0, (n * (n - 1) / 2 + 2 * n) / Math.pow(2, 64));
    }
}
