package org.ppbus.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.ppbus.check.Finding;
import org.ppbus.check.Overtaking;
import org.ppbus.protocol.RuleSet;
import org.ppbus.registry.Algorithms;
import org.ppbus.testbench.Simulation;
import org.ppbus.testbench.SimulationConfig;
import org.ppbus.testbench.SimulationResult;

/**
 * The fairness bound of docs/ERRATA.md L1: derived, reached, and enforced the same way by the
 * simulator's checker and the exhaustive search.
 */
class OvertakingTest {

    @Test
    void theMonitorCountsMealsInOneHungryPeriodOnly() {
        Overtaking o = new Overtaking(3, 2);
        o.requested(1);
        assertEquals(-1, o.granted(0));
        assertEquals(-1, o.granted(0));
        assertEquals(1, o.granted(0), "a third meal of 0 while 1 waits exceeds 2");
        assertEquals(0, o.count(2, 0), "2 was never hungry");
        assertEquals(-1, o.granted(1));
        o.requested(1);
        assertEquals(0, o.count(1, 0), "a new hungry period starts from zero");
        long[] saved = new long[o.words()];
        o.granted(2);
        o.save(saved, 0);
        Overtaking copy = new Overtaking(3, 2);
        copy.restore(saved, 0);
        assertEquals(1, copy.count(1, 2));
        assertEquals(-1, copy.granted(2));
        assertEquals(1, copy.granted(2));
    }

    /**
     * The bound from first principles (ERRATA L1): the hungry processor's Request reaches the shared
     * arbiter after L cycles and the reclaim reaches the neighbour L cycles later; a neighbour that
     * holds every fork re-enters every H + 2 cycles until then, and cannot start a meal after it.
     */
    @ParameterizedTest
    @CsvSource({"1,1,1", "1,4,1", "2,1,2", "3,1,2", "4,1,3", "4,4,2", "7,1,5", "10,1,7", "16,1,11", "16,4,6", "64,1,43"
    })
    void camposCarvalhoBoundIsCeilingOfTwoLOverHPlusTwo(int latency, int hold, int expected) {
        assertEquals(expected, Algorithms.campos().overtakeBound(latency, hold));
    }

    /**
     * The bound is reached: node 0 asks again in every cycle it may (a request per cycle in the
     * trace, deferred while it is busy), and node 1 asks once, in each of H + 2 phases against node
     * 0's meals. In the phase where node 1's req edge falls on a cycle in which node 0 starts a
     * meal, node 0 starts exactly ⌈2L/(H+2)⌉ meals before the reclaim arrives.
     */
    @ParameterizedTest
    @CsvSource({"16,1", "16,3", "10,2", "7,1"})
    void theBoundIsReachedAtLongLatency(int latency, int hold, @TempDir Path dir) throws IOException {
        int bound = Algorithms.campos().overtakeBound(latency, hold);
        int best = 0;
        for (int phase = 0; phase < hold + 2; phase++) {
            StringBuilder t = new StringBuilder("# ppbus request trace v1\n# nodes 2\n");
            long start = 200 + phase;
            for (long c = 1; c < start + 4L * latency + 50; c++) {
                t.append(c).append(" 0 ").append(hold).append('\n');
                if (c == start) {
                    t.append(c).append(" 1 ").append(hold).append('\n');
                }
            }
            Path f = dir.resolve("phase" + phase + ".trace");
            Files.writeString(f, t);
            SimulationResult r = new Simulation(SimulationConfig.defaults().toBuilder()
                            .nodes(2)
                            .latencyCycles(latency)
                            .holdCycles(hold)
                            .workload(f.toString())
                            .cycles(start + 4L * latency + 60)
                            .build())
                    .run();
            assertNull(r.violation(), () -> r.violation().headline());
            assertEquals(bound, r.overtakeBound());
            best = Math.max(best, r.maxOvertakes());
        }
        assertEquals(bound, best);
    }

    /** The reproducers of the long-latency report: correct behaviour, so no violation and exit 0. */
    @ParameterizedTest
    @CsvSource({
        "campos-carvalho, 2, 4, 1, 0.3, 11, 50000",
        "chandy-misra, 5, 16, 4, 0.3, 12, 20000",
        "carvalho-roucairol, 5, 16, 4, 0.3, 12, 20000",
    })
    void longLatencyReproducersPass(String algorithm, int n, int latency, int hold, double load, long seed, long cycles)
            throws IOException {
        SimulationResult r = new Simulation(SimulationConfig.defaults().toBuilder()
                        .algorithm(algorithm)
                        .nodes(n)
                        .latencyCycles(latency)
                        .holdCycles(hold)
                        .load(load)
                        .seed(seed)
                        .cycles(cycles)
                        .build())
                .run();
        assertNull(r.violation(), () -> r.violation().headline());
        assertEquals(0, r.ungranted());
        assertTrue(r.maxOvertakes() > 2, "these runs overtake more than the old bound of 2: " + r.maxOvertakes());
    }

    /** The exhaustive search reaches the bound exactly and never passes it (n = 3, L = 1..4). */
    @ParameterizedTest
    @CsvSource({"1", "2", "3", "4"})
    void theSearchReachesTheBoundAndNoMore(int latency) {
        SearchResult r = new StateSearch(SearchOptions.of(3, latency, RuleSet.FIXED)
                        .withMaxStates(10_000_000)
                        .withH(false))
                .run(() -> 0);
        assertTrue(r.complete());
        assertEquals(List.of(), r.findings());
        assertEquals(Algorithms.campos().overtakeBound(latency, 1), r.overtakeBound());
        assertEquals(r.overtakeBound(), r.maxOvertakes());
    }

    /**
     * A mutant that lets a neighbour overtake once more than the bound: processors that re-enter
     * without the thinking cycle the handshake demands (audit A3's processor) re-enter every H + 1
     * cycles, so at L = 3, H = 1 a neighbour fits ⌈6/2⌉ = 3 meals before the reclaim, one more than
     * the bound of 2. The search finds it, and its counterexample fails the simulator's checker too.
     */
    @Test
    void aMutantThatOvertakesOnceMoreFailsBothChecks(@TempDir Path dir) throws IOException {
        int latency = 3;
        StateSearch s = new StateSearch(SearchOptions.of(2, latency, RuleSet.FIXED)
                .withReentry(-1L)
                .withMaxStates(10_000_000)
                .withH(false));
        SearchResult r = s.run(() -> 0);
        assertEquals(1, r.findings().size());
        Finding f = r.findings().get(0);
        assertEquals("fairness", f.property().label());
        assertTrue(f.message().contains("3 times in one hungry period (bound 2)"), f.message());
        Path trace = dir.resolve("mutant.trace");
        try (var w = Files.newBufferedWriter(trace)) {
            s.trace(f.unrolled(0), 1_000_000).write(w);
        }
        SimulationResult replay = new Simulation(SimulationConfig.defaults().toBuilder()
                        .nodes(2)
                        .latencyCycles(latency)
                        .holdCycles(1)
                        .workload(trace.toString())
                        .cycles(f.path().size() + 2)
                        .build())
                .run();
        assertEquals("fairness", replay.violation().invariant());
        assertEquals(3, replay.maxOvertakes());
    }
}
