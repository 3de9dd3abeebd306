package org.ppbus.testbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.ppbus.bus.BusSet;
import org.ppbus.bus.Fabric;
import org.ppbus.bus.ForwardingFabric;
import org.ppbus.bus.Sharing;
import org.ppbus.check.Property;
import org.ppbus.check.StarvationBound;
import org.ppbus.plane.Wiring;
import org.ppbus.protocol.ProtocolObserver;
import org.ppbus.protocol.RuleSet;
import org.ppbus.protocol.cc.CcNetwork;
import org.ppbus.protocol.cc.CcPlanes;
import org.ppbus.protocol.cc.InitialState;

/**
 * Campos–Carvalho for k buses (docs/PROTOCOL.md, "campos-carvalho-k"): one plane of units per bus,
 * each processor asking on every plane and keeping the first grant. The checkers of K1 and K2 on
 * runs of several sizes, latencies and k, and a scripted pair that one bus would serialise.
 */
class CcPlanesRunTest {
    private static SimulationConfig config(int n, int k, double load, int latency, int hold, long seed) {
        return SimulationConfig.defaults().toBuilder()
                .algorithm(CcPlanes.ALGORITHM.name())
                .nodes(n)
                .cycles(20_000)
                .load(load)
                .holdCycles(hold)
                .latencyCycles(latency)
                .seed(seed)
                .sharing(new Sharing(k, 1, 0))
                .build()
                .validated();
    }

    /** Never two processors on one bus, never more than k in, every request served, all k buses used. */
    @ParameterizedTest
    @CsvSource({"3,2,1,8,1", "7,2,1,8,2", "7,3,2,8,3", "13,2,1,4,4", "13,3,2,8,5", "31,2,1,8,6", "31,4,1,8,7"})
    void noBusHasTwoHoldersAndAllKAreUsed(int n, int k, int latency, int hold, long seed) throws IOException {
        SimulationResult r = new Simulation(config(n, k, 0.1, latency, hold, seed)).run();
        assertNull(r.violation(), () -> r.violation().headline());
        assertEquals(0, r.ungranted());
        assertEquals(0, r.shared().exclusionViolations());
        assertEquals(k, r.shared().maxInUse(), "every bus in use at some point");
        assertTrue(r.shared().concurrencyMax() <= k);
    }

    /**
     * Processors 0 and 1 share an arbiter (any two do), so one bus serves them one after the other.
     * With two planes both ask in cycle 0 at n = 7, L = 1, and neither ever lets go: the first grant
     * goes to one of them on bus 0 (plane 0 grants before plane 1 in a cycle, and a processor keeps
     * the lowest bus it is granted), and the other is then granted bus 1 while the first still holds
     * bus 0, within the 8 cycles a single plane needs to serve a first request (2L + 1) and let a
     * let-go fork travel back and out.
     */
    @Test
    void twoNeighboursEatAtOnceOnTwoBuses() {
        List<long[]> grants = new ArrayList<>(); // {node, bus, cycle}
        Fabric.GrantSink sink = new Fabric.GrantSink() {
            @Override
            public void granted(int node, long cycle) {
                throw new AssertionError("a grant without its bus");
            }

            @Override
            public void granted(int node, BusSet buses, long cycle) {
                grants.add(new long[] {node, Long.numberOfTrailingZeros(buses.mask()), cycle});
            }

            @Override
            public void released(int node, long cycle) {}
        };
        Wiring w = Wiring.forNodes(7);
        CcPlanes f = new CcPlanes(
                w,
                2,
                new CcNetwork.Options(1, RuleSet.FIXED, false),
                InitialState.coldStart(w),
                sink,
                ProtocolObserver.NONE);
        f.request(0, true, 0);
        f.request(1, true, 0);
        for (long t = 0; t < 8; t++) {
            f.step(t);
        }
        assertEquals(2, grants.size(), "both served within 8 cycles");
        assertEquals(0, grants.get(0)[1], "the first grant is of bus 0");
        assertEquals(1, grants.get(1)[1], "the second of bus 1");
        assertEquals(1, grants.get(0)[0] + grants.get(1)[0], "one each");
    }

    /**
     * The bound k·max(1, L) fires on a planted starvation with more than one bus: the planes made
     * deaf to processor 3 keep it waiting while the others eat, and the run stops on fairness, the
     * check its report names.
     */
    @Test
    void theKBusBoundCatchesAPlantedStarvation() throws IOException {
        SimulationResult r = new Simulation(config(7, 2, 0.3, 1, 4, 5))
                .variant(inner -> new ForwardingFabric(inner) {
                    @Override
                    public void request(int node, boolean level, long cycle) {
                        if (node != 3) {
                            inner.request(node, level, cycle);
                        }
                    }
                })
                .run();
        assertNotNull(r.violation(), "the starved processor went unnoticed");
        assertEquals(Property.FAIRNESS, r.violation().property(), r.violation().headline());
        assertEquals(2, r.overtakeBound());
        assertTrue(
                r.checks().made().stream().anyMatch(c -> c.startsWith(Property.FAIRNESS.label() + " (at most 2 meals")),
                r.checks().made().toString());
    }

    /**
     * The plain daisy chain promises no freedom from starvation: its runs name no starvation or
     * fairness check, and at saturation its far end does starve without a violation.
     */
    @Test
    void aRunOfTheStarvingChainNamesNoStarvationCheck() throws IOException {
        SimulationConfig c = SimulationConfig.defaults().toBuilder()
                .algorithm("daisy-chain")
                .nodes(13)
                .load(0.3)
                .cycles(5_000)
                .build()
                .validated();
        SimulationResult r = new Simulation(c).run();
        assertNull(r.violation(), () -> r.violation().headline());
        assertTrue(
                r.checks().made().stream()
                        .noneMatch(x ->
                                x.startsWith(Property.STARVATION.label()) || x.startsWith(Property.FAIRNESS.label())),
                r.checks().made().toString());
        assertTrue(
                r.maxServedWhileWaiting() > StarvationBound.meals(13, 1, c.holdCycles()),
                "the far end was not starved: " + r.maxServedWhileWaiting());
    }
}
