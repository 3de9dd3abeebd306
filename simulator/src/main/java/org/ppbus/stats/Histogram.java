package org.ppbus.stats;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * An exact histogram of non-negative integer samples (waits, messages per entry). Values below
 * {@link #DENSE} are counted in an array; larger ones, rare and unbounded (a wait behind a hold of
 * 2^31 cycles), in a sorted map, so that memory follows the samples and not the largest value.
 */
public final class Histogram {
    /** Values below this are counted in the array. */
    static final int DENSE = 1 << 16;

    private long[] counts = new long[64];
    private final TreeMap<Long, Long> large = new TreeMap<>();
    private long samples;
    private long sum;
    private long max;

    /** Forgets every sample (the end of a warm-up). */
    public void clear() {
        Arrays.fill(counts, 0);
        large.clear();
        samples = 0;
        sum = 0;
        max = 0;
    }

    public void add(long value) {
        if (value < 0) {
            throw new IllegalArgumentException("negative sample " + value);
        }
        if (value >= DENSE) {
            large.merge(value, 1L, Long::sum);
        } else {
            if (value >= counts.length) {
                counts = Arrays.copyOf(counts, (int) Math.min(DENSE, Math.max(value + 1, counts.length * 2L)));
            }
            counts[(int) value]++;
        }
        samples++;
        sum += value;
        max = Math.max(max, value);
    }

    public long samples() {
        return samples;
    }

    public long sum() {
        return sum;
    }

    public long max() {
        return max;
    }

    public double mean() {
        return samples == 0 ? 0 : (double) sum / samples;
    }

    /** The smallest value v with at least a fraction q of samples ≤ v (nearest rank). */
    public long percentile(double q) {
        if (samples == 0) {
            return 0;
        }
        long rank = (long) Math.ceil(q * samples);
        rank = Math.max(1, rank);
        long seen = 0;
        for (int v = 0; v < counts.length; v++) {
            seen += counts[v];
            if (seen >= rank) {
                return v;
            }
        }
        for (Map.Entry<Long, Long> e : large.entrySet()) {
            seen += e.getValue();
            if (seen >= rank) {
                return e.getKey();
            }
        }
        return max;
    }

    /** Non-zero bins, value → count, ascending. */
    public Map<Long, Long> bins() {
        Map<Long, Long> m = new LinkedHashMap<>();
        for (int v = 0; v <= max && v < counts.length; v++) {
            if (counts[v] != 0) {
                m.put((long) v, counts[v]);
            }
        }
        m.putAll(large);
        return m;
    }
}
