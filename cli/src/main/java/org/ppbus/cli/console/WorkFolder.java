package org.ppbus.cli.console;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * The folder an external tool works in: the one {@code --keep} names, which stays, or a temporary
 * one, which goes when closed, whether the tool succeeded or not.
 */
public final class WorkFolder implements AutoCloseable {
    private final Path dir;
    private final boolean kept;

    private WorkFolder(Path dir, boolean kept) {
        this.dir = dir;
        this.kept = kept;
    }

    /** The folder {@code keep} (made if missing), or a new temporary one named after {@code prefix} when it is null. */
    public static WorkFolder open(Path keep, String prefix) throws IOException {
        return keep != null
                ? new WorkFolder(Files.createDirectories(keep), true)
                : new WorkFolder(Files.createTempDirectory(prefix), false);
    }

    public Path dir() {
        return dir;
    }

    @Override
    public void close() throws IOException {
        if (!kept) {
            deleteTree(dir);
        }
    }

    /** Deletes a folder and everything in it. */
    public static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
