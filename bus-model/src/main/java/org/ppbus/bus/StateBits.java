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
        for (int i = 0; i < width; i++) {
            int w = bits >>> 6;
            if (w == words.length) {
                words = Arrays.copyOf(words, words.length * 2);
            }
            if (((value >>> i) & 1) != 0) {
                words[w] |= 1L << (bits & 63);
            }
            bits++;
        }
    }

    public int read(int width) {
        int v = 0;
        for (int i = 0; i < width; i++) {
            if (((words[readPos >>> 6] >>> (readPos & 63)) & 1) != 0) {
                v |= 1 << i;
            }
            readPos++;
        }
        return v;
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
