package org.ppbus.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.ppbus.bus.Fabric;
import org.ppbus.check.Finding;
import org.ppbus.plane.Wiring;
import org.ppbus.protocol.ProtocolObserver;
import org.ppbus.protocol.RuleSet;
import org.ppbus.protocol.cc.CcNetwork;
import org.ppbus.search.graph.StateGraph;
import org.ppbus.testkit.Search;

/**
 * The exhaustive search with a crash-stop of any one node in any cycle ({@link SearchCrash}): the
 * recovery {@code +reclaim} keeps every survivor served, and without it a crash leaves a live client
 * waiting for ever.
 */
@Search
class CrashSearchTest {
    private static SearchOptions crashSearch(int n, int latency, String rules, long active) {
        return SearchOptions.of(n, latency, RuleSet.parse(rules))
                .withMaxStates(20_000_000)
                .withActive(active)
                .withCrash();
    }

    /**
     * Without the recovery: at the cold start every fork is at home in its arbiter. A node that
     * crashes in the first cycle takes its arbiter's fork with it, so a client of that arbiter that
     * asks in the same cycle can never eat. The shortest counterexample is therefore one cycle long,
     * and its cycle carries the crash.
     */
    @Test
    void withoutTheRecoveryACrashLeavesALiveClientWaiting() {
        StateSearch search = new StateSearch(crashSearch(3, 1, "fixed", -1L));
        SearchResult r = search.run(() -> 0);
        assertTrue(r.complete(), r.stoppedBecause());
        assertEquals(1, r.findings().size(), r.findings().toString());
        Finding f = r.findings().get(0);
        assertTrue(
                List.of("deadlock", "starvation", "livelock")
                        .contains(f.property().label()),
                f.property().label() + ": " + f.message());
        List<String> crashes = search.faultsOn(f);
        assertEquals(1, crashes.size(), crashes.toString());
        assertTrue(crashes.get(0).matches("crash:[0-2]@1"), crashes.get(0));
        assertEquals(1, f.loopStart() >= 0 ? f.loopStart() : f.path().size(), "a crash in cycle 1 suffices");
    }

    /**
     * With +reclaim on the triangle: every state with any crash of any node in any cycle, complete,
     * with no safety violation and every survivor served (no deadlock, livelock or starvation of a
     * live client that did not give up).
     */
    @ParameterizedTest
    @CsvSource({"1", "2", "3"})
    void theRecoveryServesEverySurvivorOnTheTriangle(int latency) {
        SearchResult r = new StateSearch(crashSearch(3, latency, "fixed+reclaim", -1L)).run(() -> 0);
        assertTrue(r.complete(), r.stoppedBecause());
        assertEquals(List.of(), r.findings());
        SearchResult free = new StateSearch(SearchOptions.of(3, latency, RuleSet.parse("fixed+reclaim"))
                        .withMaxStates(20_000_000)
                        .withoutOvertaking())
                .run(() -> 0);
        assertTrue(free.complete() && free.findings().isEmpty());
        // Every crash-free state is still reached, and a crash state differs from all of them.
        assertTrue(r.states() > free.states(), r.states() + " states with crashes, " + free.states() + " without");
    }

    /** The Fano plane, processors 0 and 3 asking, any of the seven nodes crashing. */
    @Test
    void theRecoveryServesEverySurvivorOnTheFanoPlane() {
        SearchResult r = new StateSearch(crashSearch(7, 1, "fixed+reclaim", 0b1001)).run(() -> 0);
        assertTrue(r.complete(), r.stoppedBecause());
        assertEquals(List.of(), r.findings());
    }

    /** A crash is packed in a cycle's actions, and a crashed network's snapshot carries it. */
    @Test
    void aCrashIsPackedInTheActionsAndInTheSnapshot() {
        long act = SearchCrash.withCrash(StateSearch.RAISE, 2);
        int[] a = StateGraph.actions(act, 3);
        assertEquals(StateSearch.RAISE, a[0]);
        assertEquals(0, a[3], "no symbol fault");
        assertEquals(3, a[4], "node 2 + 1");
        assertEquals("crash:2@5", SearchCrash.describe(act, 5));
        CcNetwork net = reclaimNetwork();
        net.crash(2, 0);
        assertEquals(2, net.crashedNode());
        CcNetwork copy = reclaimNetwork();
        assertEquals(-1, copy.crashedNode());
        copy.restore(net.snapshot(0), 1);
        assertEquals(2, copy.crashedNode(), "the crash is part of the saved state");
    }

    private static CcNetwork reclaimNetwork() {
        return CcNetwork.coldStart(
                Wiring.forNodes(3),
                new CcNetwork.Options(1, RuleSet.parse("fixed+reclaim"), true),
                new Fabric.GrantSink() {
                    @Override
                    public void granted(int node, long cycle) {}

                    @Override
                    public void released(int node, long cycle) {}
                },
                ProtocolObserver.NONE);
    }
}
