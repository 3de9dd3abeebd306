package org.ppbus.search.graph;

/**
 * The set of visited states, each a fixed number of 64-bit words, with dense indices given in
 * insertion order (the breadth-first order of the search).
 *
 * <p>States are stored by tree compression (Laarman, van de Pol and Weber, "Parallel recursive
 * state compression for free", SPIN 2011): the words are the leaves of a balanced binary tree; each
 * leaf word is interned in its position's table, and each inner node interns the pair of its
 * children's ids in its own table. The root's id is the state's index. States of one network share
 * most of their parts, a client that did not move in one cycle keeps its id, so the tables below the
 * root stay small and a state costs little more than the root's one key of two ids, against a word
 * per 64 bits of snapshot stored flat. An inner node's pairs are kept packed to the bits its
 * children's ids need ({@link PackedPairs}).
 */
final class StateTable implements StateStore {
    private final int words;
    private final LongIds[] table; // per tree node; node 0 is the root
    private final int[] left; // child nodes of an inner node, -1 for a leaf
    private final int[] right;
    private final int[] leafWord; // the word a leaf holds, -1 for an inner node
    private final int[] leafOrder; // the state's word at each leaf, left to right

    /**
     * The leaves hold the state's words with its two halves interleaved: 0, h, 1, h + 1, … A
     * snapshot writes the clients, then the arbiters, the channels and the monitor's words, so in
     * word order one child of the root would hold most of the fast-changing words and be nearly
     * as large as the root; interleaved, each subtree mixes them. Measured (docs/PERFORMANCE.md),
     * the store takes 6 to 17 % fewer bytes per state on every search tried, at n = 3, 7 and 13.
     * The indices do not change: only where a word is kept.
     */
    static int[] interleavedHalves(int words) {
        int half = (words + 1) / 2;
        int[] order = new int[words];
        int at = 0;
        for (int i = 0; i < half; i++) {
            order[at++] = i;
            if (half + i < words) {
                order[at++] = half + i;
            }
        }
        return order;
    }

    StateTable(int words) {
        if (words < 1) {
            throw new IllegalArgumentException("a state needs at least one word");
        }
        this.words = words;
        int nodes = 2 * words - 1;
        this.table = new LongIds[nodes];
        this.left = new int[nodes];
        this.right = new int[nodes];
        this.leafWord = new int[nodes];
        this.leafOrder = interleavedHalves(words);
        build(0, 0, words, new int[] {1});
    }

    /** Lays out the subtree of node {@code at} over words lo..hi-1; {@code next} is the next free node. */
    private void build(int at, int lo, int hi, int[] next) {
        if (hi - lo == 1) {
            table[at] = new LongIds();
            left[at] = right[at] = -1;
            leafWord[at] = leafOrder[lo];
            return;
        }
        int mid = (lo + hi) >>> 1;
        leafWord[at] = -1;
        int l = left[at] = next[0]++;
        int r = right[at] = next[0]++;
        // An inner node's keys are pairs of its children's ids, packed to the widths those need.
        table[at] = new LongIds(new PackedPairs(() -> table[l].size(), () -> table[r].size()));
        build(left[at], lo, mid, next);
        build(right[at], mid, hi, next);
    }

    /** The index of the state, adding it if it is new (then the index is the old size). */
    @Override
    public int addOrFind(long[] state) {
        if (state.length != words) {
            throw new IllegalArgumentException("state of " + state.length + " words, expected " + words);
        }
        return intern(0, state);
    }

    private int intern(int node, long[] state) {
        if (leafWord[node] >= 0) {
            return table[node].addOrFind(state[leafWord[node]]);
        }
        long pair = (long) intern(left[node], state) << 32 | intern(right[node], state) & 0xFFFFFFFFL;
        return table[node].addOrFind(pair);
    }

    @Override
    public boolean contains(long[] state) {
        return find(0, state) >= 0;
    }

    /** The id of the subtree's part of the state, or -1 where no state added before has that part. */
    private int find(int node, long[] state) {
        if (leafWord[node] >= 0) {
            return table[node].find(state[leafWord[node]]);
        }
        int l = find(left[node], state);
        int r = l < 0 ? -1 : find(right[node], state);
        return r < 0 ? -1 : table[node].find((long) l << 32 | r & 0xFFFFFFFFL);
    }

    @Override
    public long[] get(int index) {
        if (index < 0 || index >= size()) {
            throw new IndexOutOfBoundsException("state " + index + " of " + size());
        }
        long[] s = new long[words];
        expand(0, index, s);
        return s;
    }

    private void expand(int node, int id, long[] out) {
        long key = table[node].key(id);
        if (leafWord[node] >= 0) {
            out[leafWord[node]] = key;
            return;
        }
        expand(left[node], (int) (key >>> 32), out);
        expand(right[node], (int) key, out);
    }

    @Override
    public int size() {
        return table[0].size();
    }

    @Override
    public long bytes() {
        long b = 0;
        for (LongIds t : table) {
            b += t.bytes();
        }
        return b;
    }
}
