package org.ppbus.search;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import java.util.function.IntConsumer;
import java.util.function.LongSupplier;
import org.ppbus.check.Finding;
import org.ppbus.search.graph.SearchProgress;
import org.ppbus.search.graph.StateGraph;
import org.ppbus.search.liveness.LivenessWatch;

/**
 * The breadth-first driver both exhaustive searches share: it expands the graph's states in the
 * order they were found until none is left, a limit or a stop request ends it, or the expansion
 * found a safety violation; and it re-derives the actions on an edge for a counterexample's loop.
 */
final class BreadthFirst {
    private final SearchOptions o;
    private final StateGraph graph;
    private final Transitions transitions;
    private SearchProgress progress = (states, depth, edges) -> {};
    private int expanded; // states expanded so far, in breadth-first order
    private int depth; // the depth of the last state expanded
    private long edges;
    /**
     * Memory held back for the end of the search: when the heap runs out in an expansion, or in the
     * liveness analysis, this is freed so that the result, the report and the JSON can still be
     * built (a 96 MB heap at n = 13 once ran out again after the search, an internal error).
     */
    private byte[] reserve =
            new byte[(int) Math.min(64 << 20, Runtime.getRuntime().maxMemory() / 16)];

    BreadthFirst(SearchOptions o, StateGraph graph, Transitions transitions) {
        this.o = o;
        this.graph = graph;
        this.transitions = transitions;
    }

    void progress(SearchProgress p) {
        this.progress = p;
    }

    /**
     * Expands states with {@code expand} until none is left (null), or a limit, a stop or a safety
     * violation stops it (why).
     */
    String explore(LongSupplier stopRequested, IntConsumer expand, BooleanSupplier safetyViolation) {
        try {
            return expandAll(stopRequested, expand, safetyViolation);
        } catch (OutOfMemoryError e) {
            // The guard below leaves headroom, but one expansion can still need more than is left.
            release();
            return "out of memory (" + Runtime.getRuntime().maxMemory() / (1 << 20) + " MB of heap)";
        } catch (StateGraph.Full e) {
            return e.getMessage();
        }
    }

    /** Frees the memory held back for the end of the search; the search calls it once it is done or out of memory. */
    void release() {
        reserve = null;
    }

    /** Why a complete search stopped short of its liveness verdict. */
    static final String LIVENESS_OUT_OF_MEMORY = "out of memory in the liveness analysis (every reachable state was"
            + " found and checked for safety; deadlock, livelock and starvation were not analysed)";

    static final String LIVENESS_STOPPED = "stopped in the liveness analysis (every reachable state was found and"
            + " checked for safety; deadlock, livelock and starvation were not decided)";

    static final String REPAIR_STOPPED = "stopped in the repair-bound analysis (every reachable state was found"
            + " and checked for safety; how long a fault can keep the invariants broken was not decided)";

    /** A watch for an analysis after the search, shown on the progress line as {@code what}, begun. */
    LivenessWatch watch(LongSupplier stopRequested, String what) {
        LivenessWatch watch = new LivenessWatch(stopRequested, progress, what);
        watch.begin();
        return watch;
    }

    /**
     * Runs a complete search's liveness analysis over its {@code states} states with a watch on the
     * progress line that stops it when asked, and adds its finding, if any, to {@code findings}.
     * Returns null when it finished, else why it did not (out of memory, or stopped).
     */
    String liveness(
            LongSupplier stopRequested, int states, Function<LivenessWatch, Finding> analysis, List<Finding> findings) {
        LivenessWatch watch = watch(
                stopRequested,
                String.format(Locale.ROOT, "liveness: deadlock, livelock and starvation over %,d states", states));
        try {
            Finding f = analysis.apply(watch);
            if (f != null) {
                findings.add(f);
            }
            return null;
        } catch (OutOfMemoryError e) {
            return LIVENESS_OUT_OF_MEMORY;
        } catch (LivenessWatch.Stopped e) {
            return LIVENESS_STOPPED;
        }
    }

    private String expandAll(LongSupplier stopRequested, IntConsumer expand, BooleanSupplier safetyViolation) {
        while (expanded < graph.size()) {
            int s = expanded;
            depth = Math.max(depth, graph.depth(s));
            String limit = limitReached(s, stopRequested);
            if (limit != null) {
                return limit;
            }
            expand.accept(s);
            expanded++;
            if (safetyViolation.getAsBoolean()) {
                return "safety violation";
            }
        }
        return null;
    }

    private String limitReached(int s, LongSupplier stopRequested) {
        if (graph.depth(s) >= o.maxDepth()) {
            return "depth limit " + o.maxDepth();
        }
        if (graph.size() >= o.maxStates()) {
            return "state limit " + o.maxStates();
        }
        if (stopRequested.getAsLong() != 0) {
            return "interrupted";
        }
        if ((expanded & 0xFFF) == 0) {
            progress.update(graph.size(), depth, edges);
            if (StateGraph.heapNearlyFull()) {
                return "memory limit (" + Runtime.getRuntime().maxMemory() / (1 << 20) + " MB of heap, "
                        + graph.tableBytes() / Math.max(1, graph.size()) + " bytes per state in the tables)";
            }
        }
        return null;
    }

    /** Counts one transition. */
    void counted() {
        edges++;
    }

    long transitions() {
        return edges;
    }

    int expanded() {
        return expanded;
    }

    int depth() {
        return depth;
    }

    /** Every state within this many cycles was found and checked. */
    int exploredDepth(boolean complete) {
        return complete ? depth : (expanded < graph.size() ? graph.depth(expanded) : depth);
    }

    /**
     * The actions that lead from state a to its successor b, whose target the symmetry with this
     * label moved to b (re-derived, since BFS kept one parent).
     */
    long actionBetween(int a, int b, int symmetry) {
        long[] state = graph.get(a);
        int[] choices = transitions.choices(state);
        int combos = 1;
        for (int c : choices) {
            combos *= Integer.bitCount(c);
        }
        long[] target = graph.get(b);
        for (int k = 0; k < combos; k++) {
            long act = StateGraph.pick(choices, k);
            transitions.restore(state);
            if (Arrays.equals(transitions.step(act), target) && transitions.lastSymmetry() == symmetry) {
                return act;
            }
        }
        throw new IllegalStateException("no edge from " + a + " to " + b);
    }
}
