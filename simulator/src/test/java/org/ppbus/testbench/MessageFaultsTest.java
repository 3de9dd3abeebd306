package org.ppbus.testbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.ppbus.experiment.Batch;
import org.ppbus.experiment.FaultMatrix;
import org.ppbus.link.FaultKind;

/**
 * Faults in the messages of the message-passing algorithms, through {@code --fault} and every
 * checker: the seeds that claim to survive them do (a lost message for Nesterenko–Mizuno, a crashed
 * node for Agrawal–Jalote and the tree quorum: the run goes on, 0 mutual-exclusion violations, every
 * request of the live processors served), and an algorithm that makes no such claim is caught.
 */
class MessageFaultsTest {

    private static SimulationResult run(String algorithm, int n, String fault, long seed) throws IOException {
        return new Simulation(SimulationConfig.defaults().toBuilder()
                        .algorithm(algorithm)
                        .nodes(n)
                        .load(0.05)
                        .seed(seed)
                        .cycles(60_000)
                        .fault(fault)
                        .build()
                        .validated())
                .run();
    }

    @ParameterizedTest(name = "{0} n={1} {2}")
    @CsvSource({
        "nesterenko-mizuno, 7, drop:random",
        "nesterenko-mizuno, 13, drop:random",
        "nesterenko-mizuno, 7, drop:500@m_3_0",
        "agrawal-jalote, 10, crash:n3",
        "agrawal-jalote, 31, crash:n5",
        "tree-quorum, 7, crash:n0",
        "tree-quorum, 31, crash:n1"
    })
    void theClaimedFaultsAreSurvived(String algorithm, int n, String fault) throws IOException {
        for (long seed = 1; seed <= 3; seed++) {
            SimulationResult r = run(algorithm, n, fault, seed);
            assertTrue(r.fault().injected(), fault + " was not injected");
            assertTrue(
                    Set.of("masked", "recovered").contains(r.fault().verdict()),
                    () -> algorithm + " " + fault + ": " + r.fault().verdict() + " " + r.violation());
            assertEquals(0, r.mutexViolations());
            assertEquals(0, r.ungranted());
            assertTrue(r.summary().entries() > 0);
        }
    }

    /**
     * A node's message to itself travels no channel, so no fault loses it: a random drop passes
     * over it. At n = 4 with a pair asking in turn, most seeds' first message after the drawn cycle
     * was a node's RELEASE to itself, whose loss livelocked Nesterenko–Mizuno (seeds 2, 3, 5, 6, 7
     * and 9 of these ten before the fix); now each run survives a real lost message.
     */
    @Test
    void aRandomDropNeverLosesANodesMessageToItself() throws IOException {
        for (long seed = 1; seed <= 10; seed++) {
            SimulationResult r = new Simulation(SimulationConfig.defaults().toBuilder()
                            .algorithm("nesterenko-mizuno")
                            .nodes(4)
                            .load(0.2)
                            .holdCycles(2)
                            .cycles(3_000)
                            .seed(seed)
                            .workload("neighbours-alternating")
                            .fault("drop:random")
                            .build()
                            .validated())
                    .run();
            String[] ends = r.fault().channel().split("_");
            assertTrue(
                    !r.fault().injected() || !ends[1].equals(ends[2]),
                    "seed " + seed + " lost " + r.fault().channel());
            assertTrue(
                    Set.of("masked", "recovered", "not-injected")
                            .contains(r.fault().verdict()),
                    () -> r.fault().verdict() + " " + r.violation());
            assertEquals(0, r.ungranted());
        }
    }

    /**
     * A lost RELEASE under Nesterenko–Mizuno is got over only by the timeout, T = 8192 + 64L cycles
     * after the request: the bus stands still for most of T while a processor waits, which the run
     * without the fault never does. That is no masked fault: it is recovered from, after a stall of
     * thousands of cycles (`faults --algorithm nesterenko-mizuno --nodes 21 --seeds 20
     * --kinds drop`, seed 18, said masked with a wait of 8,303 cycles).
     */
    @Test
    void aLostReleaseIsRecoveredAfterTheTimeoutsStall() throws IOException {
        SimulationResult r = new Simulation(SimulationConfig.defaults().toBuilder()
                        .algorithm("nesterenko-mizuno")
                        .nodes(21)
                        .load(0.05)
                        .seed(18)
                        .cycles(20_000)
                        .fault("drop:random")
                        .build()
                        .validated())
                .run();
        assertEquals("RELEASE", r.fault().sent());
        assertEquals("recovered", r.fault().verdict());
        long timeout = 8192 + 64;
        assertTrue(
                r.fault().stallCycles() > timeout / 2 && r.fault().stallCycles() <= timeout,
                "stall " + r.fault().stallCycles());
        assertEquals(r.fault().cycle() + r.fault().latency(), r.fault().detectedAt());
        assertEquals(0, r.ungranted());
    }

    /**
     * Without timeouts a lost message or a crashed node is never got over: Maekawa's voting waits for
     * the lost RELEASE (a deadlock, I7) or the dead voter's vote, and the token ring loses its token
     * with the crashed node. After a crash only safety is checked, so those runs end with requests
     * unserved (CrashStopTest says who).
     */
    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({
        "maekawa, crash:n0, requests-unserved",
        "maekawa, drop:random, deadlock-detected",
        "token-ring, crash:n3, requests-unserved"
    })
    void anAlgorithmWithoutTheClaimIsCaught(String algorithm, String fault, String verdict) throws IOException {
        SimulationResult r = run(algorithm, 7, fault, 1);
        assertEquals(verdict, r.fault().verdict());
        assertEquals(0, r.mutexViolations());
    }

    /**
     * Misra's ring regenerates a lost token (seed 003, B-20): at every size and latency, every run whose
     * random drop hit a token (every message of the ring is one) ends {@code recovered}, with the repair
     * after the loss, every request served and no violation. The token ring under the same drops never
     * eats again once its token is gone.
     */
    @ParameterizedTest(name = "misra n={0} L={1}")
    @CsvSource({"3, 1", "7, 3", "13, 1", "31, 2"})
    void misraRecoversEveryLostToken(int n, int latency) throws Exception {
        FaultMatrix m = new FaultMatrix(
                SimulationConfig.defaults().toBuilder()
                        .algorithm("misra")
                        .nodes(n)
                        .latencyCycles(latency)
                        .load(0.2)
                        .cycles(5_000)
                        .build(),
                List.of(FaultKind.DROP),
                10);
        for (FaultMatrix.Run r : m.run(new Batch(1, () -> false))) {
            assertTrue(r.outcome().injected());
            assertEquals(
                    "recovered",
                    r.outcome().verdict(),
                    () -> r.outcome() + " " + r.result().violation());
            assertTrue(r.outcome().latency() > 0);
            assertEquals(0, r.result().mutexViolations());
            assertEquals(0, r.result().ungranted());
        }
        SimulationResult ring = new Simulation(SimulationConfig.defaults().toBuilder()
                        .algorithm("token-ring")
                        .nodes(n)
                        .latencyCycles(latency)
                        .load(0.2)
                        .cycles(5_000)
                        .fault("drop:random")
                        .watchdogCycles(20_000)
                        .build()
                        .validated())
                .run();
        assertEquals("livelock-detected", ring.fault().verdict());
    }

    /**
     * A late message: Ricart–Agrawala's messages may be reordered (seed 001), so a REPLY or REQUEST
     * 40 cycles late only delays an entry. The report names the message and how late it came.
     */
    @Test
    void aDelayedMessageIsLateNotLost() throws IOException {
        SimulationResult r = run("ricart-agrawala", 7, "delay:500@m_3_0+40", 1);
        assertTrue(r.fault().injected());
        assertTrue(r.fault().delivered().endsWith(" 40 cycles late"), r.fault().delivered());
        assertEquals("masked", r.fault().verdict());
        assertEquals(0, r.mutexViolations());
        assertEquals(0, r.ungranted());
    }

    @ParameterizedTest
    @CsvSource({
        "campos-carvalho, drop:5@m_0_1",
        "maekawa, corrupt:random",
        "central-rr, drop:random",
        "maekawa, drop:5@m_0_9",
        "maekawa, crash:n7",
        "central-rr, crash:9@100",
        "maekawa, crash:3",
        "maekawa, drop:5@m_0_1+3",
        "maekawa, delay:random"
    })
    void faultsAnAlgorithmCannotTakeAreRefused(String algorithm, String fault) {
        assertThrows(
                IllegalArgumentException.class,
                () -> SimulationConfig.defaults().toBuilder()
                        .algorithm(algorithm)
                        .nodes(7)
                        .fault(fault)
                        .build()
                        .validated());
    }
}
