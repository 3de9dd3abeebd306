package org.ppbus.search.graph;

/**
 * The visited states of a search, each given a dense index in the order found: losslessly in a
 * tree-compressed {@link StateTable}, or by hash compaction ({@link HashCompaction}).
 */
interface StateStore {
    /** The index of the state, adding it if it is new (then the index is the old size); -1 if known and not indexed. */
    int addOrFind(long[] state);

    /** Whether the state was added before; adds nothing. */
    boolean contains(long[] state);

    /** The state of an index. */
    long[] get(int index);

    int size();

    /** Bytes of the heap the store holds. */
    long bytes();
}
