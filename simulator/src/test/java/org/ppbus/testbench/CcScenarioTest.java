package org.ppbus.testbench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.ppbus.bus.Demand;
import org.ppbus.plane.Wiring;
import org.ppbus.protocol.ClientState;
import org.ppbus.protocol.RuleSet;
import org.ppbus.protocol.cc.InitialState;
import org.ppbus.protocol.cc.LinkFlags;
import org.ppbus.protocol.cc.Symbols;

/** The Campos–Carvalho scenarios of docs/SPEC.md §4.2, with their expected values derived. */
class CcScenarioTest {

    /** Full planes q = 2, 3, 4, 5, 7: N = 7, 13, 21, 31, 57 and K = 3, 4, 5, 6, 8. */
    @ParameterizedTest
    @ValueSource(ints = {7, 13, 21, 31, 57})
    void cc1FirstEntryCostsTwoKAndCc2ReentryCostsNothing(int n) {
        for (int latency : new int[] {1, 3}) {
            Harness h = Harness.coldStart(n, RuleSet.FIXED, latency);
            int k = h.wiring().lineSize();
            h.request(0, 1);
            assertTrue(h.settle(1000));
            // From cold start every arbiter holds its fork and no one competes: one Request to each of
            // the K arbiters and one FORK back from each. Two of them (to and from arbiter 0) are local.
            Counts c = Counts.of(h.wiring(), h.symbols(), 0);
            assertEquals(2L * k, c.total(), "CC-1 total, n=" + n);
            assertEquals(2L * k - 2, c.remote(), "CC-1 remote, n=" + n);
            assertEquals(k, c.kind("c2a REQUEST"));
            assertEquals(k, c.kind("a2c FORK"));
            assertEquals(1, h.meals(0));
            // CC-2: the forks stay parked at client 0, so re-entries send nothing.
            int mark = h.symbols().size();
            for (int i = 0; i < 10; i++) {
                h.request(0, 2);
                assertTrue(h.settle(1000));
            }
            assertEquals(11, h.meals(0));
            assertEquals(0, h.symbols().size() - mark, "CC-2 re-entry");
            assertNull(h.checker().violation());
        }
    }

    /** Re-entry with all forks held takes 1 cycle (docs/SPEC.md (contract) timing). */
    @Test
    void reentryGrantLatencyIsOneCycle() {
        Harness h = Harness.coldStart(7, RuleSet.FIXED, 2);
        h.request(0, 1);
        assertTrue(h.settle(100));
        h.request(0, 1);
        h.step();
        // req rises in this cycle and the client eats in the same cycle, so gnt is high in the next one.
        assertEquals(2, h.meals(0));
    }

    @ParameterizedTest
    @ValueSource(ints = {7, 13, 21, 31, 57})
    void cc3WorstCaseCostsFourK(int n) {
        Harness h = Harness.coldStart(n, RuleSet.FIXED, 1);
        Wiring w = h.wiring();
        int k = w.lineSize();
        int[] s0 = w.arbitersOf(0);
        int[] x = new int[k];
        for (int idx = 0; idx < k; idx++) {
            int a = s0[idx];
            // x_a: a client of arbiter a other than 0 and a; it shares exactly arbiter a with client 0.
            x[idx] = Arrays.stream(w.clientsOf(a))
                    .filter(c -> c != 0 && c != a)
                    .findFirst()
                    .orElseThrow();
            assertEquals(a, w.commonArbiter(0, x[idx]));
        }
        for (int xa : x) {
            h.request(xa, 1);
            assertTrue(h.settle(2000));
        }
        int mark = h.symbols().size();
        h.request(0, 1);
        assertTrue(h.settle(2000));
        assertEquals(1, h.meals(0));
        // Every arbiter of S_0 has lent its fork to x_a, which thinks with it dirty. Client 0 outranks x_a
        // everywhere (lists start in id order and x_a has not been demoted: demotion needs the dirty fork
        // back). Per arbiter: Request (0→a), StrongRequest (a→x_a), DirtyFORK (x_a→a), FORK (a→0).
        Counts c = Counts.of(w, h.symbols(), mark);
        assertEquals(4L * k, c.total(), "CC-3 total");
        assertEquals(4L * k - 2, c.remote(), "CC-3 remote");
        assertEquals(k, c.kind("c2a REQUEST"));
        assertEquals(k, c.kind("a2c STRONG_REQUEST"));
        assertEquals(k, c.kind("c2a DIRTY_FORK"));
        assertEquals(k, c.kind("a2c FORK"));
        assertNull(h.checker().violation());
    }

    /**
     * CC-4 / CC-5: two saturated clients. Neighbours (0, 1) share arbiter 1, which is local to client 1;
     * non-neighbours (0, 2) share arbiter 3, local to neither. In steady state each hand-off moves the
     * shared fork once each way, with a reclaim: per entry, neighbours 1 combined remote message, 2
     * remote symbols, 4 symbols in all; non-neighbours 2 combined, 4 remote, 4 in all.
     */
    @ParameterizedTest
    @CsvSource({"1,1,1,2,4", "2,1,2,4,4", "1,3,1,2,4", "2,3,2,4,4"})
    void cc4cc5SaturatedPairs(int other, int latency, double combined, double remote, double total) {
        Harness h = Harness.coldStart(7, RuleSet.FIXED, latency);
        assertEquals(other == 1, h.wiring().neighbours(0, other));
        int[] pair = {0, other};
        long[] lastMeals = new long[2];
        // Saturated: each processor asks again as soon as its previous request has completed.
        int mark = -1;
        long entriesAtMark = 0;
        int[] order = new int[400];
        int entries = 0;
        for (long step = 0; step < 20_000 && entries < 400; step++) {
            for (int p = 0; p < 2; p++) {
                int node = pair[p];
                if (!h.processors().waiting(node)
                        && h.network().clientState(node) == ClientState.THINKING
                        && !h.processors().req(node)) {
                    h.request(node, 2);
                }
            }
            h.step();
            for (int p = 0; p < 2; p++) {
                if (h.meals(pair[p]) != lastMeals[p]) {
                    lastMeals[p] = h.meals(pair[p]);
                    order[entries++] = p;
                    if (entries == 100) {
                        mark = h.symbols().size();
                        entriesAtMark = entries;
                    }
                }
            }
        }
        assertEquals(400, entries);
        for (int e = 101; e < 400; e++) {
            assertTrue(order[e] != order[e - 1], "entries strictly alternate");
        }
        // Symbols driven from the 100th to the 400th entry belong to 300 entries (one period each).
        Counts c = Counts.of(h.wiring(), h.symbols(), mark);
        double per = entries - entriesAtMark;
        assertEquals(combined, c.combinedRemote() / per, 0.02);
        assertEquals(remote, c.remote() / per, 0.02);
        assertEquals(total, c.total() / per, 0.02);
        assertNull(h.checker().violation());
    }

    /** CC-6: strict alternation at low load, quiescent before each request. */
    @ParameterizedTest
    @CsvSource({"1,2,4", "2,4,4"})
    void cc6AlternationAtLowLoad(int other, long remote, long total) {
        for (int latency : new int[] {1, 2}) {
            Harness h = Harness.coldStart(7, RuleSet.FIXED, latency);
            int[] pair = {0, other};
            int mark = 0;
            for (int e = 0; e < 40; e++) {
                if (e == 2) {
                    mark = h.symbols().size();
                }
                h.request(pair[e % 2], 3);
                assertTrue(h.settle(1000));
            }
            // After each has eaten once, the shared fork is parked at the other client, which thinks:
            // Request (to the common arbiter), reclaim (to the holder), DirtyFORK back, FORK on.
            // Neighbours: the common arbiter is the requester's own or the holder's, so 2 of 4 are local.
            Counts c = Counts.of(h.wiring(), h.symbols(), mark);
            assertEquals(38 * total, c.total());
            assertEquals(38 * remote, c.remote());
            assertNull(h.checker().violation());
        }
    }

    /** CC-9, regression A (F1): client 6 eats once; then client 4 (which outranks 6 at arbiter 0). */
    @Test
    void cc9FixedRulesQuiesceAfterTwoKPlusTwo() {
        Harness h = Harness.coldStart(7, RuleSet.FIXED, 1);
        assertArrayEquals(new int[] {0, 4, 6}, h.wiring().clientsOf(0));
        h.request(6, 1);
        assertTrue(h.settle(100));
        int mark = h.symbols().size();
        h.request(4, 1);
        assertTrue(h.settle(100));
        // x = 4 asks arbiters 0, 4, 5 (3 Requests); 4 and 5 grant at once (2 FORKs); arbiter 0 sends a
        // StrongRequest to 6, gets the DirtyFORK, and grants (3 more): 2K + 2 = 8.
        assertEquals(8, Counts.of(h.wiring(), h.symbols(), mark).total());
        assertNull(h.checker().violation());
    }

    @Test
    void cc9LiteralRulesPingPongForeverWhileEveryoneThinks() {
        Harness h = new Harness(Wiring.forNodes(7), RuleSet.LITERAL, 1, null, 500, 4);
        h.request(6, 1);
        assertTrue(h.settle(100));
        h.request(4, 1);
        assertFalse(h.settle(3000), "the literal rules never become quiescent");
        assertEquals(1, h.meals(4));
        for (int i = 0; i < 7; i++) {
            assertEquals(ClientState.THINKING, h.network().clientState(i));
        }
        // The stream is between arbiter 0 and client 6: FORK down, DIRTY_FORK up, over and over.
        int link6to0 = 6 * 3 + Arrays.binarySearch(h.wiring().arbitersOf(6), 0);
        long forks = h.symbols().stream()
                .filter(s -> s[2] == link6to0 && s[0] > 1000)
                .count();
        assertTrue(forks > 500, "FORK/DIRTY_FORK symbols on link C6-A0 after cycle 1000: " + forks);
        // The first invariant to break is I3: R17 left the request token at the arbiter while R10 gave
        // one to client 6 (A1).
        assertNotNull(h.checker().violation());
        assertEquals("I3 request tokens", h.checker().violation().invariant());
    }

    /** CC-10, regression B (F2), script of docs/SPEC.md §3.3 A2. */
    @ParameterizedTest
    @CsvSource({"fixed,true", "literal+F1,false"})
    void cc10CleanYieldMustRearmStrongRequest(String rules, boolean xEats) {
        Harness h = new Harness(Wiring.forNodes(7), RuleSet.parse(rules), 1, null, 2000, 8);
        h.request(2, 200); // y eats and stays
        assertTrue(h.quiet(100));
        h.request(6, 1); // c takes arbiter 0's fork and waits for y at arbiter 2
        assertTrue(h.quiet(100));
        h.request(0, 1); // e: arbiter 0 strong-requests c, c yields clean, e waits for y at arbiter 3
        assertTrue(h.quiet(100));
        assertEquals(ClientState.HUNGRY, h.network().clientState(0));
        assertEquals(ClientState.HUNGRY, h.network().clientState(6));
        assertTrue(h.settle(400)); // y finishes; e, then c, eat and think
        assertEquals(1, h.meals(0));
        assertEquals(1, h.meals(6));
        h.request(4, 1); // x
        h.settle(500);
        if (xEats) {
            assertEquals(1, h.meals(4));
            assertNull(h.checker().violation());
        } else {
            assertEquals(0, h.meals(4));
            assertEquals(ClientState.HUNGRY, h.network().clientState(4));
            assertEquals(6, h.network().view(0).ownerClient(0));
            assertArrayEquals(new int[] {4, 6, 0}, h.network().view(0).priorityOrder(0));
            int port6 = Arrays.binarySearch(h.wiring().clientsOf(0), 6);
            assertEquals(0, h.network().view(0).arbiterFlags(0, port6) & LinkFlags.SREQ);
            h.runUntil(() -> h.checker().violation() != null, 100);
            assertEquals("deadlock", h.checker().violation().invariant());
        }
    }

    /**
     * CC-11, regression C (F3). Outside the contract, client 0 re-enters without a THINKING cycle; client
     * 2 becomes hungry once. Without F3's guard, 0 eats again on forks already reclaimed for 2.
     */
    @ParameterizedTest
    @CsvSource({"fixed,true", "literal+F1+F2,false"})
    void cc11EatingGuard(String rules, boolean twoEats) {
        Harness h = new Harness(Wiring.forNodes(7), RuleSet.parse(rules), 1, null, 100_000, 8);
        h.reenterDirectly(0, true);
        h.request(0, 1);
        h.runUntil(() -> h.meals(0) >= 1, 100);
        h.request(2, 1);
        h.runUntil(() -> h.meals(2) >= 1, 3000);
        if (twoEats) {
            assertEquals(1, h.meals(2));
            // The reclaim for client 2 reaches client 0 on the link to their common arbiter; after that
            // client 0 must not eat again before client 2 does.
            Wiring w = h.wiring();
            int link = w.link(0, w.slotOf(0, w.commonArbiter(0, 2)));
            long reclaimArrives = h.symbols().stream()
                    .filter(x -> x[1] == 0 && x[2] == link && x[3] == Symbols.A_REQUEST)
                    .mapToLong(x -> x[0] + 1)
                    .min()
                    .orElseThrow();
            long twoAte = h.mealLog().stream()
                    .filter(m -> m[1] == 2)
                    .mapToLong(m -> m[0])
                    .min()
                    .orElseThrow();
            assertTrue(
                    h.mealLog().stream().noneMatch(m -> m[1] == 0 && m[0] >= reclaimArrives && m[0] < twoAte),
                    "client 0 ate between the reclaim's arrival (" + reclaimArrives + ") and client 2's meal (" + twoAte
                            + ")");
        } else {
            assertEquals(0, h.meals(2));
            assertTrue(h.meals(0) > 1000, "client 0 monopolises the bus: " + h.meals(0));
        }
    }

    /** Under the contract's timing (a THINKING cycle between meals) A3 cannot occur, even literally. */
    @Test
    void cc11UnderTheContractTheLiteralRulesDoNotStarveClient2() {
        Harness h = new Harness(Wiring.forNodes(7), RuleSet.parse("literal+F1+F2"), 1, null, 100_000, 8);
        h.request(0, 1);
        h.runUntil(() -> h.meals(0) >= 1, 100);
        h.request(2, 1);
        for (int i = 0; i < 3000 && h.meals(2) == 0; i++) {
            if (!h.processors().waiting(0)
                    && h.processors().nextEventCycle() == Demand.NEVER
                    && h.network().clientState(0) == ClientState.THINKING) {
                h.request(0, 1);
            }
            h.step();
        }
        assertEquals(1, h.meals(2));
    }

    /** CC-12: the natural "parked at own node" reset is cyclic; forced, all-hungry deadlocks. */
    @ParameterizedTest
    @ValueSource(ints = {7, 13})
    void cc12ParkedResetIsRejectedAndDeadlocks(int n) {
        Wiring w = Wiring.forNodes(n);
        InitialState parked = InitialState.parkedAtOwnNode(w);
        List<String> errors = parked.validate();
        assertTrue(errors.stream().anyMatch(e -> e.contains("cyclic")), errors.toString());
        assertTrue(InitialState.coldStart(w).validate().isEmpty());
        Harness h = new Harness(w, RuleSet.FIXED, 1, parked.force(), 10_000, 8);
        for (int i = 0; i < n; i++) {
            h.request(i, 1);
        }
        h.runUntil(() -> false, 2000);
        for (int i = 0; i < n; i++) {
            assertEquals(0, h.meals(i));
            assertEquals(ClientState.HUNGRY, h.network().clientState(i));
        }
        assertTrue(h.network().quiescent(), "quiescent with every client hungry and no eater");
        // The checker saw the cyclic H at once (I4); the deadlock follows.
        assertEquals("I4 H acyclic", h.checker().violation().invariant());
        assertEquals(0, h.checker().violation().cycle());
    }

    /**
     * CC-13: a hungry client holding every fork, one of them clean with an unserved StrongRequest. R2
     * and R7 are both enabled; the §3.4 order lets R2 win and sends nothing that cycle, so no
     * CleanFORK ever leaves a client that eats (A4 impossible by construction).
     */
    @Test
    void cc13EatingAndYieldingNeverShareACycle() {
        Wiring w = Wiring.forNodes(7);
        InitialState s = InitialState.coldStart(w);
        int[] s0 = w.arbitersOf(0); // {0, 1, 3}
        int fr = LinkFlags.FORK | LinkFlags.REQ | LinkFlags.SREQ; // the strong request was received
        s.client(0, ClientState.HUNGRY, fr, LinkFlags.FORK, LinkFlags.FORK);
        for (int idx = 0; idx < s0.length; idx++) {
            int a = s0[idx];
            int[] flags = new int[w.clientsOf(a).length];
            int port = Arrays.binarySearch(w.clientsOf(a), 0);
            for (int m = 0; m < flags.length; m++) {
                flags[m] = m == port ? (idx == 0 ? 0 : LinkFlags.REQ | LinkFlags.SREQ) : 0;
            }
            // The clients other than 0 keep their tokens (cold start) except at arbiter s0[0], where
            // client 4 is waiting: its token is at the arbiter.
            s.arbiter(a, 0, flags);
        }
        int waiting = Arrays.stream(w.clientsOf(s0[0]))
                .filter(c -> c != 0)
                .findFirst()
                .orElseThrow();
        int wslot = Arrays.binarySearch(w.arbitersOf(waiting), s0[0]);
        int[] wflags = new int[3];
        Arrays.fill(wflags, LinkFlags.REQ);
        wflags[wslot] = 0;
        s.client(waiting, ClientState.HUNGRY, wflags);
        int[] aflags = new int[w.clientsOf(s0[0]).length];
        aflags[Arrays.binarySearch(w.clientsOf(s0[0]), waiting)] = LinkFlags.REQ | LinkFlags.SREQ;
        s.arbiter(s0[0], 0, aflags);
        assertEquals(List.of(), s.validate());
        Harness h = new Harness(w, RuleSet.FIXED, 1, s);
        h.request(0, 1);
        h.request(waiting, 1);
        h.step();
        assertEquals(ClientState.EATING, h.network().clientState(0));
        assertTrue(
                h.symbols().stream().noneMatch(x -> x[1] == 1 && x[2] / 3 == 0),
                "client 0 sent nothing in the cycle it started eating");
        // After the meal the reclaimed fork goes back dirty (R5), and the waiting client gets it.
        assertTrue(h.runUntil(() -> h.meals(waiting) == 1, 50));
        assertNull(h.checker().violation());
    }

    /** CC-17: N·q remote links and N local ones when n = N. */
    @ParameterizedTest
    @CsvSource({"7,2,14,7", "13,3,39,13", "21,4,84,21", "31,5,155,31", "57,7,399,57"})
    void cc17Wiring(int n, int q, int remote, int local) {
        Wiring w = Wiring.forNodes(n);
        int l = 0;
        int r = 0;
        for (int i = 0; i < n; i++) {
            for (int a : w.arbitersOf(i)) {
                if (a == i) {
                    l++;
                } else {
                    r++;
                }
            }
        }
        assertEquals(q, w.plane().order());
        assertEquals(remote, r);
        assertEquals(local, l);
        assertEquals(n * (q + 1), w.links());
    }
}
