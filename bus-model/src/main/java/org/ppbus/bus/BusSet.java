package org.ppbus.bus;

import java.util.StringJoiner;

/**
 * The buses a grant gives a processor, as a set of indices 0 … k−1 (bit i for bus i). A grant names
 * the set so that the processor knows which buses to drive, and the checkers can tell a bus held by
 * two processors from two buses held by one.
 */
public record BusSet(long mask) {
    /** The most buses a model may have: one bit each in a long. */
    public static final int MAX_BUSES = 64;

    /** Bus 0 alone: the grant of a one-bus system. */
    public static final BusSet FIRST = new BusSet(1L);

    public static BusSet of(int... buses) {
        long m = 0;
        for (int b : buses) {
            if (b < 0 || b >= MAX_BUSES) {
                throw new IllegalArgumentException("no bus " + b);
            }
            m |= 1L << b;
        }
        return new BusSet(m);
    }

    public int size() {
        return Long.bitCount(mask);
    }

    public boolean contains(int bus) {
        return bus >= 0 && bus < MAX_BUSES && (mask >>> bus & 1) != 0;
    }

    @Override
    public String toString() {
        StringJoiner j = new StringJoiner(",", "{", "}");
        for (long m = mask; m != 0; m &= m - 1) {
            j.add(Integer.toString(Long.numberOfTrailingZeros(m)));
        }
        return j.toString();
    }
}
