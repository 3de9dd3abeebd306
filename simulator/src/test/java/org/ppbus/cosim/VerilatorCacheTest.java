package org.ppbus.cosim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermission;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ppbus.testkit.Verilator;
import org.ppbus.verilog.ExternalTool;

/**
 * The cache loads only what it built: a planted or changed library is rebuilt, never loaded, and a
 * changed run-time archive is never linked.
 */
@Verilator
class VerilatorCacheTest {
    /**
     * A build folder untouched for longer than a day (an interrupted build) is removed by the next
     * build; a recent one, which may be a build under way in another process, stays.
     */
    @Test
    void abandonedBuildFoldersAreRemoved(@TempDir Path cache) throws IOException {
        Path verilator = withTheSuitesRuntime(cache);
        Path old = Files.createDirectories(verilator.resolve(".build-old").resolve("obj"));
        Files.writeString(old.resolve("big.o"), "x");
        Path recent = Files.createDirectories(verilator.resolve(".build-recent"));
        FileTime twoDaysAgo = FileTime.from(Instant.now().minus(Duration.ofHours(48)));
        Files.setLastModifiedTime(verilator.resolve(".build-old"), twoDaysAgo);
        // An interrupted build of a process that has ended (a child that exited), and one of a
        // process that still runs (this one).
        Process child = new ProcessBuilder("true").start();
        long gone = child.pid();
        assertEquals(0, waitFor(child));
        Path interrupted = Files.createDirectories(verilator.resolve(".build-" + gone + "-123"));
        Path running = Files.createDirectories(
                verilator.resolve(".build-" + ProcessHandle.current().pid() + "-456"));
        VerilatorLibrary.build(
                VerilatorLibrary.Build.of("campos-carvalho", 3, 1).withCache(cache));
        assertFalse(Files.exists(verilator.resolve(".build-old")));
        assertFalse(Files.exists(interrupted), "the folder of a build whose process has ended");
        assertTrue(Files.isDirectory(running));
        assertTrue(Files.isDirectory(recent));
    }

    private static int waitFor(Process p) {
        try {
            return p.waitFor();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }

    @Test
    void aTamperedEntryIsNotTrustedAndAPlantedOneIsRebuilt(@TempDir Path cache) throws IOException {
        withTheSuitesRuntime(cache);
        Path lib = VerilatorLibrary.build(
                VerilatorLibrary.Build.of("campos-carvalho", 3, 1).withCache(cache));
        Path dir = lib.getParent();
        assertTrue(VerilatorCache.trusted(dir));
        String built = VerilatorCache.sha256(lib);
        assertEquals(built, Files.readString(dir.resolve(VerilatorCache.DIGEST)).trim());

        // Writable by others: anyone could swap the code in.
        Set<PosixFilePermission> perms = Files.getPosixFilePermissions(lib);
        Files.setPosixFilePermissions(lib, union(perms, PosixFilePermission.OTHERS_WRITE));
        assertFalse(VerilatorCache.trusted(dir));
        Files.setPosixFilePermissions(lib, perms);
        assertTrue(VerilatorCache.trusted(dir));

        // One byte more: the digest no longer matches.
        byte[] original = Files.readAllBytes(lib);
        Files.write(lib, new byte[] {0}, StandardOpenOption.APPEND);
        assertFalse(VerilatorCache.trusted(dir));
        Files.write(lib, original);

        // A file planted under the expected name, with no record of ours: rebuilt before any load.
        Files.delete(dir.resolve(VerilatorCache.DIGEST));
        Files.writeString(lib, "not the library ppbus built");
        assertFalse(VerilatorCache.trusted(dir));
        Path again = VerilatorLibrary.build(
                VerilatorLibrary.Build.of("campos-carvalho", 3, 1).withCache(cache));
        assertEquals(lib, again);
        assertEquals(built.length(), VerilatorCache.sha256(again).length());
        assertNotEquals(
                "not the library ppbus built", new String(Files.readAllBytes(again), StandardCharsets.ISO_8859_1));
        assertTrue(VerilatorCache.trusted(dir));
    }

    /**
     * Verilator's run-time is compiled by the first build only: the next build of another design
     * links the archive the first one kept and compiles no run-time file. An archive changed after
     * it was kept is not linked; it is removed, so the next build compiles and keeps a new one.
     */
    @Test
    void theRuntimeIsCompiledOnceAndAChangedOneIsNeverLinked(@TempDir Path cache) throws IOException {
        List<String> first = new ArrayList<>();
        VerilatorLibrary.build(VerilatorLibrary.Build.of("campos-carvalho", 3, 1)
                .withCache(cache)
                .withLog(first::add));
        assertTrue(first.stream().anyMatch(l -> l.contains("verilated.cpp")), String.join("\n", first));
        Path entry = VerilatorRuntime.entry(
                cache.resolve("verilator"),
                ExternalTool.run(cache, 60, "verilator", "--version").output().trim());
        assertTrue(VerilatorCache.trusted(entry, VerilatorRuntime.ARCHIVE));

        List<String> second = new ArrayList<>();
        Path lib = VerilatorLibrary.build(
                VerilatorLibrary.Build.of("central-rr", 3, 1).withCache(cache).withLog(second::add));
        assertTrue(VerilatorCache.trusted(lib.getParent()));
        assertFalse(second.stream().anyMatch(l -> l.contains("verilated.cpp")), String.join("\n", second));
        assertTrue(second.stream().anyMatch(l -> l.contains(VerilatorRuntime.ARCHIVE)), String.join("\n", second));

        Files.write(entry.resolve(VerilatorRuntime.ARCHIVE), new byte[] {0}, StandardOpenOption.APPEND);
        Path obj = Files.createDirectories(cache.resolve("obj"));
        assertEquals(List.of(), VerilatorRuntime.reuse(entry, obj));
        assertFalse(Files.exists(entry), "the changed archive is removed");
        assertFalse(Files.exists(obj.resolve(VerilatorRuntime.ARCHIVE)), "and never copied into a build");
    }

    /**
     * A test's own cache, with the run-time archive of the suite's cache copied in if there is one,
     * so that the test compiles only its design (about 15 s less); the run-time's own caching is
     * tested above, from an empty cache. Returns the cache's Verilator folder.
     */
    private static Path withTheSuitesRuntime(Path cache) throws IOException {
        Path verilator = Files.createDirectories(cache.resolve("verilator"));
        Path suite = VerilatorCache.defaultCache().resolve("verilator");
        if (Files.isDirectory(suite)) {
            try (Stream<Path> entries = Files.list(suite)) {
                for (Path e : entries.filter(p -> p.getFileName().toString().startsWith("runtime-"))
                        .toList()) {
                    if (VerilatorCache.trusted(e, VerilatorRuntime.ARCHIVE)) {
                        Path copy = Files.createDirectories(verilator.resolve(e.getFileName()));
                        for (String f :
                                List.of(VerilatorRuntime.ARCHIVE, VerilatorCache.digestOf(VerilatorRuntime.ARCHIVE))) {
                            Files.copy(e.resolve(f), copy.resolve(f));
                        }
                    }
                }
            }
        }
        return verilator;
    }

    private static Set<PosixFilePermission> union(Set<PosixFilePermission> a, PosixFilePermission b) {
        EnumSet<PosixFilePermission> s = EnumSet.copyOf(a);
        s.add(b);
        return s;
    }
}
