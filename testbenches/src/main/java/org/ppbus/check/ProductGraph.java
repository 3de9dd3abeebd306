package org.ppbus.check;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

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

    /** The strongly connected components with a loop (Tarjan, iterative). */
    List<int[]> components() {
        int size = stateOf.length;
        int[] index = new int[size];
        int[] low = new int[size];
        Arrays.fill(index, -1);
        boolean[] onStack = new boolean[size];
        int[] stack = new int[size];
        int[] callPair = new int[size];
        int[] callEdge = new int[size];
        int sp = 0;
        int counter = 0;
        List<int[]> out = new ArrayList<>();
        for (int root = 0; root < size; root++) {
            if (index[root] >= 0) {
                continue;
            }
            int depth = 0;
            callPair[0] = root;
            callEdge[0] = graph.edgeStart(state(root));
            index[root] = low[root] = counter++;
            stack[sp++] = root;
            onStack[root] = true;
            while (depth >= 0) {
                watch.tick();
                int v = callPair[depth];
                if (callEdge[depth] < graph.edgeEnd(state(v))) {
                    int w = target(v, callEdge[depth]++);
                    if (w < 0) {
                        continue;
                    }
                    if (index[w] < 0) {
                        index[w] = low[w] = counter++;
                        stack[sp++] = w;
                        onStack[w] = true;
                        callPair[++depth] = w;
                        callEdge[depth] = graph.edgeStart(state(w));
                    } else if (onStack[w]) {
                        low[v] = Math.min(low[v], index[w]);
                    }
                    continue;
                }
                if (low[v] == index[v]) {
                    int top = sp;
                    do {
                        onStack[stack[--sp]] = false;
                    } while (stack[sp] != v);
                    int[] component = Arrays.copyOfRange(stack, sp, top);
                    if (component.length > 1 || selfLoop(v)) {
                        out.add(component);
                    }
                }
                if (--depth >= 0) {
                    low[callPair[depth]] = Math.min(low[callPair[depth]], low[v]);
                }
            }
        }
        return out;
    }

    private boolean selfLoop(int v) {
        for (int e = graph.edgeStart(state(v)); e < graph.edgeEnd(state(v)); e++) {
            if (target(v, e) == v) {
                return true;
            }
        }
        return false;
    }
}
