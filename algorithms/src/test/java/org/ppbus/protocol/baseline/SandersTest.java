package org.ppbus.protocol.baseline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.ppbus.plane.Wiring;
import org.ppbus.protocol.baseline.parts.QuorumSystem;

/**
 * Sanders' information structures (seed 004 §4.2.1): the lower bound of eq. 4.1, |I_i − {i}| +
 * 2|R_i − {i}| remote messages for an uncontended entry, holds exactly for the three structures
 * his theorem names, and mutual exclusion holds under contention in each.
 */
class SandersTest {

    /**
     * Maekawa's sets on the plane (R_i = I_i = S_i, K = q + 1): (K − 1) + 2(K − 1) = 3(K − 1) remote;
     * with the requester's own voter, 3K in all (K = 3: 6 and 9; K = 4: 9 and 12).
     */
    @ParameterizedTest
    @CsvSource({"7,3", "13,4"})
    void maekawaSetsCostThreeTimesKMinusOne(int n, int k) {
        Harness h = new Harness(3)
                .with((s, o) -> new Maekawa(n, 1, 16, Sanders.onPlane(Wiring.forNodes(n)), s, o))
                .request(n - 1, 2)
                .run(40);
        assertEquals(3L * (k - 1), h.remote());
        assertEquals(3L * k, h.sent.size());
    }

    /**
     * Ricart–Agrawala's structure (I_i = {i}, R_i = all), n = 5: 0 + 2·4 = 8 remote, Ricart–Agrawala's
     * 2(N − 1): a REQUEST and a GRANT with each peer; the RELEASE goes to the client's own voter alone.
     * In all 5 + 5 + 1 = 11.
     */
    @Test
    void ricartAgrawalaStructureCostsTwoNMinusOne() {
        Harness h = new Harness(3)
                .with((s, o) -> new Maekawa(5, 1, 16, Sanders.ricartAgrawala(5), s, o))
                .request(2, 2)
                .run(40);
        assertEquals(8, h.remote());
        assertEquals(11, h.sent.size());
        assertEquals(1, h.ofType(Maekawa.RELEASE));
    }

    /** The centralised structure (R_i = I_i = {c, i}): 1 + 2·1 = 3 remote, the coordinator's 3; 6 in all. */
    @Test
    void centralisedStructureCostsThree() {
        Harness h = new Harness(3)
                .with((s, o) -> new Maekawa(5, 1, 16, Sanders.centralised(5, 0), s, o))
                .request(3, 2)
                .run(40);
        assertEquals(3, h.remote());
        assertEquals(6, h.sent.size());
    }

    /**
     * Everyone asks at once, and again, in each structure: the harness fails on two eaters, and every
     * request is served (peers defer to older stamps, FAILED makes a younger client give back the
     * votes an older one inquires about).
     */
    @ParameterizedTest
    @CsvSource({"ra", "central", "plane"})
    void contentionKeepsMutualExclusionAndServesEveryone(String structure) {
        int n = 7;
        QuorumSystem q = switch (structure) {
            case "ra" -> Sanders.ricartAgrawala(n);
            case "central" -> Sanders.centralised(n, 3);
            default -> Sanders.onPlane(Wiring.forNodes(n));
        };
        assertTrue(q.intersecting());
        Harness h = new Harness(2).with((s, o) -> new Maekawa(n, 2, 16, q, s, o));
        for (int i = 0; i < n; i++) {
            h.request(i, 1 + i % 2).request(i, 200 + 3 * i);
        }
        h.run(1000);
        assertEquals(2L * n, h.grants.size());
    }

    /** A structure that breaks Sanders' condition is refused as such, and I ⊆ R, i ∈ I are checked. */
    @Test
    void theConditionIsChecked() {
        int[][] r = {{0, 1}, {1}};
        int[][] in = {{0}, {1}};
        assertFalse(QuorumSystem.information(r, in).intersecting()); // 1 does not ask 0, and I_0 ∩ I_1 = ∅
        assertThrows(
                IllegalArgumentException.class,
                () -> QuorumSystem.information(new int[][] {{0}, {1}}, new int[][] {{0, 1}, {1}}));
        assertThrows(
                IllegalArgumentException.class,
                () -> QuorumSystem.information(new int[][] {{1}, {1}}, new int[][] {{1}, {1}}));
    }
}
