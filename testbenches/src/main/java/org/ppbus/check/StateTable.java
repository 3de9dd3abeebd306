package org.ppbus.check;

/**
 * The set of visited states, each a fixed number of 64-bit words, stored back to back in one
 * array and found again by open addressing. Indices are dense and given in insertion order, which
 * is the breadth-first order of the search.
 */
final class StateTable {
    private final int words;
    private final Chunked.Longs arena = new Chunked.Longs();
    private int[] slots;   // index + 1, 0 = empty
    private int size;

    StateTable(int words) {
        this.words = words;
        this.slots = new int[1 << 12];
    }

    /** The index of the state, adding it if it is new (then the index is the old size). */
    int addOrFind(long[] state) {
        if (state.length != words) {
            throw new IllegalArgumentException("state of " + state.length + " words, expected " + words);
        }
        if ((long) (size + 1) * 2 > slots.length) {
            if (slots.length == 1 << 30) {
                throw new IllegalStateException("state table full at " + size + " states");
            }
            grow();
        }
        int mask = slots.length - 1;
        for (int i = hash(state, 0) & mask; ; i = (i + 1) & mask) {
            int v = slots[i];
            if (v == 0) {
                long base = (long) size * words;
                for (int w = 0; w < words; w++) {
                    arena.set(base + w, state[w]);
                }
                slots[i] = ++size;
                return size - 1;
            }
            if (equalsAt(v - 1, state)) {
                return v - 1;
            }
        }
    }

    long[] get(int index) {
        long[] s = new long[words];
        long base = (long) index * words;
        for (int w = 0; w < words; w++) {
            s[w] = arena.get(base + w);
        }
        return s;
    }

    int size() {
        return size;
    }

    long bytes() {
        return arena.bytes() + 4L * slots.length;
    }

    private boolean equalsAt(int index, long[] state) {
        long base = (long) index * words;
        for (int w = 0; w < words; w++) {
            if (arena.get(base + w) != state[w]) {
                return false;
            }
        }
        return true;
    }

    private void grow() {
        int[] old = slots;
        slots = new int[old.length * 2];
        int mask = slots.length - 1;
        for (int v : old) {
            if (v != 0) {
                int i = hash(get(v - 1), 0) & mask;
                while (slots[i] != 0) {
                    i = (i + 1) & mask;
                }
                slots[i] = v;
            }
        }
    }

    private int hash(long[] a, int from) {
        long h = 0x9E3779B97F4A7C15L;
        for (int w = 0; w < words; w++) {
            h ^= a[from + w];
            h *= 0xBF58476D1CE4E5B9L;
            h ^= h >>> 31;
        }
        return (int) (h ^ (h >>> 32));
    }
}
