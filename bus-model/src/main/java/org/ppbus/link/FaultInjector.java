package org.ppbus.link;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Applies one {@link FaultPlan} to the symbols driven into the channel banks that share it, and
 * keeps the symbols it moved in time (duplicates, delays) until they arrive. It fires at most once.
 */
public final class FaultInjector {
    private final FaultPlan plan;
    private final long triggerCycle;
    private final int targetBankId; // for CYCLE@CHANNEL: which bank (0 c2a, 1 a2c) and channel
    private final int targetChannel;
    private final int mask;
    private final int delay;
    private long firedAt = -1;
    private int firedBank;
    private int firedChannel;
    private int originalCode;
    private int deliveredCode;
    private final Map<Long, List<int[]>> late = new HashMap<>(); // arrival cycle -> {bank, channel, code}
    private int lateCount;

    /**
     * @param resolvedDirection the channel's direction, or null for a random plan
     * @param resolvedChannel the link id, or -1 for a random plan
     * @param lastRandomCycle a random plan triggers in [lastRandomCycle / 10, lastRandomCycle / 2]
     */
    public FaultInjector(
            FaultPlan plan, Direction resolvedDirection, int resolvedChannel, long seed, long lastRandomCycle) {
        this.plan = plan;
        SplittableRandom rnd = new SplittableRandom(seed ^ 0x5DEECE66DL);
        long lo = Math.max(1, lastRandomCycle / 10);
        long hi = Math.max(lo + 1, lastRandomCycle / 2);
        this.triggerCycle = plan.random() ? lo + rnd.nextLong(hi - lo) : plan.cycle();
        this.targetBankId = resolvedDirection == null ? -1 : resolvedDirection.ordinal();
        this.targetChannel = resolvedChannel;
        int drawn = 1 + rnd.nextInt(3); // drawn even when given, so that the delay below stays the same
        this.mask = plan.mask() != 0 ? plan.mask() : drawn;
        this.delay = plan.random() ? 1 + rnd.nextInt(8) : 4;
    }

    public FaultPlan plan() {
        return plan;
    }

    /** The cycle the fault hit a symbol, or -1 if it never did. */
    public long firedAt() {
        return firedAt;
    }

    /** The direction of the channel the fault hit (once fired). */
    public Direction firedDirection() {
        return Direction.values()[firedBank];
    }

    public int firedChannel() {
        return firedChannel;
    }

    public int originalCode() {
        return originalCode;
    }

    /** What the receiver got instead (0 for a drop). */
    public int deliveredCode() {
        return deliveredCode;
    }

    public int extraDelay() {
        return delay;
    }

    /**
     * Called by a bank for every symbol driven. Returns the code to put in the pipeline as usual
     * (0 for none); may also schedule a late copy.
     */
    int onDrive(int bank, int channel, long cycle, int code, int latency) {
        if (firedAt >= 0 || cycle < triggerCycle) {
            return code;
        }
        if (!plan.random() && (cycle != triggerCycle || bank != targetBankId || channel != targetChannel)) {
            return code;
        }
        firedAt = cycle;
        firedBank = bank;
        firedChannel = channel;
        originalCode = code;
        switch (plan.kind()) {
            case DROP -> {
                deliveredCode = 0;
                return 0;
            }
            case CORRUPT -> {
                deliveredCode = code ^ mask;
                return deliveredCode;
            }
            case DUPLICATE -> {
                deliveredCode = code;
                schedule(cycle + latency + 1, bank, channel, code);
                return code;
            }
            case DELAY -> {
                deliveredCode = code;
                schedule(cycle + latency + delay, bank, channel, code);
                return 0;
            }
            default -> throw new IllegalArgumentException("not a symbol fault: " + plan);
        }
    }

    private void schedule(long arrival, int bank, int channel, int code) {
        late.computeIfAbsent(arrival, k -> new ArrayList<>()).add(new int[] {bank, channel, code});
        lateCount++;
    }

    /**
     * A late symbol for this channel arriving now, given what the pipeline holds: if the pipeline
     * already delivers a symbol this cycle, the late one waits one more cycle.
     */
    int takeLate(int bank, int channel, long cycle, boolean pipelineBusy) {
        List<int[]> due = late.get(cycle);
        if (due == null) {
            return 0;
        }
        for (int i = 0; i < due.size(); i++) {
            int[] d = due.get(i);
            if (d[0] == bank && d[1] == channel) {
                due.remove(i);
                if (due.isEmpty()) {
                    late.remove(cycle);
                }
                if (pipelineBusy) {
                    late.computeIfAbsent(cycle + 1, k -> new ArrayList<>()).add(d);
                    return 0;
                }
                lateCount--;
                return d[2];
            }
        }
        return 0;
    }

    /** Late symbols of one channel still to arrive after cycle t, oldest first. */
    int[] lateFor(int bank, int channel, long cycle) {
        List<Integer> codes = new ArrayList<>();
        late.keySet().stream().filter(c -> c > cycle).sorted().forEach(c -> {
            for (int[] d : late.get(c)) {
                if (d[0] == bank && d[1] == channel) {
                    codes.add(d[2]);
                }
            }
        });
        return codes.stream().mapToInt(Integer::intValue).toArray();
    }

    int lateCount() {
        return lateCount;
    }
}
