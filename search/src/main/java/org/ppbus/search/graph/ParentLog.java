package org.ppbus.search.graph;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Each state's breadth-first parent and the actions that led to it, on disk: 12 bytes a state,
 * appended in state order and read back only to write out a counterexample's path. A hash-compacted
 * search keeps them here so that its heap holds little beyond the fingerprints.
 */
public final class ParentLog implements StateGraph.Lineage, AutoCloseable {
    private static final int RECORD = 12;
    private static final int BUFFER = 1 << 20;

    private final Path file;
    private final FileChannel channel;
    private final ByteBuffer pending;
    private long written; // records on disk
    private long size;

    public ParentLog(Path folder) {
        this(folder, BUFFER);
    }

    /** With a buffer of about this many bytes before a write to disk (for tests). */
    public ParentLog(Path folder, int buffer) {
        this.pending = ByteBuffer.allocate(Math.max(1, buffer / RECORD) * RECORD);
        try {
            Files.createDirectories(folder);
            this.file = folder.resolve("parents.bin");
            this.channel = FileChannel.open(
                    file, StandardOpenOption.CREATE_NEW, StandardOpenOption.READ, StandardOpenOption.WRITE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot keep the search's parents in " + folder, e);
        }
    }

    /** Appends state s's parent and actions; states come in order. */
    @Override
    public void add(int s, int parent, long act) {
        if (s != size) {
            throw new IllegalStateException("parent of state " + s + " after " + size + " states");
        }
        if (!pending.hasRemaining()) {
            flush();
        }
        pending.putInt(parent).putLong(act);
        size++;
    }

    @Override
    public int parent(int s) {
        return record(s).getInt(0);
    }

    @Override
    public long action(int s) {
        return record(s).getLong(4);
    }

    private ByteBuffer record(long s) {
        if (s >= written) {
            int at = (int) (s - written) * RECORD;
            return ByteBuffer.wrap(pending.array(), at, RECORD).slice();
        }
        try {
            ByteBuffer b = ByteBuffer.allocate(RECORD);
            while (b.hasRemaining()) {
                channel.read(b, (long) s * RECORD + b.position());
            }
            return b.flip();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the search's parents from " + file, e);
        }
    }

    private void flush() {
        try {
            pending.flip();
            while (pending.hasRemaining()) {
                channel.write(pending, written * RECORD + pending.position());
            }
            written += pending.limit() / RECORD;
            pending.clear();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the search's parents to " + file, e);
        }
    }

    @Override
    public long bytes() {
        return pending.capacity();
    }

    public long diskBytes() {
        return written * RECORD;
    }

    @Override
    public void close() {
        try {
            channel.close();
            Files.deleteIfExists(file);
        } catch (IOException e) {
            // left in the temporary folder; nothing the search reports depends on it
        }
    }
}
