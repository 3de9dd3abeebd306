package org.ppbus.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.ppbus.bus.BusSet;
import org.ppbus.bus.Fabric;
import org.ppbus.bus.Sharing;
import org.ppbus.check.Finding;
import org.ppbus.check.Property;
import org.ppbus.check.Violation;
import org.ppbus.plane.Wiring;
import org.ppbus.protocol.ProtocolObserver;
import org.ppbus.protocol.RuleSet;
import org.ppbus.protocol.cc.CcNetwork;
import org.ppbus.protocol.cc.CcPlanes;
import org.ppbus.protocol.cc.InitialState;
import org.ppbus.testbench.Simulation;
import org.ppbus.testbench.SimulationConfig;
import org.ppbus.testbench.SimulationResult;
import org.ppbus.testkit.Search;

/**
 * The exhaustive search of campos-carvalho-k: complete and clean at n = 3, k = 2, and each mutant
 * of the design's exclusion rules caught with a trace the simulator replays to the same verdict.
 */
@Search
class PlanesSearchTest {
    private static SearchOptions options(int n, int latency) {
        return SearchOptions.of(n, latency, RuleSet.FIXED).withMaxStates(20_000_000);
    }

    @Test
    void threeNodesOnTwoBusesAreSafeLiveAndFair() {
        SearchResult r = new PlanesSearch(options(3, 1), 2, CcPlanes.Mutant.NONE).run(() -> 0);
        assertTrue(r.complete(), r.stoppedBecause());
        assertEquals(List.of(), r.findings().stream().map(Finding::message).toList());
        // k max(1, L) = 2 at L = 1, and the search's processors reach it (two other processors, one plane each).
        assertEquals(2, r.overtakeBound());
        assertEquals(2, r.maxOvertakes());
    }

    /**
     * The search is sound only if a snapshot holds the whole state, choosers included. Two copies
     * run the same random requests; every few cycles one is saved and restored into a fresh copy
     * that replaces it. Every grant (node, bus, cycle) and release must be the same in both.
     */
    @ParameterizedTest
    @CsvSource({"3,2,1", "7,2,2", "7,3,1", "13,2,3"})
    void snapshotAndRestoreLoseNothing(int n, int k, int latency) {
        List<String> a = new ArrayList<>();
        List<String> b = new ArrayList<>();
        CcPlanes reference = planes(n, k, latency, a);
        CcPlanes[] restored = {planes(n, k, latency, b)};
        Random rnd = new Random(n * 31L + k);
        int[] heldFor = new int[n];
        boolean[] asking = new boolean[n];
        for (long t = 0; t < 4000; t++) {
            for (int i = 0; i < n; i++) {
                boolean flip = !asking[i] ? rnd.nextInt(8) == 0 : reference.held(i) >= 0 && ++heldFor[i] > 2;
                if (flip) {
                    asking[i] = !asking[i];
                    heldFor[i] = 0;
                    reference.request(i, asking[i], t);
                    restored[0].request(i, asking[i], t);
                }
            }
            reference.step(t);
            restored[0].step(t);
            if (t % 7 == 3) {
                long[] s = restored[0].snapshot(t);
                restored[0] = planes(n, k, latency, b);
                restored[0].snapshot(-1); // the layout, as the search learns it
                restored[0].restore(s, t + 1);
            }
        }
        assertTrue(a.size() > 500, "the runs grant and release (" + a.size() + " events)");
        assertEquals(a, b);
    }

    private static CcPlanes planes(int n, int k, int latency, List<String> events) {
        Wiring w = Wiring.forNodes(n);
        return new CcPlanes(
                w,
                k,
                new CcNetwork.Options(latency, RuleSet.FIXED, true),
                InitialState.coldStart(w),
                new Fabric.GrantSink() {
                    @Override
                    public void granted(int node, long cycle) {
                        events.add("grant " + node + " without a bus at " + cycle);
                    }

                    @Override
                    public void granted(int node, BusSet buses, long cycle) {
                        events.add("grant " + node + " " + buses + " at " + cycle);
                    }

                    @Override
                    public void released(int node, long cycle) {
                        events.add("release " + node + " at " + cycle);
                    }
                },
                ProtocolObserver.NONE);
    }

    /** Every plane's grant named bus 0: two processors on one bus, found and replayed. */
    @Test
    void aMutantNamingOneBusIsCaughtAndReplayed(@TempDir Path dir) throws IOException {
        PlanesSearch s = new PlanesSearch(options(3, 1), 2, CcPlanes.Mutant.NAMES_BUS_ZERO);
        SearchResult r = s.run(() -> 0);
        assertEquals(1, r.findings().size());
        Finding f = r.findings().get(0);
        assertEquals(Property.BUS_EXCLUSION, f.property(), f.message());
        Violation v = replay(s, f, 3, 1, CcPlanes.Mutant.NAMES_BUS_ZERO, dir);
        assertEquals(Property.BUS_EXCLUSION, v.property(), v.headline());
        assertEquals(f.path().size(), v.cycle(), "search cycle k is the replay's cycle k + 1");
    }

    /**
     * Grants named one bus along (plane b's grant is bus b + 1): no bus has two holders and nobody
     * holds two, so K1 and K2 hold; only the state check that a holder of bus b is plane b's eating
     * client catches it, at the first grant.
     */
    @Test
    void aMutantNamingTheWrongPlanesBusIsCaughtByTheHolderCheck() {
        SearchResult r = new PlanesSearch(options(3, 1), 2, CcPlanes.Mutant.NAMES_NEXT_BUS).run(() -> 0);
        assertEquals(1, r.findings().size());
        Finding f = r.findings().get(0);
        assertEquals(Property.BUS_EXCLUSION, f.property(), f.message());
        assertTrue(f.message().contains("is not eating"), f.message());
    }

    /** A holder keeping a second plane's grant: one processor on two buses (K2). */
    @Test
    void aMutantKeepingASecondGrantIsCaught() {
        SearchResult r = new PlanesSearch(options(3, 1), 2, CcPlanes.Mutant.KEEPS_SECOND_GRANT).run(() -> 0);
        assertEquals(1, r.findings().size());
        assertEquals(
                Property.WHOLE_DEMAND,
                r.findings().get(0).property(),
                r.findings().get(0).message());
    }

    private static Violation replay(PlanesSearch s, Finding f, int n, int latency, CcPlanes.Mutant m, Path dir)
            throws IOException {
        List<int[]> actions = f.unrolled(0);
        Path trace = dir.resolve("cx.trace");
        try (Writer w = Files.newBufferedWriter(trace)) {
            s.trace(actions, 1_000_000).write(w);
        }
        SimulationResult r = new Simulation(SimulationConfig.defaults().toBuilder()
                        .algorithm(CcPlanes.ALGORITHM.name())
                        .sharing(new Sharing(2, 1, 0))
                        .nodes(n)
                        .latencyCycles(latency)
                        .workload(trace.toString())
                        .cycles(actions.size() + 2L)
                        .build()
                        .validated())
                .variant(fabric -> fabric.part(CcPlanes.class).orElseThrow().mutate(m))
                .run();
        assertNotNull(r.violation(), "the replay passed every checker");
        return r.violation();
    }
}
