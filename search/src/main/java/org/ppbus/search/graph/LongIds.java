package org.ppbus.search.graph;

/**
 * A set of 64-bit keys, each given a dense id in insertion order, found again by linear probing.
 * The slot array grows by half when three quarters full and is indexed by multiply-shift rather
 * than a mask, so it need not be a power of two: at hundreds of millions of keys a doubling would
 * leave half the slots empty and need three times the memory while it copies.
 *
 * <p>A slot holds id + 1 in its low bits and, in the bits the ids of its size do not need, a tag:
 * more bits of the key's hash. A probe reads a key (a random access into the key chunks, the
 * search's most frequent cache miss) only where the tag matches, so a slot of another key is passed
 * over without one but for one time in 2^tagBits.
 */
final class LongIds {
    private static final int MAX_SLOTS = Integer.MAX_VALUE - 8;

    /** Where the keys are kept, by id: as they are, or packed ({@link PackedPairs}). */
    interface Keys {
        long get(long id);

        /** Sets the key of a new id; each id once, in order. */
        void set(long id, long key);

        long bytes();
    }

    private final Keys keys;
    private int[] slots; // id + 1 in the low idBits, the tag above; 0 = empty
    private int idBits; // enough for every id + 1 this slot array holds
    private int size;

    LongIds() {
        this(new Chunked.Longs(14));
    }

    LongIds(Keys keys) {
        this.keys = keys;
        this.slots = new int[1 << 8];
        this.idBits = idBitsFor(slots.length);
    }

    /** Ids stay below three quarters of the slots, so ids + 1 fit in the bits of the slot count. */
    private static int idBitsFor(int slotCount) {
        return 32 - Integer.numberOfLeadingZeros(slotCount);
    }

    /** The id of the key, adding it if it is new (then the id is the old size). */
    int addOrFind(long key) {
        if (size + 1 > slots.length / 4 * 3) {
            grow();
        }
        long h = hash(key);
        int i = slotOf(key, h);
        if (slots[i] != 0) {
            return (slots[i] & idMask()) - 1;
        }
        keys.set(size, key);
        slots[i] = ++size | tag(h, idBits);
        return size - 1;
    }

    /** The id of the key, or -1 if it was never added; adds nothing. */
    int find(long key) {
        int v = slots[slotOf(key, hash(key))];
        return v == 0 ? -1 : (v & idMask()) - 1;
    }

    /** The slot that holds the key, or the empty slot where it would go. */
    private int slotOf(long key, long h) {
        int n = slots.length;
        int tag = tag(h, idBits);
        int idMask = idMask();
        for (int i = index(h, n); ; i = i + 1 == n ? 0 : i + 1) {
            int v = slots[i];
            if (v == 0 || (v & ~idMask) == tag && keys.get((v & idMask) - 1) == key) {
                return i;
            }
        }
    }

    private int idMask() {
        return (int) ((1L << idBits) - 1);
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
        int bits = idBitsFor(n);
        for (int id = 0; id < size; id++) {
            long h = hash(keys.get(id));
            int i = index(h, n);
            while (fresh[i] != 0) {
                i = i + 1 == n ? 0 : i + 1;
            }
            fresh[i] = id + 1 | tag(h, bits);
        }
        slots = fresh;
        idBits = bits;
    }

    /** A well-mixed hash of the key. */
    private static long hash(long key) {
        long h = key * 0x9E3779B97F4A7C15L;
        h ^= h >>> 29;
        h *= 0xBF58476D1CE4E5B9L;
        h ^= h >>> 32;
        return h;
    }

    /** The hash's low half scaled to 0..n-1 (multiply-shift: the high bits carry the mixing). */
    private static int index(long h, int n) {
        return (int) (((h & 0xFFFFFFFFL) * n) >>> 32);
    }

    /** The hash's high bits, as many as the slot has above the id, in place above it. */
    private static int tag(long h, int idBits) {
        return idBits >= 32 ? 0 : (int) (h >>> 32) << idBits;
    }
}
