package org.ppbus.check;

import java.util.ArrayList;
import java.util.List;

/**
 * One property the state search found broken, with the shortest path that shows it: per cycle, each
 * processor's action and then the code of a fault injected (0 for none); for a liveness property a
 * loop, from {@code loopStart} to the end of the path, that the run can repeat for ever.
 */
public record Finding(Property property, String message, List<int[]> path, int loopStart) {
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
