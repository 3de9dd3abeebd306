package org.ppbus.protocol.cc;

import java.util.ArrayList;
import java.util.List;
import org.ppbus.plane.Wiring;

/**
 * The precedence graph H of docs/SPEC.md §2.4 over the real clients. For clients i, j with
 * common arbiter a, i precedes j iff j holds a's fork dirty, or j's dirty fork is returning to a,
 * or neither holds for i or j and a ranks i above j. At each arbiter this is a total order (the
 * priority list with the dirty holder, if any, moved last), so its consecutive pairs carry all of
 * its reachability and the graph has O(N·K) edges.
 */
public final class PrecedenceGraph {
    private final int nodes;
    private final List<int[]> edges = new ArrayList<>();

    private PrecedenceGraph(int nodes) {
        this.nodes = nodes;
    }

    /** A graph of these edges ({from, to}: from precedes to), for tests of the cycle search. */
    static PrecedenceGraph ofEdges(int nodes, List<int[]> edges) {
        PrecedenceGraph h = new PrecedenceGraph(nodes);
        h.edges.addAll(edges);
        return h;
    }

    public static PrecedenceGraph of(StateView s) {
        Wiring w = s.wiring();
        PrecedenceGraph h = new PrecedenceGraph(w.nodes());
        for (int a = 0; a < w.points(); a++) {
            int[] order = s.priorityOrder(a);
            if (order.length < 2) {
                continue;
            }
            int dirtyHolder = -1;
            for (int c : order) {
                int slot = w.slotOf(c, a);
                int link = w.link(c, slot);
                int f = s.clientFlags(c, slot);
                boolean holdsDirty = (f & LinkFlags.FORK) != 0 && (f & LinkFlags.DIRTY) != 0;
                if (holdsDirty || s.forkReturning(link) == Symbols.DIRTY_FORK) {
                    dirtyHolder = c;
                }
            }
            int prev = -1;
            for (int c : order) {
                if (c == dirtyHolder) {
                    continue;
                }
                if (prev >= 0) {
                    h.edges.add(new int[] {prev, c});
                }
                prev = c;
            }
            if (dirtyHolder >= 0 && prev >= 0) {
                h.edges.add(new int[] {prev, dirtyHolder});
            }
        }
        return h;
    }

    /** A directed cycle i0 → i1 → … → i0 as a list of clients, or an empty list if H is acyclic. */
    public List<Integer> findCycle() {
        if (nodes <= 64 && acyclicByPeeling()) {
            return List.of(); // the common case, decided without building lists (the search asks per state)
        }
        List<List<Integer>> adj = new ArrayList<>();
        for (int i = 0; i < nodes; i++) {
            adj.add(new ArrayList<>());
        }
        for (int[] e : edges) {
            adj.get(e[0]).add(e[1]);
        }
        int[] colour = new int[nodes]; // 0 new, 1 on stack, 2 done
        int[] parent = new int[nodes];
        int[] nextEdge = new int[nodes];
        for (int root = 0; root < nodes; root++) {
            if (colour[root] != 0) {
                continue;
            }
            // Iterative DFS: deep graphs must not overflow the stack.
            int[] stack = new int[nodes];
            int top = 0;
            stack[top++] = root;
            colour[root] = 1;
            parent[root] = -1;
            while (top > 0) {
                int u = stack[top - 1];
                if (nextEdge[u] < adj.get(u).size()) {
                    int v = adj.get(u).get(nextEdge[u]++);
                    if (colour[v] == 0) {
                        colour[v] = 1;
                        parent[v] = u;
                        stack[top++] = v;
                    } else if (colour[v] == 1) {
                        List<Integer> cycle = new ArrayList<>();
                        for (int x = u; x != v; x = parent[x]) {
                            cycle.add(0, x);
                        }
                        cycle.add(0, v);
                        return cycle;
                    }
                } else {
                    colour[u] = 2;
                    top--;
                }
            }
        }
        return List.of();
    }

    /**
     * Kahn's test on bit sets (up to 64 clients): take away every client no remaining client
     * precedes, again and again; H is acyclic exactly when that takes every client away.
     */
    private boolean acyclicByPeeling() {
        long[] preceded = new long[nodes]; // bit i of preceded[j]: i precedes j
        for (int[] e : edges) {
            preceded[e[1]] |= 1L << e[0];
        }
        long left = nodes == 64 ? -1L : (1L << nodes) - 1;
        boolean progress = true;
        while (left != 0 && progress) {
            progress = false;
            for (long rest = left; rest != 0; rest &= rest - 1) {
                int j = Long.numberOfTrailingZeros(rest);
                if ((preceded[j] & left) == 0) {
                    left &= ~(1L << j);
                    progress = true;
                }
            }
        }
        return left == 0;
    }

    public boolean acyclic() {
        return findCycle().isEmpty();
    }

    /** Edges as {from, to} pairs: from precedes to. */
    public List<int[]> edges() {
        return edges;
    }
}
