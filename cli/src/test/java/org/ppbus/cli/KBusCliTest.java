package org.ppbus.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ppbus.testkit.PlaceAndRoute;
import org.ppbus.testkit.Simulator;
import org.ppbus.verilog.ExternalTool;

/** {@code generate --buses k} and {@code synth --buses k}: campos-carvalho-k's RTL from the command line. */
class KBusCliTest {
    /**
     * simulate --buses 2 without --algorithm runs campos-carvalho-k. At n = 31 and load 0.2 both runs
     * are saturated (offered load 24.8 bus-cycles per cycle), so each bus is as busy as the single
     * bus and the two together carry more than one.
     */
    @Test
    void twoBusesCarryMoreThanOne(@TempDir Path dir) throws Exception {
        CliRun cli = new CliRun();
        Path k2 = dir.resolve("s.json");
        Path k1 = dir.resolve("s1.json");
        String[] common = {"--nodes", "31", "--load", "0.2", "--cycles", "20000"};
        assertEquals(0, cli.run(concat(new String[] {"simulate", "--buses", "2", "--json", k2.toString()}, common)));
        assertEquals(0, cli.run(concat(new String[] {"simulate", "--json", k1.toString()}, common)));
        JsonNode two = new ObjectMapper().readTree(k2.toFile());
        JsonNode one = new ObjectMapper().readTree(k1.toFile());
        assertEquals("campos-carvalho-k", two.path("algorithm").asText());
        assertEquals(2, two.path("maxInUse").asInt());
        assertEquals(0, two.path("exclusionViolations").asInt());
        assertTrue(
                two.path("totalBusUtilization").asDouble()
                        > 1.5 * one.path("busUtilization").asDouble(),
                two.path("totalBusUtilization") + " against " + one.path("busUtilization"));
    }

    private static String[] concat(String[] a, String[] b) {
        String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    /** The must-show: the k-bus search at n = 3, k = 2 is complete and finds nothing. */
    @Test
    void verifySearchesThreeNodesOnTwoBuses(@TempDir Path dir) throws Exception {
        CliRun cli = new CliRun();
        Path json = dir.resolve("v.json");
        assertEquals(0, cli.run("verify", "--buses", "2", "--nodes", "3", "--json", json.toString()), cli.err());
        JsonNode v = new ObjectMapper().readTree(json.toFile());
        assertTrue(v.path("complete").asBoolean(), v.toString());
        assertEquals(0, v.path("violations").asInt());
        assertEquals(2, v.path("buses").asInt());
        assertTrue(v.path("liveness").asBoolean());
        // k max(1, L) = 2 at L = 1 (docs/PROTOCOL.md), reached by some run of the search.
        assertEquals(2, v.path("overtaking").path("bound").asInt());
        assertEquals(2, v.path("overtaking").path("max").asInt());
    }

    @Test
    @Simulator
    @PlaceAndRoute
    void generateWritesATestbenchThatPassesAndSynthMeasuresIt(@TempDir Path dir) throws Exception {
        CliRun cli = new CliRun();
        Path out = dir.resolve("kb");
        assertEquals(0, cli.run("generate", "--buses", "2", "--nodes", "7", "--out", out.toString()), cli.err());
        assertTrue(Files.readString(out.resolve("ppbus_top.v")).contains("bus[i*2 + b]"));
        ExternalTool.Result build = ExternalTool.run(
                out,
                600,
                "iverilog",
                "-g2005",
                "-s",
                "tb_ppbus_top",
                "-o",
                "tb.vvp",
                "-c",
                "files.f",
                "tb_ppbus_top.v");
        assertEquals(0, build.exitCode(), build.output());
        ExternalTool.Result run = ExternalTool.run(out, 600, "vvp", "-n", "tb.vvp");
        assertTrue(
                run.output().contains("PASS:") && run.output().contains("never two holders of one bus"), run.output());
        Path json = dir.resolve("y.json");
        assertEquals(0, cli.run("synth", "--buses", "2", "--nodes", "7", "--json", json.toString()), cli.err());
        JsonNode y = new ObjectMapper().readTree(json.toFile());
        assertEquals("campos-carvalho-k", y.path("algorithm").asText());
        assertTrue(y.path("total").path("lut4").asLong() > 0, y.toString());
        assertTrue(y.path("total").path("dff").asLong() > 0, y.toString());
        // Place and route by default: the n = 7, k = 2 design fits HX8K, so it has an Fmax.
        assertTrue(y.path("fmaxMhz").asDouble() > 0, y.toString());
    }

    @Test
    void whatHasNoRtlForKBusesIsRefused(@TempDir Path dir) {
        CliRun cli = new CliRun();
        String out = dir.resolve("x").toString();
        String[][] bad = {
            {"generate", "--buses", "2", "--nodes", "7", "--algorithm", "central-rr", "--out", out},
            {"generate", "--buses", "2", "--nodes", "7", "--rules", "literal", "--out", out},
            {"generate", "--buses", "9", "--nodes", "7", "--out", out},
            {"generate", "--buses", "2", "--nodes", "1", "--out", out},
            {"generate", "--buses", "2", "--nodes", "7", "--bus", "wishbone", "--out", out}
        };
        for (String[] args : bad) {
            assertEquals(2, cli.run(args), String.join(" ", args) + ": " + cli.err());
            assertEquals(1, cli.err().strip().lines().count(), cli.err());
            assertTrue(!Files.exists(Path.of(out)), "nothing written for " + String.join(" ", args));
        }
    }
}
