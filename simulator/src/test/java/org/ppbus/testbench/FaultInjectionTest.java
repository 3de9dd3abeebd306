package org.ppbus.testbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Faults on the Campos–Carvalho channels. Client 0 of the Fano plane (S_0 = {0, 1, 3})
 * asks once in cycle 1, from the cold start, with L = 1: its Requests leave in cycle 1, arbiter 1
 * grants in cycle 2 (FORK on a2c_a1_c0), the FORK arrives in cycle 3, client 0 eats for 2 cycles
 * and thinks again; a second client, 4, then asks and arbiter 0 reclaims client 0's dirty fork.
 */
class FaultInjectionTest {

    private static SimulationResult run(String fault, Path dir) throws IOException {
        Path trace = dir.resolve("t.trace");
        Files.writeString(trace, "# ppbus request trace v1\n# nodes 7\n1 0 2\n20 4 2\n");
        return new Simulation(SimulationConfig.defaults().toBuilder()
                        .nodes(7)
                        .cycles(60)
                        .workload(trace.toString())
                        .fault(fault)
                        .build()
                        .validated())
                .run();
    }

    /**
     * The arbiter's fork lost on its way: OWNER is set and no fork is anywhere, which I2 sees at
     * the end of the very cycle (latency 0); a second copy of it: I2 counts two, also at once.
     */
    @ParameterizedTest
    @CsvSource({"drop, token-lost", "duplicate, token-duplicated"})
    void aForkLostOrDuplicatedIsSeenAtOnce(String kind, String verdict, @TempDir Path dir) throws IOException {
        SimulationResult r = run(kind + ":2@a2c_a1_c0", dir);
        FaultOutcome f = r.fault();
        assertTrue(f.injected());
        assertEquals(2, f.cycle());
        assertEquals("FORK", f.sent());
        assertEquals(verdict, f.verdict());
        assertEquals(0, f.latency());
    }

    /**
     * A delayed fork only arrives later: I2 counts it in flight meanwhile, client 0 eats 4 cycles
     * later than it would have, and everything is served: masked.
     */
    @Test
    void aDelayedForkIsMasked(@TempDir Path dir) throws IOException {
        SimulationResult clean = run("none", dir);
        SimulationResult r = run("delay:2@a2c_a1_c0", dir);
        assertEquals("masked", r.fault().verdict());
        assertEquals(0, r.ungranted());
        assertEquals(
                clean.summary().waitPerNode()[0].max() + 4,
                r.summary().waitPerNode()[0].max());
    }

    /** A fault aimed at a cycle in which that channel is idle never hits anything, and says so. */
    @Test
    void aFaultOnAnIdleChannelIsNotInjected(@TempDir Path dir) throws IOException {
        assertEquals("not-injected", run("drop:30@a2c_a1_c0", dir).fault().verdict());
    }

    /** Bad places are usage errors with one line, before anything runs. */
    @Test
    void badFaultsAreRefused(@TempDir Path dir) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> run("drop:2@a2c_a2_c0", dir));
        assertTrue(e.getMessage().contains("no channel a2c_a2_c0"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> run("melt:random", dir));
        assertThrows(IllegalArgumentException.class, () -> run("drop:here", dir));
        // central-rr has no channels to lose anything on (the message-passing baselines do: MessageFaultsTest)
        assertThrows(
                IllegalArgumentException.class,
                () -> SimulationConfig.defaults().toBuilder()
                        .algorithm("central-rr")
                        .fault("drop:random")
                        .build()
                        .validated());
    }

    /**
     * Every random fault ends the run within the stated bound (cycles + 4 · watchdog + 1000) with a
     * named verdict; a drop is never masked, because the symbol lost is either a fork (I2) or a
     * request token (I3).
     */
    @Test
    void randomFaultsAlwaysEndWithAVerdict() throws IOException {
        for (String kind : new String[] {"drop", "duplicate", "corrupt", "delay"}) {
            for (int seed = 1; seed <= 12; seed++) {
                SimulationConfig c = SimulationConfig.defaults().toBuilder()
                        .nodes(13)
                        .load(0.05)
                        .cycles(5000)
                        .seed(seed)
                        .fault(kind + ":random")
                        .watchdogCycles(2000)
                        .build()
                        .validated();
                SimulationResult r = new Simulation(c).run();
                assertTrue(r.cycles() <= c.cycles() + 4 * c.watchdogCycles() + 1000);
                FaultOutcome f = r.fault();
                assertTrue(f.injected(), kind + " seed " + seed);
                assertTrue(!f.verdict().isEmpty());
                if (kind.equals("drop")) {
                    assertTrue(
                            f.verdict().equals("token-lost") || f.verdict().equals("request-token-lost"), f.verdict());
                }
            }
        }
    }

    /**
     * A failure the run has without the fault is not the fault's. Audit A1 breaks the literal rules
     * on its own (I3 at cycle 25 of its trace); a delay of client 6's first Request, which only
     * postpones it, leaves that failure in place, so the faulted run is pre-existing. With the fixed
     * rules the twin is clean and the verdict stays the fault's own.
     */
    @Test
    void aFailureTheTwinSharesIsPreExisting() throws IOException {
        SimulationConfig twin = SimulationConfig.defaults()
                .withNodes(7)
                .withCycles(200)
                .withRules("literal")
                .withWorkload(Path.of("..", "docs", "traces", "a1.trace").toString());
        SimulationResult clean = new Simulation(twin).run();
        assertEquals(25, clean.violation().cycle());
        SimulationResult faulted =
                new Simulation(twin.toBuilder().fault("delay:1@c2a_c6_a0").build()).run();
        assertEquals("pre-existing", faulted.fault().against(clean).verdict());
        SimulationConfig fixed =
                SimulationConfig.defaults().withNodes(13).withLoad(0.05).withCycles(20_000);
        SimulationResult fixedTwin = new Simulation(fixed).run();
        SimulationResult fixedFaulted =
                new Simulation(fixed.toBuilder().fault("drop:random").build()).run();
        assertNull(fixedTwin.violation());
        assertNotNull(fixedFaulted.violation());
        assertEquals(
                fixedFaulted.fault().verdict(),
                fixedFaulted.fault().against(fixedTwin).verdict());
    }
}
