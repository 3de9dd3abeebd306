package org.ppbus.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.ppbus.testbench.Reports;

/**
 * The reproducers of the adversarial pass, each run as a user would run it. Where the
 * behaviour is correct the run exits 0 with no violation; bad input gets one line and exit 2.
 */
class EdgeCasesTest {
    private final CliRun cli = new CliRun();

    private void oneLineUsageError(String... args) {
        cli.assertOneLineUsageError(args);
    }

    // ---- 1 and 8: correct runs at long latency and with long holds pass ----

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "simulate --nodes 2 --latency 4 --hold 1 --load 0.3 --seed 11 --cycles 50000 --quiet",
                "simulate --algorithm chandy-misra --nodes 5 --latency 16 --load 0.3 --seed 12 --cycles 20000 --quiet",
                "simulate --algorithm carvalho-roucairol --nodes 5 --latency 16 --load 0.3 --seed 12 --cycles 20000 --quiet",
                "simulate --hold 200000 --cycles 1000 --load 0.5 --quiet",
                "simulate --algorithm thambu-wong --nodes 5 --latency 7 --load 0.05 --seed 11 --cycles 30000 --quiet",
                "simulate --algorithm thambu-wong --nodes 6 --latency 7 --load 0.05 --seed 11 --cycles 30000 --quiet",
                "simulate --algorithm thambu-wong --nodes 7 --latency 7 --load 0.05 --seed 11 --cycles 30000 --quiet",
                "simulate --algorithm thambu-wong --nodes 7 --latency 10 --load 0.05 --seed 11 --cycles 30000 --quiet",
                "simulate --algorithm thambu-wong --nodes 7 --latency 16 --load 0.05 --seed 11 --cycles 30000 --quiet",
                "simulate --algorithm thambu-wong --nodes 13 --latency 16 --load 0.05 --seed 11 --cycles 30000 --quiet",
                "simulate --algorithm thambu-wong --nodes 31 --latency 16 --load 0.05 --seed 11 --cycles 30000 --quiet",
                "simulate --algorithm thambu-wong --nodes 3 --latency 16 --load 0.05 --seed 11 --cycles 30000 --quiet",
                "simulate --algorithm thambu-wong --nodes 32 --workload non-neighbours --cycles 2000 --hold 2 --quiet",
                "simulate --algorithm thambu-wong --nodes 32 --workload non-neighbours --cycles 2000 --hold 1 --seed 2 --quiet",
                "simulate --algorithm thambu-wong --nodes 79 --workload non-neighbours-alternating --latency 4 --cycles 20000 --quiet",
            })
    void correctRunsExitZero(String line, @TempDir Path dir) {
        List<String> args = new ArrayList<>(List.of(line.split(" ")));
        args.addAll(List.of("--trace-out", dir.resolve("v.trace").toString()));
        assertEquals(0, cli.run(args.toArray(new String[0])), cli.out() + cli.err());
        assertTrue(cli.out().contains("checks: no violation"), cli.out());
    }

    @Test
    void aTraceRequestAfterCyclesIsRefusedNotDropped(@TempDir Path dir) throws IOException {
        Path t = dir.resolve("late.trace");
        Files.writeString(t, "# ppbus request trace v1\n# nodes 3\n5 0 1\n500 1 1\n");
        oneLineUsageError("simulate", "--nodes", "3", "--workload", t.toString(), "--cycles", "100");
        assertTrue(cli.err().contains("give --cycles 501 or more"), cli.err());
        assertEquals(0, cli.run("simulate", "--nodes", "3", "--workload", t.toString(), "--cycles", "501", "--quiet"));
        assertTrue(cli.out().contains("entries 2 "), cli.out());
    }

    // ---- 3: outputs respect what is at the path ----

    @Test
    void aFifoWithAReaderStaysAFifo(@TempDir Path dir) throws Exception {
        Path fifo = dir.resolve("report.fifo");
        assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor());
        CompletableFuture<String> reader = CompletableFuture.supplyAsync(() -> {
            try {
                return Files.readString(fifo);
            } catch (IOException e) {
                throw new RuntimeException(e);
            }
        });
        assertEquals(0, cli.run("simulate", "--cycles", "1000", "--quiet", "--json", fifo.toString()), cli.err());
        JsonNode report = Reports.mapper().readTree(reader.get(30, TimeUnit.SECONDS));
        assertEquals(1000, report.get("loadCycles").asLong());
        assertTrue(Files.exists(fifo, LinkOption.NOFOLLOW_LINKS));
        assertFalse(Files.isRegularFile(fifo, LinkOption.NOFOLLOW_LINKS), "the FIFO was replaced by a file");
        assertEquals("fifo", fileTypeRaw(fifo));
    }

    @Test
    void aSymlinkStaysALinkAndItsTargetGetsTheReport(@TempDir Path dir) throws IOException {
        Path target = dir.resolve("real.json");
        Files.writeString(target, "old");
        Path link = Files.createSymbolicLink(dir.resolve("link.json"), target.getFileName());
        assertEquals(0, cli.run("simulate", "--cycles", "1000", "--quiet", "--json", link.toString()), cli.err());
        assertTrue(Files.isSymbolicLink(link));
        assertEquals(
                1000,
                Reports.mapper().readTree(target.toFile()).get("loadCycles").asLong());
    }

    @Test
    void devNullStaysADevice() throws Exception {
        Path devNull = Path.of("/dev/null");
        assertEquals(0, cli.run("simulate", "--cycles", "1000", "--quiet", "--json", devNull.toString()), cli.err());
        assertFalse(Files.isRegularFile(devNull));
        assertEquals("character special file", fileTypeRaw(devNull));
    }

    private static String fileTypeRaw(Path p) throws Exception {
        Process stat = new ProcessBuilder("stat", "-c", "%F", p.toString()).start();
        String type = new String(stat.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        stat.waitFor();
        return type;
    }

    @Test
    void dashIsStandardOutput(@TempDir Path dir) throws IOException {
        assertEquals(0, cli.run("simulate", "--cycles", "1000", "--quiet", "--json", "-"), cli.err());
        assertEquals(
                1000, Reports.mapper().readTree(cli.out()).get("loadCycles").asLong());
        assertFalse(Files.exists(Path.of("-")), "a file named '-' was written");
        assertTrue(cli.err().contains("entries"), "the readable summary goes to stderr: " + cli.err());
    }

    @Test
    void anUnwritableOutputIsRefusedBeforeTheRun(@TempDir Path dir) throws IOException {
        Path notAFolder = Files.writeString(dir.resolve("file.txt"), "x");
        oneLineUsageError(
                "simulate",
                "--cycles",
                "1000000000",
                "--json",
                notAFolder.resolve("r.json").toString());
        assertTrue(cli.err().contains(notAFolder.resolve("r.json").toString()), cli.err());
        oneLineUsageError("sweep", "--out", notAFolder.resolve("sweep").toString(), "--nodes", "7", "--loads", "0.1");
        oneLineUsageError("results", "--out", notAFolder.resolve("R.md").toString());
    }

    @Test
    void aViolationTraceIsWrittenFirst(@TempDir Path dir) throws IOException {
        Path trace = dir.resolve("a1.trace");
        assertEquals(
                1,
                cli.run(
                        "simulate",
                        "--nodes",
                        "7",
                        "--cycles",
                        "200",
                        "--rules",
                        "literal",
                        "--workload",
                        Path.of("..", "docs", "traces", "a1.trace").toString(),
                        "--trace-out",
                        trace.toString(),
                        "--quiet"));
        assertTrue(Files.readString(trace).startsWith("# ppbus request trace v1"));
    }

    @Test
    void generateWritesEverythingOrNothing(@TempDir Path dir) throws IOException {
        Path out = dir.resolve("rtl");
        Files.createDirectories(out.resolve("files.f")); // one target is a folder
        assertEquals(2, cli.run("generate", "--nodes", "7", "--out", out.toString()));
        try (var files = Files.list(out)) {
            assertEquals(
                    List.of("files.f"),
                    files.map(p -> p.getFileName().toString()).toList());
        }
        assertTrue(cli.err().contains("files.f"), cli.err());
    }

    // ---- 7 and 9: strict input ----

    @ParameterizedTest
    @ValueSource(
            strings = {
                "simulate --nodes 7 --nodes 13 --cycles 10",
                "compare --algorithms ,",
                "compare --algorithms lamport,,coordinator",
                "simulate --nodes 1_0 --cycles 10",
                "simulate --load 0.5d --cycles 10",
                "simulate --load Infinity --cycles 10",
                "simulate --cycles 0x10",
                "simulate --fault drop:5@c2a_c99999999999_a1 --cycles 10",
                "soak --latencies 0 --cycles 10",
                "cosim --algorithm lamport --nodes 3",
                "verify --latency 2147483647",
                "verify --latency 100000",
                "verify --max-states -5",
                "verify --max-depth -1",
            })
    void badInputIsOneLine(String line) {
        oneLineUsageError(line.split(" "));
        assertFalse(cli.err().contains("For input string"), cli.err());
        assertFalse(cli.err().contains("building"), cli.err());
    }

    @Test
    void soakNamesItsOwnOption() {
        oneLineUsageError("soak", "--latencies", "2000", "--cycles", "10");
        assertTrue(cli.err().contains("--latencies"), cli.err());
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "deep|nesting depth",
                "huge|String value length",
                "trailing|Unrecognized token",
                "second|Trailing token",
                "duplicate|Duplicate field",
            })
    void aHostileConfigIsOneLine(String kind, String says, @TempDir Path dir) throws IOException {
        String text = switch (kind) {
            case "deep" -> "[".repeat(1001) + "]".repeat(1001);
            case "huge" -> "{\"workload\": \"" + "x".repeat(30_000_000) + "\"}";
            case "trailing" -> "{\"nodes\": 7} garbage";
            case "second" -> "{\"nodes\": 7} {\"nodes\": 3}";
            default -> "{\"nodes\": 7, \"nodes\": 3}";
        };
        Path f = Files.writeString(dir.resolve(kind + ".json"), text);
        oneLineUsageError("simulate", "--config", f.toString(), "--cycles", "10");
        assertTrue(cli.err().contains(says), cli.err());
        assertTrue(cli.err().contains(f.toString()), cli.err());
    }

    @Test
    void aBinaryTraceSaysWhatItIs(@TempDir Path dir) throws IOException {
        Path f = Files.write(dir.resolve("bin.trace"), new byte[] {(byte) 0xff, (byte) 0xfe, 0, 1, 2});
        oneLineUsageError("simulate", "--workload", f.toString(), "--cycles", "10");
        assertTrue(cli.err().contains("not UTF-8 text"), cli.err());
    }

    // ---- inputs that were accepted, or that ran out of memory ----

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "simulate --hold 2147483647 --cycles 100|must be 1 to 16777216 cycles",
                "faults --seeds 2147483647|--seeds must be 1 to 10000",
                "faults --algorithm misra --rules fixed+heal|applies only to campos-carvalho",
                "simulate --algorithm lamport --rules literal --cycles 100|applies only to campos-carvalho",
                "verify --nodes 3 --max-steps -3 --rtl --no-search|--max-steps must be 1 to 1000",
                "verify --nodes 3 --rtl --no-search --max-states 10|--max-states sets the state search",
                "verify --nodes 3 --rtl --no-search --threads 2|--threads sets the state search",
                "verify --nodes 3 --rtl --no-search --symmetry|--symmetry sets the state search",
                "verify --nodes 3 --rtl --no-search --fairness-after-search|--fairness-after-search sets the state search",
                "verify --nodes 3 --fairness-after-search --symmetry|not on orbits (--symmetry)",
                "verify --nodes 3 --fairness-after-search --no-liveness|(--no-liveness, --hash-compaction)",
                "verify --nodes 3 --hash-compaction --fairness-after-search|(--no-liveness, --hash-compaction)",
                "verify --nodes 3 --fairness-after-search --async|with asynchronous channels (--async)",
                "verify --nodes 3 --fairness-after-search --no-fairness|checks no overtaking bound",
                "verify --nodes 3 --faults drop --fairness-after-search|checks no overtaking bound",
                "verify --nodes 3 --buses 2 --fairness-after-search|takes no --fairness-after-search",
                "verify --nodes 3 --forget-idle-ranks|--forget-idle-ranks needs --active",
                "verify --nodes 3 --active 0,1 --rules fixed+reclaim --faults crash --forget-idle-ranks|with a crash",
                "verify --nodes 3 --active 0,1 --rtl --no-search --forget-idle-ranks|--forget-idle-ranks sets the state search",
                "verify --nodes 3 --fifo -1|--fifo needs --async",
                "verify --nodes 3 --async --fifo 0|--fifo must be 1 to 15",
                "compare --algorithms lamport,lamport --cycles 100|lists 'lamport' twice",
                "verify --nodes 7 --active 0,0|lists '0' twice",
                "simulate --fault drop:27@m_1_1 --algorithm nesterenko-mizuno --nodes 4|a node's message to itself",
                "simulate --trace in.trace --cycles 100|Unrecognized option: --trace",
                "verify --nodes 3 --sym|Unrecognized option: --sym",
            })
    void inputsThatMustBeRefused(String line, String says) {
        oneLineUsageError(line.split(" "));
        assertTrue(cli.err().contains(says), cli.err());
    }

    /**
     * A workload that is neither a name nor a file is refused before any work: sweep printed its
     * plan and cosim started its build first.
     */
    @ParameterizedTest
    @ValueSource(
            strings = {
                "sweep --nodes 7 --loads 0.1 --algorithms lamport --cycles 100 --out OUT",
                "cosim --nodes 7 --cycles 100",
                "simulate --nodes 7 --cycles 100"
            })
    void anUnknownWorkloadIsRefusedBeforeAnyWork(String line, @TempDir Path dir) {
        List<String> args = new ArrayList<>(
                List.of(line.replace("OUT", dir.resolve("out").toString()).split(" ")));
        args.addAll(List.of("--workload", dir.resolve("missing.trace").toString()));
        oneLineUsageError(args.toArray(new String[0]));
        assertTrue(cli.err().contains("is unknown"), cli.err());
        assertFalse(Files.exists(dir.resolve("out")), "the sweep made its folder");
    }

    /** "7 " is a typo to point out, not seven nodes. */
    @Test
    void aNumberWithASpaceIsRefused() {
        oneLineUsageError("simulate", "--nodes", "7 ", "--cycles", "100");
    }

    /** Traces: only ASCII digits; a cycle no run can reach says so; a byte-order mark is read as in a config. */
    @Test
    void tracesReadNumbersAndMarksAsConfigsDo(@TempDir Path dir) throws IOException {
        Path wide = dir.resolve("wide.trace");
        Files.writeString(wide, "# ppbus request trace v1\n# nodes 7\n\uff11 3 4\n");
        oneLineUsageError("simulate", "--nodes", "7", "--cycles", "100", "--workload", wide.toString());
        Path far = dir.resolve("far.trace");
        Files.writeString(far, "# ppbus request trace v1\n# nodes 7\n" + Long.MAX_VALUE + " 3 4\n");
        oneLineUsageError("simulate", "--nodes", "7", "--cycles", "100", "--workload", far.toString());
        assertTrue(cli.err().contains("no run is that long"), cli.err());
        Path bom = dir.resolve("bom.trace");
        Files.writeString(bom, "\uFEFF# ppbus request trace v1\n# nodes 7\n1 3 4\n");
        assertEquals(
                0,
                cli.run("simulate", "--nodes", "7", "--cycles", "100", "--quiet", "--workload", bom.toString()),
                cli.err());
    }

    /** {"cycles": 1e6} in a config reads as --cycles 1e6 does. */
    @Test
    void aConfigTakesAWholeNumberInExponentForm(@TempDir Path dir) throws IOException {
        Path config = dir.resolve("c.json");
        Files.writeString(config, "{\"cycles\": 2e3, \"nodes\": 7.0}");
        Path json = dir.resolve("r.json");
        assertEquals(
                0, cli.run("simulate", "--config", config.toString(), "--quiet", "--json", json.toString()), cli.err());
        JsonNode r = Reports.mapper().readTree(json.toFile());
        assertEquals(2000, r.get("config").get("cycles").asLong());
        assertEquals(7, r.get("config").get("nodes").asInt());
    }

    /** Past the bus's capacity the report says so (a documented example once ran at 2.3 without a word). */
    @Test
    void aSaturatedRunSaysSo() {
        assertEquals(
                0,
                cli.run("simulate", "--nodes", "57", "--cycles", "2000", "--load", "0.01", "--hold", "4"),
                cli.err());
        assertTrue(cli.out().contains("offered load 2.28") && cli.out().contains("the bus is saturated"), cli.out());
        assertEquals(
                0,
                cli.run("simulate", "--nodes", "57", "--cycles", "2000", "--load", "0.001", "--hold", "4"),
                cli.err());
        assertTrue(cli.out().contains("offered load 0.228") && !cli.out().contains("saturated"), cli.out());
    }
}
