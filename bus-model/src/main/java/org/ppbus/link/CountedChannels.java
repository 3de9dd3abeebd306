package org.ppbus.link;

/**
 * What the channel kinds share: per channel, a count of the symbols in flight whose code is one of
 * the counted codes (the forks, for I2), kept as symbols are driven and taken.
 */
abstract class CountedChannels implements ChannelBank {
    protected final int channels;
    private int countedCodes;
    private short[] counted;

    CountedChannels(int channels) {
        this.channels = channels;
    }

    @Override
    public final int channels() {
        return channels;
    }

    @Override
    public final void countCodes(int codeMask) {
        this.countedCodes = codeMask & ~1;
        this.counted = new short[channels];
        recount();
    }

    @Override
    public int countedInFlight(int channel, long cycle) {
        return counted[channel];
    }

    final boolean isCounted(int code) {
        return (countedCodes >>> code & 1) != 0;
    }

    /** A symbol with this code entered (+1) or left (-1) a channel. */
    final void count(int channel, int code, int delta) {
        if (counted != null && isCounted(code)) {
            counted[channel] += delta;
        }
    }

    /** Sets every count to zero (a restore then counts each symbol it puts back). */
    final void clearCounts() {
        if (counted != null) {
            java.util.Arrays.fill(counted, (short) 0);
        }
    }

    /** Counts again from what the channels hold (after a restore). */
    final void recount() {
        if (counted == null) {
            return;
        }
        for (int c = 0; c < channels; c++) {
            counted[c] = 0;
            for (int code : held(c)) {
                counted[c] += isCounted(code) ? 1 : 0;
            }
        }
    }

    /** Every code a channel holds, idle ones included. */
    abstract int[] held(int channel);
}
