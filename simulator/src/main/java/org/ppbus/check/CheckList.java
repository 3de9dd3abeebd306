package org.ppbus.check;

import java.util.List;

/**
 * The checks a run made, each with its bound, split by whether the run was long enough for them to
 * fire. A watchdog counts cycles: one whose window is longer than the run could not have fired in
 * it, so it is named apart instead of among the checks that found no violation (the default run of
 * 100,000 cycles is exactly as long as the default livelock window, which then cannot fire).
 *
 * @param made the checks that could have fired in this run
 * @param outOfReach the watchdogs whose windows this run was too short for, each with its window
 */
public record CheckList(List<String> made, List<String> outOfReach) {
    public CheckList {
        made = List.copyOf(made);
        outOfReach = List.copyOf(outOfReach);
    }
}
