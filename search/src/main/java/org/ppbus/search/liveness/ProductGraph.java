package org.ppbus.search.liveness;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.ppbus.search.graph.StateGraph;

/**
 * The graph of pairs (state s, number q of the processor kept hungry) where q is hungry in s, on
 * the graph of a symmetry-reduced search ({@link QuotientLoops}): from (s, q) an edge labelled g
 * leads to (t, g(q)). Numbered densely state by state: a state's pairs start at {@code first[s]},
 * one per hungry processor in number order. So its arrays have one entry per hungry pair, not per
 * state and processor.
 */
final class ProductGraph {
    private final StateGraph graph;
    private final LivenessWatch watch; // ticked once per pair visited
    private final int n;
    private final int[][] moves; // per edge label, where each agent goes (the processors first)
    private final int[] hungryMask;
    private final boolean tracked; // whether a pair follows a processor's number, or is just its state
    private final int[] first; // per state, its first pair; first[states] is the number of pairs
    private final int[] stateOf; // per pair
    private final byte[] numberOf; // per pair
    final int[] localOf; // per pair, its number in the component being analysed, else -1

    /**
     * @param moves per edge label, where each agent goes (the processors first)
     * @param hungryMask per state, the processors that may be followed (bit q for number q)
     * @param tracked whether a pair follows a processor's number along edges; if not, a pair is
     *     just its state (give such states one bit)
     */
    ProductGraph(
            StateGraph graph,
            int n,
            int[][] moves,
            int states,
            int[] hungryMask,
            boolean tracked,
            LivenessWatch watch) {
        this.graph = graph;
        this.watch = watch;
        this.n = n;
        this.moves = moves;
        this.hungryMask = hungryMask;
        this.tracked = tracked;
        this.first = new int[states + 1];
        for (int s = 0; s < states; s++) {
            long next = (long) first[s] + Integer.bitCount(hungryMask[s]);
            if (next > Integer.MAX_VALUE - 8) {
                throw new OutOfMemoryError("the pairs of state and hungry processor do not fit an array");
            }
            first[s + 1] = (int) next;
        }
        int size = first[states];
        this.stateOf = new int[size];
        this.numberOf = new byte[size];
        for (int s = 0, v = 0; s < states; s++) {
            for (int q = 0; q < n; q++) {
                if ((hungryMask[s] >>> q & 1) != 0) {
                    stateOf[v] = s;
                    numberOf[v++] = (byte) q;
                }
            }
        }
        this.localOf = new int[size];
        Arrays.fill(localOf, -1);
    }

    int state(int v) {
        return stateOf[v];
    }

    int number(int v) {
        return numberOf[v];
    }

    /** The pair of state s and number q, or -1 where q is not hungry in s. */
    int pair(int s, int q) {
        int mask = hungryMask[s];
        return (mask >>> q & 1) == 0 ? -1 : first[s] + Integer.bitCount(mask & ((1 << q) - 1));
    }

    /** The pair edge e of pair v's state leads to, or -1 where the processor is not hungry there. */
    int target(int v, int e) {
        return pair(graph.edge(e), tracked ? moves[graph.edgeSymmetry(e)][number(v)] : 0);
    }

    /** The strongly connected components with a loop ({@link Components}). */
    List<int[]> components() {
        Components.Digraph g = new Components.Digraph() {
            @Override
            public int size() {
                return stateOf.length;
            }

            @Override
            public int first(int v) {
                return graph.edgeStart(state(v));
            }

            @Override
            public int end(int v) {
                return graph.edgeEnd(state(v));
            }

            @Override
            public int target(int v, int e) {
                return ProductGraph.this.target(v, e);
            }
        };
        List<int[]> out = new ArrayList<>();
        Components.walk(g, v -> true, watch, (members, from, to) -> {
            if (Components.cyclic(g, members, from, to)) {
                out.add(Arrays.copyOfRange(members, from, to));
            }
            return false;
        });
        return out;
    }
}
