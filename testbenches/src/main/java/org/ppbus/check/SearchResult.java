package org.ppbus.check;

import java.util.List;

/**
 * What a state search found. {@code complete} means every reachable state was explored; otherwise
 * every state reachable within {@code exploredDepth} cycles was found and checked.
 */
public record SearchResult(
        long states,
        long transitions,
        int depth,
        int exploredDepth,
        boolean complete,
        String stoppedBecause,
        List<Finding> findings,
        double seconds,
        long bytes,
        int overtakeBound,
        int maxOvertakes,
        Repair repair) {
    /**
     * With faults: the states in which some invariant other than safety was broken after a fault,
     * and the most consecutive cycles a run spends in them (the repair bound; -1 when unknown, as
     * for an incomplete search or a finding).
     */
    public record Repair(long brokenStates, int boundCycles) {}
}
