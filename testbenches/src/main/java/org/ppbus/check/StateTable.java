package org.ppbus.check;

import java.util.Arrays;

/**
 * The set of visited states, each a fixed number of 64-bit words, stored back to back in one
 * array and found again by open addressing. Indices are dense and given in insertion order, which
 * is the breadth-first order of the search.
 */
final class StateTable {
    private final int words;
    private long[] arena;
    private int[] slots;   // index + 1, 0 = empty
    private int size;

    StateTable(int words) {
        this.words = words;
        this.arena = new long[words * 1024];
        this.slots = new int[1 << 12];
    }

    /** The index of the state, adding it if it is new (then the index is the old size). */
    int addOrFind(long[] state) {
        if (state.length != words) {
            throw new IllegalArgumentException("state of " + state.length + " words, expected " + words);
        }
        if ((size + 1) * 2 > slots.length) {
            grow();
        }
        int mask = slots.length - 1;
        for (int i = hash(state, 0) & mask; ; i = (i + 1) & mask) {
            int v = slots[i];
            if (v == 0) {
                if ((long) (size + 1) * words > Integer.MAX_VALUE - 16) {
                    throw new IllegalStateException("state table full at " + size + " states");
                }
                if ((size + 1) * words > arena.length) {
                    arena = Arrays.copyOf(arena, (int) Math.min(Integer.MAX_VALUE - 16, (long) arena.length * 2));
                }
                System.arraycopy(state, 0, arena, size * words, words);
                slots[i] = ++size;
                return size - 1;
            }
            if (equalsAt(v - 1, state)) {
                return v - 1;
            }
        }
    }

    long[] get(int index) {
        return Arrays.copyOfRange(arena, index * words, index * words + words);
    }

    int size() {
        return size;
    }

    long bytes() {
        return 8L * arena.length + 4L * slots.length;
    }

    private boolean equalsAt(int index, long[] state) {
        int base = index * words;
        for (int w = 0; w < words; w++) {
            if (arena[base + w] != state[w]) {
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
                int i = hash(arena, (v - 1) * words) & mask;
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
