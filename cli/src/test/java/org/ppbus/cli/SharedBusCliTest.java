package org.ppbus.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** --buses, --demand and --groups from the command line: the reports, compare, and bad input. */
class SharedBusCliTest {
    private final CliRun cli = new CliRun();

    @ParameterizedTest
    @ValueSource(
            strings = {
                "simulate --algorithm raymond-k --buses 2 --demand 3 --cycles 100",
                "simulate --algorithm ricart-agrawala --buses 2 --cycles 100",
                "simulate --algorithm raymond-k --buses 3 --demand 2 --cycles 100",
                "simulate --algorithm raymond-k --buses 3 --groups 2 --cycles 100",
                "simulate --algorithm raymond-k --buses 0 --cycles 100",
                "simulate --algorithm raymond-k --buses 65 --cycles 100",
                "compare --buses 2 --algorithms raymond-k,lamport --cycles 100"
            })
    void badSharingIsOneLineAndExitTwo(String args) {
        assertEquals(2, cli.run(args.split(" ")), cli.out() + cli.err());
        String e = cli.err().trim();
        assertEquals(1, e.lines().count(), e);
        assertFalse(e.contains("Exception"), e);
    }

    /**
     * A v2 trace records each request's buses and group; replayed with the same settings it gives
     * the same run. Its requests must fit the run, and its fields must be numbers in range.
     */
    @Test
    void aRecordedGroupRunReplaysAndABadV2TraceIsOneLine(@TempDir Path dir) throws Exception {
        Path trace = dir.resolve("g.trace");
        Path first = dir.resolve("first.json");
        Path again = dir.resolve("again.json");
        String[] run = {"simulate", "--algorithm", "cenci-groups", "--groups", "3", "--nodes", "7", "--cycles", "3000"};
        assertEquals(
                0, cli.run(concat(run, "--load", "0.1", "--record", trace.toString(), "--json", first.toString())));
        assertTrue(Files.readString(trace).startsWith("# ppbus request trace v2\n"));
        assertEquals(0, cli.run(concat(run, "--workload", trace.toString(), "--json", again.toString())), cli.err());
        ObjectMapper m = new ObjectMapper();
        JsonNode a = m.readTree(first.toFile());
        JsonNode b = m.readTree(again.toFile());
        for (String key : new String[] {"entries", "messagesPerEntry", "wait", "concurrency", "busUtilizationPerBus"}) {
            assertEquals(a.get(key), b.get(key), key);
        }
        String[][] bad = {
            {"# ppbus request trace v2", "1 0 4 0 -"}, // no bus
            {"# ppbus request trace v2", "1 0 4 1 x"}, // not a group
            {"# ppbus request trace v2", "1 0 4 1"}, // a field missing
            {"# ppbus request trace v2", "1 0 4 3 -"}, // more buses than the run has
            {"# ppbus request trace v2", "1 0 4 1 3"} // a group the run does not have
        };
        for (String[] lines : bad) {
            Path f = dir.resolve("bad.trace");
            Files.writeString(f, String.join("\n", lines) + "\n");
            assertEquals(2, cli.run(concat(run, "--workload", f.toString())), String.join(" / ", lines));
            assertEquals(1, cli.err().trim().lines().count(), cli.err());
            assertFalse(cli.err().contains("Exception"), cli.err());
        }
    }

    private static String[] concat(String[] a, String... b) {
        String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    @Test
    void aSharedRunReportsItsBuses(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("r.json");
        assertEquals(
                0,
                cli.run(
                        "simulate",
                        "--algorithm",
                        "raymond-k",
                        "--buses",
                        "3",
                        "--nodes",
                        "13",
                        "--load",
                        "0.3",
                        "--cycles",
                        "20000",
                        "--quiet",
                        "--json",
                        json.toString()),
                cli.err());
        JsonNode r = new ObjectMapper().readTree(Files.readString(json));
        assertEquals(3, r.get("buses").asInt());
        assertEquals(3, r.get("maxInUse").asInt());
        assertEquals(0, r.get("exclusionViolations").asInt());
        assertEquals(3, r.get("busUtilizationPerBus").size());
        assertEquals(3, r.get("config").get("buses").asInt());
        double perEntry = r.get("messagesPerEntry").get("mean").asDouble();
        assertTrue(perEntry >= 2 * 13 - 3 - 1 && perEntry <= 2 * (13 - 1), "per entry " + perEntry);
    }

    @Test
    void aSingleBusReportHasNoBusKeys(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("r.json");
        assertEquals(0, cli.run("simulate", "--cycles", "2000", "--quiet", "--json", json.toString()), cli.err());
        JsonNode r = new ObjectMapper().readTree(Files.readString(json));
        for (String key : new String[] {"buses", "maxInUse", "concurrency", "exclusionViolations"}) {
            assertFalse(r.has(key), key);
        }
        assertFalse(r.get("config").has("buses"));
    }

    @Test
    void compareWithTwoBusesRunsTheKExclusionAlgorithmsAndNamesTheOthers(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("c.json");
        assertEquals(
                0,
                cli.run(
                        "compare",
                        "--buses",
                        "2",
                        "--nodes",
                        "31",
                        "--load",
                        "0.1",
                        "--cycles",
                        "20000",
                        "--json",
                        json.toString()),
                cli.err());
        JsonNode c = new ObjectMapper().readTree(Files.readString(json));
        assertTrue(c.get("algorithms").size() >= 1);
        for (JsonNode a : c.get("algorithms")) {
            assertEquals(
                    0, a.get("exclusionViolations").asInt(), a.get("algorithm").asText());
            assertEquals(0, a.get("ungranted").asInt());
            assertFalse(a.get("deadlock").asBoolean());
            assertEquals(2, a.get("maxInUse").asInt(), a.get("algorithm").asText());
        }
        assertTrue(c.get("notRun").toString().contains("campos-carvalho"));
        assertTrue(cli.out().contains("not run"), cli.out());
    }
}
