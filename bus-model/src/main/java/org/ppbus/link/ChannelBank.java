package org.ppbus.link;

import org.ppbus.bus.Scheduler;

/**
 * All channels of one direction, each a FIFO pipeline of {@code latencyCycles} stages: a symbol
 * driven in cycle t is seen by the receiver in cycle t + L (docs/SPEC.md (contract)). Code 0 is idle.
 *
 * <p>The pipeline of every channel is a ring of L + 1 slots. In cycle t receivers read slot t mod
 * (L+1) and senders write slot (t+L) mod (L+1), which is a different slot, so the order in which
 * units are visited within a cycle cannot change what anyone sees. Driving a symbol wakes the
 * receiving unit for the arrival cycle; that is what lets idle units cost nothing.
 */
public final class ChannelBank {
    private final int channels;
    private final int latencyCycles;
    private final int ringSlots;
    private final int[] slots;
    private final int[] receiverUnit;
    private final Scheduler scheduler;
    private int inFlight;
    private FaultInjector fault;
    private int bankId;
    // Asynchronous mode (for the exhaustive search): each channel is a FIFO of up to fifoCapacity
    // symbols, delivered only when the search says so; a symbol driven in cycle t joins its FIFO at
    // the end of t (commit), so it can arrive in t + 1 at the earliest.
    private int fifoCapacity;
    private int[] fifo;
    private byte[] fifoLength;
    private int[] staged;
    private boolean[] deliver;
    // Per channel, how many symbols in flight have a code whose bit is set in countedCodes: a
    // checker asks for the forks on a link every cycle, and reads them here without a scan.
    private int countedCodes;
    private short[] counted;

    public ChannelBank(int channels, int latencyCycles, int[] receiverUnit, Scheduler scheduler) {
        if (latencyCycles < 1) {
            throw new IllegalArgumentException("--latency must be at least 1 cycle, got " + latencyCycles);
        }
        if (receiverUnit.length != channels) {
            throw new IllegalArgumentException("one receiver per channel expected");
        }
        this.channels = channels;
        this.latencyCycles = latencyCycles;
        this.ringSlots = latencyCycles + 1;
        this.slots = new int[ringSlots * channels];
        this.receiverUnit = receiverUnit.clone();
        this.scheduler = scheduler;
    }

    public int channels() {
        return channels;
    }

    public int latencyCycles() {
        return latencyCycles;
    }

    /** Switches to asynchronous FIFO channels of the given capacity (at most 15 symbols). */
    public void makeAsynchronous(int capacity) {
        if (capacity < 1 || capacity > 15) {
            throw new IllegalArgumentException("FIFO capacity must be 1..15, got " + capacity);
        }
        this.fifoCapacity = capacity;
        this.fifo = new int[channels];
        this.fifoLength = new byte[channels];
        this.staged = new int[channels];
        this.deliver = new boolean[channels];
    }

    public boolean asynchronous() {
        return fifoCapacity > 0;
    }

    /** Asynchronous mode: whether the head of a channel's FIFO arrives in the coming cycle. */
    public void setDeliver(int channel, boolean now) {
        deliver[channel] = now;
    }

    /** Asynchronous mode: symbols waiting in a channel's FIFO. */
    public int queuedIn(int channel) {
        return fifoLength[channel];
    }

    /** Asynchronous mode: appends the symbols driven this cycle to their FIFOs. */
    public void commit() {
        for (int c = 0; c < channels; c++) {
            if (staged[c] != 0) {
                int len = fifoLength[c];
                if (len == fifoCapacity) {
                    throw new IllegalStateException("channel " + c + " holds more than " + fifoCapacity + " symbols");
                }
                fifo[c] |= staged[c] << (2 * len);
                fifoLength[c] = (byte) (len + 1);
                staged[c] = 0;
            }
            deliver[c] = false;
        }
    }

    /**
     * Counts, per channel, the symbols in flight whose code has its bit set in {@code codeMask}
     * (bit c for code c), for {@link #countedInFlight}.
     */
    public void countCodes(int codeMask) {
        this.countedCodes = codeMask & ~1;
        this.counted = new short[channels];
        recount();
    }

    /**
     * How many symbols of the counted codes are in the pipeline of a channel after cycle t's
     * evaluation: what {@link #inFlight} would list, counted in O(1).
     */
    public int countedInFlight(int channel, long cycle) {
        int n = counted[channel];
        if (fault != null) {
            for (int late : fault.lateFor(bankId, channel, cycle)) {
                n += isCounted(late) ? 1 : 0;
            }
        }
        return n;
    }

    private boolean isCounted(int code) {
        return (countedCodes >>> code & 1) != 0;
    }

    private void recount() {
        if (counted == null) {
            return;
        }
        java.util.Arrays.fill(counted, (short) 0);
        for (int c = 0; c < channels; c++) {
            if (fifoCapacity > 0) {
                for (int i = 0; i < fifoLength[c]; i++) {
                    counted[c] += isCounted((fifo[c] >>> (2 * i)) & 3) ? 1 : 0;
                }
                counted[c] += isCounted(staged[c]) ? 1 : 0;
            } else {
                for (int s = 0; s < ringSlots; s++) {
                    counted[c] += isCounted(slots[s * channels + c]) ? 1 : 0;
                }
            }
        }
    }

    /** Routes the symbols of this bank, which runs in the given direction, through a fault injector. */
    public void inject(FaultInjector injector, Direction direction) {
        this.fault = injector;
        this.bankId = direction.ordinal();
    }

    /** Drives a non-idle symbol in cycle t; it arrives in cycle t + L. */
    public void drive(int channel, long cycle, int code) {
        if (fifoCapacity > 0) {
            if (staged[channel] != 0) {
                throw new IllegalStateException("channel " + channel + " driven twice for one cycle");
            }
            staged[channel] = code;
            inFlight++;
            if (counted != null && isCounted(code)) {
                counted[channel]++;
            }
            return;
        }
        if (fault != null) {
            code = fault.onDrive(bankId, channel, cycle, code, latencyCycles);
            if (code == 0) {
                return;
            }
        }
        int idx = slot(cycle + latencyCycles) * channels + channel;
        if (slots[idx] != 0) {
            throw new IllegalStateException("channel " + channel + " driven twice for one cycle");
        }
        slots[idx] = code;
        inFlight++;
        if (counted != null && isCounted(code)) {
            counted[channel]++;
        }
        scheduler.wake(receiverUnit[channel], cycle + latencyCycles);
    }

    /** The symbol arriving in cycle t (0 if idle), consumed by this call. */
    public int take(int channel, long cycle) {
        if (fifoCapacity > 0) {
            if (!deliver[channel] || fifoLength[channel] == 0) {
                return 0;
            }
            int head = fifo[channel] & 3;
            fifo[channel] >>>= 2;
            fifoLength[channel]--;
            inFlight--;
            if (counted != null && isCounted(head)) {
                counted[channel]--;
            }
            return head;
        }
        int idx = slot(cycle) * channels + channel;
        int code = slots[idx];
        if (code != 0) {
            slots[idx] = 0;
            inFlight--;
            if (counted != null && isCounted(code)) {
                counted[channel]--;
            }
        }
        if (fault != null) {
            int late = fault.takeLate(bankId, channel, cycle, code != 0);
            if (late != 0) {
                return late;
            }
        }
        return code;
    }

    /**
     * The symbols still in the pipeline of a channel after cycle t's evaluation, oldest first
     * (the next to arrive first); idle stages are skipped.
     */
    public int[] inFlight(int channel, long cycle) {
        if (fifoCapacity > 0) {
            int len = fifoLength[channel];
            int[] r = new int[len + (staged[channel] != 0 ? 1 : 0)];
            for (int i = 0; i < len; i++) {
                r[i] = (fifo[channel] >>> (2 * i)) & 3;
            }
            if (staged[channel] != 0) {
                r[len] = staged[channel];
            }
            return r;
        }
        int[] tmp = new int[latencyCycles];
        int count = 0;
        for (long arrival = cycle + 1; arrival <= cycle + latencyCycles; arrival++) {
            int code = slots[slot(arrival) * channels + channel];
            if (code != 0) {
                tmp[count++] = code;
            }
        }
        int[] r = java.util.Arrays.copyOf(tmp, count);
        if (fault != null) {
            int[] late = fault.lateFor(bankId, channel, cycle);
            if (late.length > 0) {
                int[] all = java.util.Arrays.copyOf(r, r.length + late.length);
                System.arraycopy(late, 0, all, r.length, late.length);
                return all;
            }
        }
        return r;
    }

    /** Saves the symbols that will arrive in cycles t + 1 … t + L, 2 bits each. */
    public void save(long afterCycle, org.ppbus.bus.StateBits w) {
        if (fifoCapacity > 0) {
            for (int c = 0; c < channels; c++) {
                w.write(fifoLength[c], 4);
                w.write(fifo[c], 2 * fifoCapacity);
            }
            return;
        }
        for (int c = 0; c < channels; c++) {
            for (long arrival = afterCycle + 1; arrival <= afterCycle + latencyCycles; arrival++) {
                w.write(slots[slot(arrival) * channels + c], 2);
            }
        }
    }

    /**
     * Restores what {@link #save} wrote so that the symbols arrive in cycles t … t + L − 1: the
     * pipelines as they stand before cycle t is evaluated.
     */
    public void load(long atCycle, org.ppbus.bus.StateBits r) {
        java.util.Arrays.fill(slots, 0);
        inFlight = 0;
        if (fifoCapacity > 0) {
            for (int c = 0; c < channels; c++) {
                fifoLength[c] = (byte) r.read(4);
                fifo[c] = r.read(2 * fifoCapacity);
                inFlight += fifoLength[c];
                staged[c] = 0;
                deliver[c] = false;
            }
            recount();
            return;
        }
        for (int c = 0; c < channels; c++) {
            for (long arrival = atCycle; arrival < atCycle + latencyCycles; arrival++) {
                int code = r.read(2);
                slots[slot(arrival) * channels + c] = code;
                if (code != 0) {
                    inFlight++;
                }
            }
        }
        recount();
    }

    /** Number of non-idle symbols in all pipelines. */
    public int inFlightTotal() {
        return inFlight + (fault != null && bankId == Direction.C2A.ordinal() ? fault.lateCount() : 0);
    }

    private int slot(long cycle) {
        return (int) (cycle % ringSlots);
    }
}
