package org.ppbus.bus;

import java.util.Arrays;

/**
 * A packed bit string for saving and restoring the state of a unit, so that an exhaustive search
 * can store millions of states of the same model code the simulator runs. Fields are written and
 * read back in the same order; the reader must know their widths.
 */
public final class StateBits {
    private long[] words;
    private int bits;
    private int readPos;

    public StateBits() {
        this.words = new long[4];
    }

    /** A reader over a saved state. */
    public StateBits(long[] saved) {
        this.words = saved;
        this.bits = saved.length * 64;
    }

    public void write(int value, int width) {
        if (width < 0 || width > 32 || (width < 32 && (value >>> width) != 0)) {
            throw new IllegalArgumentException("value " + value + " does not fit in " + width + " bits");
        }
        if (width == 0) {
            return;
        }
        int w = bits >>> 6;
        if (w + 1 >= words.length) {
            words = Arrays.copyOf(words, words.length * 2);
        }
        // Whole fields at a time, low bit first, a field crossing a word boundary split in two.
        long v = value & 0xFFFFFFFFL;
        int at = bits & 63;
        words[w] |= v << at;
        if (at + width > 64) {
            words[w + 1] |= v >>> (64 - at);
        }
        bits += width;
    }

    public int read(int width) {
        if (width == 0) {
            return 0;
        }
        int w = readPos >>> 6;
        int at = readPos & 63;
        long v = words[w] >>> at;
        if (at + width > 64) {
            v |= words[w + 1] << (64 - at);
        }
        readPos += width;
        return (int) (v & (-1L >>> (64 - width)));
    }

    /** The bits written so far, in whole words (unused high bits are 0). */
    public long[] toWords() {
        return Arrays.copyOf(words, (bits + 63) >>> 6);
    }

    /** Bits needed for values 0..max. */
    public static int widthFor(int max) {
        return max <= 0 ? 0 : 32 - Integer.numberOfLeadingZeros(max);
    }
}
