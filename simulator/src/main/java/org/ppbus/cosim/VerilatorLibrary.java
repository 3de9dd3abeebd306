package org.ppbus.cosim;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import org.ppbus.plane.Wiring;
import org.ppbus.protocol.RuleSet;
import org.ppbus.protocol.descriptor.Algorithm;
import org.ppbus.protocol.descriptor.Feature;
import org.ppbus.registry.Algorithms;
import org.ppbus.verilog.Designs;
import org.ppbus.verilog.ExternalTool;
import org.ppbus.verilog.GeneratedDesign;
import org.ppbus.verilog.PlanesVerilogGenerator;

/**
 * Builds (or finds in the cache) the shared library of a Verilated design. The cache key is a hash
 * of every input: the RTL, the shim, the Verilator configuration, the Verilator version and the
 * build flags. A build happens in a private folder that is renamed into place when complete, so a
 * half-built library is never found. Binaries live only in the cache, never in the repository.
 *
 * <p>An entry is loaded only if {@link VerilatorCache#trusted} says it is the one ppbus built; any
 * other entry is removed and built again.
 */
public final class VerilatorLibrary {
    /** Compiler and linker flags: hidden symbols so that several designs load into one JVM. */
    static final String CFLAGS = "-fPIC -fvisibility=hidden";

    static final String LDFLAGS = "-shared -Wl,--exclude-libs,ALL -Wl,-Bsymbolic";

    /**
     * Optimisation per kind of generated file. The "slow" code, run once (construction, reset, the
     * trace's declarations), is compiled without optimisation: at n = 57 the trace declarations
     * alone took 23 s at -O2, and the whole build went from 52 s to 26 s at the same speed. The code
     * run every cycle gets -O2 up to 100 nodes and -O1 above. It was chosen when every unit had its
     * own copy of the code: at n = 133 -O1 both built faster (41 s against 54 s) and ran faster
     * (about 49,000 against 40,000 cycles/s), while at n = 57 -O2 ran 17% faster. Now that one copy
     * serves all instances, -O2 runs 3.7% faster at n = 273 (32,817-32,975 against 31,428-31,795
     * cycles/s unchecked) and builds 9 s slower (59 s against 50 s), so -O1 stays (docs/PERFORMANCE.md).
     */
    static List<String> optimisation(int nodes) {
        return List.of("OPT_FAST=" + (nodes > 100 ? "-O1" : "-O2"), "OPT_SLOW=-O0", OPT_GLOBAL);
    }

    /** The optimisation of Verilator's run-time files, compiled once ({@link VerilatorRuntime}). */
    static final String OPT_GLOBAL = "OPT_GLOBAL=-O2";

    /** The file a build makes, loaded through JNA. */
    static final String LIBRARY = "libppbus_cosim.so";

    /**
     * The trace keeps ppbus_top's own signals (clk, rst, req, gnt and every channel's symbols), the
     * names the Java model's VCD writes; the units' internal registers are left out, which halves
     * the generated code.
     */
    static final String TRACE_DEPTH = "1";

    /**
     * Hierarchical verilation of the client and arbiter units: each distinct parameterisation is
     * compiled once and every instance runs that code, instead of one copy per instance. The top
     * level's fork-conservation assertion reads only the units' simulation-only ports, so checked
     * builds can be hierarchical too.
     */
    static final String HIERARCHICAL_UNITS =
            "hier_block -module \"ppbus_client\"\n" + "hier_block -module \"ppbus_arbiter\"\n";

    private VerilatorLibrary() {}

    /**
     * What to build: an algorithm's RTL at a size, latency and rule set, into a cache.
     *
     * @param checked keep the RTL's simulation assertions (false defines SYNTHESIS, which removes
     *     them, to measure the bare RTL's speed)
     * @param hierarchical verilate the client and arbiter units as models of their own
     * @param mutate applied to every generated Verilog file first (tests build mutants with it)
     * @param log receives each line Verilator and the C++ build print, as it appears
     */
    public record Build(
            Algorithm algorithm,
            int nodes,
            int latencyCycles,
            RuleSet rules,
            Path cache,
            boolean checked,
            boolean hierarchical,
            UnaryOperator<String> mutate,
            Consumer<String> log,
            int buses) {

        /**
         * The checked build of an algorithm's RTL under the fixed rules, in the default cache,
         * hierarchical only where that pays ({@link #hierarchicalPays}), unchanged and silent.
         */
        public static Build of(Algorithm algorithm, int nodes, int latencyCycles) {
            boolean hierarchical = algorithm.has(Feature.SYMBOLS) && hierarchicalPays(nodes);
            return new Build(
                    algorithm,
                    nodes,
                    latencyCycles,
                    RuleSet.FIXED,
                    VerilatorCache.defaultCache(),
                    true,
                    hierarchical,
                    UnaryOperator.identity(),
                    line -> {},
                    1);
        }

        public static Build of(String algorithm, int nodes, int latencyCycles) {
            return of(Algorithms.named(algorithm), nodes, latencyCycles);
        }

        public Build withRules(RuleSet r) {
            return new Build(algorithm, nodes, latencyCycles, r, cache, checked, hierarchical, mutate, log, buses);
        }

        public Build withCache(Path c) {
            return new Build(algorithm, nodes, latencyCycles, rules, c, checked, hierarchical, mutate, log, buses);
        }

        public Build withChecked(boolean c) {
            return new Build(algorithm, nodes, latencyCycles, rules, cache, c, hierarchical, mutate, log, buses);
        }

        public Build withHierarchical(boolean h) {
            return new Build(algorithm, nodes, latencyCycles, rules, cache, checked, h, mutate, log, buses);
        }

        public Build withMutation(UnaryOperator<String> m) {
            return new Build(algorithm, nodes, latencyCycles, rules, cache, checked, hierarchical, m, log, buses);
        }

        /**
         * campos-carvalho-k's RTL for this many buses ({@code PlanesVerilogGenerator}): k planes and
         * a chooser per processor; 1 is the algorithm's own one-bus RTL.
         */
        public Build withBuses(int k) {
            return new Build(algorithm, nodes, latencyCycles, rules, cache, checked, hierarchical, mutate, log, k);
        }

        public Build withLog(Consumer<String> l) {
            return new Build(algorithm, nodes, latencyCycles, rules, cache, checked, hierarchical, mutate, l, buses);
        }
    }

    /**
     * Whether the units are verilated hierarchically: only where a flat build would take too long.
     * Flat code runs faster at every size measured, since one compiled copy of each unit serves all
     * its instances there too and a call into a unit's own model costs more than its logic: at
     * n = 1057 2,443 against 541 cycles/s (docs/PERFORMANCE.md). But the flat n = 1057 build takes
     * 12 minutes against 7.5, which is more than a first run of a few hundred thousand cycles saves,
     * while the flat n = 273 build takes about a minute. Checked and unchecked builds alike, since
     * the assertions read only the units' ports.
     */
    static boolean hierarchicalPays(int nodes) {
        return nodes > 300;
    }

    /** The library for this build, built if it is not in the cache. */
    public static Path build(Build b) throws IOException {
        ExternalTool.require("verilator");
        int nodes = b.nodes();
        int buses = b.buses();
        GeneratedDesign design = (buses > 1
                        ? new PlanesVerilogGenerator("cosim").generate(nodes, b.latencyCycles(), buses)
                        : Designs.generate(b.algorithm(), nodes, b.latencyCycles(), b.rules(), "cosim"))
                .map(b.mutate());
        boolean symbols = b.algorithm().has(Feature.SYMBOLS) || buses > 1;
        if (b.hierarchical() && !symbols) {
            throw new IllegalArgumentException("a hierarchical build needs the Campos-Carvalho units");
        }
        String shim = ShimSource.text(Wiring.forNodes(nodes), b.latencyCycles(), symbols, b.hierarchical(), buses);
        // A k-bus top's planes are inlined, so that the shim reads each plane's channel registers
        // from the root as it reads the one-bus top's (Verilator keeps a module used twice apart).
        String vlt = "`verilator_config\n" + (b.hierarchical() ? HIERARCHICAL_UNITS : "")
                + (buses > 1 ? "inline -module \"ppbus_plane\"\n" : "");
        String version = verilatorVersion();
        String key = hash(design, shim + ShimSource.PRINT_HEADER, vlt, toolFlags(version, nodes, b.checked()));
        Path dir = b.cache().resolve("verilator").resolve(entryName(b, key));
        Path lib = dir.resolve(LIBRARY);
        VerilatorCache.removeAbandonedBuilds(dir.getParent());
        if (Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
            if (VerilatorCache.trusted(dir)) {
                return lib;
            }
            VerilatorCache.removeTree(dir);
        }
        Files.createDirectories(dir.getParent());
        // The builder's process id in the name: a build whose process is gone (Ctrl-C) is abandoned.
        Path work = Files.createTempDirectory(
                dir.getParent(), ".build-" + ProcessHandle.current().pid() + "-");
        design.writeTo(work);
        Files.writeString(work.resolve("shim.cpp"), shim, StandardCharsets.UTF_8);
        Path printHeader = work.resolve("ppbus_print.h").toAbsolutePath();
        Files.writeString(printHeader, ShimSource.PRINT_HEADER, StandardCharsets.UTF_8);
        Files.writeString(work.resolve("ppbus.vlt"), vlt, StandardCharsets.UTF_8);
        Files.createDirectories(work.resolve("obj"));
        List<String> cmd = command(design, work, printHeader, nodes, b.checked(), b.hierarchical());
        Path runtime = VerilatorRuntime.entry(dir.getParent(), version);
        List<String> reuse = VerilatorRuntime.reuse(runtime, work.resolve("obj"));
        cmd.addAll(1, reuse);
        // An interrupt stops here; the folder, named for this process, is then an abandoned build.
        ExternalTool.Result r = ExternalTool.run(work, 3600, b.log(), cmd.toArray(new String[0]))
                .unlessKilled("verilator");
        Path built = work.resolve("obj").resolve(LIBRARY);
        if (r.exitCode() != 0 || !Files.isRegularFile(built)) {
            throw new IOException("verilator build failed in " + work + ": " + tail(r.output()));
        }
        if (reuse.isEmpty() && !b.hierarchical()) {
            VerilatorRuntime.keep(work.resolve("obj"), runtime, b.log());
        }
        Files.move(built, work.resolve(LIBRARY));
        VerilatorCache.removeTree(work.resolve("obj")); // hundreds of megabytes of generated C++ and objects at large n
        VerilatorCache.recordDigest(work, LIBRARY);
        VerilatorCache.install(work, dir, lib);
        return lib;
    }

    /** The cache folder of a build: what a reader needs to recognise it, then the key of its inputs. */
    private static String entryName(Build b, String key) {
        return b.algorithm().name() + (b.buses() > 1 ? "-k" + b.buses() : "") + "-n" + b.nodes() + "-L"
                + b.latencyCycles()
                + (b.rules().equals(RuleSet.FIXED) ? "" : "-" + b.rules().label())
                + (b.checked() ? "" : "-unchecked") + (b.hierarchical() ? "-hier" : "") + "-" + key;
    }

    /** The Verilator command line that builds the shared library in {@code work}. */
    private static List<String> command(
            GeneratedDesign design, Path work, Path printHeader, int nodes, boolean checked, boolean hierarchical) {
        List<String> cmd = new ArrayList<>(List.of(
                "verilator",
                "--cc",
                "--exe",
                "--build",
                "-j",
                "2",
                "--trace",
                "--trace-depth",
                TRACE_DEPTH,
                "-Wno-fatal",
                "--top-module",
                "ppbus_top",
                "-CFLAGS",
                CFLAGS,
                "-CFLAGS",
                "-include " + printHeader,
                "-LDFLAGS",
                LDFLAGS,
                "-o",
                LIBRARY,
                "--Mdir",
                "obj",
                "ppbus.vlt"));
        for (String opt : optimisation(nodes)) {
            cmd.add("-MAKEFLAGS");
            cmd.add(opt);
        }
        if (!checked) {
            cmd.add("+define+SYNTHESIS");
        }
        if (hierarchical) {
            cmd.add("--hierarchical");
        }
        cmd.addAll(design.sources());
        cmd.add(work.resolve("shim.cpp").toAbsolutePath().toString());
        return cmd;
    }

    /** Verilator's version and the flags a build passes it, part of the cache key. */
    private static String toolFlags(String version, int nodes, boolean checked) {
        return version + (checked ? "" : " +define+SYNTHESIS") + " " + String.join(" ", optimisation(nodes));
    }

    /** {@code verilator --version}: part of every cache key. */
    private static String verilatorVersion() throws IOException {
        return ExternalTool.run(Path.of(System.getProperty("java.io.tmpdir")), 60, "verilator", "--version")
                .output()
                .trim();
    }

    private static String hash(GeneratedDesign design, String shim, String vlt, String version) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            for (Map.Entry<String, String> e : design.files().entrySet()) {
                md.update(e.getKey().getBytes(StandardCharsets.UTF_8));
                md.update((byte) 0);
                md.update(e.getValue().getBytes(StandardCharsets.UTF_8));
                md.update((byte) 0);
            }
            for (String s : new String[] {shim, vlt, version, CFLAGS, LDFLAGS, TRACE_DEPTH}) {
                md.update(s.getBytes(StandardCharsets.UTF_8));
                md.update((byte) 0);
            }
            return HexFormat.of().formatHex(md.digest()).substring(0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String tail(String s) {
        String[] l = s.strip().split("\n");
        return String.join(" | ", List.of(l).subList(Math.max(0, l.length - 6), l.length));
    }
}
