package org.ppbus.search;

import java.util.List;
import org.ppbus.check.Finding;

/**
 * What a state search found, and how it ended ({@code end}). A complete search explored every
 * reachable state and finished every analysis asked for; otherwise
 * every state reachable within {@code exploredDepth} cycles was found and checked. {@code bytes}
 * is all the search held, {@code storeBytes} the part of it that stores the visited states. With the
 * symmetry reduction {@code states} counts orbits and {@code unreducedStates} the states in them
 * (their orbit sizes summed); without, the two are equal. {@code statesPerDepth} counts the states
 * (orbits) first found at each depth, the breadth-first layers: those up to {@code exploredDepth}
 * are complete, a deeper one was still being found when the search stopped.
 */
public record SearchResult(
        long states,
        long transitions,
        int depth,
        int exploredDepth,
        SearchEnd end,
        List<Finding> findings,
        double seconds,
        long bytes,
        long storeBytes,
        int overtakeBound,
        int maxOvertakes,
        Repair repair,
        Compaction compaction,
        long unreducedStates,
        List<Integer> statesPerDepth) {
    /**
     * With faults: the states in which some invariant other than safety was broken after a fault,
     * and the most consecutive cycles a run spends in them (the repair bound; -1 when unknown, as
     * for an incomplete search or a finding).
     */
    public record Repair(long brokenStates, int boundCycles) {}

    /**
     * Under hash compaction (null for the lossless store): the bound on the probability that some
     * reachable state was missed, and the bytes the search wrote to disk (the states waiting to be
     * expanded and the parents).
     */
    public record Compaction(double omissionBound, long diskBytes) {}

    /** Every reachable state was explored and every analysis asked for finished. */
    public boolean complete() {
        return end.complete();
    }

    /** What a reader is told of how the search ended: "complete", or why it stopped. */
    public String stoppedBecause() {
        return end.text();
    }

    /** Every byte the search held per state found: the store, the parents, the actions and the edges. */
    public double bytesPerState() {
        return states == 0 ? 0 : (double) bytes / states;
    }

    /** The bytes per state of the store of visited states alone (the tree-compressed table). */
    public double storeBytesPerState() {
        return states == 0 ? 0 : (double) storeBytes / states;
    }

    /**
     * For a search that stopped: its last complete layer (depth {@code exploredDepth}) over the one
     * before it; NaN for a complete search or one stopped before depth 1. Above 1 the graph was
     * still widening where the search stopped.
     */
    public double lastGrowth() {
        int d = exploredDepth;
        if (complete() || d < 1 || d >= statesPerDepth.size()) {
            return Double.NaN;
        }
        return (double) statesPerDepth.get(d) / statesPerDepth.get(d - 1);
    }

    /** States found per second of the whole search, the liveness analysis included. */
    public double statesPerSecond() {
        return seconds <= 0 ? 0 : states / seconds;
    }
}
