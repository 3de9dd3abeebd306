package org.ppbus.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
import org.ppbus.bus.Fabric;
import org.ppbus.check.Finding;
import org.ppbus.check.Violation;
import org.ppbus.link.ChosenFaults;
import org.ppbus.link.Direction;
import org.ppbus.plane.Wiring;
import org.ppbus.protocol.ClientState;
import org.ppbus.protocol.ProtocolObserver;
import org.ppbus.protocol.RuleSet;
import org.ppbus.protocol.cc.CcNetwork;
import org.ppbus.testbench.Simulation;
import org.ppbus.testbench.SimulationConfig;
import org.ppbus.testbench.SimulationResult;
import org.ppbus.testkit.Search;

@Search
class StateSearchTest {

    /**
     * The search is only sound if a snapshot holds the whole state. Two networks run the same
     * random inputs; every few cycles one is saved and restored into a third, fresh network that
     * then replaces it. Every symbol driven and every grant must be the same in both. With a crash
     * (node {@code crashed} in cycle {@code crashAt}, -1 for none), the snapshots taken in the 2L
     * cycles before +reclaim's announcement must carry it, or the recovery would differ.
     */
    @ParameterizedTest
    @CsvSource({
        "3,1,fixed,-1,0",
        "7,2,fixed,-1,0",
        "13,3,fixed,-1,0",
        "7,2,fixed+reclaim,401,3",
        "13,3,fixed+reclaim,402,5",
        "7,1,fixed+heal+reclaim,400,0",
        "7,2,fixed,400,1"
    })
    void snapshotAndRestoreLoseNothing(int n, int latency, String rules, long crashAt, int crashed) {
        Wiring w = Wiring.forNodes(n);
        List<String> a = new ArrayList<>();
        List<String> b = new ArrayList<>();
        CcNetwork.Options opt = new CcNetwork.Options(latency, RuleSet.parse(rules), true);
        CcNetwork reference = CcNetwork.coldStart(w, opt, sink(a), observer(a));
        CcNetwork[] restored = {CcNetwork.coldStart(w, opt, sink(b), observer(b))};
        Random rnd = new Random(n * 31L + latency);
        boolean[] req = new boolean[n];
        for (long t = 0; t < 3000; t++) {
            if (t == crashAt) {
                reference.crash(crashed, t);
                restored[0].crash(crashed, t);
            }
            for (int i = 0; i < n; i++) {
                boolean eating = reference.clientState(i) == ClientState.EATING;
                if (t >= crashAt && crashAt >= 0 && i == crashed) {
                    continue; // a dead processor does nothing
                }
                if (!req[i] && rnd.nextInt(10) == 0 || req[i] && eating && rnd.nextInt(3) == 0) {
                    req[i] = !req[i];
                    reference.request(i, req[i], t);
                    restored[0].request(i, req[i], t);
                }
            }
            reference.step(t);
            restored[0].step(t);
            if (t % 7 == 3 || crashAt >= 0 && t > crashAt && t <= crashAt + 2L * latency) {
                CcNetwork fresh = CcNetwork.coldStart(w, opt, sink(b), observer(b));
                fresh.restore(restored[0].snapshot(t), t + 1);
                restored[0] = fresh;
            }
        }
        assertTrue(a.size() > 500, "too little traffic to compare: " + a.size());
        assertEquals(a, b);
        long grantsAfterCrash = a.stream()
                .filter(e -> e.startsWith("grant")
                        && crashAt >= 0
                        && Long.parseLong(e.split(" ")[1]) > crashAt + 2L * latency)
                .count();
        // Without +reclaim a crash stops everybody (docs/VERIFICATION.md), so only the recovery has grants to compare.
        assertTrue(
                crashAt < 0 || !rules.contains("reclaim") || grantsAfterCrash > 20,
                "too few grants after the crash: " + grantsAfterCrash);
    }

    /**
     * The search stores every state in the cold start's number of words and would lose the tail of a
     * longer snapshot. A duplicate's copy on its way and a crash's countdown used to add bits only
     * while they existed, so at n = 3 and L = 2 a state with a pending copy lost its last word. Here a
     * duplicate is armed on every C2A channel in turn until one fires, and node 1 crashes later; every
     * snapshot must keep the width.
     */
    @ParameterizedTest
    @CsvSource({
        "3,1,fixed+heal",
        "3,2,fixed+heal",
        "3,3,fixed+heal",
        "7,2,fixed+heal",
        "3,2,fixed+heal+reclaim",
        "7,1,fixed+heal+reclaim",
        "13,2,fixed+reclaim",
        "3,2,fixed"
    })
    void everySnapshotHasTheColdStartsWidth(int n, int latency, String rules) {
        Wiring w = Wiring.forNodes(n);
        List<String> log = new ArrayList<>();
        CcNetwork net = CcNetwork.coldStart(
                w, new CcNetwork.Options(latency, RuleSet.parse(rules), true), sink(log), observer(log));
        ChosenFaults faults = new ChosenFaults(w.links());
        net.wrapChannels(faults::wrap);
        int width = net.snapshot(-1).length;
        Random rnd = new Random(n * 7L + latency);
        boolean[] req = new boolean[n];
        for (long t = 0; t < 1000; t++) {
            if (t == 600) {
                net.crash(1, t);
            }
            for (int i = 0; i < n; i++) {
                boolean eating = net.clientState(i) == ClientState.EATING;
                if ((t < 600 || i != 1) && (!req[i] && rnd.nextInt(4) == 0 || req[i] && eating)) {
                    req[i] = !req[i];
                    net.request(i, req[i], t);
                }
            }
            if (!faults.used(ChosenFaults.DUPLICATE)) {
                faults.arm(ChosenFaults.DUPLICATE, Direction.C2A, (int) (t % w.links()));
            }
            net.step(t);
            assertEquals(width, net.snapshot(t).length, "the snapshot after cycle " + t);
        }
        assertTrue(faults.used(ChosenFaults.DUPLICATE));
    }

    private static Fabric.GrantSink sink(List<String> log) {
        return new Fabric.GrantSink() {
            @Override
            public void granted(int node, long cycle) {
                log.add("grant " + cycle + " " + node);
            }

            @Override
            public void released(int node, long cycle) {}
        };
    }

    private static ProtocolObserver observer(List<String> log) {
        return new ProtocolObserver() {
            @Override
            public void symbolDriven(Direction direction, int link, int code, long cycle) {
                log.add(cycle + " " + (direction == Direction.C2A) + " " + link + " " + code);
            }
        };
    }

    /** The fixed rules on the triangle: every reachable state explored, for L = 1 and 2, and nothing found. */
    @ParameterizedTest
    @CsvSource({"1,false", "2,false", "1,true"})
    void triangleWithTheFixedRulesIsCompleteAndClean(int latency, boolean reenter) {
        SearchResult r = search(3, latency, "fixed", reenter, -1L);
        assertTrue(r.complete(), r.stoppedBecause());
        assertEquals(List.of(), r.findings());
        assertTrue(r.states() > 1000, "suspiciously few states: " + r.states());
    }

    /**
     * The literal rules: A1 (R17 keeps the arbiter's request token) shows on the triangle as I3, two
     * tokens on one link at quiescence, and the counterexample, written as a request trace, makes
     * the simulator report the same invariant.
     */
    @ParameterizedTest
    @CsvSource({"1", "2"})
    void literalRulesBreakI3OnTheTriangle(int latency, @TempDir Path dir) throws IOException {
        StateSearch s = new StateSearch(options(3, latency, "literal", false, -1L));
        SearchResult r = s.run(() -> 0);
        assertEquals(1, r.findings().size());
        assertEquals("I3 request tokens", r.findings().get(0).property().label());
        assertEquals(
                "I3 request tokens",
                replay(s, r.findings().get(0), 3, latency, "literal", dir).invariant());
    }

    /**
     * A2 (R14 does not re-arm the strong request) needs n = 7; in the scope of the audit's scenario
     * (processors 0, 2, 4 and 6) the search is complete and finds clients that wait for ever, with
     * F1 in place so that A1 does not fire first. The fixed rules in the same scope: nothing. With
     * the overtaking monitor on, the same bug shows earlier as a broken fairness bound.
     */
    @Test
    void a2BlocksClientsWithoutF2() throws IOException {
        long scope = 1 | 1 << 2 | 1 << 4 | 1 << 6;
        assertEquals(
                "fairness",
                new StateSearch(options(7, 1, "literal+F1", false, scope))
                        .run(() -> 0)
                        .findings()
                        .get(0)
                        .property()
                        .label());
        StateSearch s =
                new StateSearch(options(7, 1, "literal+F1", false, scope).withoutOvertaking());
        SearchResult r = s.run(() -> 0);
        assertTrue(r.complete());
        // Three clients wait in a loop where nobody eats and nothing moves: the simulator's I7.
        assertEquals("deadlock", r.findings().get(0).property().label());
        Path dir = Files.createTempDirectory("a2");
        assertEquals(
                "deadlock",
                replay(s, r.findings().get(0), 7, 1, "literal+F1", dir).invariant());
        SearchResult fixed = search(7, 1, "fixed", false, scope);
        assertTrue(fixed.complete());
        assertEquals(List.of(), fixed.findings());
    }

    /**
     * A3 (R2 without the eating guard) needs re-entry without thinking, outside the contract: a
     * client that re-enters keeps the other hungry for ever. With F3 (the fixed rules): nothing.
     */
    @Test
    void a3StarvesAClientWithoutF3WhenReentryIsAllowed(@TempDir Path dir) throws IOException {
        long scope = 1 | 1 << 2;
        assertEquals(
                "fairness",
                new StateSearch(options(7, 1, "literal+F1+F2", true, scope))
                        .run(() -> 0)
                        .findings()
                        .get(0)
                        .property()
                        .label());
        StateSearch s =
                new StateSearch(options(7, 1, "literal+F1+F2", true, scope).withoutOvertaking());
        SearchResult r = s.run(() -> 0);
        assertTrue(r.complete());
        assertEquals("starvation", r.findings().get(0).property().label());
        assertEquals(
                "fairness",
                replay(s, r.findings().get(0), 7, 1, "literal+F1+F2", dir).invariant());
        assertEquals(List.of(), search(7, 1, "fixed", true, scope).findings());
        assertEquals(List.of(), search(7, 1, "literal+F1+F2", false, scope).findings());
    }

    /**
     * Asynchronous channels (any delay, FIFO per channel, as the paper assumes): on the triangle the
     * fixed rules are still complete and clean, and the literal rules still break I3.
     */
    @Test
    void asynchronousChannelsOnTheTriangle() {
        SearchResult fixed = new StateSearch(SearchOptions.of(3, 1, RuleSet.FIXED)
                        .withMaxStates(10_000_000)
                        .withFifo(4))
                .run(() -> 0);
        assertTrue(fixed.complete());
        assertEquals(List.of(), fixed.findings());
        assertTrue(fixed.states() > search(3, 1, "fixed", false, -1L).states(), "delays should add states");
        SearchResult literal = new StateSearch(SearchOptions.of(3, 1, RuleSet.LITERAL)
                        .withMaxStates(10_000_000)
                        .withFifo(4))
                .run(() -> 0);
        assertEquals("I3 request tokens", literal.findings().get(0).property().label());
    }

    private static SearchOptions options(int n, int latency, String rules, boolean reenter, long scope) {
        return SearchOptions.of(n, latency, RuleSet.parse(rules))
                .withReentry(reenter ? -1L : 0L)
                .withMaxStates(10_000_000)
                .withH(n <= 3)
                .withActive(scope);
    }

    private static SearchResult search(int n, int latency, String rules, boolean reenter, long scope) {
        return new StateSearch(options(n, latency, rules, reenter, scope)).run(() -> 0);
    }

    /** Replays a finding through the simulator, as `ppbus verify` tells a user to; returns its violation. */
    private static Violation replay(StateSearch s, Finding f, int n, int latency, String rules, Path dir)
            throws IOException {
        List<int[]> actions = f.unrolled(f.loopStart() >= 0 ? 40 : 0);
        Path trace = dir.resolve("cx.trace");
        try (Writer w = Files.newBufferedWriter(trace)) {
            s.trace(actions, 1_000_000).write(w);
        }
        SimulationResult r = new Simulation(SimulationConfig.defaults()
                        .withNodes(n)
                        .withLatency(latency)
                        .withRules(rules)
                        .withWorkload(trace.toString())
                        .withCycles(actions.size() + 2)
                        .validated())
                .run();
        assertTrue(r.violation() != null, "the replay passed every checker");
        return r.violation();
    }
}
