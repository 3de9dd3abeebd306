package org.ppbus.search.liveness;

import java.util.Arrays;
import java.util.function.IntPredicate;
import org.ppbus.search.graph.StateGraph;

/**
 * Strongly connected components (Tarjan's algorithm, iterative, so that a long path needs no call
 * stack): the one home of the walk every loop and longest-path analysis of a search's graph uses.
 * Each component is handed over after every component it reaches, in reverse topological order,
 * so a longest-path computation finds its successors' values ready.
 */
final class Components {
    /** A graph whose vertex v has the edge slots {@code first(v) .. end(v) - 1}. */
    interface Digraph {
        int size();

        int first(int v);

        int end(int v);

        /** Where edge slot e of vertex v leads, or -1 where it leaves the part walked. */
        int target(int v, int e);
    }

    /** Receives each component as {@code members[from..to)} (valid during the call); true stops the walk. */
    interface Sink {
        boolean accept(int[] members, int from, int to);
    }

    private Components() {}

    /** The graph of a search's kept edges, restricted to the states {@code inside} marks. */
    static Digraph of(StateGraph graph, boolean[] inside) {
        return new Digraph() {
            @Override
            public int size() {
                return inside.length;
            }

            @Override
            public int first(int v) {
                return graph.edgeStart(v);
            }

            @Override
            public int end(int v) {
                return graph.edgeEnd(v);
            }

            @Override
            public int target(int v, int e) {
                int w = graph.edge(e);
                return inside[w] ? w : -1;
            }
        };
    }

    /**
     * Walks the components of the vertices {@code roots} admits (and of those they reach), ticking
     * the watch once per step; returns whether a sink asked to stop.
     */
    static boolean walk(Digraph g, IntPredicate roots, LivenessWatch watch, Sink sink) {
        int size = g.size();
        int[] index = new int[size];
        int[] low = new int[size];
        Arrays.fill(index, -1);
        boolean[] onStack = new boolean[size];
        int[] stack = new int[size];
        int[] callVertex = new int[size];
        int[] callEdge = new int[size];
        int sp = 0;
        int counter = 0;
        for (int root = 0; root < size; root++) {
            if (index[root] >= 0 || !roots.test(root)) {
                continue;
            }
            int depth = 0;
            callVertex[0] = root;
            callEdge[0] = g.first(root);
            index[root] = low[root] = counter++;
            stack[sp++] = root;
            onStack[root] = true;
            while (depth >= 0) {
                watch.tick();
                int v = callVertex[depth];
                if (callEdge[depth] < g.end(v)) {
                    int w = g.target(v, callEdge[depth]++);
                    if (w < 0) {
                        continue;
                    }
                    if (index[w] < 0) {
                        index[w] = low[w] = counter++;
                        stack[sp++] = w;
                        onStack[w] = true;
                        callVertex[++depth] = w;
                        callEdge[depth] = g.first(w);
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
                    if (sink.accept(stack, sp, top)) {
                        return true;
                    }
                }
                if (--depth >= 0) {
                    low[callVertex[depth]] = Math.min(low[callVertex[depth]], low[v]);
                }
            }
        }
        return false;
    }

    /** Whether a component has a loop: more than one member, or one with an edge to itself. */
    static boolean cyclic(Digraph g, int[] members, int from, int to) {
        if (to - from > 1) {
            return true;
        }
        int v = members[from];
        for (int e = g.first(v); e < g.end(v); e++) {
            if (g.target(v, e) == v) {
                return true;
            }
        }
        return false;
    }
}
