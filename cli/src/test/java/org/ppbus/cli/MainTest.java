package org.ppbus.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.ppbus.bus.Sharing;
import org.ppbus.cli.report.ResultRow;
import org.ppbus.registry.Algorithms;
import org.ppbus.testbench.Reports;
import org.ppbus.testkit.Formal;
import org.ppbus.testkit.PlaceAndRoute;
import org.ppbus.testkit.Verilator;

class MainTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        return Main.run(
                args,
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private String errText() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "--nodes 0",
                "--nodes -4",
                "--load 1.5",
                "--load -0.1",
                "--latency 0",
                "--workload nosuch",
                "--nodes seven",
                "--hold 0",
                "--rules strict",
                "--bogus 3",
                "--config /nonexistent/x.json"
            })
    void badInputIsOneLineAndExitTwo(String bad) {
        String[] args = ("simulate --cycles 10 " + bad).split(" ");
        assertEquals(2, run(args), errText());
        String e = errText().trim();
        assertFalse(e.isEmpty());
        assertEquals(1, e.lines().count(), e);
        assertFalse(e.contains("Exception"), e);
    }

    @Test
    void malformedConfigJsonIsOneLine(@TempDir Path dir) throws Exception {
        Path cfg = dir.resolve("c.json");
        Files.writeString(cfg, "{\"nodes\": 7, ");
        assertEquals(2, run("simulate", "--config", cfg.toString()));
        assertEquals(1, errText().trim().lines().count());
        assertTrue(errText().contains("malformed JSON"));
    }

    @Test
    void simulateWritesTheReportWithTheRequiredFields(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("r.json");
        assertEquals(
                0,
                run(
                        "simulate",
                        "--nodes",
                        "7",
                        "--cycles",
                        "20000",
                        "--load",
                        "0.05",
                        "--seed",
                        "3",
                        "--quiet",
                        "--json",
                        json.toString()));
        JsonNode r = Reports.mapper().readTree(json.toFile());
        for (String f : new String[] {
            "config",
            "cycles",
            "entries",
            "mutexViolations",
            "deadlock",
            "messagesPerEntry",
            "symbolsPerEntry",
            "bitsPerEntry",
            "wait",
            "busUtilization",
            "jainFairness"
        }) {
            assertTrue(r.has(f), f);
        }
        assertTrue(r.get("messagesPerEntry").has("mean")
                && r.get("messagesPerEntry").has("max"));
        for (String f : new String[] {"mean", "p50", "p99", "max"}) {
            assertTrue(r.get("wait").has(f), f);
        }
        assertEquals(0, r.get("mutexViolations").asInt());
        assertFalse(r.get("deadlock").asBoolean());
        // The same settings through --config (a report's "config" is accepted) give the same report.
        Path again = dir.resolve("again.json");
        assertEquals(0, run("simulate", "--config", json.toString(), "--quiet", "--json", again.toString()));
        assertEquals(Files.readString(json), Files.readString(again));
    }

    @Test
    void literalRulesFailWithAReplayableTrace(@TempDir Path dir) throws Exception {
        // Scenario A of the audit (CC-9) as a trace: client 6 eats once, then client 4 asks.
        Path scenario = dir.resolve("a1.trace");
        Files.writeString(scenario, "# ppbus request trace v1\n# nodes 7\n1 6 1\n20 4 1\n");
        Path trace = dir.resolve("v.trace");
        Path json = dir.resolve("v.json");
        int code = run(
                "simulate",
                "--nodes",
                "7",
                "--cycles",
                "100",
                "--rules",
                "literal",
                "--quiet",
                "--workload",
                scenario.toString(),
                "--watchdog",
                "2000",
                "--json",
                json.toString(),
                "--trace-out",
                trace.toString());
        assertEquals(1, code);
        assertTrue(Files.readString(trace).startsWith("# ppbus request trace v1"));
        JsonNode r = Reports.mapper().readTree(json.toFile());
        long cycle = r.get("violation").get("cycle").asLong();
        // Replaying the trace reproduces the same first violation at the same cycle.
        Path json2 = dir.resolve("v2.json");
        run(
                "simulate",
                "--nodes",
                "7",
                "--cycles",
                "100",
                "--rules",
                "literal",
                "--quiet",
                "--watchdog",
                "2000",
                "--workload",
                trace.toString(),
                "--json",
                json2.toString(),
                "--trace-out",
                dir.resolve("w.trace").toString());
        JsonNode r2 = Reports.mapper().readTree(json2.toFile());
        assertEquals(cycle, r2.get("violation").get("cycle").asLong());
        assertEquals(r.get("violation").get("invariant"), r2.get("violation").get("invariant"));
    }

    @Test
    void planeJson(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("p.json");
        assertEquals(0, run("plane", "--nodes", "10", "--json", json.toString()));
        JsonNode p = Reports.mapper().readTree(json.toFile());
        assertEquals(3, p.get("order").asInt());
        assertEquals(13, p.get("points").asInt());
        assertEquals(10, p.get("nodes").asInt());
        assertEquals(3, p.get("fictitious").size());
        assertEquals(13, p.get("lines").size());
        assertEquals(2, run("plane", "--nodes", "0"));
    }

    @Test
    void helpForEveryCommand() {
        assertEquals(0, run("--help"));
        for (String c : Main.commands().keySet()) {
            assertEquals(0, run(c, "--help"), c);
        }
        assertEquals(2, run("frobnicate"));
    }

    /**
     * The model checks its settings in its own terms (a field and what is wrong); each command
     * reports that under its own option, so a soak's latency error names --latencies.
     */
    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "simulate --latency 0|ppbus simulate: --latency: must be at least 1 cycle, got 0",
                "simulate --latency 2000|ppbus simulate: --latency: must be at most 1024 cycles, got 2000",
                "simulate --hot-load 2|ppbus simulate: --hot-load: must be in [0,1], got 2.0",
                "simulate --stall 0|ppbus simulate: --stall: must be at least 1 cycle, got 0",
                "simulate --algorithm lamport --fault corrupt:random|ppbus simulate: --fault: into lamport's messages is drop:random, drop:CYCLE@m_FROM_TO, delay:CYCLE@m_FROM_TO[+D] or crash:NODE@CYCLE, got corrupt:random",
                "faults --algorithm misra --kinds corrupt|ppbus faults: --kinds: misra takes drop, crash, got 'corrupt'",
                "faults --algorithm central-rr --kinds drop|ppbus faults: --kinds: central-rr takes crash, got 'drop'",
                "faults --rules bogus|ppbus faults: --rules: unknown rule set 'bogus' (fixed, literal, literal+F1+F2..., each with +heal and +reclaim)",
                "compare --hold 0|ppbus compare: --hold: must be 1 to 16777216 cycles, got 0",
                "cosim --nodes 5000|ppbus cosim: --nodes: must be at most 4161 (q = 64), got 5000",
                "soak --latencies 0|ppbus soak: --latencies: must be at least 1 cycle, got 0",
                "faults --load 1.5|ppbus faults: --load: must be in [0,1], got 1.5"
            })
    void configErrorsNameTheCommandsOwnOption(String args, String expected) {
        assertEquals(2, run((args + " --cycles 10").split(" ")));
        assertEquals(expected, errText().trim());
    }

    /** An unknown algorithm is named under the option that gave it, with the list, in one line. */
    @ParameterizedTest
    @ValueSource(strings = {"simulate", "faults"})
    void anUnknownAlgorithmIsNamedUnderItsOption(String command) {
        assertEquals(2, run(command, "--algorithm", "nope", "--cycles", "10"));
        String err = errText().trim();
        assertTrue(err.startsWith("ppbus " + command + ": --algorithm: 'nope' is unknown ("), err);
        assertEquals(1, err.lines().count());
    }

    static Stream<String> algorithmNames() {
        return Algorithms.names().stream();
    }

    /**
     * Every algorithm's report on standard output is JSON alone (the summary goes to stderr), and
     * its per-entry figures are consistent: bits come from the message widths, and no entry can
     * cost less than the mean of all of them, which a per-entry max below the mean would say.
     */
    @ParameterizedTest
    @MethodSource("algorithmNames")
    void everyAlgorithmsJsonReportIsConsistent(String algorithm) throws Exception {
        assertEquals(
                0,
                run("simulate", "--algorithm", algorithm, "--nodes", "7", "--cycles", "20000", "--json", "-"),
                errText());
        JsonNode r = new ObjectMapper().readTree(out.toString(StandardCharsets.UTF_8));
        assertEquals(algorithm, r.get("algorithm").asText());
        boolean sends = !Algorithms.named(algorithm).messages().at(7).isEmpty();
        for (String figure : new String[] {"messagesPerEntry", "bitsPerEntry"}) {
            JsonNode f = r.get(figure);
            assertEquals(sends, f.get("mean").asDouble() > 0, algorithm + " " + figure + " " + f);
            assertTrue(f.get("max").asDouble() >= f.get("mean").asDouble(), algorithm + " " + figure + " " + f);
        }
    }

    /** A sweep's CSV carries every setting of a point, and points with other rules or workloads are other points. */
    @Test
    void sweepCarriesHoldWorkloadAndRules(@TempDir Path dir) throws Exception {
        assertEquals(
                0,
                run(
                        "sweep",
                        "--algorithms",
                        "campos-carvalho",
                        "--nodes",
                        "7",
                        "--loads",
                        "0.05",
                        "--cycles",
                        "2000",
                        "--hold",
                        "3",
                        "--rules",
                        "literal+F3",
                        "--workload",
                        "neighbours",
                        "--out",
                        dir.toString(),
                        "--quiet"),
                errText());
        List<String> csv = Files.readAllLines(dir.resolve("sweep.csv"));
        assertTrue(csv.get(0).endsWith(",hold,workload,rules,warmup,buses,demand,groups"), csv.get(0));
        assertTrue(csv.get(1).endsWith(",3,neighbours,literal+F3,0,1,1,0"), csv.get(1));
        assertTrue(Files.exists(
                dir.resolve("points").resolve("campos-carvalho_n7_p0.05_L1_s1_c2000_h3_rliteral+F3_wneighbours.json")));
        // The same point with the fixed rules is another point: it runs, it is not taken from the file.
        assertEquals(
                0,
                run(
                        "sweep",
                        "--algorithms",
                        "campos-carvalho",
                        "--nodes",
                        "7",
                        "--loads",
                        "0.05",
                        "--cycles",
                        "2000",
                        "--hold",
                        "3",
                        "--workload",
                        "neighbours",
                        "--out",
                        dir.toString(),
                        "--quiet"),
                errText());
        assertTrue(Files.readAllLines(dir.resolve("sweep.csv")).get(1).endsWith(",3,neighbours,fixed,0,1,1,0"));
    }

    /** The replay command simulate prints reproduces the same violation at the same cycle. */
    @ParameterizedTest
    @ValueSource(
            strings = {
                "--nodes 13 --cycles 30000 --load 0.05 --rules literal",
                "--nodes 10 --cycles 20000 --load 0.1 --latency 3 --geometric-hold --rules literal+F2"
            })
    void simulatesReplayReproducesItsViolation(String settings, @TempDir Path dir) throws Exception {
        String trace = dir.resolve("v.trace").toString();
        assertEquals(1, run(("simulate " + settings + " --trace-out " + trace).split(" ")));
        String first = out.toString(StandardCharsets.UTF_8);
        String violation =
                first.lines().filter(l -> l.startsWith("VIOLATION")).findFirst().orElseThrow();
        String replay = first.lines()
                .filter(l -> l.startsWith("replay: ppbus "))
                .findFirst()
                .orElseThrow()
                .substring("replay: ppbus ".length())
                .replaceAll("  \\(.*", "");
        out.reset();
        assertEquals(1, run(replay.split(" ")));
        assertTrue(out.toString(StandardCharsets.UTF_8).contains(violation), replay + " gave:\n" + out);
    }

    /** generate writes a FuseSoC core next to the design, naming its files in compile order, and honours --prefix. */
    @Test
    void generateWritesACoreFileAndTakesAPrefix(@TempDir Path dir) throws Exception {
        assertEquals(0, run("generate", "--nodes", "7", "--prefix", "arb0_", "--out", dir.toString()), errText());
        String core = Files.readString(dir.resolve("arb0_top.core"));
        assertTrue(core.startsWith("CAPI=2:\n"), core);
        assertTrue(core.contains("toplevel: arb0_top\n") && core.contains("toplevel: tb_arb0_top\n"), core);
        List<String> listed = Files.readAllLines(dir.resolve("files.f")).stream()
                .filter(l -> !l.startsWith("//") && !l.startsWith("+incdir+"))
                .toList();
        assertEquals(List.of("arb0_outq.v", "arb0_channel.v", "arb0_client.v", "arb0_arbiter.v", "arb0_top.v"), listed);
        for (String f : listed) {
            assertTrue(core.contains("      - " + f + "\n"), f);
            assertTrue(Files.readString(dir.resolve(f)).contains("module " + f.replace(".v", "")), f);
        }
        assertTrue(Files.readString(dir.resolve("tb_arb0_top.v")).contains("arb0_top dut ("));
        assertFalse(Files.readString(dir.resolve("arb0_top.v")).contains("ppbus_client"));
        assertEquals(
                2,
                run(
                        "generate",
                        "--nodes",
                        "7",
                        "--prefix",
                        "9bad",
                        "--out",
                        dir.resolve("x").toString()));
    }

    /** soak writes its finished points as JSON reports and as the sweep's CSV rows, like sweep and compare. */
    @Test
    void soakWritesJsonAndCsv(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("s.json");
        Path csv = dir.resolve("s.csv");
        assertEquals(
                0,
                run(
                        "soak",
                        "--nodes",
                        "3,7",
                        "--loads",
                        "0.1",
                        "--latencies",
                        "1,2",
                        "--cycles",
                        "3000",
                        "--json",
                        json.toString(),
                        "--csv",
                        csv.toString()),
                errText());
        JsonNode points = new ObjectMapper().readTree(json.toFile()).get("points");
        assertEquals(4, points.size());
        List<String> rows = Files.readAllLines(csv);
        assertEquals(ResultRow.CSV_HEADER, rows.get(0));
        assertEquals(5, rows.size());
        for (int i = 0; i < 4; i++) {
            assertEquals(
                    points.get(i).get("config").get("nodes").asInt(),
                    Integer.parseInt(rows.get(i + 1).split(",")[1]));
        }
        assertEquals(2, run("soak", "--cosim", "--json", json.toString()));
    }

    @Test
    void generateWritesTheContractTopLevel(@TempDir Path dir) throws Exception {
        assertEquals(0, run("generate", "--nodes", "7", "--out", dir.toString()));
        assertTrue(Files.readString(dir.resolve("ppbus_top.v")).contains("module ppbus_top ("));
        assertTrue(Files.readString(dir.resolve("files.f")).contains("ppbus_top.v"));
        assertEquals(
                0,
                run(
                        "generate",
                        "--nodes",
                        "5",
                        "--algorithm",
                        "central-rr",
                        "--out",
                        dir.resolve("rr").toString()));
        assertTrue(Files.readString(dir.resolve("rr").resolve("ppbus_top.v")).contains("ppbus_rr_arbiter"));
        assertEquals(2, run("generate", "--nodes", "7", "--latency", "0", "--out", dir.toString()));
        assertEquals(2, run("generate", "--nodes", "7"));
        assertEquals(2, run("generate", "--nodes", "7", "--algorithm", "bogus", "--out", dir.toString()));
    }

    /**
     * {@code --rules literal} switches every fix off: n = 7 has 7 clients (F3) and 7 arbiters with 3
     * clients each (F1, F2), so 21 overrides, and the header names the rules.
     */
    @Test
    void generateTakesTheRuleSet(@TempDir Path dir) throws Exception {
        assertEquals(0, run("generate", "--nodes", "7", "--rules", "literal", "--out", dir.toString()), errText());
        String top = Files.readString(dir.resolve("ppbus_top.v"));
        assertEquals(21, top.split("\\((0)\\)", -1).length - 1);
        assertTrue(top.contains(" rules=literal "));
        assertTrue(top.contains("--rules literal --out DIR"));
        assertEquals(
                0,
                run(
                        "generate",
                        "--nodes",
                        "7",
                        "--rules",
                        "literal+F1+F2+F3",
                        "--out",
                        dir.resolve("f").toString()));
        assertEquals(
                0, run("generate", "--nodes", "7", "--out", dir.resolve("d").toString()));
        assertEquals(
                Files.readString(dir.resolve("d").resolve("ppbus_top.v")),
                Files.readString(dir.resolve("f").resolve("ppbus_top.v")));
        err.reset();
        assertEquals(
                2,
                run(
                        "generate",
                        "--nodes",
                        "7",
                        "--rules",
                        "strict",
                        "--out",
                        dir.resolve("x").toString()));
        assertEquals(1, errText().trim().split("\n").length, errText());
        assertEquals(
                2,
                run(
                        "generate",
                        "--nodes",
                        "7",
                        "--algorithm",
                        "central-rr",
                        "--rules",
                        "literal",
                        "--out",
                        dir.resolve("y").toString()));
    }

    @Test
    @Formal
    void synthReportsCellsAsJson(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("s.json");
        assertEquals(0, run("synth", "--nodes", "3", "--no-pnr", "--json", json.toString()));
        JsonNode r = Reports.mapper().readTree(json.toFile());
        assertTrue(r.get("total").get("lut4").asLong() > 0);
        assertTrue(r.get("total").get("dff").asLong() > 0);
        // Three clients of K=2, three arbiters of P=2, 12 output queues and 12 channels (2 DFF each):
        // the channels and queues alone hold 48 flip-flops.
        assertTrue(r.get("total").get("dff").asLong() >= 48);
        assertTrue(r.get("fitsHx8k").asBoolean());
    }

    /**
     * One node per plane order, placed and routed alone. Its flip-flops are what the protocol keeps,
     * counted from the units: the client's state (2 bits, or 3 when Yosys re-encodes the state
     * machine one-hot) and fork, token, strong-request and dirty bits per link (4K); the arbiter's
     * OWNER, token and strong-request bits per port (3P) and one priority bit per pair
     * (P(P-1)/2); one 2-bit queue per link on each side (2K + 2P).
     */
    @Test
    @PlaceAndRoute
    void synthNodeReportsAreaAndFmaxPerOrder(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("node.json");
        assertEquals(0, run("synth", "--node", "--orders", "2,3", "--json", json.toString()));
        JsonNode nodes = Reports.mapper().readTree(json.toFile()).get("nodes");
        assertEquals(2, nodes.size());
        for (JsonNode node : nodes) {
            int q = node.get("order").asInt();
            int k = q + 1;
            long protocol = 2 + 4L * k + 3L * k + (long) k * (k - 1) / 2 + 4L * k;
            long dff = node.get("dff").asLong();
            assertTrue(
                    dff == protocol || dff == protocol + 1,
                    "q=" + q + ": " + dff + " flip-flops, expected " + protocol);
            assertTrue(node.get("lut4").asLong() > 0);
            assertTrue(node.get("fmaxMhz").asDouble() > 0, node.toString());
        }
        assertEquals(2, run("synth", "--node", "--orders", "6"));
        assertEquals(2, run("synth", "--node", "--nodes", "7"));
        assertEquals(2, run("synth", "--nodes", "7", "--orders", "2"));
    }

    @Test
    void simulateWritesAVcdWindow(@TempDir Path dir) throws Exception {
        Path vcd = dir.resolve("w.vcd");
        assertEquals(
                0,
                run(
                        "simulate",
                        "--nodes",
                        "7",
                        "--cycles",
                        "300",
                        "--load",
                        "0.2",
                        "--quiet",
                        "--vcd",
                        vcd.toString(),
                        "--vcd-window",
                        "100:200"));
        String text = Files.readString(vcd);
        assertTrue(text.contains("$scope module ppbus_top $end"));
        assertTrue(text.contains(" c2a_c0_a1 [1:0] $end"));
        assertTrue(text.contains("\n#1000\n") && text.contains("\n#2005\n"));
        assertFalse(text.contains("\n#995\n") || text.contains("\n#2010\n"), "outside the window");
        assertEquals(2, run("simulate", "--cycles", "10", "--vcd", vcd.toString(), "--vcd-window", "9:3"));
        assertEquals(2, run("simulate", "--cycles", "10", "--vcd-window", "1:3"));
    }

    @Test
    @Verilator
    void cosimReportsNoDivergence(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("c.json");
        assertEquals(
                0,
                run(
                        "cosim",
                        "--nodes",
                        "3",
                        "--cycles",
                        "5000",
                        "--load",
                        "0.2",
                        "--seed",
                        "2",
                        "--json",
                        json.toString()));
        JsonNode r = Reports.mapper().readTree(json.toFile());
        assertEquals(0, r.get("divergences").asInt());
        assertEquals(
                "verilator",
                r.get("config").get("rtlSimulator").asText(),
                "without --fault cosim is the Verilator lockstep");
        assertTrue(r.get("cycles").asLong() >= 5000);
        for (String f : new String[] {"javaCyclesPerSecond", "rtlCyclesPerSecond", "lockstepCyclesPerSecond"}) {
            assertTrue(r.get(f).asDouble() > 0, f);
        }
        assertTrue(r.get("buildSeconds").asDouble() > 0, "the build, or the cache lookup, takes some time");
        assertFalse(r.get("interrupted").asBoolean());
        assertEquals(2, run("cosim", "--nodes", "0"));
    }

    @Test
    void compareWritesOneRowPerAlgorithm(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("c.json");
        Path csv = dir.resolve("c.csv");
        assertEquals(
                0,
                run(
                        "compare",
                        "--nodes",
                        "13",
                        "--load",
                        "0.05",
                        "--cycles",
                        "20000",
                        "--json",
                        json.toString(),
                        "--csv",
                        csv.toString()));
        JsonNode rows = Reports.mapper().readTree(json.toFile()).get("algorithms");
        // Every algorithm of the single bus; those for more buses or groups run with --buses etc.
        assertEquals(Algorithms.serving(Sharing.SINGLE).size(), rows.size());
        for (JsonNode row : rows) {
            for (String f :
                    new String[] {"algorithm", "mutexViolations", "deadlock", "messagesPerEntry", "bitsPerEntry", "wait"
                    }) {
                assertTrue(row.has(f), f);
            }
        }
        // n = N = 13 (q = 3): N·q remote links of 4 wires each, shared by N nodes: 4q = 12 per node.
        assertEquals(12.0, rows.get(0).get("wiresPerNode").asDouble(), 1e-9);
        assertEquals(2.0, rows.get(1).get("wiresPerNode").asDouble(), 1e-9);
        // Coordinator: 12 of 13 nodes have a 6-bit channel each way to node 0 (2 type bits, 4 id bits).
        assertEquals(2.0 * 6 * 12 / 13, rows.get(2).get("wiresPerNode").asDouble(), 1e-9);
        assertEquals(3.0, rows.get(2).get("messagesPerEntry").get("mean").asDouble(), 1e-12);
        assertEquals(
                Algorithms.serving(Sharing.SINGLE).size() + 1,
                Files.readAllLines(csv).size());
        assertEquals(2, run("compare", "--algorithms", "suzuki-kasami"));
    }
}
