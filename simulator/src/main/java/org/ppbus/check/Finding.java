package org.ppbus.check;

import java.util.ArrayList;
import java.util.List;

/**
 * One property the state search found broken, with the shortest path that shows it: per cycle, each
 * processor's action and then the code of a fault injected (0 for none); for a liveness property a
 * loop, from {@code loopStart} to the end of the path, that the run can repeat for ever, of {@code
 * loopCycles} cycles. With asynchronous channels a loop's cycles are not recorded (its deliveries
 * are no processor's actions), so the path ends where the loop begins and only its length is known.
 */
public record Finding(Property property, String message, List<int[]> path, int loopStart, int loopCycles) {
    /** A finding whose loop, if any, is recorded in the path: from {@code loopStart} to its end. */
    public Finding(Property property, String message, List<int[]> path, int loopStart) {
        this(property, message, path, loopStart, loopStart < 0 ? 0 : path.size() - loopStart);
    }

    /** Whether the path holds the loop's actions (not with asynchronous channels), so that a run can repeat it. */
    public boolean loopRecorded() {
        return loopStart < 0 || path.size() - loopStart == loopCycles;
    }

    /** The actions of the path, its loop (if any) repeated {@code loopRepeats} more times. */
    public List<int[]> unrolled(int loopRepeats) {
        List<int[]> actions = new ArrayList<>(path);
        if (loopStart >= 0) {
            List<int[]> loop = path.subList(loopStart, path.size());
            for (int r = 0; r < loopRepeats; r++) {
                actions.addAll(loop);
            }
        }
        return actions;
    }
}
