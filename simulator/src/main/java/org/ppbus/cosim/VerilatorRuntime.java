package org.ppbus.cosim;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.ppbus.verilog.ExternalTool;

/**
 * Verilator's own run-time library (verilated.cpp, its VCD writer and its thread pool), compiled
 * once per toolchain and flags and linked into every flat build, instead of compiled again for each
 * design: at -O2 it is about 15 s of CPU, most of a small design's build (17 s at n = 7). The first
 * flat build compiles it as Verilator always does and keeps its objects, as an archive, in the
 * cache; later builds link that archive in their place.
 *
 * <p>What the objects depend on is the key: Verilator's version, the C++ flags, the header every
 * file includes, the optimisation of the run-time files and the trace option. Every flat build
 * passes the same ones (only the Verilog, its defines and the optimisation of the design's own code
 * differ, and those do not reach the run-time files); a hierarchical build compiles its own.
 */
final class VerilatorRuntime {
    /** The archive of the run-time objects, in its cache entry and in a build's object folder. */
    static final String ARCHIVE = "libppbus_verilated.a";

    private VerilatorRuntime() {}

    /** The cache entry of the run-time compiled with these tool flags ({@code verilator --version}, options). */
    static Path entry(Path verilatorDir, String toolVersion) {
        return verilatorDir.resolve("runtime-" + key(toolVersion));
    }

    /**
     * The arguments that make a build link the cached archive, copied into its object folder, instead
     * of compiling the run-time: none if there is no entry yet, or if the entry is not the one ppbus
     * built ({@link VerilatorCache#trusted(Path, String)}), which is then removed. Make's command-line variables
     * override the generated makefile's: {@code VK_GLOBAL_OBJS} lists the run-time objects to compile
     * and link, {@code LIBS} is linked after the design's objects and is otherwise unused.
     */
    static List<String> reuse(Path entry, Path obj) throws IOException {
        if (!Files.exists(entry, LinkOption.NOFOLLOW_LINKS)) {
            return List.of();
        }
        if (!VerilatorCache.trusted(entry, ARCHIVE)) {
            VerilatorCache.removeTree(entry); // this build compiles the run-time and keeps it afresh
            return List.of();
        }
        Files.copy(entry.resolve(ARCHIVE), obj.resolve(ARCHIVE), StandardCopyOption.REPLACE_EXISTING);
        return List.of("-MAKEFLAGS", "VK_GLOBAL_OBJS=", "-MAKEFLAGS", "LIBS=" + ARCHIVE);
    }

    /**
     * Keeps the run-time objects a build just compiled in {@code obj}, as the archive of {@code entry},
     * if nobody kept them first. Best effort: a failure only costs the next build the compilation.
     */
    static void keep(Path obj, Path entry, Consumer<String> log) {
        if (Files.exists(entry, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try {
            List<String> objects = runtimeObjects(obj);
            if (objects.isEmpty()) {
                return;
            }
            Path work = Files.createTempDirectory(
                    entry.getParent(), ".build-" + ProcessHandle.current().pid() + "-");
            List<String> cmd =
                    new ArrayList<>(List.of("ar", "rcs", work.resolve(ARCHIVE).toString()));
            cmd.addAll(objects);
            ExternalTool.Result r = ExternalTool.run(obj, 120, log, cmd.toArray(new String[0]));
            if (r.exitCode() != 0) {
                VerilatorCache.removeTree(work);
                return;
            }
            VerilatorCache.recordDigest(work, ARCHIVE);
            VerilatorCache.install(work, entry, entry.resolve(ARCHIVE));
            if (Files.exists(work, LinkOption.NOFOLLOW_LINKS)) {
                VerilatorCache.removeTree(work); // another process kept its archive first
            }
        } catch (IOException e) {
            log.accept("ppbus: the Verilator run-time was not cached: " + e.getMessage());
        }
    }

    /** The run-time objects Verilator's makefile compiled into {@code obj}: verilated*.o. */
    private static List<String> runtimeObjects(Path obj) throws IOException {
        try (Stream<Path> s = Files.list(obj)) {
            return s.map(p -> p.getFileName().toString())
                    .filter(n -> n.startsWith("verilated") && n.endsWith(".o"))
                    .sorted()
                    .toList();
        }
    }

    private static String key(String toolVersion) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            for (String s : new String[] {
                toolVersion, VerilatorLibrary.CFLAGS, ShimSource.PRINT_HEADER, VerilatorLibrary.OPT_GLOBAL, "--trace"
            }) {
                md.update(s.getBytes(StandardCharsets.UTF_8));
                md.update((byte) 0);
            }
            return HexFormat.of().formatHex(md.digest()).substring(0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
