package org.ppbus.check;

import java.util.Arrays;
import org.ppbus.protocol.descriptor.Algorithm;

/**
 * The fairness property, written once for the simulator's {@link Checker} and for the exhaustive
 * {@link StateSearch}: while processor i is hungry (from its req edge to its grant), no other
 * processor j may start more than {@code bound} meals. The bound is derived per algorithm, channel
 * latency and shortest hold in {@link Algorithm#overtakeBound}; the counts are the monitor's whole state, so
 * the search can carry them in its states and find a run that exceeds the bound.
 */
public final class Overtaking {
    private final int n;
    private final int bound;
    private final boolean counting; // false: the hunger alone, for a search that decides the bound on its graph
    private final byte[] count; // count[i * n + j]: meals of j in i's current hungry period
    private final boolean[] hungry;
    private final int[] hungryList; // the hungry processors, so that a grant costs O(hungry), not O(n)
    private int hungryCount;
    private int maxSeen;

    public Overtaking(int nodes, int bound) {
        this(nodes, bound, true);
    }

    /**
     * A monitor that keeps each processor's hunger but no counts: it never reports a processor
     * overtaken, and saves n bits. A search with it decides the bound on its complete graph instead
     * ({@link OvertakingOnGraph}), on a graph the counts do not split.
     */
    public static Overtaking hungerOnly(int nodes, int bound) {
        return new Overtaking(nodes, bound, false);
    }

    private Overtaking(int nodes, int bound, boolean counting) {
        this.counting = counting;
        if (bound < 1) {
            throw new IllegalArgumentException("an overtaking bound is at least 1, got " + bound);
        }
        this.n = nodes;
        this.bound = bound;
        this.count = new byte[nodes * nodes];
        this.hungry = new boolean[nodes];
        this.hungryList = new int[nodes];
    }

    public int bound() {
        return bound;
    }

    /** The largest count seen so far, over every pair and hungry period; -1 for a monitor of the hunger alone. */
    public int maxSeen() {
        return counting ? maxSeen : -1;
    }

    /** Starts the largest count seen again from zero (the search reads it per transition). */
    public void forgetMaxSeen() {
        maxSeen = 0;
    }

    /** Processor i raised req: its hungry period starts with no overtakes. */
    public void requested(int i) {
        if (!hungry[i]) {
            hungry[i] = true;
            hungryList[hungryCount++] = i;
            Arrays.fill(count, i * n, i * n + n, (byte) 0);
        }
    }

    /**
     * Processor j was granted. Its own hungry period ends, and it overtakes every processor still
     * hungry. Returns a processor that j has now overtaken more than {@code bound} times, or -1.
     */
    public int granted(int j) {
        if (hungry[j]) {
            hungry[j] = false;
            for (int k = 0; k < hungryCount; k++) {
                if (hungryList[k] == j) {
                    hungryList[k] = hungryList[--hungryCount];
                    break;
                }
            }
        }
        int worst = -1;
        for (int k = 0; counting && k < hungryCount; k++) {
            int i = hungryList[k];
            int idx = i * n + j;
            if (count[idx] < Byte.MAX_VALUE) {
                count[idx]++;
            }
            maxSeen = Math.max(maxSeen, count[idx]);
            if (count[idx] > bound && (worst < 0 || i < worst)) {
                worst = i;
            }
        }
        return worst;
    }

    /** Meals of j during i's current hungry period (0 when i is not hungry). */
    public int count(int i, int j) {
        return hungry[i] ? count[i * n + j] : 0;
    }

    // ---- state, for the search ----

    /** The hungry processors, one bit each, in a state {@link #save} wrote from {@code from} (n <= 63). */
    public long hungerIn(long[] state, int from) {
        return state[from] & ((1L << n) - 1);
    }

    /** Bits one count takes in {@link #save}: counts above the bound are a finding, so they saturate there. */
    private int bitsPerCount() {
        return 32 - Integer.numberOfLeadingZeros(bound + 1);
    }

    /** Longs that {@link #save} writes. */
    public int words() {
        long bits = n + (counting ? (long) n * (n - 1) * bitsPerCount() : 0);
        return (int) ((bits + 63) / 64);
    }

    /** Writes the hungry set and the counts into {@code out[from..from+words())}. */
    public void save(long[] out, int from) {
        Arrays.fill(out, from, from + words(), 0L);
        int bit = 0;
        int w = bitsPerCount();
        long cap = bound + 1;
        for (int i = 0; i < n; i++) {
            if (hungry[i]) {
                out[from + bit / 64] |= 1L << (bit % 64);
            }
            bit++;
        }
        for (int i = 0; counting && i < n; i++) {
            for (int j = 0; j < n; j++) {
                if (i == j) {
                    continue;
                }
                long v = hungry[i] ? Math.min(cap, count[i * n + j]) : 0;
                out[from + bit / 64] |= v << (bit % 64);
                if (bit % 64 + w > 64) {
                    out[from + bit / 64 + 1] |= v >>> (64 - bit % 64);
                }
                bit += w;
            }
        }
    }

    /**
     * Writes the monitor as it would be with every processor i renamed {@code move[i]} (a symmetry of
     * the search's states): i's hunger is move[i]'s, j's meals during i's wait are move[j]'s during
     * move[i]'s.
     */
    public void saveMoved(long[] out, int from, int[] move) {
        boolean[] h = hungry.clone();
        byte[] c = count.clone();
        int[] list = hungryList.clone();
        int hc = hungryCount;
        java.util.Arrays.fill(hungry, false);
        for (int i = 0; i < n; i++) {
            hungry[move[i]] = h[i];
            for (int j = 0; j < n; j++) {
                count[move[i] * n + move[j]] = c[i * n + j];
            }
        }
        try {
            save(out, from);
        } finally {
            System.arraycopy(h, 0, hungry, 0, n);
            System.arraycopy(c, 0, count, 0, c.length);
            System.arraycopy(list, 0, hungryList, 0, n);
            hungryCount = hc;
        }
    }

    /** Reads back what {@link #save} wrote. */
    public void restore(long[] in, int from) {
        int bit = 0;
        int w = bitsPerCount();
        hungryCount = 0;
        for (int i = 0; i < n; i++) {
            hungry[i] = (in[from + bit / 64] >>> (bit % 64) & 1) != 0;
            if (hungry[i]) {
                hungryList[hungryCount++] = i;
            }
            bit++;
        }
        for (int i = 0; counting && i < n; i++) {
            for (int j = 0; j < n; j++) {
                if (i == j) {
                    continue;
                }
                long v = in[from + bit / 64] >>> (bit % 64);
                if (bit % 64 + w > 64) {
                    v |= in[from + bit / 64 + 1] << (64 - bit % 64);
                }
                count[i * n + j] = (byte) (v & ((1L << w) - 1));
                bit += w;
            }
        }
    }
}
