package org.ppbus.testbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The replayable traces of docs/ERRATA.md: each reproduces its audit item with the rule set that
 * lacks the fix, and runs clean with the fixed rules. The expected verdicts are the audit's
 * (docs/SPEC.md §3.3): A1 duplicates a request token, A2 deadlocks, A3 starves.
 */
class ErrataTracesTest {
    private static final Path TRACES = Path.of("..", "docs", "traces");

    @ParameterizedTest
    @CsvSource({
        "a1.trace, literal,        200,  '',  I3 request tokens",
        "a1.trace, fixed,          200,  '',  ",
        "a2.trace, literal+F1,     1000, '',  deadlock",
        "a2.trace, fixed,          1000, '',  ",
        "a3.trace, literal+F1+F2,  3000, 0,   fairness",
        "a3.trace, fixed,          3000, 0,   "
    })
    void traceReproducesItsAuditItem(String file, String rules, long cycles, String reenter, String invariant)
            throws IOException {
        Path trace = TRACES.resolve(file);
        requireFile(trace);
        SimulationConfig c = SimulationConfig.defaults().toBuilder()
                .nodes(7)
                .cycles(cycles)
                .rules(rules)
                .workload(trace.toString())
                .watchdogCycles(5000)
                .reenterNodes(reenter.isEmpty() ? new int[0] : new int[] {Integer.parseInt(reenter)})
                .build();
        SimulationResult r = new Simulation(c).run();
        if (invariant == null) {
            assertNull(r.violation(), () -> r.violation().headline());
            assertEquals(0, r.ungranted());
        } else {
            assertNotNull(r.violation(), "expected " + invariant);
            assertEquals(invariant, r.violation().invariant());
            // The report's flags name the kind: A2 is a deadlock, and none of these is a livelock.
            assertEquals(invariant.equals("deadlock"), r.deadlock());
            assertEquals(false, r.livelock());
        }
    }

    /**
     * The counterexamples of the exhaustive search (docs/VERIFICATION.md), as `ppbus verify` wrote
     * them, replayed with the settings of the replay command it printed: each gives the verdict of
     * the search, and the one the audit item predicts (A1 duplicates a request token, A2 blocks
     * three clients for ever, A3 starves one while another re-enters). A safety finding at depth d
     * fails in cycle d; A2's loop begins at depth 16 and the stall watchdog (16 cycles) fires in
     * cycle 16 + 16 - 1; A3's starving processor asked in cycle 3 and the starvation watchdog (94)
     * fires in cycle 3 + 94. The last, from the search of every processor at n = 7, breaks the
     * fairness bound in cycle 14. (Under the fixed rules the same traces are not meaningful: their last
     * requests hold the bus for ever.)
     */
    @ParameterizedTest
    @CsvSource({
        "search-a1.trace, 3, literal,       6,   100000, true,  I3 request tokens, 4",
        "search-a2.trace, 7, literal+F1,    144, 106,    false, deadlock,          31",
        "search-a3.trace, 7, literal+F1+F2, 123, 94,     false, starvation,        97",
        // Every processor of the Fano plane asking, reduced by its 168 symmetries and renamed to
        // the cold start's processors: the fairness bound broken at depth 14, as in A2's scope.
        "search-a2-every-processor.trace, 7, literal+F1, 16, 100000, true, fairness, 14"
    })
    void searchCounterexampleReplays(
            String file,
            int nodes,
            String rules,
            long cycles,
            long watchdog,
            boolean fairness,
            String invariant,
            long at)
            throws IOException {
        Path trace = TRACES.resolve(file);
        requireFile(trace);
        SimulationResult r = new Simulation(SimulationConfig.defaults().toBuilder()
                        .nodes(nodes)
                        .cycles(cycles)
                        .rules(rules)
                        .watchdogCycles(watchdog)
                        .fairness(fairness)
                        .workload(trace.toString())
                        .build())
                .run();
        assertNotNull(r.violation(), "expected " + invariant);
        assertEquals(invariant, r.violation().invariant());
        assertEquals(at, r.violation().cycle());
    }

    /**
     * The seeds' message counts that docs/ERRATA.md corrects, replayed with the trace it names. B-26:
     * two concurrent requests at N = 2 cost 2 REQUESTs and the FLUSH that lets the second one through,
     * 3 messages, where the seed's 2(N − 1) − x per entry gives 2 (derived in the entry).
     */
    @ParameterizedTest
    @CsvSource({"b26.trace, lodha-kshemkalyani, 2, 10, 2, 3"})
    void seedCountTraceGivesTheCorrectedCount(
            String file, String algorithm, int nodes, long cycles, long entries, long messages) throws IOException {
        Path trace = TRACES.resolve(file);
        requireFile(trace);
        SimulationResult r = new Simulation(SimulationConfig.defaults().toBuilder()
                        .algorithm(algorithm)
                        .nodes(nodes)
                        .cycles(cycles)
                        .workload(trace.toString())
                        .build())
                .run();
        assertNull(r.violation());
        assertEquals(entries, r.summary().entries());
        assertEquals(messages, r.summary().messages().total());
    }

    /**
     * The starvation the seed predicts for Banerjee and Chrysanthis (B-25, docs/PROTOCOL.md): at n = 11,
     * L = 2, with everyone asking in cycle 1, processor 10's REQUEST reaches a node whose propagation
     * phase has ended and is discarded; it waits while node 1 keeps eating, and the starvation watchdog
     * (200 cycles) fires in cycle 1 + 200. With the monitor the same trace runs clean.
     */
    @ParameterizedTest
    @CsvSource({"banerjee-chrysanthis,         starvation, 201", "banerjee-chrysanthis-monitor, ,           -1"})
    void theQListStarvationAndItsMonitor(String algorithm, String invariant, long at) throws IOException {
        Path trace = TRACES.resolve("b25.trace");
        requireFile(trace);
        SimulationResult r = new Simulation(SimulationConfig.defaults().toBuilder()
                        .algorithm(algorithm)
                        .nodes(11)
                        .latencyCycles(2)
                        .cycles(420)
                        .watchdogCycles(200)
                        .workload(trace.toString())
                        .build())
                .run();
        if (invariant == null) {
            assertNull(r.violation(), () -> r.violation().headline());
            assertEquals(0, r.ungranted());
        } else {
            assertNotNull(r.violation(), "expected " + invariant);
            assertEquals(invariant, r.violation().invariant());
            assertEquals(at, r.violation().cycle());
        }
    }

    /** Fails (not skips) when the documented trace is missing. */
    private static void requireFile(Path p) {
        if (!Files.isRegularFile(p)) {
            throw new AssertionError("missing documented trace " + p.toAbsolutePath());
        }
    }

    /**
     * C1 (docs/ERRATA.md): under fixed+heal, the DirtyFORK of client 5 to arbiter 5 in cycle 3959,
     * corrupted into a CleanFORK (mask 3), leaves client 5 undemoted at arbiter 5 while it was
     * demoted at its other arbiters; nobody eats again, and the beat's repeated requests keep moving
     * (livelock, 5000 cycles after the fault). The same symbol lost (mask 2 makes it idle) is
     * repaired.
     */
    @ParameterizedTest
    @CsvSource({"3, livelock", "2, "})
    void aDirtyForkCorruptedIntoACleanForkIsNotRepaired(int mask, String invariant) throws IOException {
        Path trace = TRACES.resolve("c1.trace");
        requireFile(trace);
        SimulationConfig c = SimulationConfig.defaults().toBuilder()
                .nodes(13)
                .cycles(8961)
                .rules("fixed+heal")
                .workload(trace.toString())
                .seed(68)
                .watchdogCycles(5000)
                .fault("corrupt:3959@c2a_c5_a5^" + mask)
                .build();
        SimulationResult r = new Simulation(c).run();
        assertEquals(mask == 3 ? "CLEAN_FORK" : "idle", r.fault().delivered());
        if (invariant == null) {
            assertNull(r.violation(), () -> r.violation().headline());
            assertEquals("recovered", r.fault().verdict());
        } else {
            assertNotNull(r.violation(), "expected " + invariant);
            assertEquals(invariant, r.violation().invariant());
        }
    }
}
