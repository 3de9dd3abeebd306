package org.ppbus.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Inputs of k-bus runs that used to fail late or lie: a trace whose requests need more buses at once
 * than the run grants one request, k-bus reports replayed as configs, and a trace's node count.
 */
class KBusInputTest {
    private final CliRun cli = new CliRun();

    private void oneLineUsageError(String... args) {
        cli.assertOneLineUsageError(args);
    }

    /**
     * Two requests that each need both buses at once: every algorithm here grants one bus per request
     * (--demand 1), so the trace is refused before the run, naming the request and --demand. Before,
     * raymond-k reported a false K1 violation and exited 1, campos-carvalho-k an internal error.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"raymond-k", "campos-carvalho-k", "bulgannawar-vaidya"})
    void aTraceNeedingMoreBusesAtOnceThanTheRunGrantsIsRefused(String algorithm, @TempDir Path dir) throws Exception {
        Path t = dir.resolve("h2.trace");
        Files.writeString(t, "# ppbus request trace v2\n# nodes 2\n1 0 4 2 -\n1 1 4 2 -\n");
        oneLineUsageError(
                "simulate",
                "--algorithm",
                algorithm,
                "--buses",
                "2",
                "--nodes",
                "2",
                "--cycles",
                "100",
                "--workload",
                t.toString());
        assertTrue(
                cli.err()
                        .contains("the request of node 0 in cycle 1 needs 2 buses at once, and this algorithm grants"
                                + " one bus per request"),
                cli.err());
    }

    /** A k-bus report's config (groups 0, demand 1) replays as the run it reports. */
    @Test
    void aKBusReportReplays(@TempDir Path dir) {
        Path r = dir.resolve("r.json");
        assertEquals(
                0,
                cli.run(
                        "simulate",
                        "--algorithm",
                        "raymond-k",
                        "--buses",
                        "2",
                        "--nodes",
                        "7",
                        "--cycles",
                        "2000",
                        "--json",
                        r.toString(),
                        "--quiet"));
        String first = cli.out().replaceAll("report: .*\n", "");
        assertEquals(0, cli.run("simulate", "--config", r.toString(), "--quiet"), cli.err());
        assertEquals(first, cli.out());
        assertEquals(
                0,
                cli.run(
                        "simulate",
                        "--algorithm",
                        "raymond-k",
                        "--buses",
                        "2",
                        "--groups",
                        "0",
                        "--nodes",
                        "7",
                        "--cycles",
                        "2000",
                        "--quiet"),
                cli.err());
        assertEquals(first, cli.out());
    }

    /** A co-simulation report's notes on how it was made (its RTL simulator) do not stop its replay. */
    @Test
    void aCosimReportsConfigReplaysInTheModel(@TempDir Path dir) throws Exception {
        Path c = dir.resolve("c.json");
        Files.writeString(
                c,
                "{\"config\": {\"algorithm\": \"campos-carvalho-k\", \"buses\": 2, \"nodes\": 7, \"cycles\": 200,"
                        + " \"groups\": 0, \"rtlAssertions\": true, \"rtlSimulator\": \"verilator\"}}");
        assertEquals(0, cli.run("simulate", "--config", c.toString(), "--quiet"), cli.err());
    }

    /**
     * A crash on k buses is modelled (each plane's units at the dead processor's seat fall silent),
     * not an internal error: the run ends with its fault verdict. As on one bus without +reclaim,
     * the dead node keeps its forks on every plane and nobody is sure to survive.
     */
    @Test
    void aCrashOnKBusesIsModelled() {
        // Requests left unserved at the end make the exit code 1, as on one bus.
        assertEquals(1, cli.run("simulate", "--nodes", "7", "--cycles", "3000", "--fault", "crash:3@500"), cli.err());
        assertEquals(
                1,
                cli.run("simulate", "--buses", "2", "--nodes", "7", "--cycles", "3000", "--fault", "crash:3@500"),
                cli.err());
        assertTrue(cli.out().contains("after the crash of node 3 in cycle 500"), cli.out());
        assertTrue(cli.out().contains("faultVerdict requests-unserved"), cli.out());
        assertEquals(
                0, cli.run("faults", "--buses", "2", "--nodes", "7", "--seeds", "2", "--cycles", "3000"), cli.err());
        assertTrue(cli.out().startsWith("ppbus faults: campos-carvalho-k, n=7, 2 buses,"), cli.out());
    }

    /** The k-bus design without --buses is a one-line error that says what it needs. */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"cosim", "generate"})
    void theKBusDesignWithoutBusesSaysWhatItNeeds(String command, @TempDir Path dir) {
        if (command.equals("generate")) {
            oneLineUsageError(command, "--algorithm", "campos-carvalho-k", "--nodes", "7", "--out", dir.toString());
        } else {
            oneLineUsageError(command, "--algorithm", "campos-carvalho-k", "--nodes", "7");
        }
        assertTrue(cli.err().contains("campos-carvalho-k needs --buses K, K at least 2"), cli.err());
    }

    /**
     * A sweep on 3 buses in the folder of a sweep on 2 runs its own points: the point's name and its
     * check of a finished file include the buses, and the CSV says them. Before, it reported "all 2
     * points present" and plotted the 2-bus runs as 3-bus ones.
     */
    @Test
    void aSweepOnOtherBusesRunsItsOwnPoints(@TempDir Path dir) throws Exception {
        String out = dir.resolve("sw").toString();
        for (String k : new String[] {"2", "3"}) {
            assertEquals(
                    0,
                    cli.run(
                            "sweep",
                            "--algorithms",
                            "raymond-k",
                            "--nodes",
                            "7",
                            "--loads",
                            "0.1,0.2",
                            "--buses",
                            k,
                            "--cycles",
                            "1000",
                            "--out",
                            out,
                            "--quiet"),
                    cli.err());
            assertTrue(cli.err().contains("2 to run"), k + " buses: " + cli.err());
        }
        java.util.List<String> csv = Files.readAllLines(dir.resolve("sw").resolve("sweep.csv"));
        assertTrue(csv.get(0).endsWith(",buses,demand,groups"), csv.get(0));
        assertTrue(csv.stream().skip(1).allMatch(l -> l.endsWith(",3,1,0")), csv.toString());
    }

    /** A trace's node count below 1 is an error, not a count silently derived from its requests. */
    @Test
    void aTraceNodeCountBelowOneIsRefused(@TempDir Path dir) throws Exception {
        Path t = dir.resolve("n.trace");
        Files.writeString(t, "# ppbus request trace v2\n# nodes -3\n1 0 4 1 -\n");
        oneLineUsageError("simulate", "--nodes", "3", "--cycles", "100", "--workload", t.toString());
        assertTrue(cli.err().contains("'# nodes' must be at least 1, got -3"), cli.err());
    }
}
