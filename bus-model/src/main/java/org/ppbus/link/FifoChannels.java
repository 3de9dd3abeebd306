package org.ppbus.link;

import org.ppbus.bus.Positions;
import org.ppbus.bus.StateBits;

/**
 * Asynchronous channels for the exhaustive search: each channel is a FIFO of up to
 * {@code capacity} symbols, delivered only when the search says so. A symbol driven in cycle t
 * joins its FIFO at the end of t ({@link #endOfCycle}), so it can arrive in t + 1 at the earliest.
 */
public final class FifoChannels extends CountedChannels {
    private final int capacity;
    private final int[] fifo;
    private final byte[] length;
    private final int[] staged;
    private final boolean[] deliver;
    private int inFlight;

    FifoChannels(int channels, int capacity) {
        super(channels);
        if (capacity < 1 || capacity > 15) {
            throw new IllegalArgumentException("FIFO capacity must be 1..15, got " + capacity);
        }
        this.capacity = capacity;
        this.fifo = new int[channels];
        this.length = new byte[channels];
        this.staged = new int[channels];
        this.deliver = new boolean[channels];
    }

    /** Asynchronous channels have no latency of their own; the search chooses every delay. */
    @Override
    public int latencyCycles() {
        return 1;
    }

    /** Whether the head of a channel's FIFO arrives in the coming cycle. */
    public void setDeliver(int channel, boolean now) {
        deliver[channel] = now;
    }

    /** Symbols waiting in a channel's FIFO. */
    public int queuedIn(int channel) {
        return length[channel];
    }

    @Override
    public void drive(int channel, long cycle, int code) {
        if (staged[channel] != 0) {
            throw new IllegalStateException("channel " + channel + " driven twice for one cycle");
        }
        staged[channel] = code;
        inFlight++;
        count(channel, code, 1);
    }

    @Override
    public int take(int channel, long cycle) {
        if (!deliver[channel] || length[channel] == 0) {
            return 0;
        }
        int head = fifo[channel] & 3;
        fifo[channel] >>>= 2;
        length[channel]--;
        inFlight--;
        count(channel, head, -1);
        return head;
    }

    /** Appends the symbols driven this cycle to their FIFOs and clears the deliveries. */
    @Override
    public void endOfCycle() {
        for (int c = 0; c < channels; c++) {
            if (staged[c] != 0) {
                int len = length[c];
                if (len == capacity) {
                    throw new IllegalStateException("channel " + c + " holds more than " + capacity + " symbols");
                }
                fifo[c] |= staged[c] << (2 * len);
                length[c] = (byte) (len + 1);
                staged[c] = 0;
            }
            deliver[c] = false;
        }
    }

    @Override
    public int[] inFlight(int channel, long cycle) {
        int len = length[channel];
        int[] r = new int[len + (staged[channel] != 0 ? 1 : 0)];
        for (int i = 0; i < len; i++) {
            r[i] = (fifo[channel] >>> (2 * i)) & 3;
        }
        if (staged[channel] != 0) {
            r[len] = staged[channel];
        }
        return r;
    }

    @Override
    public int inFlightTotal() {
        return inFlight;
    }

    @Override
    public void save(long afterCycle, StateBits w, int[] from) {
        for (int k = 0; k < channels; k++) {
            int c = Positions.at(from, k);
            w.write(length[c], 4);
            w.write(fifo[c], 2 * capacity);
        }
    }

    @Override
    public void load(long atCycle, StateBits r) {
        inFlight = 0;
        for (int c = 0; c < channels; c++) {
            length[c] = (byte) r.read(4);
            fifo[c] = r.read(2 * capacity);
            inFlight += length[c];
            staged[c] = 0;
            deliver[c] = false;
        }
        recount();
    }

    @Override
    int[] held(int channel) {
        return inFlight(channel, 0);
    }
}
