package org.ppbus.check;

/**
 * A set of 64-bit keys, each given a dense id in insertion order, found again by linear probing.
 * The slot array grows by half when three quarters full and is indexed by multiply-shift rather
 * than a mask, so it need not be a power of two: at hundreds of millions of keys a doubling would
 * leave half the slots empty and need three times the memory while it copies.
 */
final class LongIds {
    private static final int MAX_SLOTS = Integer.MAX_VALUE - 8;

    private final Chunked.Longs keys = new Chunked.Longs(14);
    private int[] slots; // id + 1, 0 = empty
    private int size;

    LongIds() {
        this.slots = new int[1 << 8];
    }

    /** The id of the key, adding it if it is new (then the id is the old size). */
    int addOrFind(long key) {
        if (size + 1 > slots.length / 4 * 3) {
            grow();
        }
        int n = slots.length;
        for (int i = index(key, n); ; i = i + 1 == n ? 0 : i + 1) {
            int v = slots[i];
            if (v == 0) {
                keys.set(size, key);
                slots[i] = ++size;
                return size - 1;
            }
            if (keys.get(v - 1) == key) {
                return v - 1;
            }
        }
    }

    long key(int id) {
        return keys.get(id);
    }

    int size() {
        return size;
    }

    long bytes() {
        return keys.bytes() + 4L * slots.length;
    }

    private void grow() {
        if (slots.length == MAX_SLOTS) {
            throw new IllegalStateException("key table full at " + size + " keys");
        }
        int n = (int) Math.min(MAX_SLOTS, slots.length + (long) slots.length / 2);
        int[] fresh = new int[n];
        for (int id = 0; id < size; id++) {
            int i = index(keys.get(id), n);
            while (fresh[i] != 0) {
                i = i + 1 == n ? 0 : i + 1;
            }
            fresh[i] = id + 1;
        }
        slots = fresh;
    }

    /** A well-mixed hash of the key scaled to 0..n-1 (multiply-shift: the high bits carry the mixing). */
    private static int index(long key, int n) {
        long h = key * 0x9E3779B97F4A7C15L;
        h ^= h >>> 29;
        h *= 0xBF58476D1CE4E5B9L;
        h ^= h >>> 32;
        return (int) (((h & 0xFFFFFFFFL) * n) >>> 32);
    }
}
