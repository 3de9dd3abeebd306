package org.ppbus.protocol.baseline.parts;

import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;

/**
 * Per client and voter slot, when the voter's silence becomes a timeout: armed when the client
 * writes to or hears from the voter, and fired once, unless armed again since. Cancelled timers stay
 * in the queue until they come due, which costs less than removing them.
 */
public final class SilenceTimers {
    private final long silence;
    private final long[][] due;
    private final PriorityQueue<long[]> queue = new PriorityQueue<>((a, b) -> Long.compare(a[0], b[0]));

    public SilenceTimers(long silence, int[] slotsPerClient) {
        this.silence = silence;
        this.due = new long[slotsPerClient.length][];
        for (int i = 0; i < due.length; i++) {
            due[i] = new long[slotsPerClient[i]];
        }
    }

    /** Client i's slots are now this many (its quorum changed); their timers start afresh. */
    public void resize(int i, int slots) {
        due[i] = new long[slots];
    }

    public void arm(int i, int slot, long cycle) {
        due[i][slot] = cycle + silence;
        queue.add(new long[] {due[i][slot], i, slot});
    }

    /** The {client, slot} pairs whose timeout falls in this cycle. */
    public List<int[]> due(long cycle) {
        List<int[]> fired = new ArrayList<>();
        while (!queue.isEmpty() && queue.peek()[0] <= cycle) {
            long[] t = queue.poll();
            int i = (int) t[1];
            int slot = (int) t[2];
            if (slot < due[i].length && due[i][slot] == t[0]) {
                due[i][slot] = 0;
                fired.add(new int[] {i, slot});
            }
        }
        return fired;
    }
}
