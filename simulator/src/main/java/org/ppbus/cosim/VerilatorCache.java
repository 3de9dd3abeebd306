package org.ppbus.cosim;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The cache of Verilated libraries: where it is, how a finished build enters it, which entries may
 * be loaded, and the clean-up of abandoned builds. A library is native code that runs inside the
 * JVM, so an entry is trusted only if it is the one ppbus built: its SHA-256, recorded at build time
 * next to it, matches; it is a regular file, not a link; and neither it, its record nor its folder
 * is owned by another user or writable by others. {@link VerilatorLibrary} decides what to build.
 */
public final class VerilatorCache {
    private VerilatorCache() {}

    /** $PPBUS_CACHE, else $XDG_CACHE_HOME/ppbus, else ~/.cache/ppbus. */
    public static Path defaultCache() {
        String explicit = System.getenv("PPBUS_CACHE");
        if (explicit != null && !explicit.isBlank()) {
            return Path.of(explicit);
        }
        String xdg = System.getenv("XDG_CACHE_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache");
        return base.resolve("ppbus");
    }

    /** Moves a finished build into the cache; another process that installed the same build first wins. */
    static void install(Path work, Path dir, Path lib) throws IOException {
        try {
            Files.move(work, dir, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException | FileAlreadyExistsException e) {
            // Another process finished the same build first; its library is as good as ours.
            if (!Files.isRegularFile(lib)) {
                throw new IOException("could not install " + dir, e);
            }
        } catch (DirectoryNotEmptyException e) {
            if (!Files.isRegularFile(lib)) {
                throw new IOException("could not install " + dir, e);
            }
        }
    }

    /** How long a private build folder may sit untouched before it counts as abandoned. */
    static final Duration ABANDONED = Duration.ofHours(24);

    /**
     * Removes the private build folders ({@code .build-*}) that a build interrupted with Ctrl-C, or
     * a failed one kept for its logs, left behind: hundreds of megabytes each at large n. Only
     * folders of ours whose builder process has ended, or, without a process id in the name, whose
     * modification time is older than {@link #ABANDONED} (the longest build measured, n = 1057,
     * takes 21 minutes), so a build under way in another process is never touched. Best effort: a
     * folder that cannot be removed stays.
     */
    static void removeAbandonedBuilds(Path verilatorDir) {
        if (!Files.isDirectory(verilatorDir, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        FileTime cutoff = FileTime.from(Instant.now().minus(ABANDONED));
        try (Stream<Path> entries = Files.list(verilatorDir)) {
            for (Path p : entries.filter(e -> e.getFileName().toString().startsWith(".build-"))
                    .toList()) {
                try {
                    if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)
                            && (builderGone(p)
                                    || Files.getLastModifiedTime(p, LinkOption.NOFOLLOW_LINKS)
                                                    .compareTo(cutoff)
                                            < 0)
                            && ownedByUsAndNotWritableByOthers(p)) {
                        removeTree(p);
                    }
                } catch (IOException e) {
                    // left for the next build to try again
                }
            }
        } catch (IOException e) {
            // the cache folder cannot be listed; nothing to clean
        }
    }

    /**
     * A build folder named {@code .build-PID-…} whose process no longer runs: the build was
     * interrupted, and nobody will finish it. (A folder without a process id is judged by age.)
     */
    static boolean builderGone(Path folder) {
        Matcher m = Pattern.compile("\\.build-(\\d+)-.*")
                .matcher(folder.getFileName().toString());
        return m.matches()
                && ProcessHandle.of(Long.parseLong(m.group(1)))
                        .map(h -> !h.isAlive())
                        .orElse(true);
    }

    /** The file beside a library that records its SHA-256 at build time. */
    static final String DIGEST = digestOf(VerilatorLibrary.LIBRARY);

    /** The name of the file that records {@code file}'s SHA-256 beside it. */
    static String digestOf(String file) {
        return file + ".sha256";
    }

    /** Whether a library's cache entry is exactly what ppbus built and nobody else can have changed it. */
    static boolean trusted(Path dir) throws IOException {
        return trusted(dir, VerilatorLibrary.LIBRARY);
    }

    /**
     * Whether {@code dir/file} is exactly what ppbus built and nobody else can have changed it: the
     * SHA-256 recorded beside it matches, and neither it, its record nor the folder is a link, owned
     * by another user or writable by others.
     */
    static boolean trusted(Path dir, String file) throws IOException {
        Path built = dir.resolve(file);
        Path digest = dir.resolve(digestOf(file));
        for (Path p : new Path[] {dir, built, digest}) {
            if (!Files.exists(p, LinkOption.NOFOLLOW_LINKS) || Files.isSymbolicLink(p)) {
                return false;
            }
            if (!ownedByUsAndNotWritableByOthers(p)) {
                return false;
            }
        }
        if (!Files.isRegularFile(built, LinkOption.NOFOLLOW_LINKS)) {
            return false;
        }
        return Files.readString(digest, StandardCharsets.UTF_8).trim().equals(sha256(built));
    }

    /** Records {@code dir/file}'s SHA-256 beside it, for {@link #trusted(Path, String)}. */
    static void recordDigest(Path dir, String file) throws IOException {
        Files.writeString(dir.resolve(digestOf(file)), sha256(dir.resolve(file)) + "\n", StandardCharsets.UTF_8);
    }

    private static boolean ownedByUsAndNotWritableByOthers(Path p) throws IOException {
        PosixFileAttributes a;
        try {
            a = Files.readAttributes(p, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (UnsupportedOperationException e) {
            return true; // no POSIX permissions here: the digest alone decides
        }
        Set<PosixFilePermission> perms = a.permissions();
        return a.owner().getName().equals(System.getProperty("user.name"))
                && !perms.contains(PosixFilePermission.GROUP_WRITE)
                && !perms.contains(PosixFilePermission.OTHERS_WRITE);
    }

    static String sha256(Path file) throws IOException {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            try (InputStream in = Files.newInputStream(file)) {
                byte[] buf = new byte[1 << 16];
                for (int k; (k = in.read(buf)) > 0; ) {
                    md.update(buf, 0, k);
                }
            }
            return HexFormat.of().formatHex(md.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    static void removeTree(Path dir) throws IOException {
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        } catch (IOException e) {
            throw new IOException("cannot remove " + dir + " (remove it by hand): " + e.getMessage());
        }
    }
}
