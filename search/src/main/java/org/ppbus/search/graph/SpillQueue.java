package org.ppbus.search.graph;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayDeque;

/**
 * The states of a hash-compacted search still to be expanded, first in, first out, in chunks: the
 * newest chunks go to files in a folder of their own once more than a few are held in memory, and
 * each is read back, and its file deleted, when the search reaches it. So the heap holds a few
 * chunks whatever the frontier's size, and the disk about the frontier. A state is read once, in
 * order: breadth first, nothing asks for a state again once it was expanded.
 */
public final class SpillQueue implements AutoCloseable {
    private static final int CHUNK_WORDS = 1 << 20; // 8 MB
    private static final int IN_MEMORY = 8; // chunks held before the newest go to disk

    private final int words;
    private final int perChunk;
    private final int maxInMemory;
    private final Path folder;
    private final ArrayDeque<Chunk> chunks = new ArrayDeque<>();
    private int inMemory;
    private long size;
    private long spilledBytes;

    private static final class Chunk {
        final long first;
        long[] data; // null while on disk
        Path file;
        int count;

        Chunk(long first, long[] data) {
            this.first = first;
            this.data = data;
        }
    }

    public SpillQueue(int words, Path folder) {
        this(words, folder, CHUNK_WORDS, IN_MEMORY);
    }

    /** With chunks of about {@code chunkWords} words, at most {@code inMemory} held before the newest spill (for tests). */
    public SpillQueue(int words, Path folder, int chunkWords, int inMemory) {
        this.words = words;
        this.perChunk = Math.max(1, chunkWords / words);
        this.maxInMemory = inMemory;
        this.folder = folder;
    }

    public void add(long[] state) {
        Chunk tail = chunks.peekLast();
        if (tail == null || tail.count == perChunk) {
            if (tail != null && inMemory > maxInMemory && chunks.size() > 1) {
                spill(tail);
            }
            tail = new Chunk(size, new long[perChunk * words]);
            chunks.add(tail);
            inMemory++;
        }
        System.arraycopy(state, 0, tail.data, tail.count * words, words);
        tail.count++;
        size++;
    }

    /** State {@code index}; indices are asked for in ascending order, and the chunks before are dropped. */
    public long[] get(long index) {
        while (!chunks.isEmpty() && index >= chunks.peekFirst().first + chunks.peekFirst().count && chunks.size() > 1) {
            Chunk done = chunks.pollFirst();
            inMemory -= done.data != null ? 1 : 0;
        }
        Chunk c = chunks.peekFirst();
        if (c == null || index < c.first || index >= c.first + c.count) {
            throw new IllegalStateException(
                    "state " + index + " is gone: hash compaction keeps a state only until it is expanded");
        }
        if (c.data == null) {
            load(c);
        }
        long[] s = new long[words];
        System.arraycopy(c.data, (int) (index - c.first) * words, s, 0, words);
        return s;
    }

    private void spill(Chunk c) {
        try {
            Files.createDirectories(folder);
            c.file = folder.resolve("states-" + c.first + ".bin");
            ByteBuffer b = ByteBuffer.allocate(c.count * words * 8);
            b.asLongBuffer().put(c.data, 0, c.count * words);
            try (FileChannel ch = FileChannel.open(c.file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                while (b.hasRemaining()) {
                    ch.write(b);
                }
            }
            spilledBytes += b.capacity();
            c.data = null;
            inMemory--;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the search's states to " + folder, e);
        }
    }

    private void load(Chunk c) {
        try {
            ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(c.file));
            c.data = new long[perChunk * words];
            b.asLongBuffer().get(c.data, 0, c.count * words);
            Files.delete(c.file);
            inMemory++;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the search's states back from " + c.file, e);
        }
    }

    /** Bytes of the chunks in memory. */
    long bytes() {
        return (long) inMemory * perChunk * words * 8;
    }

    /** Bytes written to disk so far. */
    public long spilledBytes() {
        return spilledBytes;
    }

    @Override
    public void close() {
        for (Chunk c : chunks) {
            try {
                if (c.file != null) {
                    Files.deleteIfExists(c.file);
                }
            } catch (IOException e) {
                // left in the temporary folder; nothing the search reports depends on it
            }
        }
        chunks.clear();
    }
}
