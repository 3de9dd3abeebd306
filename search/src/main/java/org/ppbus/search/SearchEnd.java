package org.ppbus.search;

import java.util.Locale;

/**
 * How a state search ended: complete, or the reason it stopped short of its verdict, with the text
 * a report prints for it ({@code stoppedBecause} in JSON).
 *
 * @param reason the kind of ending, which callers decide on
 * @param text what a reader is told, with the limit or the figure that explains it
 */
public record SearchEnd(Reason reason, String text) {
    /** The kinds of ending. Every kind but {@link #COMPLETE} leaves the search incomplete. */
    public enum Reason {
        /** Every reachable state was found and checked, and every analysis asked for finished. */
        COMPLETE,
        /** The expansion found a broken safety invariant and stopped there. */
        SAFETY_VIOLATION,
        /** The depth limit ({@code --max-depth}) was reached. */
        DEPTH_LIMIT,
        /** The state limit ({@code --max-states}) was reached. */
        STATE_LIMIT,
        /** The user asked the search to stop. */
        INTERRUPTED,
        /** The heap was nearly full: the search stopped while it could still report. */
        MEMORY_LIMIT,
        /** The heap ran out during an expansion. */
        OUT_OF_MEMORY,
        /** The graph holds as many states or edges as it can index. */
        INDEX_LIMIT,
        /** The heap ran out in the liveness analysis after a complete search. */
        LIVENESS_OUT_OF_MEMORY,
        /** The user stopped the liveness analysis after a complete search. */
        LIVENESS_STOPPED,
        /** The user stopped the repair-bound analysis after a complete search with faults. */
        REPAIR_STOPPED,
        /** Under hash compaction: every new fingerprint was expanded, but a state may have been missed. */
        HASH_COMPACTION
    }

    public static final SearchEnd COMPLETE = new SearchEnd(Reason.COMPLETE, "complete");

    static final SearchEnd SAFETY_VIOLATION = new SearchEnd(Reason.SAFETY_VIOLATION, "safety violation");

    static final SearchEnd INTERRUPTED = new SearchEnd(Reason.INTERRUPTED, "interrupted");

    static final SearchEnd LIVENESS_OUT_OF_MEMORY = new SearchEnd(
            Reason.LIVENESS_OUT_OF_MEMORY,
            "out of memory in the liveness analysis (every reachable state was found and checked for safety;"
                    + " deadlock, livelock and starvation were not analysed)");

    static final SearchEnd LIVENESS_STOPPED = new SearchEnd(
            Reason.LIVENESS_STOPPED,
            "stopped in the liveness analysis (every reachable state was found and checked for safety; deadlock,"
                    + " livelock and starvation were not decided)");

    static final SearchEnd REPAIR_STOPPED = new SearchEnd(
            Reason.REPAIR_STOPPED,
            "stopped in the repair-bound analysis (every reachable state was found and checked for safety; how"
                    + " long a fault can keep the invariants broken was not decided)");

    static SearchEnd depthLimit(int maxDepth) {
        return new SearchEnd(Reason.DEPTH_LIMIT, "depth limit " + maxDepth);
    }

    static SearchEnd stateLimit(long maxStates) {
        return new SearchEnd(Reason.STATE_LIMIT, "state limit " + maxStates);
    }

    static SearchEnd memoryLimit(long heapMb, long bytesPerState) {
        return new SearchEnd(
                Reason.MEMORY_LIMIT,
                "memory limit (" + heapMb + " MB of heap, " + bytesPerState + " bytes per state in the tables)");
    }

    static SearchEnd outOfMemory(long heapMb) {
        return new SearchEnd(Reason.OUT_OF_MEMORY, "out of memory (" + heapMb + " MB of heap)");
    }

    static SearchEnd indexLimit(String why) {
        return new SearchEnd(Reason.INDEX_LIMIT, why);
    }

    static SearchEnd hashCompaction(double omissionBound) {
        return new SearchEnd(
                Reason.HASH_COMPACTION,
                String.format(
                        Locale.ROOT,
                        "hash compaction: every state with a new fingerprint expanded, one missed with probability"
                                + " at most %.1e",
                        omissionBound));
    }

    public boolean complete() {
        return reason == Reason.COMPLETE;
    }
}
