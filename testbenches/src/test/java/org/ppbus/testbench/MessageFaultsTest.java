package org.ppbus.testbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Faults in the messages of the message-passing algorithms, through {@code --fault} and every
 * checker: the seeds that claim to survive them do (a lost message for Nesterenko–Mizuno, a crashed
 * node for Agrawal–Jalote and the tree quorum: the run goes on, 0 mutual-exclusion violations, every
 * request of the live processors served), and an algorithm that makes no such claim is caught.
 */
class MessageFaultsTest {

    private static SimulationResult run(String algorithm, int n, String fault, long seed) throws java.io.IOException {
        return new Simulation(SimulationConfig.defaults().toBuilder().algorithm(algorithm).nodes(n).load(0.05).seed(seed)
                .cycles(60_000).fault(fault).build().validated()).run();
    }

    @ParameterizedTest(name = "{0} n={1} {2}")
    @CsvSource({
        "nesterenko-mizuno, 7, drop:random", "nesterenko-mizuno, 13, drop:random", "nesterenko-mizuno, 7, drop:500@m_3_0",
        "agrawal-jalote, 10, crash:n3", "agrawal-jalote, 31, crash:n5", "tree-quorum, 7, crash:n0", "tree-quorum, 31, crash:n1"})
    void theClaimedFaultsAreSurvived(String algorithm, int n, String fault) throws java.io.IOException {
        for (long seed = 1; seed <= 3; seed++) {
            SimulationResult r = run(algorithm, n, fault, seed);
            assertTrue(r.fault().injected(), fault + " was not injected");
            assertEquals("masked", r.fault().verdict(), () -> algorithm + " " + fault + ": " + r.violation());
            assertEquals(0, r.mutexViolations());
            assertEquals(0, r.ungranted());
            assertTrue(r.summary().entries() > 0);
        }
    }

    /**
     * Without timeouts a lost message or a crashed node is never got over: Maekawa's voting waits for
     * the lost RELEASE or the dead voter's vote (a deadlock, I7), the token ring loses its token with
     * the crashed node (a livelock: nobody eats while nothing else happens but the watchdog's wait).
     */
    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({"maekawa, crash:n0, deadlock-detected", "maekawa, drop:random, deadlock-detected",
        "token-ring, crash:n3, livelock-detected"})
    void anAlgorithmWithoutTheClaimIsCaught(String algorithm, String fault, String verdict) throws java.io.IOException {
        SimulationResult r = run(algorithm, 7, fault, 1);
        assertEquals(verdict, r.fault().verdict());
        assertEquals(0, r.mutexViolations());
    }

    @ParameterizedTest
    @CsvSource({"campos-carvalho, crash:n3", "campos-carvalho, drop:5@m_0_1", "maekawa, corrupt:random",
        "maekawa, drop:5@m_0_9", "maekawa, crash:n7", "central-rr, crash:n1", "maekawa, crash:3"})
    void faultsAnAlgorithmCannotTakeAreRefused(String algorithm, String fault) {
        assertThrows(IllegalArgumentException.class, () -> SimulationConfig.defaults().toBuilder().algorithm(algorithm).nodes(7)
                .fault(fault).build().validated());
    }
}
