package org.ppbus.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.ppbus.testbench.Reports;
import org.ppbus.testkit.PlaceAndRoute;
import org.ppbus.testkit.Verilator;

/**
 * Where outputs go: a report on standard output ({@code --json -}) is all that standard output
 * carries, for every command that writes one; two outputs on one path, an output on an input, and
 * {@code -} for an output that is not a report are refused with one line and exit 2.
 */
class OutputPathsTest {
    private final CliRun cli = new CliRun();

    /** Every command with a JSON report that runs without an RTL tool, small. */
    @ParameterizedTest
    @ValueSource(
            strings = {
                "plane --nodes 7",
                "simulate --nodes 7 --cycles 2000 --quiet",
                "compare --nodes 7 --cycles 2000 --algorithms campos-carvalho,lamport",
                "soak --nodes 3 --loads 0.1 --latencies 1 --cycles 2000",
                "faults --nodes 7 --seeds 2 --cycles 2000",
                "verify --nodes 3",
            })
    void aReportOnStandardOutputIsAllThatStandardOutputCarries(String line) throws IOException {
        List<String> args = new ArrayList<>(List.of(line.split(" ")));
        args.addAll(List.of("--json", "-"));
        int code = cli.run(args.toArray(new String[0]));
        assertEquals(0, code, cli.err());
        JsonNode report = Reports.mapper().readTree(cli.out());
        assertEquals(Reports.SCHEMA_VERSION, report.get("schemaVersion").asInt(), cli.out());
        assertTrue(report.get("tool").asText().startsWith("ppbus "), cli.out());
        assertFalse(cli.err().isBlank(), "the readable summary goes to standard error");
    }

    /** The same for the commands that need the RTL tools (installed by ./run-tests; in CI, required). */
    @ParameterizedTest
    @ValueSource(strings = {"synth --nodes 7", "synth --node --orders 2", "cosim --nodes 7 --cycles 2000"})
    @PlaceAndRoute
    @Verilator
    void aToolReportOnStandardOutputIsAllThatStandardOutputCarries(String line) throws IOException {
        aReportOnStandardOutputIsAllThatStandardOutputCarries(line);
    }

    static Stream<Arguments> collisions() {
        return Stream.of(
                Arguments.of("simulate --nodes 7 --cycles 100", List.of("json", "record", "vcd", "trace-out")),
                Arguments.of("compare --nodes 7 --cycles 100 --algorithms lamport", List.of("json", "csv")),
                Arguments.of("soak --nodes 3 --loads 0.1 --latencies 1 --cycles 100", List.of("json", "csv")),
                Arguments.of("verify --nodes 3", List.of("json", "trace-out")));
    }

    @ParameterizedTest
    @MethodSource("collisions")
    void everyPairOfOutputsOnOnePathIsRefused(String line, List<String> outputs, @TempDir Path dir) throws IOException {
        Path same = dir.resolve("same.out");
        for (int i = 0; i < outputs.size(); i++) {
            for (int j = i + 1; j < outputs.size(); j++) {
                List<String> args = new ArrayList<>(List.of(line.split(" ")));
                args.addAll(List.of(
                        "--" + outputs.get(i),
                        same.toString(),
                        "--" + outputs.get(j),
                        dir.resolve(".").resolve("same.out").toString()));
                oneLineUsageError(args);
                assertTrue(cli.err().contains("both write"), cli.err());
                assertFalse(Files.exists(same), "nothing is written");
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"json", "record", "trace-out"})
    void anOutputOnTheInputTraceIsRefused(String output, @TempDir Path dir) throws IOException {
        Path trace = dir.resolve("in.trace");
        String text = "# ppbus request trace v1\n# nodes 7\n1 3 4\n";
        Files.writeString(trace, text);
        oneLineUsageError(List.of(
                "simulate",
                "--nodes",
                "7",
                "--cycles",
                "100",
                "--workload",
                trace.toString(),
                "--" + output,
                trace.toString()));
        assertEquals(text, Files.readString(trace), "the input is untouched");
    }

    @ParameterizedTest
    @ValueSource(strings = {"vcd", "record", "trace-out"})
    void onlyAReportMayGoToStandardOutput(String output, @TempDir Path dir) {
        oneLineUsageError(List.of("simulate", "--nodes", "7", "--cycles", "100", "--" + output, "-"));
        assertTrue(cli.err().contains("standard output"), cli.err());
    }

    @Test
    void twoReportsOnStandardOutputAreRefused() {
        oneLineUsageError(List.of("compare", "--nodes", "7", "--cycles", "100", "--json", "-", "--csv", "-"));
    }

    /** A waveform sent to a device gets no save file and no filters beside it (they went into /dev). */
    @Test
    void aWaveformToADeviceLeavesNothingBesideIt() throws IOException {
        assertEquals(
                0, cli.run("simulate", "--nodes", "7", "--cycles", "200", "--quiet", "--vcd", "/dev/null"), cli.err());
        for (String sidecar : List.of("null.gtkw", "null.c2a.filter", "null.a2c.filter", "null.state.filter")) {
            assertFalse(Files.exists(Path.of("/dev", sidecar)), sidecar);
        }
    }

    /**
     * A waveform the disk cannot take (/dev/full: every write fails as on a full disk) is one line
     * that names it, exit 2: the error used to name no file, and a second error from closing it
     * hid the first.
     */
    @Test
    void aFullDiskIsOneLineThatNamesTheFile() {
        Assumptions.assumeTrue(Files.exists(Path.of("/dev/full")), "no /dev/full here");
        oneLineUsageError(List.of(
                "simulate", "--nodes", "7", "--cycles", "5000", "--load", "0.1", "--quiet", "--vcd", "/dev/full"));
        assertTrue(cli.err().contains("cannot write /dev/full: No space left on device"), cli.err());
    }

    private void oneLineUsageError(List<String> args) {
        cli.assertOneLineUsageError(args.toArray(new String[0]));
    }
}
