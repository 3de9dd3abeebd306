package org.ppbus.cli.options;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Locale;
import org.ppbus.io.AtomicFile;

/**
 * Where every output file of the CLI goes, and how. A regular file (or a new one) is written to a
 * temporary sibling and renamed over the target, so an interrupted run never leaves a partial file
 * under the final name. A target that exists and is not a regular file (a device such as
 * /dev/null, a FIFO, /dev/stdout) is written in place and never replaced; a symbolic link is
 * followed, so the link stays a link and what it points to is written as above. {@code -} means
 * standard output. Errors name the user's path, never the temporary file.
 */
public final class Outputs {
    /** The name that means standard output. */
    public static final String STDOUT = "-";

    private Outputs() {}

    /** Writes {@code content} to the file named by an option value, or to {@code stdout} for "-". */
    public static void write(String target, String content, PrintStream stdout) throws IOException {
        if (target.equals(STDOUT)) {
            stdout.print(content);
            stdout.flush();
            return;
        }
        write(Path.of(target), content);
    }

    /** Writes {@code content} to a path: atomically for a regular or new file, in place for anything else. */
    public static void write(Path target, String content) throws IOException {
        Path real = resolve(target);
        byte[] bytes = content.getBytes(StandardCharsets.UTF_8);
        try {
            if (Files.exists(real) && !Files.isRegularFile(real)) {
                if (Files.isDirectory(real)) {
                    throw new IOException("cannot write " + target + ": it is a folder");
                }
                try (OutputStream o = Files.newOutputStream(real, StandardOpenOption.WRITE)) {
                    o.write(bytes);
                }
                return;
            }
            replace(real, bytes);
        } catch (FileSystemException e) {
            throw new IOException("cannot write " + target + ": " + reason(e));
        }
    }

    /**
     * Checks, before any work, that an output can be written: its folder exists or can be made and
     * takes a new file, and the target is not a folder. Probes with a real file, because permission
     * bits say nothing for root or on a read-only mount.
     */
    public static void checkWritable(String target) throws UsageException {
        if (target == null || target.equals(STDOUT)) {
            return;
        }
        Path real;
        try {
            real = resolve(Path.of(target));
        } catch (IOException | InvalidPathException e) {
            throw new UsageException("cannot write " + target + ": " + e.getMessage());
        }
        if (Files.isDirectory(real)) {
            throw new UsageException("cannot write " + target + ": it is a folder");
        }
        if (Files.exists(real) && !Files.isRegularFile(real)) {
            if (!Files.isWritable(real)) {
                throw new UsageException("cannot write " + target + ": permission denied");
            }
            return; // a device or FIFO: opened when the output is ready, never probed (a FIFO would block)
        }
        Path dir = real.toAbsolutePath().getParent();
        checkFolder(dir, target);
    }

    /** Checks, before any work, that a folder exists or can be made and takes new files. */
    public static void checkFolder(Path dir, String asGiven) throws UsageException {
        try {
            if (Files.exists(dir) && !Files.isDirectory(dir)) {
                throw new UsageException("cannot write into " + asGiven + ": it is not a folder");
            }
            Files.createDirectories(dir);
            Path probe = Files.createTempFile(dir, ".ppbus-probe", ".tmp");
            Files.delete(probe);
        } catch (FileSystemException e) {
            throw new UsageException("cannot write into " + asGiven + ": " + reason(e));
        } catch (IOException e) {
            throw new UsageException("cannot write into " + asGiven + ": " + e.getMessage());
        }
    }

    /** Follows symbolic links (to the end of a chain) so that the link itself is never replaced. */
    private static Path resolve(Path target) throws IOException {
        Path p = target.toAbsolutePath();
        for (int hops = 0; Files.isSymbolicLink(p); hops++) {
            if (hops > 40) {
                throw new IOException("cannot write " + target + ": too many levels of symbolic links");
            }
            Path link = Files.readSymbolicLink(p);
            p = p.getParent() == null ? link : p.getParent().resolve(link).normalize();
        }
        return p;
    }

    private static void replace(Path abs, byte[] bytes) throws IOException {
        Path dir = abs.getParent();
        if (dir != null && !Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            Files.createDirectories(dir);
        }
        AtomicFile.write(abs, bytes);
    }

    /** The reason of a file-system error in words, without the temporary file's name. */
    private static String reason(FileSystemException e) {
        if (e.getReason() != null) {
            return e.getReason();
        }
        if (e instanceof NoSuchFileException) {
            return "no such file or folder";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        return e.getClass()
                .getSimpleName()
                .replace("Exception", "")
                .replaceAll("([a-z])([A-Z])", "$1 $2")
                .toLowerCase(Locale.ROOT);
    }

    /**
     * A file written as a stream (a VCD): {@link #path} is where to write, {@link #commit} puts it in
     * place. A regular or new target is staged in a temporary sibling and renamed on commit; a
     * device or FIFO is written directly. {@link #discard} removes an uncommitted stage.
     */
    public static final class Staged {
        private final Path target;
        private final Path writeTo;
        private final boolean inPlace;

        public Staged(Path target) throws IOException {
            Path real = resolve(target);
            this.target = target;
            this.inPlace = Files.exists(real) && !Files.isRegularFile(real);
            if (Files.isDirectory(real)) {
                throw new IOException("cannot write " + target + ": it is a folder");
            }
            this.writeTo = inPlace ? real : AtomicFile.sibling(real);
        }

        public Path path() {
            return writeTo;
        }

        public void commit() throws IOException {
            if (inPlace) {
                return;
            }
            Path real = resolve(target);
            try {
                AtomicFile.replace(writeTo, real);
            } catch (FileSystemException e) {
                throw new IOException("cannot write " + target + ": " + reason(e));
            }
        }

        public void discard() throws IOException {
            if (!inPlace) {
                Files.deleteIfExists(writeTo);
            }
        }
    }
}
