package org.ppbus.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.ppbus.bus.Fabric;
import org.ppbus.check.Invariants;
import org.ppbus.check.Property;
import org.ppbus.link.ChosenFaults;
import org.ppbus.link.Direction;
import org.ppbus.plane.Wiring;
import org.ppbus.protocol.ProtocolObserver;
import org.ppbus.protocol.RuleSet;
import org.ppbus.protocol.cc.CcNetwork;
import org.ppbus.protocol.cc.InitialState;
import org.ppbus.testbench.Simulation;
import org.ppbus.testbench.SimulationConfig;
import org.ppbus.testbench.SimulationResult;
import org.ppbus.testkit.Search;

/**
 * {@code fixed+heal} (docs/PROTOCOL.md "Healing") on the triangle, L = 1, cycle by cycle, with the
 * expected cycles derived from the rules H1–H6; and the exhaustive search with faults.
 */
@Search
class HealTest {
    private static final RuleSet HEAL = RuleSet.parse("fixed+heal");

    /** A triangle whose client 0 asks in cycle 1 and keeps asking; one fault armed for one cycle. */
    private static final class Run implements Fabric.GrantSink, ProtocolObserver {
        final Wiring w = Wiring.forNodes(3);
        final CcNetwork net;
        long stepped; // the last cycle stepped
        final ChosenFaults faults = new ChosenFaults(w.links());
        final List<Long> grants = new ArrayList<>();
        final List<String> healed = new ArrayList<>();

        Run(RuleSet rules) {
            net = CcNetwork.coldStart(w, new CcNetwork.Options(1, rules, true), this, this);
            net.wrapChannels(faults::wrap);
        }

        /** Runs cycles 0..last; in cycle {@code at} the fault hits the a2c channel from arbiter a to client 0. */
        Run go(long last, int kind, long at, int arbiter) {
            for (long t = 0; t <= last; t++) {
                if (t == 1) {
                    net.request(0, true, t);
                }
                if (t == at) {
                    faults.arm(kind, Direction.A2C, w.link(0, w.slotOf(0, arbiter)));
                }
                net.step(t);
                stepped = t;
            }
            return this;
        }

        @Override
        public void granted(int node, long cycle) {
            grants.add(cycle);
        }

        @Override
        public void released(int node, long cycle) {}

        @Override
        public void healed(Direction direction, int link, int code, String what, long cycle) {
            healed.add(cycle + " " + what);
        }
    }

    /**
     * Without a fault: REQUESTs leave in cycle 1 (R1, R4), arrive in 2, both arbiters grant (R15),
     * the FORKs arrive in 3, and client 0 eats in cycle 3.
     */
    @Test
    void withoutFaultClientZeroEatsInCycleThree() {
        Run r = new Run(HEAL).go(20, 0, -1, 1);
        assertEquals(List.of(3L), r.grants);
        assertTrue(r.healed.isEmpty());
    }

    /**
     * The FORK of arbiter 1, driven in cycle 2, is lost. Client 0 holds arbiter 0's fork and waits.
     * Nobody else asks, so nothing moves until the beat of cycle 8 (4L + 4 from reset): the client,
     * with neither fork nor token on that link and no return ever, asks again (H5). The REQUEST
     * arrives in 9 from OWNER, 7 cycles after the grant (at least 2L + 2): OWNER has no fork, and
     * with nobody else waiting the arbiter asks with a REQUEST (H3), which arrives in 10. Without
     * the fork and long after any return, the client sends its last return again; it never
     * returned one, so a CleanFORK (H2), which arrives in 11: R14, the fork is home, the client
     * waits. No grant in the cycle of the return (H6); cycle 12 has the parity of the lost grant
     * (cycle 2), so the FORK leaves in 13, arrives in 14, and client 0 eats in cycle 14.
     */
    @Test
    void aLostForkComesBackThroughTheClient() {
        Run r = new Run(HEAL).go(40, ChosenFaults.DROP, 2, 1);
        assertTrue(r.faults.used(ChosenFaults.DROP));
        assertEquals(List.of(14L), r.grants);
        assertEquals(
                List.of("9 REQUEST from OWNER: its fork is lost", "10 fork lost: CLEAN_FORK to be sent again"),
                r.healed);
        assertForksConserved(r);
    }

    /** The same fault under the fixed rules: the fork is gone for good and client 0 never eats. */
    @Test
    void withoutHealingTheLostForkIsGoneForGood() {
        Run r = new Run(RuleSet.FIXED).go(200, ChosenFaults.DROP, 2, 1);
        assertTrue(r.grants.isEmpty());
        assertTrue(Invariants.forkConservation(r.net.view(r.stepped), 1, 200) != null);
    }

    /**
     * Arbiter 0's FORK is duplicated: it arrives in 3, when client 0 eats, and again in 4, while
     * the client holds it (H1).
     */
    @Test
    void aDuplicatedForkIsDropped() {
        Run r = new Run(HEAL).go(20, ChosenFaults.DUPLICATE, 2, 0);
        assertTrue(r.faults.used(ChosenFaults.DUPLICATE));
        assertEquals(List.of(3L), r.grants);
        assertEquals(List.of("4 duplicate FORK dropped"), r.healed);
        assertForksConserved(r);
    }

    private static void assertForksConserved(Run r) {
        for (int a = 0; a < r.w.points(); a++) {
            assertNull(Invariants.forkConservation(r.net.view(r.stepped), a, 0), "arbiter " + a);
            assertNull(Invariants.forkHolder(r.net.view(r.stepped), a, 0), "arbiter " + a);
        }
    }

    @Test
    void healIsDefinedOnTheFixedRulesOnly() {
        assertTrue(RuleSet.parse("fixed+heal").heal());
        assertEquals("fixed+heal", HEAL.label());
        assertEquals("fixed+heal+reclaim", RuleSet.parse("fixed+heal+reclaim").label());
        assertFalse(RuleSet.parse("fixed+reclaim").heal());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> RuleSet.parse("literal+heal"));
        assertTrue(e.getMessage().contains("fixed rules only"), e.getMessage());
    }

    /**
     * The search with faults on the fixed rules: a lost fork is never repaired, so the search must
     * report it (a cycle of broken states, or no grant reachable).
     */
    @Test
    void theSearchFindsThatTheFixedRulesDoNotHeal() {
        SearchResult r = new StateSearch(SearchOptions.of(3, 1, RuleSet.FIXED)
                        .withMaxStates(5_000_000)
                        .withFaults(ChosenFaults.DROP))
                .run(() -> 0);
        assertFalse(r.findings().isEmpty());
    }

    /**
     * The search with both faults on fixed+heal, where processor 0 alone asks: complete, no safety
     * violation, no state left broken for ever, and a repair bound. The bound is at least the
     * derivation above: the FORK lost in cycle 2 leaves I2 broken after cycles 2..9, 8 states,
     * until the CleanFORK that stands for it is on its way in cycle 10.
     */
    @Test
    void theSearchWithFaultsIsCleanForOneProcessor() {
        SearchResult r = new StateSearch(SearchOptions.of(3, 1, HEAL)
                        .withMaxStates(20_000_000)
                        .withActive(1L)
                        .withFaults(ChosenFaults.DROP | ChosenFaults.DUPLICATE))
                .run(() -> 0);
        assertTrue(r.complete(), r.stoppedBecause());
        assertTrue(r.findings().isEmpty(), () -> r.findings().get(0).message());
        assertTrue(r.repair().boundCycles() >= 8, "bound " + r.repair().boundCycles());
    }

    /**
     * Without liveness the search keeps only the edges among broken states, which is all the repair
     * bound reads: the same states, transitions and bound as with every edge. The fixed rules repair
     * nothing, so there the lost fork is the finding itself, the first invariant it breaks (I2), as a
     * run with the same fault reports it.
     */
    @Test
    void theRepairBoundNeedsOnlyTheEdgesAmongBrokenStates() {
        SearchOptions both = SearchOptions.of(3, 1, HEAL)
                .withMaxStates(20_000_000)
                .withActive(3L)
                .withFaults(ChosenFaults.DROP | ChosenFaults.DUPLICATE);
        SearchResult all = new StateSearch(both).run(() -> 0);
        SearchResult sparse = new StateSearch(both.withoutLiveness()).run(() -> 0);
        assertTrue(all.complete() && sparse.complete());
        assertEquals(all.states(), sparse.states());
        assertEquals(all.transitions(), sparse.transitions());
        assertEquals(all.repair(), sparse.repair());
        assertTrue(sparse.findings().isEmpty());
        SearchResult fixed = new StateSearch(SearchOptions.of(3, 1, RuleSet.FIXED)
                        .withMaxStates(5_000_000)
                        .withFaults(ChosenFaults.DROP)
                        .withoutLiveness())
                .run(() -> 0);
        assertEquals(Property.FORK_CONSERVATION, fixed.findings().get(0).property());
    }

    /**
     * H5: a waiting unit asks again only on the beat, every 4L + 4 cycles, and a repair may wait for
     * it with nothing on the wires. At L = 5 that is 24 cycles, longer than the default stall bound
     * of 16, so the deadlock check must wait a whole beat. Found by the faults matrix (n = 21, L = 5,
     * load 0.3, seed 21): a lost DirtyFORK was reported as a deadlock 27 cycles after the fault, and
     * with a longer bound the same run repairs it.
     */
    @Test
    void theDeadlockCheckWaitsForTheBeat() throws IOException {
        Wiring w = Wiring.forNodes(21);
        assertEquals(
                24,
                new CcNetwork(
                                w,
                                CcNetwork.Options.of(5, RuleSet.parse("fixed+heal")),
                                InitialState.coldStart(w),
                                SINK,
                                ProtocolObserver.NONE)
                        .quietCycles());
        assertEquals(
                0,
                new CcNetwork(
                                w,
                                CcNetwork.Options.of(5, RuleSet.FIXED),
                                InitialState.coldStart(w),
                                SINK,
                                ProtocolObserver.NONE)
                        .quietCycles());
        SimulationResult r = new Simulation(SimulationConfig.defaults().toBuilder()
                        .nodes(21)
                        .latencyCycles(5)
                        .load(0.3)
                        .seed(21)
                        .cycles(20_000)
                        .rules("fixed+heal")
                        .fault("drop:4074@c2a_c6_a7")
                        .build()
                        .validated())
                .run();
        assertEquals("DIRTY_FORK", r.fault().sent());
        assertEquals(
                "recovered",
                r.fault().verdict(),
                r.violation() == null ? "" : r.violation().headline());
        assertEquals(0, r.mutexViolations());
    }

    private static final Fabric.GrantSink SINK = new Fabric.GrantSink() {
        @Override
        public void granted(int node, long cycle) {}

        @Override
        public void released(int node, long cycle) {}
    };
}
