package org.ppbus.search.graph;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntSupplier;

/**
 * The keys of an inner node of the tree ({@link StateTable}), each a pair of its children's ids
 * (left in the high half), stored packed: a chunk of keys holds each id in as many bits as the
 * child's ids need while the chunk fills. That is known when the chunk begins: a child gets a new
 * id only where its parent then gets a new key too (the pair holding a new id is new), so while a
 * chunk of 2^SHIFT keys fills, neither child grows by more than 2^SHIFT. At millions of states an id
 * needs 20 to 27 bits of the 32 it took, so a key takes 5 to 7 bytes instead of 8.
 */
final class PackedPairs implements LongIds.Keys {
    private static final int SHIFT = 14;
    private static final int CHUNK = 1 << SHIFT;

    private final IntSupplier leftSize;
    private final IntSupplier rightSize;
    private final List<long[]> chunks = new ArrayList<>();
    private final List<int[]> widths = new ArrayList<>(); // per chunk, {left bits, right bits}
    private long bytes;

    /** @param leftSize the left child's number of ids now; {@code rightSize} the right's */
    PackedPairs(IntSupplier leftSize, IntSupplier rightSize) {
        this.leftSize = leftSize;
        this.rightSize = rightSize;
    }

    @Override
    public long get(long id) {
        int c = (int) (id >>> SHIFT);
        int[] w = widths.get(c);
        long v = read(chunks.get(c), (id & (CHUNK - 1)) * (w[0] + w[1]), w[0] + w[1]);
        return (v >>> w[1]) << 32 | v & ((1L << w[1]) - 1);
    }

    @Override
    public void set(long id, long key) {
        int c = (int) (id >>> SHIFT);
        while (chunks.size() <= c) {
            // Every id the children give while this chunk fills is below these bounds.
            int[] w = {bitsBelow(leftSize.getAsInt() + (long) CHUNK), bitsBelow(rightSize.getAsInt() + (long) CHUNK)};
            long[] chunk = new long[(CHUNK * (w[0] + w[1]) + 63) / 64];
            chunks.add(chunk);
            widths.add(w);
            bytes += 8L * chunk.length;
        }
        int[] w = widths.get(c);
        long left = key >>> 32;
        long right = key & 0xFFFFFFFFL;
        if (left >>> w[0] != 0 || right >>> w[1] != 0) {
            throw new IllegalStateException("pair (" + left + ", " + right + ") beyond the bounds of its chunk");
        }
        write(chunks.get(c), (id & (CHUNK - 1)) * (w[0] + w[1]), w[0] + w[1], left << w[1] | right);
    }

    @Override
    public long bytes() {
        return bytes;
    }

    /** Bits for the values 0 … bound − 1. */
    private static int bitsBelow(long bound) {
        return Math.max(1, 64 - Long.numberOfLeadingZeros(Math.max(0, bound - 1)));
    }

    private static long read(long[] a, long at, int width) {
        int w = (int) (at >>> 6);
        int bit = (int) (at & 63);
        long v = a[w] >>> bit;
        if (bit + width > 64) {
            v |= a[w + 1] << (64 - bit);
        }
        return width == 64 ? v : v & ((1L << width) - 1);
    }

    private static void write(long[] a, long at, int width, long value) {
        int w = (int) (at >>> 6);
        int bit = (int) (at & 63);
        a[w] |= value << bit;
        if (bit + width > 64) {
            a[w + 1] |= value >>> (64 - bit);
        }
    }
}
