package org.ppbus.search.graph;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The states a {@link StateSearch} found and the edges between them: each state's packed words,
 * its breadth-first parent, the actions that led there and its depth, and the successors of every
 * expanded state in one array (CSR), all in chunked storage.
 */
public final class StateGraph {
    /**
     * The most states one search indexes. A state's index is an int, and the lossless store's root
     * table ({@link LongIds}) holds at most three quarters of 2^31 slots; hash compaction hands out
     * int indices too. Past it the search stops, as when memory runs out, rather than let an index
     * overflow (a wrapped size once read as a search with nothing left to expand).
     */
    static final int MOST_STATES = 1_600_000_000;

    /** The most edges kept for the analyses after the search: an edge's position is an int. */
    static final int MOST_EDGES = Integer.MAX_VALUE - 8;

    /** Thrown where a search would need more states or edges than a graph indexes: it stops there. */
    public static final class Full extends RuntimeException {
        Full(String why) {
            super(why, null, false, false);
        }
    }

    private int mostStates = MOST_STATES;
    private int mostEdges = MOST_EDGES;
    private final StateStore table;
    private final Lineage lineage;
    private final HashCompaction compacted; // null for the lossless store
    private int[] levelStart = new int[64]; // the first state of each depth: breadth first, depth never falls
    private int levels;
    private final Chunked.Ints edgeStart = new Chunked.Ints(); // per state, or per source when sparse
    private final Chunked.Ints edges = new Chunked.Ints();
    private int edgeCount;
    private final RankedSet sources; // sparse: the states that have edges; null: every state
    private int pending = -1; // sparse: the state being expanded, until its first edge
    // Per edge, the symmetry that moved its target ({@link #keepSymmetries}); null: none kept. A byte
    // each where the labels fit one (up to 256 symmetries: the Fano plane's 168), else an int.
    private Chunked.Bytes smallSymmetries;
    private Chunked.Ints symmetries;

    public StateGraph(int words, int nodes) {
        this(words, nodes, false);
    }

    /**
     * @param sparse keep the successors of only those states that get an edge ({@link #addEdge}); the
     *     others read as having none. The search then adds only the edges it will analyse.
     */
    public StateGraph(int words, int nodes, boolean sparse) {
        this(words, nodes, sparse, null);
    }

    /**
     * @param spill null for the lossless tree-compressed store; else hash compaction ({@link
     *     HashCompaction}), with the states still to be expanded and the parents on disk in this folder
     */
    public StateGraph(int words, int nodes, boolean sparse, java.nio.file.Path spill) {
        this.compacted = spill == null ? null : new HashCompaction(words, spill);
        this.table = compacted != null ? compacted : new StateTable(words);
        this.lineage = compacted != null ? compacted.parents() : new InMemory(nodes);
        this.sources = sparse ? new RankedSet() : null;
    }

    /** Each state's breadth-first parent and the actions that led there. */
    interface Lineage {
        public void add(int s, int parent, long act);

        int parent(int s);

        long action(int s);

        public long bytes();
    }

    /** Under hash compaction: the bytes written to disk (the queue's spilled states and the parents); else 0. */
    public long diskBytes() {
        return compacted == null ? 0 : compacted.diskBytes();
    }

    /** Whether the states are stored by hash compaction. */
    public boolean hashCompacted() {
        return compacted != null;
    }

    /** Deletes what hash compaction put on disk. */
    public void close() {
        if (compacted != null) {
            compacted.close();
        }
    }

    public int size() {
        return table.size();
    }

    public long[] get(int s) {
        return table.get(s);
    }

    /**
     * How many states were first found at each depth, from the initial state's depth 0: the
     * breadth-first layers. Each is complete up to the depth every state within which was expanded.
     */
    public List<Integer> statesPerDepth() {
        Integer[] n = new Integer[levels];
        for (int d = 0; d < levels; d++) {
            n[d] = (d + 1 < levels ? levelStart[d + 1] : size()) - levelStart[d];
        }
        return List.of(n);
    }

    public int depth(int s) {
        int lo = 0;
        int hi = levels - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (levelStart[mid] <= s) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return lo;
    }

    /** Lowers the limits, so that a test reaches them (the defaults are {@link #MOST_STATES}, {@link #MOST_EDGES}). */
    public StateGraph limitedTo(int states, int edges) {
        this.mostStates = states;
        this.mostEdges = edges;
        return this;
    }

    /**
     * The index of a state, adding it (with its parent, actions and depth) when new.
     *
     * @throws Full for a new state once the graph holds its most states
     */
    public int add(long[] state, int from, long act, int depth) {
        int before = table.size();
        if (before >= mostStates && !table.contains(state)) {
            throw new Full(
                    String.format(Locale.ROOT, "index limit (%,d states, the most a search indexes)", mostStates));
        }
        int idx = table.addOrFind(state);
        if (idx == before) {
            lineage.add(idx, from, act);
            if (depth != levels - 1) {
                if (depth != levels) {
                    throw new IllegalStateException(
                            "state " + idx + " at depth " + depth + " after depth " + (levels - 1));
                }
                if (levels == levelStart.length) {
                    levelStart = Arrays.copyOf(levelStart, 2 * levels);
                }
                levelStart[levels++] = idx;
            }
        }
        return idx;
    }

    /** Starts the successor list of state s; the states must be expanded in order. */
    public void beginEdges(int s) {
        if (sources == null) {
            edgeStart.set(s, edgeCount);
        } else {
            pending = s;
        }
    }

    public void addEdge(int to) {
        addEdge(to, 0);
    }

    /**
     * Adds an edge whose target is the representative of the successor moved by this symmetry (a
     * {@link SearchStep#lastSymmetry} label), kept if {@link #keepSymmetries} was called.
     */
    public void addEdge(int to, int symmetry) {
        if (edgeCount >= mostEdges) {
            throw new Full(String.format(
                    Locale.ROOT,
                    "edge limit (%,d transitions, the most a search keeps for the analyses after it)",
                    mostEdges));
        }
        if (pending >= 0) {
            edgeStart.set(sources.add(pending), edgeCount);
            pending = -1;
        }
        if (smallSymmetries != null) {
            smallSymmetries.set(edgeCount, symmetry);
        } else if (symmetries != null) {
            symmetries.set(edgeCount, symmetry);
        }
        edges.set(edgeCount++, to);
    }

    /**
     * Keeps each edge's symmetry from now on: a reduced search's liveness analysis follows the
     * processors along a loop of orbits through them ({@link QuotientLoops}).
     *
     * @param labels how many labels there are (the symmetries, the identity included)
     */
    public void keepSymmetries(int labels) {
        if (labels <= 256) {
            smallSymmetries = new Chunked.Bytes();
        } else {
            symmetries = new Chunked.Ints();
        }
    }

    /** The symmetry label of edge e (0, the identity, when none are kept). */
    public int edgeSymmetry(int e) {
        return smallSymmetries != null ? smallSymmetries.get(e) : symmetries == null ? 0 : symmetries.get(e);
    }

    /** The first of state s's edges; with every edge kept, s's edges end where s + 1's begin. */
    public int edgeStart(int s) {
        if (sources == null) {
            return edgeStart.get(s);
        }
        int i = sources.rank(s);
        return i < 0 ? 0 : edgeStart.get(i);
    }

    /** One past the last of state s's edges (its successors once it was expanded). */
    public int edgeEnd(int s) {
        if (sources == null) {
            return edgeStart.get(s + 1);
        }
        int i = sources.rank(s);
        return i < 0 ? 0 : i + 1 < sources.size() ? edgeStart.get(i + 1) : edgeCount;
    }

    /**
     * Where state s's successor list is numbered: s itself with every edge kept; in a sparse graph
     * its rank among the states that have edges, or -1 when it has none.
     */
    public int edgeSlot(int s) {
        return sources == null ? s : sources.rank(s);
    }

    /** One past the largest {@link #edgeSlot}. */
    public int edgeSlots() {
        return sources == null ? size() : sources.size();
    }

    public int edge(int e) {
        return edges.get(e);
    }

    public int edgeCount() {
        return edgeCount;
    }

    /** Bytes of the store of visited states (the tree-compressed table) alone. */
    public long storeBytes() {
        return table.bytes();
    }

    /** Bytes of the state table and the edges, which grow with the search. */
    public long tableBytes() {
        return table.bytes() + edges.bytes();
    }

    public long bytes() {
        return tableBytes()
                + lineage.bytes()
                + edgeStart.bytes()
                + (sources == null ? 0 : sources.bytes())
                + (smallSymmetries == null ? 0 : smallSymmetries.bytes())
                + (symmetries == null ? 0 : symmetries.bytes());
    }

    /** The actions per cycle from the cold start to state s. */
    public List<int[]> path(int s, int n) {
        List<int[]> p = new ArrayList<>();
        for (int v = s; lineage.parent(v) >= 0; v = lineage.parent(v)) {
            p.add(0, actions(lineage.action(v), n));
        }
        return p;
    }

    /**
     * The actions from the cold start through state {@code from} and then {@code act}: the run that
     * shows what broke on that edge. The edge's target may have been found first through another
     * parent, whose path need not break it.
     */
    public List<int[]> pathThrough(int from, long act, int n) {
        List<int[]> p = path(from, n);
        p.add(actions(act, n));
        return p;
    }

    /**
     * Unpacks one cycle's actions, 2 bits per processor; at index n the fault's code (0: none), at
     * n + 1 the crashed node + 1 (0: none).
     */
    public static int[] actions(long act, int n) {
        int[] a = new int[n + 2];
        a[n] = Actions.faultOf(act);
        a[n + 1] = Actions.crashOf(act) + 1;
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
    public static boolean heapNearlyFull() {
        // The tables live long, so they end up in the old generation, and its use is the measure
        // where the collector has one: the young generation is mostly garbage, and counting it
        // made a large heap collect in full every few thousand states.
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
            long max = p.getUsage().getMax();
            if (p.getType() == MemoryType.HEAP
                    && max > 0
                    && (p.getName().contains("Old") || p.getName().contains("Tenured"))) {
                if (p.getUsage().getUsed() < 0.8 * max) {
                    return false;
                }
                System.gc();
                return p.getUsage().getUsed() >= 0.8 * max;
            }
        }
        Runtime rt = Runtime.getRuntime();
        long max = rt.maxMemory();
        if (rt.totalMemory() - rt.freeMemory() < 0.8 * max) {
            return false;
        }
        System.gc();
        return rt.totalMemory() - rt.freeMemory() >= 0.8 * max;
    }

    /** The k-th combination of the processors' allowed actions (a bit set of actions each), packed. */
    public static long pick(int[] choices, int k) {
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

    /**
     * The actions that led to each state, as {@link #actions} packs them. Up to 9 processors one int
     * holds a state's: 2 bits per processor, then the fault's 8-bit code and the crash's 5 bits
     * (node + 1); beyond that the long as it is.
     */
    private static final class InMemory implements Lineage {
        private final Chunked.Ints parent = new Chunked.Ints();
        private final int procBits;
        private final Chunked.Ints packed;
        private final Chunked.Longs wide;

        InMemory(int nodes) {
            this.procBits = 2 * nodes;
            boolean compact = procBits + 13 <= 32;
            this.packed = compact ? new Chunked.Ints() : null;
            this.wide = compact ? null : new Chunked.Longs();
        }

        @Override
        public void add(int s, int from, long act) {
            parent.set(s, from);
            if (wide != null) {
                wide.set(s, act);
                return;
            }
            long fault = act >>> Actions.FAULT_SHIFT;
            long crash = act >>> Actions.CRASH_SHIFT & 0xFF;
            long procs = act & ((1L << procBits) - 1);
            if (crash > 31 || (act & ~((1L << procBits) - 1) & ((1L << Actions.CRASH_SHIFT) - 1)) != 0) {
                throw new IllegalArgumentException("actions " + Long.toHexString(act) + " do not pack");
            }
            packed.set(s, (int) (procs | fault << procBits | crash << (procBits + 8)));
        }

        @Override
        public int parent(int s) {
            return parent.get(s);
        }

        @Override
        public long action(int s) {
            if (wide != null) {
                return wide.get(s);
            }
            long v = packed.get(s) & 0xFFFFFFFFL;
            return (v & ((1L << procBits) - 1))
                    | (v >>> procBits & 0xFF) << Actions.FAULT_SHIFT
                    | (v >>> (procBits + 8) & 0x1F) << Actions.CRASH_SHIFT;
        }

        @Override
        public long bytes() {
            return parent.bytes() + (wide != null ? wide.bytes() : packed.bytes());
        }
    }
}
