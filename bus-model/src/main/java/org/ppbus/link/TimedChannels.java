package org.ppbus.link;

import java.util.Arrays;
import org.ppbus.bus.Positions;
import org.ppbus.bus.Scheduler;
import org.ppbus.bus.StateBits;

/**
 * The channels of the hardware contract, each a FIFO pipeline of {@code latencyCycles} stages: a
 * symbol driven in cycle t is seen by the receiver in cycle t + L.
 *
 * <p>The pipeline of every channel is a ring of L + 1 slots. In cycle t receivers read slot t mod
 * (L+1) and senders write slot (t+L) mod (L+1), which is a different slot, so the order in which
 * units are visited within a cycle cannot change what anyone sees. Driving a symbol wakes the
 * receiving unit for the arrival cycle; that is what lets idle units cost nothing.
 */
final class TimedChannels extends CountedChannels {
    private final int latencyCycles;
    private final int ringSlots;
    private final int[] slots;
    private final int[] receiverUnit;
    private final Scheduler scheduler;
    private int inFlight;

    TimedChannels(int channels, int latencyCycles, int[] receiverUnit, Scheduler scheduler) {
        super(channels);
        if (latencyCycles < 1) {
            throw new IllegalArgumentException("latency must be at least 1 cycle, got " + latencyCycles);
        }
        if (receiverUnit.length != channels) {
            throw new IllegalArgumentException("one receiver per channel expected");
        }
        this.latencyCycles = latencyCycles;
        this.ringSlots = latencyCycles + 1;
        this.slots = new int[ringSlots * channels];
        this.receiverUnit = receiverUnit.clone();
        this.scheduler = scheduler;
    }

    @Override
    public int latencyCycles() {
        return latencyCycles;
    }

    @Override
    public void drive(int channel, long cycle, int code) {
        int idx = slot(cycle + latencyCycles) * channels + channel;
        if (slots[idx] != 0) {
            throw new IllegalStateException("channel " + channel + " driven twice for one cycle");
        }
        slots[idx] = code;
        inFlight++;
        count(channel, code, 1);
        scheduler.wake(receiverUnit[channel], cycle + latencyCycles);
    }

    @Override
    public int take(int channel, long cycle) {
        int idx = slot(cycle) * channels + channel;
        int code = slots[idx];
        if (code != 0) {
            slots[idx] = 0;
            inFlight--;
            count(channel, code, -1);
        }
        return code;
    }

    @Override
    public int[] inFlight(int channel, long cycle) {
        int[] tmp = new int[latencyCycles];
        int count = 0;
        for (long arrival = cycle + 1; arrival <= cycle + latencyCycles; arrival++) {
            int code = slots[slot(arrival) * channels + channel];
            if (code != 0) {
                tmp[count++] = code;
            }
        }
        return Arrays.copyOf(tmp, count);
    }

    @Override
    public int inFlightTotal() {
        return inFlight;
    }

    /** Saves the symbols that will arrive in cycles t + 1 … t + L, 2 bits each. */
    @Override
    public void save(long afterCycle, StateBits w, int[] from) {
        for (int k = 0; k < channels; k++) {
            int c = Positions.at(from, k);
            for (long arrival = afterCycle + 1; arrival <= afterCycle + latencyCycles; arrival++) {
                w.write(slots[slot(arrival) * channels + c], 2);
            }
        }
    }

    /** Restores the symbols so that they arrive in cycles t … t + L − 1. */
    @Override
    public void load(long atCycle, StateBits r) {
        Arrays.fill(slots, 0);
        inFlight = 0;
        clearCounts();
        for (int c = 0; c < channels; c++) {
            for (long arrival = atCycle; arrival < atCycle + latencyCycles; arrival++) {
                int code = r.read(2);
                slots[slot(arrival) * channels + c] = code;
                if (code != 0) {
                    inFlight++;
                    count(c, code, 1);
                }
            }
        }
    }

    @Override
    int[] held(int channel) {
        int[] codes = new int[ringSlots];
        for (int s = 0; s < ringSlots; s++) {
            codes[s] = slots[s * channels + channel];
        }
        return codes;
    }

    private int slot(long cycle) {
        return (int) (cycle % ringSlots);
    }
}
