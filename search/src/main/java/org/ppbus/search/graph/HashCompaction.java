package org.ppbus.search.graph;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Hash compaction: a state is stored as its 64-bit fingerprint alone ({@link
 * FingerprintSet}), and the states still to be expanded wait on disk ({@link SpillQueue}). A known
 * state has no index (its fingerprint is all there is), so the search keeps no edges and analyses no
 * liveness: safety only, and a state whose fingerprint another state took first is missed, with the
 * probability {@link FingerprintSet#omissionBound} states. Never the complete search's answer: the
 * report says which it ran.
 */
final class HashCompaction implements StateStore, AutoCloseable {
    private final FingerprintSet seen = new FingerprintSet();
    private final SpillQueue queue;
    private final ParentLog parents;
    private final Path folder;

    /** Keeps its files, the queue's chunks and the parents, in {@code folder}, deleted by {@link #close}. */
    HashCompaction(int words, Path folder) {
        this.folder = folder;
        this.queue = new SpillQueue(words, folder);
        this.parents = new ParentLog(folder);
    }

    /** Each state's parent and actions, on disk. */
    StateGraph.Lineage parents() {
        return parents;
    }

    @Override
    public int addOrFind(long[] state) {
        if (!seen.add(FingerprintSet.fingerprint(state))) {
            return -1;
        }
        queue.add(state);
        return (int) (seen.size() - 1);
    }

    @Override
    public boolean contains(long[] state) {
        return seen.contains(FingerprintSet.fingerprint(state));
    }

    /** A state still to be expanded; asked for in ascending order (breadth first). */
    @Override
    public long[] get(int index) {
        return queue.get(index);
    }

    @Override
    public int size() {
        return (int) seen.size();
    }

    /** The fingerprints and the queue's chunks in memory. */
    @Override
    public long bytes() {
        return seen.bytes() + queue.bytes();
    }

    /** The bytes written to disk: the queue's chunks (each deleted once read) and the parents. */
    long diskBytes() {
        return queue.spilledBytes() + parents.diskBytes();
    }

    @Override
    public void close() {
        queue.close();
        parents.close();
        try {
            Files.deleteIfExists(folder);
        } catch (IOException e) {
            // an empty folder left in the temporary directory; nothing reported depends on it
        }
    }
}
