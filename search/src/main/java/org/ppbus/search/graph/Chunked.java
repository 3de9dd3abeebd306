package org.ppbus.search.graph;

import java.util.ArrayList;
import java.util.List;

/**
 * Growable int and long arrays in fixed chunks, so that a search of hundreds of millions of states
 * never copies a whole array to grow it (a doubling copy needs three times the memory at its peak).
 */
public final class Chunked {
    private static final int DEFAULT_SHIFT = 20;

    private Chunked() {}

    static final class Ints {
        private final List<int[]> chunks = new ArrayList<>();

        int get(long i) {
            return chunks.get((int) (i >>> DEFAULT_SHIFT))[(int) (i & ((1 << DEFAULT_SHIFT) - 1))];
        }

        void set(long i, int v) {
            int c = (int) (i >>> DEFAULT_SHIFT);
            while (chunks.size() <= c) {
                chunks.add(new int[1 << DEFAULT_SHIFT]);
            }
            chunks.get(c)[(int) (i & ((1 << DEFAULT_SHIFT) - 1))] = v;
        }

        long bytes() {
            return 4L * (1 << DEFAULT_SHIFT) * chunks.size();
        }
    }

    /** Small values (0 … 255) a byte each: a reduced search's symmetry labels at n <= 7. */
    static final class Bytes {
        private final List<byte[]> chunks = new ArrayList<>();

        int get(long i) {
            return chunks.get((int) (i >>> DEFAULT_SHIFT))[(int) (i & ((1 << DEFAULT_SHIFT) - 1))] & 0xFF;
        }

        void set(long i, int v) {
            if (v >>> 8 != 0) {
                throw new IllegalArgumentException("value " + v + " does not fit a byte");
            }
            int c = (int) (i >>> DEFAULT_SHIFT);
            while (chunks.size() <= c) {
                chunks.add(new byte[1 << DEFAULT_SHIFT]);
            }
            chunks.get(c)[(int) (i & ((1 << DEFAULT_SHIFT) - 1))] = (byte) v;
        }

        long bytes() {
            return (long) (1 << DEFAULT_SHIFT) * chunks.size();
        }
    }

    public static final class Longs implements LongIds.Keys {
        private final List<long[]> chunks = new ArrayList<>();
        private final int shift;
        private final int mask;

        public Longs() {
            this(DEFAULT_SHIFT);
        }

        /** Chunks of 2^shift entries: small ones for the many small tables of a tree-compressed state. */
        public Longs(int shift) {
            this.shift = shift;
            this.mask = (1 << shift) - 1;
        }

        @Override
        public long get(long i) {
            return chunks.get((int) (i >>> shift))[(int) (i & mask)];
        }

        @Override
        public void set(long i, long v) {
            int c = (int) (i >>> shift);
            while (chunks.size() <= c) {
                chunks.add(new long[1 << shift]);
            }
            chunks.get(c)[(int) (i & mask)] = v;
        }

        @Override
        public long bytes() {
            return 8L * (1 << shift) * chunks.size();
        }
    }
}
