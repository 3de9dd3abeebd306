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
     * Expands states with {@code expand} until none is left ({@link SearchEnd#COMPLETE}), or a limit, a
     * stop or a safety violation stops it.
     */
    SearchEnd explore(LongSupplier stopRequested, IntConsumer expand, BooleanSupplier safetyViolation) {
        try {
            return expandAll(stopRequested, expand, safetyViolation);
        } catch (OutOfMemoryError e) {
            // The guard below leaves headroom, but one expansion can still need more than is left.
            release();
            return SearchEnd.outOfMemory(Runtime.getRuntime().maxMemory() / (1 << 20));
        } catch (StateGraph.Full e) {
            return SearchEnd.indexLimit(e.getMessage());
        }
    }

    /** Frees the memory held back for the end of the search; the search calls it once it is done or out of memory. */
    void release() {
        reserve = null;
    }

    /** A watch for an analysis after the search, shown on the progress line as {@code what}, begun. */
    LivenessWatch watch(LongSupplier stopRequested, String what) {
        LivenessWatch watch = new LivenessWatch(stopRequested, progress, what);
        watch.begin();
        return watch;
    }

    /**
     * Runs a complete search's liveness analysis over its {@code states} states with a watch on the
     * progress line that stops it when asked, and adds its finding, if any, to {@code findings}.
     * Returns {@link SearchEnd#COMPLETE} when it finished, else why it did not (out of memory, or stopped).
     */
    SearchEnd liveness(
            LongSupplier stopRequested, int states, Function<LivenessWatch, Finding> analysis, List<Finding> findings) {
        LivenessWatch watch = watch(
                stopRequested,
                String.format(Locale.ROOT, "liveness: deadlock, livelock and starvation over %,d states", states));
        try {
            Finding f = analysis.apply(watch);
            if (f != null) {
                findings.add(f);
            }
            return SearchEnd.COMPLETE;
        } catch (OutOfMemoryError e) {
            return SearchEnd.LIVENESS_OUT_OF_MEMORY;
        } catch (LivenessWatch.Stopped e) {
            return SearchEnd.LIVENESS_STOPPED;
        }
    }

    private SearchEnd expandAll(LongSupplier stopRequested, IntConsumer expand, BooleanSupplier safetyViolation) {
        while (expanded < graph.size()) {
            int s = expanded;
            depth = Math.max(depth, graph.depth(s));
            SearchEnd limit = limitReached(s, stopRequested);
            if (!limit.complete()) {
                return limit;
            }
            expand.accept(s);
            expanded++;
            if (safetyViolation.getAsBoolean()) {
                return SearchEnd.SAFETY_VIOLATION;
            }
        }
        return SearchEnd.COMPLETE;
    }

    /** Why the search must stop before it expands state s, or {@link SearchEnd#COMPLETE} if it need not. */
    private SearchEnd limitReached(int s, LongSupplier stopRequested) {
        if (graph.depth(s) >= o.maxDepth()) {
            return SearchEnd.depthLimit(o.maxDepth());
        }
        if (graph.size() >= o.maxStates()) {
            return SearchEnd.stateLimit(o.maxStates());
        }
        if (stopRequested.getAsLong() != 0) {
            return SearchEnd.INTERRUPTED;
        }
        if ((expanded & 0xFFF) == 0) {
            progress.update(graph.size(), depth, edges);
            if (StateGraph.heapNearlyFull()) {
                return SearchEnd.memoryLimit(
                        Runtime.getRuntime().maxMemory() / (1 << 20), graph.tableBytes() / Math.max(1, graph.size()));
            }
        }
        return SearchEnd.COMPLETE;
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
