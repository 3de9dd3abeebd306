package org.ppbus.search;

import org.ppbus.protocol.RuleSet;

/**
 * What a {@link StateSearch} explores.
 *
 * @param reenterWithoutThinking outside the contract (audit A3): processors of {@code reenterMask}
 *     may also re-enter at once after eating
 * @param activeMask the processors that ever ask (bit i for processor i)
 * @param fifoCapacity above 0, asynchronous FIFO channels of this capacity instead of latency L
 * @param fairness how the overtaking bound is checked: counts in the states, on the complete graph, or not
 * @param reenterMask the processors that may re-enter without thinking (bit i for processor i)
 * @param faultKinds the symbol faults the search may inject, at most one of each kind in a run
 *     ({@link org.ppbus.link.ChosenFaults}: bit 0 drop, bit 1 duplicate); 0 for none
 * @param crash the search may also crash-stop any one node in any cycle ({@link SearchCrash})
 * @param liveness keep every edge and analyse deadlock, livelock and starvation on the complete
 *     graph; without, the search keeps only the edges among states broken by a fault (for the
 *     repair bound) and checks safety alone, so that it fits searches too big for the graph
 * @param symmetry store one state per orbit of the plane's symmetries that keep the scope
 *     ({@link org.ppbus.plane.Collineations}): each state found is replaced by the least of
 *     its images
 * @param hashCompaction store each state as a 64-bit fingerprint ({@link HashCompaction}): safety
 *     only, and a state may be missed with a stated probability; not the complete search
 * @param idleUnranked keep out of the state where the processors outside {@code activeMask} stand in
 *     the arbiters' lists ({@link org.ppbus.protocol.cc.IdleRanks}); I4 then covers the others
 */
public record SearchOptions(
        int nodes,
        int latency,
        RuleSet rules,
        boolean reenterWithoutThinking,
        long maxStates,
        int maxDepth,
        boolean checkH,
        long activeMask,
        int fifoCapacity,
        FairnessCheck fairness,
        long reenterMask,
        int faultKinds,
        boolean crash,
        boolean liveness,
        boolean symmetry,
        boolean hashCompaction,
        boolean idleUnranked) {
    /**
     * Refuses what no search can run: hash compaction with faults (in whichever order they were
     * asked for).
     */
    public SearchOptions {
        if (hashCompaction && faultKinds != 0) {
            throw new IllegalArgumentException(
                    "hash compaction keeps no edges, which the repair bound after faults needs");
        }
        if (idleUnranked && crash) {
            throw new IllegalArgumentException("the idle processors' places are kept in a search with a crash");
        }
        if (fairness == FairnessCheck.GRAPH && (!liveness || symmetry || fifoCapacity > 0)) {
            throw new IllegalArgumentException(
                    "the overtaking bound is decided on every edge of a synchronous search of the network's own"
                            + " states: not "
                            + (!liveness
                                    ? "without the liveness analysis's edges (--no-liveness, --hash-compaction)"
                                    : symmetry ? "on orbits (--symmetry)" : "with asynchronous channels (--async)"));
        }
    }

    /**
     * The complete search of a network: every processor may act, on channels of latency L, with
     * every state check (I4 included), the overtaking monitor and the liveness analysis, no faults
     * and no crash, until the heap is full. The withers narrow it.
     */
    public static SearchOptions of(int nodes, int latency, RuleSet rules) {
        return new SearchOptions(
                nodes,
                latency,
                rules,
                false,
                Long.MAX_VALUE,
                Integer.MAX_VALUE,
                true,
                -1L,
                0,
                FairnessCheck.COUNTS,
                -1L,
                0,
                false,
                true,
                false,
                false,
                false);
    }

    /** The same search, stopped after this many states. */
    public SearchOptions withMaxStates(long states) {
        Copy c = new Copy(this);
        c.maxStates = states;
        return c.build();
    }

    /** The same search, no deeper than this many steps from reset. */
    public SearchOptions withMaxDepth(int depth) {
        Copy c = new Copy(this);
        c.maxDepth = depth;
        return c.build();
    }

    /** The same search with or without I4 (H acyclic), the most expensive state check. */
    public SearchOptions withH(boolean check) {
        Copy c = new Copy(this);
        c.checkH = check;
        return c.build();
    }

    /** The same search in which only these processors (bit i for processor i) ever ask. */
    public SearchOptions withActive(long mask) {
        Copy c = new Copy(this);
        c.activeMask = mask;
        return c.build();
    }

    /** The same search over asynchronous FIFO channels of this capacity instead of latency L. */
    public SearchOptions withFifo(int capacity) {
        Copy c = new Copy(this);
        c.fifoCapacity = capacity;
        return c.build();
    }

    /** The same search without the overtaking monitor (liveness alone, on a smaller graph). */
    public SearchOptions withoutOvertaking() {
        Copy c = new Copy(this);
        c.fairness = FairnessCheck.NONE;
        return c.build();
    }

    /**
     * The same search deciding the overtaking bound on its complete graph ({@link FairnessCheck#GRAPH}):
     * the states carry each processor's hunger instead of the counts. Refused where the bound is not
     * checked (faults, a crash, --no-fairness) and where the graph does not serve (no liveness,
     * symmetry, asynchronous channels).
     */
    public SearchOptions withOvertakingOnGraph() {
        if (fairness == FairnessCheck.NONE) {
            throw new IllegalArgumentException(
                    "this search checks no overtaking bound (no fairness, faults or a crash)");
        }
        Copy c = new Copy(this);
        c.fairness = FairnessCheck.GRAPH;
        return c.build();
    }

    /** Whether the overtaking bound is checked, one way or the other (asynchronous channels aside). */
    public boolean checkOvertaking() {
        return fairness != FairnessCheck.NONE;
    }

    /**
     * The same search with symbol faults. The overtaking counts are left out: a repair may break the
     * fairness bound once, which the counts would report as a violation.
     */
    public SearchOptions withFaults(int kinds) {
        Copy c = new Copy(this);
        c.fairness = kinds == 0 ? fairness : FairnessCheck.NONE;
        c.faultKinds = kinds;
        return c.build();
    }

    /** The same search in which only these processors (bit i for processor i) may re-enter without thinking. */
    public SearchOptions withReentry(long mask) {
        Copy c = new Copy(this);
        c.reenterWithoutThinking = mask != 0;
        c.reenterMask = mask;
        return c.build();
    }

    /**
     * The same search in which any one node may also crash-stop in any cycle. The overtaking counts
     * are left out: the clients that lose a crashed arbiter's fork wait for ever by design.
     */
    public SearchOptions withCrash() {
        Copy c = new Copy(this);
        c.fairness = FairnessCheck.NONE;
        c.crash = true;
        return c.build();
    }

    /** The same search keeping only the edges among broken states, without the liveness analysis. */
    public SearchOptions withoutLiveness() {
        Copy c = new Copy(this);
        c.liveness = false;
        return c.build();
    }

    /**
     * The same search reduced by the plane's symmetries: one state per orbit, for every check. With
     * faults, the duplicate on its way moves with its channel and a fault's channel is renamed on a
     * trace; not with a crash (a crashed node ties a client to its node's arbiter, which a symmetry
     * does not keep). The liveness analysis runs on the graph of orbits, following the processors
     * (and asynchronous channels) through the symmetry on each edge ({@link QuotientLoops}).
     */
    public SearchOptions withSymmetry() {
        if (crash) {
            throw new IllegalArgumentException("the symmetry reduction is not for searches with a crash");
        }
        Copy c = new Copy(this);
        c.symmetry = true;
        return c.build();
    }

    /**
     * The same search storing 64-bit fingerprints (hash compaction), for safety only: a
     * known state has no index, so no edges are kept. Not with faults, whose repair bound reads the
     * edges among broken states.
     */
    public SearchOptions withHashCompaction() {
        Copy c = new Copy(this);
        c.hashCompaction = true;
        c.liveness = false;
        return c.build();
    }

    /**
     * The same search keeping out of its states where the processors that never ask stand in the
     * arbiters' lists ({@link org.ppbus.protocol.cc.IdleRanks}): states that differ only there behave
     * alike, so each class is searched once. I4 (H acyclic) is then checked on lists that put those
     * processors first, so a cycle of H that would pass through one of them is not looked for. Not
     * with a crash (a crashed arbiter's ports are not shown to keep that promise).
     */
    public SearchOptions withIdleUnranked() {
        Copy c = new Copy(this);
        c.idleUnranked = true;
        return c.build();
    }

    public boolean async() {
        return fifoCapacity > 0;
    }

    /** The fields of a search being changed into another; one place that names them in order. */
    private static final class Copy {
        int nodes;
        int latency;
        RuleSet rules;
        boolean reenterWithoutThinking;
        long maxStates;
        int maxDepth;
        boolean checkH;
        long activeMask;
        int fifoCapacity;
        FairnessCheck fairness;
        long reenterMask;
        int faultKinds;
        boolean crash;
        boolean liveness;
        boolean symmetry;
        boolean hashCompaction;
        boolean idleUnranked;

        Copy(SearchOptions o) {
            nodes = o.nodes;
            latency = o.latency;
            rules = o.rules;
            reenterWithoutThinking = o.reenterWithoutThinking;
            maxStates = o.maxStates;
            maxDepth = o.maxDepth;
            checkH = o.checkH;
            activeMask = o.activeMask;
            fifoCapacity = o.fifoCapacity;
            fairness = o.fairness;
            reenterMask = o.reenterMask;
            faultKinds = o.faultKinds;
            crash = o.crash;
            liveness = o.liveness;
            symmetry = o.symmetry;
            hashCompaction = o.hashCompaction;
            idleUnranked = o.idleUnranked;
        }

        SearchOptions build() {
            return new SearchOptions(
                    nodes,
                    latency,
                    rules,
                    reenterWithoutThinking,
                    maxStates,
                    maxDepth,
                    checkH,
                    activeMask,
                    fifoCapacity,
                    fairness,
                    reenterMask,
                    faultKinds,
                    crash,
                    liveness,
                    symmetry,
                    hashCompaction,
                    idleUnranked);
        }
    }
}
