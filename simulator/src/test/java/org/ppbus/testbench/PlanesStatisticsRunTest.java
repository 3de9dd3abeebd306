package org.ppbus.testbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.ppbus.bus.BusSet;
import org.ppbus.bus.Sharing;
import org.ppbus.link.Direction;
import org.ppbus.link.FaultInjector;
import org.ppbus.link.FaultPlan;
import org.ppbus.protocol.cc.CcPlanes;
import org.ppbus.protocol.cc.Symbols;

/**
 * A k-bus run's report against an independent count of what its tap saw, written from the rules in
 * docs/PROTOCOL.md: messages (a Request right after a fork on the same channel of the same plane is
 * part of that fork's message), sync delays per bus (a release of bus b, while others wait, to the
 * next grant of bus b), the queues' depth, and each plane's own invariants, which a fault planted on
 * one plane breaks.
 */
class PlanesStatisticsRunTest {
    private static SimulationConfig config(
            int n, int k, int latency, double load, int hold, String workload, long seed) {
        return SimulationConfig.defaults().toBuilder()
                .algorithm(CcPlanes.ALGORITHM.name())
                .nodes(n)
                .cycles(5_000)
                .load(load)
                .holdCycles(hold)
                .latencyCycles(latency)
                .workload(workload)
                .seed(seed)
                .drain(false)
                .sharing(new Sharing(k, 1, 0))
                .build()
                .validated();
    }

    /** Counts messages, and sync delays per bus, from what the run drives and grants. */
    private static final class Count implements SymbolTap {
        final Map<String, Long> lastFork = new HashMap<>();
        long messages;
        final Map<Long, Long> lastGrantOf = new HashMap<>(); // node -> bus mask
        final long[] released = new long[BusSet.MAX_BUSES];
        final TreeMap<Long, Long> delays = new TreeMap<>();

        Count() {
            java.util.Arrays.fill(released, -1);
        }

        @Override
        public void symbol(Direction direction, int link, int code, long cycle) {
            throw new AssertionError("a k-bus run names the plane of every symbol");
        }

        @Override
        public void symbol(int plane, Direction d, int link, int code, long cycle) {
            String channel = plane + "/" + d + "/" + link;
            boolean fork = d == Direction.C2A ? code == Symbols.DIRTY_FORK : code == Symbols.FORK;
            boolean request = d == Direction.C2A ? code == Symbols.C_REQUEST : code == Symbols.A_REQUEST;
            if (!(request && lastFork.getOrDefault(channel, -9L) == cycle - 1)) {
                messages++;
            }
            if (fork) {
                lastFork.put(channel, cycle);
            }
        }

        @Override
        public void grant(int node, boolean high, long cycle) {
            if (!high) { // gnt falls from cycle + 1: the buses it held are free
                long mask = lastGrantOf.get((long) node);
                for (long m = mask; m != 0; m &= m - 1) {
                    released[Long.numberOfTrailingZeros(m)] = cycle;
                }
            }
        }

        @Override
        public void grant(int node, BusSet buses, long cycle) {
            lastGrantOf.put((long) node, buses.mask());
            for (long m = buses.mask(); m != 0; m &= m - 1) {
                int b = Long.numberOfTrailingZeros(m);
                if (released[b] >= 0) {
                    // gnt fell in release + 1 and rises in cycle + 1.
                    delays.merge(cycle - released[b], 1L, Long::sum);
                    released[b] = -1;
                }
            }
        }
    }

    @ParameterizedTest(name = "n = {0}, k = {1}, L = {2}, load {3}, hold {4}")
    @CsvSource({"5,2,2,0.3,1,1", "7,3,1,0.2,2,2", "13,2,3,0.05,4,3"})
    void theMessagesAreThoseOfEachPlaneCountedApart(int n, int k, int latency, double load, int hold, long seed)
            throws IOException {
        Count count = new Count();
        SimulationResult r = new Simulation(config(n, k, latency, load, hold, "uniform", seed))
                .tap(count)
                .run();
        assertNull(r.violation());
        assertEquals(count.messages, r.summary().messages().total());
        assertTrue(r.maxQueueDepth() >= 1 && r.maxQueueDepth() <= 2, "queue depth " + r.maxQueueDepth());
    }

    /**
     * With every processor always asking, others wait at every release, so every release of a bus
     * opens a sync delay that the next grant of that bus closes.
     */
    @ParameterizedTest(name = "n = {0}, k = {1}, L = {2}")
    @CsvSource({"5,2,2", "7,3,1"})
    void theSyncDelaysRunPerBus(int n, int k, int latency) throws IOException {
        Count count = new Count();
        SimulationResult r = new Simulation(config(n, k, latency, 0.5, 2, "saturated", 4))
                .tap(count)
                .run();
        assertNull(r.violation());
        assertEquals(count.delays, new TreeMap<>(r.summary().syncDelay().histogram()));
        assertEquals(
                count.delays.values().stream().mapToLong(Long::longValue).sum(),
                r.summary().syncDelay().samples());
    }

    /** Each plane's invariants are checked, and said to be, on every plane. */
    @Test
    void everyPlanesInvariantsAreChecked() throws IOException {
        SimulationResult r = new Simulation(config(7, 2, 1, 0.2, 2, "uniform", 5)).run();
        assertTrue(
                r.checks().made().stream().anyMatch(c -> c.endsWith(", on each of the 2 planes")),
                r.checks().made().toString());
    }

    /**
     * A fork duplicated on plane 1 alone breaks that plane's fork conservation: the run stops on it
     * and names plane 1. Before, no plane's invariant was checked on a k-bus run.
     */
    @Test
    void aForkDuplicatedOnOnePlaneIsCaughtOnThatPlane() throws IOException {
        SimulationConfig c = config(7, 2, 1, 0.3, 2, "uniform", 6).toBuilder()
                .evaluateEveryUnit(true)
                .build();
        SimulationResult r = new Simulation(c)
                .variant(f -> {
                    CcPlanes p = f.part(CcPlanes.class).orElseThrow();
                    p.plane(1).inject(new FaultInjector(FaultPlan.parse("duplicate:random"), null, -1, 6, 2_000));
                    return f;
                })
                .run();
        assertNotNull(r.violation(), "the duplicated fork went unnoticed");
        assertTrue(
                r.violation().message().startsWith("plane 1: "), r.violation().headline());
    }
}
