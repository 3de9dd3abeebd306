package org.ppbus.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.ppbus.bus.Sharing;
import org.ppbus.testbench.Simulation;
import org.ppbus.testbench.SimulationConfig;
import org.ppbus.testbench.SimulationResult;

/**
 * A report names the checks its run made and no other: the network's invariants only for
 * Campos–Carvalho, the fairness bound where the algorithm has one, the starvation bound where it
 * has none or fairness is turned off, H only with --check, safety alone after a crash, K1–K2
 * instead of I1 where buses are shared, and K3 only where requests carry groups; and the watchdogs
 * whose windows are longer than the run apart, as checks it could not have made.
 */
class ChecksListTest {
    private static List<String> checks(SimulationConfig.Builder b) throws IOException {
        SimulationResult r = new Simulation(b.nodes(7).cycles(2_000).load(0.1).build()).run();
        return r.checks().made();
    }

    private static boolean names(List<String> checks, String start) {
        return checks.stream().anyMatch(c -> c.startsWith(start));
    }

    @Test
    void eachRunNamesOnlyWhatItChecked() throws IOException {
        List<String> cc = checks(SimulationConfig.defaults().toBuilder());
        assertTrue(names(cc, "I2 fork conservation") && names(cc, "fairness (at most 1 meal"), cc.toString());
        assertFalse(names(cc, "starvation") || names(cc, "I4") || names(cc, "after the fault"), cc.toString());

        List<String> full = checks(SimulationConfig.defaults().toBuilder().fullCheck(true));
        assertTrue(names(full, "I4 H acyclic"), full.toString());

        List<String> lamport = checks(SimulationConfig.defaults().toBuilder().algorithm("lamport"));
        assertFalse(names(lamport, "I2") || names(lamport, "I3") || names(lamport, "starvation"), lamport.toString());
        assertTrue(names(lamport, "fairness (at most 2 meals"), lamport.toString());

        List<String> raymond = checks(SimulationConfig.defaults().toBuilder().algorithm("raymond"));
        long s = StarvationBound.meals(7, 1, 4);
        assertTrue(names(raymond, "starvation (at most " + s + " meals"), raymond.toString());
        assertFalse(names(raymond, "fairness"), raymond.toString());

        List<String> off = checks(SimulationConfig.defaults().toBuilder().fairness(false));
        assertTrue(names(off, "starvation") && !names(off, "fairness"), off.toString());

        List<String> crash = checks(
                SimulationConfig.defaults().toBuilder().rules("fixed+reclaim").fault("crash:3@500"));
        assertTrue(names(crash, "from cycle 500 (the crash) I1 mutual exclusion only"), crash.toString());

        List<String> healed = checks(
                SimulationConfig.defaults().toBuilder().rules("fixed+heal").fault("drop:random"));
        assertTrue(names(healed, "after the fault (+heal repairs it)"), healed.toString());
        assertEquals(cc.get(0), "I1 mutual exclusion");

        List<String> k2 = checks(
                SimulationConfig.defaults().toBuilder().algorithm("raymond-k").sharing(new Sharing(2, 1, 0)));
        assertTrue(names(k2, "K1 bus exclusion (at most 2 buses") && names(k2, "K2 whole demand"), k2.toString());
        assertFalse(names(k2, "I1") || names(k2, "K3"), k2.toString());

        List<String> grouped = checks(SimulationConfig.defaults().toBuilder()
                .algorithm("cenci-groups")
                .sharing(new Sharing(1, 1, 3)));
        assertTrue(names(grouped, "K3 group exclusion"), grouped.toString());
    }

    /**
     * A window of W cycles counts from a cycle the run saw, the first at the earliest (cycle 0): the
     * livelock, idle-livelock and starvation watchdogs can fire only in a run whose last cycle is W
     * or later, and I7 (which fires in the cycle that ends S cycles of standstill) in one of S
     * cycles. A run of T cycles (0 … T - 1) therefore makes them with W = T - 1 and S = T, and not
     * with W = T or S = T + 1. The run itself is the same in all four, since no watchdog fires in it.
     */
    @Test
    void watchdogsLongerThanTheRunAreNamedApart() throws IOException {
        SimulationConfig.Builder b = SimulationConfig.defaults().toBuilder()
                .fairness(false)
                .nodes(7)
                .cycles(2_000)
                .load(0.1);
        SimulationResult plain = new Simulation(b.build()).run();
        long t = plain.cycles();
        assertTrue(t < 100_000, "the default window is longer than this run: " + t);
        assertTrue(
                names(plain.checks().outOfReach(), "livelock (100000 cycles"),
                plain.checks().toString());
        assertTrue(
                names(plain.checks().outOfReach(), "I6 livelock (100000 cycles"),
                plain.checks().toString());
        assertTrue(
                names(plain.checks().outOfReach(), "starvation (100000 cycles"),
                plain.checks().toString());
        assertFalse(names(plain.checks().made(), "livelock"), plain.checks().toString());
        assertTrue(names(plain.checks().made(), "starvation (at most"), "the bound in meals can fire in any run");
        assertTrue(
                names(plain.checks().made(), "deadlock (I7: 16 cycles"),
                plain.checks().toString());

        CheckList within = new Simulation(b.watchdogCycles(t - 1).stallCycles(t).build())
                .run()
                .checks();
        assertTrue(within.outOfReach().isEmpty(), within.toString());
        assertTrue(names(within.made(), "livelock (" + (t - 1) + " cycles"), within.toString());
        assertTrue(names(within.made(), "starvation (" + (t - 1) + " cycles"), within.toString());
        assertTrue(names(within.made(), "deadlock (I7: " + t + " cycles"), within.toString());

        CheckList beyond = new Simulation(b.watchdogCycles(t).stallCycles(t + 1).build())
                .run()
                .checks();
        assertEquals(4, beyond.outOfReach().size(), beyond.toString());
        assertTrue(names(beyond.outOfReach(), "deadlock (I7: " + (t + 1) + " cycles"), beyond.toString());
        assertFalse(names(beyond.made(), "livelock") || names(beyond.made(), "deadlock"), beyond.toString());
    }
}
