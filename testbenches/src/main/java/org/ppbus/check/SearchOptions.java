package org.ppbus.check;

import org.ppbus.protocol.RuleSet;

/**
 * What a {@link StateSearch} explores.
 *
 * @param reenterWithoutThinking outside the contract (audit A3): processors of {@code reenterMask}
 *     may also re-enter at once after eating
 * @param activeMask the processors that ever ask (bit i for processor i)
 * @param fifoCapacity above 0, asynchronous FIFO channels of this capacity instead of latency L
 * @param checkOvertaking carry the overtaking counts in the states (a larger graph)
 * @param reenterMask the processors that may re-enter without thinking (bit i for processor i)
 * @param faultKinds the symbol faults the search may inject, at most one of each kind in a run
 *     ({@link org.ppbus.link.ChosenFaults}: bit 0 drop, bit 1 duplicate); 0 for none
 * @param crash the search may also crash-stop any one node in any cycle ({@link SearchCrash})
 * @param liveness keep every edge and analyse deadlock, livelock and starvation on the complete
 *     graph; without, the search keeps only the edges among states broken by a fault (for the
 *     repair bound) and checks safety alone, so that it fits searches too big for the graph
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
        boolean checkOvertaking,
        long reenterMask,
        int faultKinds,
        boolean crash,
        boolean liveness) {
    public SearchOptions(
            int nodes,
            int latency,
            RuleSet rules,
            boolean reenterWithoutThinking,
            long maxStates,
            int maxDepth,
            boolean checkH,
            long activeMask,
            int fifoCapacity) {
        this(
                nodes,
                latency,
                rules,
                reenterWithoutThinking,
                maxStates,
                maxDepth,
                checkH,
                activeMask,
                fifoCapacity,
                true, // with the overtaking monitor
                -1L, // any processor may re-enter where re-entry is allowed
                0, // no faults
                false, // no crash
                true); // with the liveness analysis
    }

    public SearchOptions(
            int nodes,
            int latency,
            RuleSet rules,
            boolean reenterWithoutThinking,
            long maxStates,
            int maxDepth,
            boolean checkH,
            long activeMask) {
        this(nodes, latency, rules, reenterWithoutThinking, maxStates, maxDepth, checkH, activeMask, 0);
    }

    /** Every processor may act. */
    public SearchOptions(
            int nodes,
            int latency,
            RuleSet rules,
            boolean reenterWithoutThinking,
            long maxStates,
            int maxDepth,
            boolean checkH) {
        this(nodes, latency, rules, reenterWithoutThinking, maxStates, maxDepth, checkH, -1L, 0);
    }

    /** The same search without the overtaking monitor (liveness alone, on a smaller graph). */
    public SearchOptions withoutOvertaking() {
        Copy c = new Copy(this);
        c.checkOvertaking = false;
        return c.build();
    }

    /**
     * The same search with symbol faults. The overtaking counts are left out: a repair may break the
     * fairness bound once, which the counts would report as a violation.
     */
    public SearchOptions withFaults(int kinds) {
        Copy c = new Copy(this);
        c.checkOvertaking = kinds == 0 && checkOvertaking;
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
        c.checkOvertaking = false;
        c.crash = true;
        return c.build();
    }

    /** The same search keeping only the edges among broken states, without the liveness analysis. */
    public SearchOptions withoutLiveness() {
        Copy c = new Copy(this);
        c.liveness = false;
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
        boolean checkOvertaking;
        long reenterMask;
        int faultKinds;
        boolean crash;
        boolean liveness;

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
            checkOvertaking = o.checkOvertaking;
            reenterMask = o.reenterMask;
            faultKinds = o.faultKinds;
            crash = o.crash;
            liveness = o.liveness;
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
                    checkOvertaking,
                    reenterMask,
                    faultKinds,
                    crash,
                    liveness);
        }
    }
}
