package org.ppbus.io;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * A file written whole or not at all: the content goes to a temporary sibling in the same folder
 * (so that the rename is atomic), which is then renamed over the target. An interrupted or failed
 * write leaves the old file, or none, and no sibling behind.
 */
public final class AtomicFile {
    private AtomicFile() {}

    /** Writes {@code bytes} to {@code target}. */
    public static void write(Path target, byte[] bytes) throws IOException {
        Path tmp = sibling(target);
        try {
            Files.write(tmp, bytes);
            replace(tmp, target);
        } finally {
            try {
                Files.deleteIfExists(tmp);
            } catch (IOException ignored) {
                // the folder went away or became read-only; the error that matters was already raised
            }
        }
    }

    /** Writes {@code text} to {@code target} as UTF-8. */
    public static void write(Path target, String text) throws IOException {
        write(target, text.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * The temporary sibling a write of {@code target} stages in: hidden, and named by the process,
     * so that two processes writing the same target never share one.
     */
    public static Path sibling(Path target) {
        Path abs = target.toAbsolutePath();
        return abs.resolveSibling(
                "." + abs.getFileName() + "." + ProcessHandle.current().pid() + ".tmp");
    }

    /** Renames a staged file over its target: atomically where the file system can, else as one rename. */
    public static void replace(Path staged, Path target) throws IOException {
        try {
            Files.move(staged, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(staged, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }
}
