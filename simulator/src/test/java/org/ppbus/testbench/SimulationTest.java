package org.ppbus.testbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.ppbus.link.Direction;
import org.ppbus.registry.Algorithms;

class SimulationTest {

    private static SimulationConfig cfg(int n, double load, int latency, long cycles, long seed) {
        return SimulationConfig.defaults()
                .withNodes(n)
                .withLoad(load)
                .withLatency(latency)
                .withCycles(cycles)
                .withSeed(seed);
    }

    /** Light version of the soak matrix: the documented soak command runs 10^6 cycles per point. */
    @ParameterizedTest
    @CsvSource({"3,0.01,1", "3,1.0,3", "7,0.1,1", "7,1.0,3", "13,0.01,3", "13,1.0,1", "31,0.1,1", "31,1.0,3", "57,0.1,3"
    })
    void fixedRulesLightSoak(int n, double load, int latency) throws IOException {
        SimulationResult r = new Simulation(cfg(n, load, latency, 20_000, 7)).run();
        assertNull(
                r.violation(),
                () -> r.violation().headline() + "\n"
                        + String.join("\n", r.violation().details()));
        assertEquals(0, r.ungranted());
        assertTrue(r.quiescentAtEnd());
        assertTrue(r.summary().entries() > 0);
        assertTrue(r.maxQueueDepth() <= 2);
        // Every active node got the bus.
        for (long e : r.summary().entriesPerNode()) {
            assertTrue(e > 0);
        }
    }

    /** Small sizes with every invariant checked on every unit every cycle, H included. */
    /**
     * Light soak of every algorithm: mutual exclusion, no deadlock, no starvation, every request
     * served and the channels empty after the drain. The documented soak runs 10^6 cycles per point.
     */
    @ParameterizedTest
    @MethodSource("everyAlgorithmLightSoak")
    void everyAlgorithmLightSoak(String algorithm, int n, double load, int latency) throws IOException {
        SimulationResult r = new Simulation(cfg(n, load, latency, 20_000, 5).toBuilder()
                        .algorithm(algorithm)
                        .build())
                .run();
        assertNull(
                r.violation(),
                () -> r.violation().headline() + "\n"
                        + String.join("\n", r.violation().details()));
        assertEquals(0, r.ungranted());
        assertTrue(r.quiescentAtEnd());
        assertTrue(r.summary().entries() > 0);
    }

    static Stream<Arguments> everyAlgorithmLightSoak() {
        Object[][] points = {{3, 1.0, 1}, {7, 0.05, 3}, {13, 0.2, 2}, {31, 0.01, 1}};
        return Algorithms.names().stream()
                .flatMap(a -> Arrays.stream(points).map(p -> Arguments.of(a, p[0], p[1], p[2])));
    }

    /**
     * The long-latency matrix of docs/PERFORMANCE.md, light: every algorithm at n = 2 and 5 with
     * L = 7, 16 and 64, holds of 1 and geometric holds, every checker on with the derived fairness
     * bounds.
     */
    @ParameterizedTest
    @MethodSource("longLatencyLightSoak")
    void everyAlgorithmAtLongLatency(String algorithm, int n, int latency, boolean geometric) throws IOException {
        SimulationConfig c = cfg(n, 0.1, latency, 30_000, 3).withHold(geometric ? 4 : 1).toBuilder()
                .geometricHold(geometric)
                .algorithm(algorithm)
                .build();
        SimulationResult r = new Simulation(c).run();
        assertNull(
                r.violation(),
                () -> r.violation().headline() + "\n"
                        + String.join("\n", r.violation().details()));
        assertEquals(0, r.ungranted());
        assertTrue(r.summary().entries() > 0);
    }

    static Stream<Arguments> longLatencyLightSoak() {
        List<Arguments> out = new ArrayList<>();
        for (String a : Algorithms.names()) {
            for (int n : new int[] {2, 5}) {
                for (int latency : new int[] {7, 16, 64}) {
                    for (boolean geometric : new boolean[] {false, true}) {
                        out.add(Arguments.of(a, n, latency, geometric));
                    }
                }
            }
        }
        return out.stream();
    }

    /** The run the long-latency soak refused before GRANT carried the voter's clock (docs/PROTOCOL.md). */
    @Test
    void maekawaClocksStayWithinSixteenBitsAtTwoNodes() throws IOException {
        SimulationConfig c = cfg(2, 1.0, 4, 1_000_000, 1).withHold(1).toBuilder()
                .algorithm("maekawa")
                .build();
        SimulationResult r = new Simulation(c).run();
        assertNull(r.violation(), () -> r.violation().headline());
        assertTrue(
                r.summary().entries() > 65_536,
                "fewer meals than the 16-bit stamps wrap after: " + r.summary().entries());
    }

    @ParameterizedTest
    @CsvSource({"1,1.0,1", "2,1.0,2", "3,0.5,1", "7,0.3,2", "13,1.0,1"})
    void fullChecksIncludingPrecedenceGraph(int n, double load, int latency) throws IOException {
        SimulationResult r = new Simulation(cfg(n, load, latency, 5_000, 3).withChecks(true, false)).run();
        assertNull(r.violation(), () -> r.violation().headline());
        assertEquals(0, r.ungranted());
    }

    /** Evaluating only active units is exact: the same symbols and grants as evaluating every unit. */
    @ParameterizedTest
    @CsvSource({"7,0.2,1", "13,1.0,2", "21,0.05,3"})
    void activityScheduleMatchesEvaluatingEveryUnit(int n, double load, int latency) throws IOException {
        SimulationConfig c = cfg(n, load, latency, 5_000, 11);
        assertEquals(events(c), events(c.withChecks(false, true)));
    }

    private static List<String> events(SimulationConfig c) throws IOException {
        List<String> log = new ArrayList<>();
        new Simulation(c)
                .tap(new SymbolTap() {
                    @Override
                    public void symbol(Direction direction, int link, int code, long cycle) {
                        log.add(cycle + " " + direction.prefix() + " " + link + " " + code);
                    }

                    @Override
                    public void grant(int node, boolean high, long cycle) {
                        log.add(cycle + " gnt " + node + " " + high);
                    }
                })
                .run();
        log.sort(null);
        return log;
    }

    @Test
    void sameSeedSameReportDifferentSeedDifferentTrace() throws IOException {
        SimulationConfig c = cfg(13, 0.05, 2, 20_000, 42);
        String a = Reports.json(new Simulation(c).run(), "t").toString();
        String b = Reports.json(new Simulation(c).run(), "t").toString();
        assertEquals(a, b);
        SimulationResult r1 = new Simulation(c).run();
        SimulationResult r2 = new Simulation(c.withSeed(43)).run();
        assertNotEquals(r1.trace().entries(), r2.trace().entries());
    }

    /** A recorded trace replays to the same run. */
    @Test
    void traceReplaysExactly(@TempDir Path dir) throws IOException {
        SimulationConfig c = cfg(7, 0.1, 1, 10_000, 5).withHold(3);
        SimulationResult first = new Simulation(c).run();
        Path trace = dir.resolve("run.trace");
        try (var w = Files.newBufferedWriter(trace)) {
            first.trace().write(w);
        }
        SimulationResult replay = new Simulation(c.withWorkload(trace.toString())).run();
        assertEquals(first.summary().entries(), replay.summary().entries());
        assertEquals(
                first.summary().messages().total(), replay.summary().messages().total());
        assertEquals(first.trace().entries(), replay.trace().entries());
    }

    /**
     * CC-15: clean yields (R7) happen under random load, several in one hungry period and more than
     * one to the same arbiter, so 4K is no upper bound per entry. They need a higher-priority
     * requester to arrive while a client holds a fork it has not used, so they are most frequent at
     * moderate load.
     */
    @ParameterizedTest
    @CsvSource({"7,0.05,1", "13,0.05,1", "21,0.05,1"})
    void cc15CleanYieldsHappenUnderLoad(int n, double load, int latency) throws IOException {
        SimulationResult r = new Simulation(cfg(n, load, latency, 200_000, 9)).run();
        assertNull(r.violation());
        assertTrue(r.summary().cleanYields().total() > 0, "no clean yield in a loaded run");
        assertTrue(r.summary().cleanYields().maxPerHungryPeriod() >= 2, "never two clean yields in one hungry period");
        int k = r.order() + 1;
        assertTrue(
                r.summary().messages().totalPerEntry().max() > 4L * k,
                "some hungry period costs more than 4K messages on the requester's own links");
    }

    /**
     * Saturation, every node always hungry. Every arbiter always has another waiter, so each grant is
     * followed at once by the reclaim (FORK + REQUEST, one message of two symbols), and every return is
     * R6's DIRTY_FORK + REQUEST (one message of two symbols). An entry receives K forks, so it costs
     * exactly 2K messages and 4K symbols in total, of which 2 messages and 4 symbols are local. The
     * derivation assumes no clean yield, which a saturated rotation never needs: it would add a
     * StrongRequest and a CleanFORK and break the equalities.
     */
    @ParameterizedTest
    @CsvSource({"7,1", "13,2", "21,1"})
    void saturationCostsTwoKMessagesAndFourKSymbols(int n, int latency) throws IOException {
        SimulationResult r = new Simulation(cfg(n, 1.0, latency, 100_000, 4)).run();
        assertNull(r.violation());
        int k = r.order() + 1;
        assertEquals(2.0 * k, r.summary().messages().totalPerEntry().mean(), 0.01);
        assertEquals(4.0 * k, r.summary().symbols().totalPerEntry().mean(), 0.01);
        assertEquals(2.0, r.summary().messages().localPerEntry().mean(), 0.01);
    }

    /** Under saturation a hand-off between non-neighbours costs 2L cycles (docs/SPEC.md (contract)). */
    @ParameterizedTest
    @CsvSource({"1", "2", "3"})
    void nonNeighbourHandOffTakesTwoL(int latency) throws IOException {
        SimulationResult r = new Simulation(cfg(7, 1.0, latency, 5_000, 1).withWorkload("non-neighbours")).run();
        assertNull(r.violation());
        // The release's DIRTY_FORK reaches the common arbiter after L cycles and its FORK the waiter after L more.
        assertEquals(2L * latency, r.summary().syncDelay().p50());
    }

    @Test
    void singleRequesterReentersForFree() throws IOException {
        SimulationResult r = new Simulation(cfg(13, 1.0, 1, 10_000, 1).withWorkload("single")).run();
        // One first entry at 2K = 8 symbols, then nothing: the mean tends to 8 / entries.
        assertEquals(8, r.summary().symbols().total());
        assertTrue(r.summary().entries() > 1000);
        assertEquals(1.0, r.summary().jainFairness(), 1e-12);
    }

    @Test
    void hotspotNodesGetTheirShare() throws IOException {
        SimulationConfig c = cfg(13, 0.001, 1, 100_000, 2).toBuilder()
                .workload("hotspot")
                .hotNodes(new int[] {2, 5})
                .hotLoad(0.3)
                .build();
        SimulationResult r = new Simulation(c).run();
        assertNull(r.violation());
        long[] e = r.summary().entriesPerNode();
        long cold = 0;
        for (int i = 0; i < e.length; i++) {
            if (i != 2 && i != 5) {
                cold += e[i];
            }
        }
        double coldMean = cold / 11.0;
        // A hot node thinks about 1/0.3 + hold + handshake cycles per request, a cold one ~1000: the
        // ratio of entries is far above 10 whatever the contention.
        assertTrue(e[2] > 10 * coldMean && e[5] > 10 * coldMean, Arrays.toString(e));
        assertTrue(coldMean > 0);
    }

    @Test
    void hotspotRejectsNodesOutsideThePlane() {
        SimulationConfig c = cfg(7, 0.01, 1, 100, 2).toBuilder()
                .workload("hotspot")
                .hotNodes(new int[] {7})
                .build();
        IllegalArgumentException e =
                Assertions.assertThrows(IllegalArgumentException.class, () -> new Simulation(c).run());
        assertTrue(e.getMessage().contains("--hot-nodes"));
    }

    /**
     * A lone saturated processor with all forks: req rises in r, gnt is high from r+1, the H
     * transaction cycles are r+1..r+H, req is low in r+H+1 and rises again in r+H+2. Period H+2, of
     * which H cycles are busy.
     */
    @ParameterizedTest
    @CsvSource({"1", "4", "9"})
    void utilisationOfALoneSaturatedProcessor(int hold) throws IOException {
        SimulationResult r =
                new Simulation(cfg(7, 1.0, 1, 60_000, 1).withWorkload("single").withHold(hold)).run();
        assertEquals((double) hold / (hold + 2), r.summary().busUtilization(), 0.002);
    }

    /**
     * A warm-up leaves its cycles out of the statistics: the lone saturated processor above makes
     * one entry per H + 2 cycles, so 60,000 cycles with 20,000 of warm-up count 40,000 / (H + 2)
     * entries (give or take the one in progress at each end), at the same utilisation H / (H + 2).
     */
    @ParameterizedTest
    @CsvSource({"1", "4"})
    void aWarmupIsLeftOutOfTheStatistics(int hold) throws IOException {
        SimulationConfig c = cfg(7, 1.0, 1, 60_000, 1).withWorkload("single").withHold(hold).toBuilder()
                .warmupCycles(20_000)
                .build();
        SimulationResult r = new Simulation(c).run();
        assertEquals(40_000.0 / (hold + 2), r.summary().entries(), 1.0);
        assertEquals((double) hold / (hold + 2), r.summary().busUtilization(), 0.002);
        assertNull(r.violation());
    }

    /** Central round-robin: the next requester is granted in the release cycle, so no idle bus cycle. */
    @Test
    void centralRoundRobinHandsOverWithoutIdleCycles() throws IOException {
        SimulationResult r = new Simulation(cfg(7, 1.0, 1, 20_000, 1).toBuilder()
                        .algorithm("central-rr")
                        .build())
                .run();
        assertNull(r.violation());
        assertEquals(0, r.summary().syncDelay().max());
        // Saturated: 7 processors in turn, each gnt high for H+1 = 5 cycles, of which 4 are busy.
        assertEquals(0.8, r.summary().busUtilization(), 0.002);
        assertEquals(1.0, r.summary().jainFairness(), 1e-3);
        assertEquals(0, r.summary().messages().total());
    }

    /**
     * Grant latency, uncontended. Campos–Carvalho from cold start: the K Requests leave in
     * the cycle req rises (r), reach the arbiters at r+L, whose FORKs reach the client at r+2L; it eats
     * then, so gnt is high at r+2L+1. Re-entry with every fork parked: 1 cycle. The central
     * round-robin grants in the cycle req rises: 1 cycle both times.
     */
    @ParameterizedTest
    @CsvSource({"campos-carvalho,1", "campos-carvalho,2", "campos-carvalho,3", "central-rr,1"})
    void uncontendedGrantLatency(String algorithm, int latency, @TempDir Path dir) throws IOException {
        Path trace = dir.resolve("t.trace");
        Files.writeString(trace, "# ppbus request trace v1\n# nodes 7\n5 3 1\n50 3 1\n");
        SimulationResult r = new Simulation(cfg(7, 0, latency, 100, 1).toBuilder()
                        .algorithm(algorithm)
                        .workload(trace.toString())
                        .build())
                .run();
        long[] waits = r.summary().waitCycles().histogram().entrySet().stream()
                .flatMapToLong(e -> LongStream.generate(e::getKey).limit(e.getValue()))
                .toArray();
        long first = algorithm.equals("central-rr") ? 1 : 2L * latency + 1;
        assertEquals(
                List.of(1L, first).stream().sorted().toList(),
                Arrays.stream(waits).boxed().sorted().toList());
    }

    /**
     * B-17 (docs/SPEC.md §S4.3): the central coordinator costs REQUEST, GRANT and RELEASE, 3
     * messages per entry at any load. Widths: 2 type bits, plus the requester's id on REQUEST
     * (⌈log₂ 13⌉ = 4): 6 + 2 + 2 = 10 bits per entry. Hand-off: RELEASE takes L, GRANT takes L: 2L
     * idle cycles (§4.4).
     */
    @ParameterizedTest
    @CsvSource({"0.01,1", "0.3,1", "1.0,2"})
    void coordinatorCostsThreeMessagesPerEntry(double load, int latency) throws IOException {
        SimulationResult r = new Simulation(cfg(13, load, latency, 30_000, 2).toBuilder()
                        .algorithm("coordinator")
                        .build())
                .run();
        assertNull(r.violation());
        assertEquals(0, r.ungranted());
        assertEquals(3.0, r.summary().messages().totalPerEntry().mean(), 1e-12);
        assertEquals(10.0, r.summary().bits().totalPerEntry().mean(), 1e-12);
        if (load == 1.0) {
            assertEquals(2L * latency, r.summary().syncDelay().p50());
        }
    }

    @ParameterizedTest
    @CsvSource({"1", "2"})
    void coordinatorUncontendedWaitIsTwoLPlusOne(int latency, @TempDir Path dir) throws IOException {
        Path trace = dir.resolve("t.trace");
        Files.writeString(trace, "# ppbus request trace v1\n# nodes 7\n5 3 1\n");
        SimulationResult r = new Simulation(cfg(7, 0, latency, 50, 1).toBuilder()
                        .algorithm("coordinator")
                        .workload(trace.toString())
                        .build())
                .run();
        assertEquals(2L * latency + 1, r.summary().waitCycles().max());
        assertEquals(1, r.summary().entries());
    }

    /**
     * Token ring, every processor always asking: the token makes one hop per entry (1 message, 1 bit)
     * and reaches the next waiter L cycles after the release. gnt is high for H + 1 cycles (H busy and
     * the release cycle), then L idle: utilisation H / (H + 1 + L).
     */
    @ParameterizedTest
    @CsvSource({"1", "2"})
    void tokenRingUnderSaturation(int latency) throws IOException {
        SimulationResult r = new Simulation(cfg(13, 1.0, latency, 30_000, 3).toBuilder()
                        .algorithm("token-ring")
                        .build())
                .run();
        assertNull(r.violation());
        assertEquals(0, r.ungranted());
        assertEquals(1.0, r.summary().messages().totalPerEntry().mean(), 0.01);
        assertEquals(latency, r.summary().syncDelay().p50());
        assertEquals(4.0 / (4 + 1 + latency), r.summary().busUtilization(), 0.002);
    }

    /** At low load the token circulates without demand; that is not a livelock, and every request is served. */
    @Test
    void tokenRingAtLowLoadRaisesNoWatchdog() throws IOException {
        SimulationResult r = new Simulation(cfg(7, 0.0005, 1, 300_000, 3).toBuilder()
                        .algorithm("token-ring")
                        .watchdogCycles(10_000)
                        .build())
                .run();
        assertNull(r.violation());
        assertEquals(0, r.ungranted());
        assertTrue(r.summary().entries() > 500);
    }

    /**
     * B-3 (docs/SPEC.md §S4.3): Ricart–Agrawala costs exactly 2(N − 1) messages per entry at any
     * load: N − 1 REQUESTs and N − 1 REPLYs. Bits: REQUEST = 1 + 16 + ⌈log₂ N⌉, REPLY = 1, so
     * N = 7: 6·20 + 6 = 126; N = 13: 12·21 + 12 = 264.
     */
    @ParameterizedTest
    @CsvSource({"7,0.01,12,126", "7,1.0,12,126", "13,0.3,24,264", "13,1.0,24,264"})
    void ricartAgrawalaCostsTwoNMinusOne(int n, double load, double messages, double bits) throws IOException {
        SimulationResult r = new Simulation(cfg(n, load, 1, 30_000, 4).toBuilder()
                        .algorithm("ricart-agrawala")
                        .build())
                .run();
        assertNull(r.violation(), () -> r.violation().headline());
        assertEquals(0, r.ungranted());
        assertEquals(messages, r.summary().messages().totalPerEntry().mean(), 1e-12);
        assertEquals(bits, r.summary().bits().totalPerEntry().mean(), 1e-12);
    }

    /**
     * B-1: Lamport's queue costs 3(N − 1) messages per entry (N − 1 REQUEST, ACK and RELEASE each),
     * every message 2 + 16 + ⌈log₂ N⌉ bits: N = 7: 18 messages, 18·21 = 378 bits; N = 13: 36, 36·22 = 792.
     */
    @ParameterizedTest
    @CsvSource({"7,0.01,1,18,378", "7,1.0,2,18,378", "13,0.3,1,36,792", "13,1.0,3,36,792"})
    void lamportCostsThreeNMinusOne(int n, double load, int latency, double messages, double bits) throws IOException {
        SimulationResult r = new Simulation(cfg(n, load, latency, 30_000, 6).toBuilder()
                        .algorithm("lamport")
                        .build())
                .run();
        assertNull(r.violation(), () -> r.violation().headline());
        assertEquals(0, r.ungranted());
        assertEquals(messages, r.summary().messages().totalPerEntry().mean(), 1e-12);
        assertEquals(bits, r.summary().bits().totalPerEntry().mean(), 1e-12);
    }

    /** Runs a spaced request trace (one request every 40 cycles, hold 1) and returns the total messages. */
    private static long spacedRun(String algorithm, int n, int[] order, Path dir) throws IOException {
        StringBuilder t = new StringBuilder("# ppbus request trace v1\n# nodes " + n + "\n");
        for (int k = 0; k < order.length; k++) {
            t.append(1 + 40L * k).append(' ').append(order[k]).append(" 1\n");
        }
        Path trace = dir.resolve(algorithm + "-" + order.length + ".trace");
        Files.writeString(trace, t.toString());
        SimulationResult r = new Simulation(cfg(n, 0, 1, 40L * order.length + 10, 1).toBuilder()
                        .algorithm(algorithm)
                        .workload(trace.toString())
                        .build())
                .run();
        assertNull(r.violation());
        assertEquals(order.length, r.summary().entries());
        return r.summary().messages().total();
    }

    /**
     * B-7, Carvalho–Roucairol, with the permission of pair (i, j) at the lower id after reset:
     * - node N−1 holds none, so its first entry costs 2(N−1), and its immediate re-entries 0;
     * - nodes 0 and 1 alternating: node 0 starts with every permission (0 messages), then every entry
     *   takes back the one shared permission: 2 messages;
     * - all N in round robin: in round 1 node k lacks the k permissions shared with lower ids (2k
     *   messages, N(N−1) in all); from round 2 on every node lacks all N−1: 2(N−1) per entry.
     */
    @Test
    void carvalhoRoucairolB7(@TempDir Path dir) throws IOException {
        int n = 7;
        assertEquals(2L * (n - 1), spacedRun("carvalho-roucairol", n, new int[] {6, 6, 6}, dir));
        int[] alternate = new int[20];
        for (int k = 0; k < alternate.length; k++) {
            alternate[k] = k % 2;
        }
        assertEquals(2L * 19, spacedRun("carvalho-roucairol", n, alternate, dir));
        int rounds = 3;
        int[] robin = new int[rounds * n];
        for (int k = 0; k < robin.length; k++) {
            robin[k] = k % n;
        }
        assertEquals(
                (long) n * (n - 1) + (rounds - 1L) * n * 2 * (n - 1), spacedRun("carvalho-roucairol", n, robin, dir));
    }

    /**
     * B-8, Chandy–Misra on the complete graph, forks dirty at the lower id after reset: the same four
     * cases as B-7 and the same derivation (a fork and its request token replace a permission):
     * 2(N−1) for node N−1's first entry, 0 for its re-entries, 2 per entry for 0 and 1 alternating
     * after node 0's free first entry, and in round robin N(N−1) in round 1, then 2(N−1) per entry.
     */
    @Test
    void chandyMisraB8(@TempDir Path dir) throws IOException {
        int n = 7;
        assertEquals(2L * (n - 1), spacedRun("chandy-misra", n, new int[] {6, 6, 6}, dir));
        int[] alternate = new int[20];
        for (int k = 0; k < alternate.length; k++) {
            alternate[k] = k % 2;
        }
        assertEquals(2L * 19, spacedRun("chandy-misra", n, alternate, dir));
        int rounds = 3;
        int[] robin = new int[rounds * n];
        for (int k = 0; k < robin.length; k++) {
            robin[k] = k % n;
        }
        assertEquals((long) n * (n - 1) + (rounds - 1L) * n * 2 * (n - 1), spacedRun("chandy-misra", n, robin, dir));
    }
}
