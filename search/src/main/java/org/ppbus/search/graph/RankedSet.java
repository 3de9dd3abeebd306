package org.ppbus.search.graph;

import java.util.Arrays;

/**
 * A set of state indices added in ascending order, with the rank of a member (how many members
 * are smaller) in constant time: one bit per state and, per 64 states, the count before them. The
 * sparse graph numbers its successor lists by this rank, so a lookup costs no search and a state
 * without edges costs a bit.
 */
public final class RankedSet {
    private long[] bits = new long[16];
    private int[] before = new int[16]; // members below word w, for every word up to the last touched
    private int words; // words touched so far
    private int size;
    private int last = -1;

    /** Adds s, which must be above every member so far; returns its rank. */
    public int add(int s) {
        if (s <= last) {
            throw new IllegalArgumentException("state " + s + " added after " + last);
        }
        int w = s >>> 6;
        if (w >= bits.length) {
            int n = Math.max(w + 1, bits.length + bits.length / 2);
            bits = Arrays.copyOf(bits, n);
            before = Arrays.copyOf(before, n);
        }
        while (words <= w) {
            before[words++] = size;
        }
        bits[w] |= 1L << (s & 63);
        last = s;
        return size++;
    }

    /** The rank of s, or -1 when s is not a member. */
    public int rank(int s) {
        int w = s >>> 6;
        if (s < 0 || w >= words || (bits[w] >>> (s & 63) & 1) == 0) {
            return -1;
        }
        return before[w] + Long.bitCount(bits[w] & ((1L << (s & 63)) - 1));
    }

    int size() {
        return size;
    }

    long bytes() {
        return 12L * bits.length;
    }
}
