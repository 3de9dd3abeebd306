package org.ppbus.check;

import java.util.ArrayList;
import java.util.List;

/**
 * The states a {@link StateSearch} found and the edges between them: each state's packed words,
 * its breadth-first parent, the actions that led there and its depth, and the successors of every
 * expanded state in one array (CSR), all in chunked storage.
 */
final class StateGraph {
    private final StateTable table;
    private final Chunked.Ints parent = new Chunked.Ints();
    private final Chunked.Longs action = new Chunked.Longs();   // the actions that led here, 2 bits per processor
    private final Chunked.Ints depthOf = new Chunked.Ints();
    private final Chunked.Ints edgeStart = new Chunked.Ints();
    private final Chunked.Ints edges = new Chunked.Ints();
    private int edgeCount;

    StateGraph(int words) {
        this.table = new StateTable(words);
    }

    int size() {
        return table.size();
    }

    long[] get(int s) {
        return table.get(s);
    }

    int depth(int s) {
        return depthOf.get(s);
    }

    /** The index of a state, adding it (with its parent, actions and depth) when new. */
    int add(long[] state, int from, long act, int depth) {
        int before = table.size();
        int idx = table.addOrFind(state);
        if (idx == before) {
            parent.set(idx, from);
            action.set(idx, act);
            depthOf.set(idx, depth);
        }
        return idx;
    }

    /** Starts the successor list of state s; the states must be expanded in order. */
    void beginEdges(int s) {
        edgeStart.set(s, edgeCount);
    }

    void addEdge(int to) {
        edges.set(edgeCount++, to);
    }

    int edgeStart(int s) {
        return edgeStart.get(s);
    }

    int edge(int e) {
        return edges.get(e);
    }

    int edgeCount() {
        return edgeCount;
    }

    /** Bytes of the state table and the edges, which grow with the search. */
    long tableBytes() {
        return table.bytes() + edges.bytes();
    }

    long bytes() {
        return tableBytes() + parent.bytes() + action.bytes() + depthOf.bytes() + edgeStart.bytes();
    }

    /** The actions per cycle from the cold start to state s. */
    List<int[]> path(int s, int n) {
        List<int[]> p = new ArrayList<>();
        for (int v = s; parent.get(v) >= 0; v = parent.get(v)) {
            p.add(0, actions(action.get(v), n));
        }
        return p;
    }

    /**
     * Unpacks one cycle's actions, 2 bits per processor; at index n the fault's code (0: none), at
     * n + 1 the crashed node + 1 (0: none).
     */
    static int[] actions(long act, int n) {
        int[] a = new int[n + 2];
        a[n] = (int) (act >>> SearchFaults.SHIFT);
        a[n + 1] = SearchCrash.crashOf(act) + 1;
        for (int i = 0; i < n; i++) {
            a[i] = (int) (act >>> (2 * i)) & 3;
        }
        return a;
    }

    /**
     * Whether the heap is so full that the search should stop with what it has: over 80% in use
     * after a full collection. The tables grow in chunks and the liveness analysis needs a few
     * arrays of one entry per state, so the last fifth is kept for those.
     */
    static boolean heapNearlyFull() {
        Runtime rt = Runtime.getRuntime();
        long max = rt.maxMemory();
        if (rt.totalMemory() - rt.freeMemory() < 0.8 * max) {
            return false;
        }
        System.gc();
        return rt.totalMemory() - rt.freeMemory() >= 0.8 * max;
    }

    /** The k-th combination of the processors' allowed actions (a bit set of actions each), packed. */
    static long pick(int[] choices, int k) {
        long act = 0;
        for (int i = 0; i < choices.length; i++) {
            int options = Integer.bitCount(choices[i]);
            int which = k % options;
            k /= options;
            int a = -1;
            for (int bit = 0, seen = 0; bit < 4; bit++) {
                if ((choices[i] & (1 << bit)) != 0 && seen++ == which) {
                    a = bit;
                    break;
                }
            }
            act |= (long) a << (2 * i);
        }
        return act;
    }
}
