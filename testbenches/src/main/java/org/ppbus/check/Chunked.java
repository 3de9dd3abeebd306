package org.ppbus.check;

import java.util.ArrayList;
import java.util.List;

/**
 * Growable int and long arrays in fixed chunks, so that a search of hundreds of millions of states
 * never copies a whole array to grow it (a doubling copy needs three times the memory at its peak).
 */
final class Chunked {
    private static final int SHIFT = 20;
    private static final int SIZE = 1 << SHIFT;
    private static final int MASK = SIZE - 1;

    private Chunked() {}

    static final class Ints {
        private final List<int[]> chunks = new ArrayList<>();

        int get(long i) {
            return chunks.get((int) (i >>> SHIFT))[(int) (i & MASK)];
        }

        void set(long i, int v) {
            int c = (int) (i >>> SHIFT);
            while (chunks.size() <= c) {
                chunks.add(new int[SIZE]);
            }
            chunks.get(c)[(int) (i & MASK)] = v;
        }

        long bytes() {
            return 4L * SIZE * chunks.size();
        }
    }

    static final class Longs {
        private final List<long[]> chunks = new ArrayList<>();

        long get(long i) {
            return chunks.get((int) (i >>> SHIFT))[(int) (i & MASK)];
        }

        void set(long i, long v) {
            int c = (int) (i >>> SHIFT);
            while (chunks.size() <= c) {
                chunks.add(new long[SIZE]);
            }
            chunks.get(c)[(int) (i & MASK)] = v;
        }

        long bytes() {
            return 8L * SIZE * chunks.size();
        }
    }
}
