package org.ppbus.protocol.baseline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.ppbus.plane.Wiring;

class MaekawaTest {

    /**
     * B-9: one uncontended request on the plane's lines. The client sends REQUEST to each of its K
     * voters, each votes (GRANT) and the release sends RELEASE: 3K messages, of which the 3 to and
     * from its own node's voter stay inside, so 3(K − 1) cross the bus (K = 3: 6; K = 4: 9). The
     * vote returns after a round trip: the client eats 2L cycles after it asked. n = 10 pads the
     * order-3 plane with 3 stand-alone voters; K is still 4.
     */
    @ParameterizedTest
    @CsvSource({"7,1,3", "7,2,3", "13,1,4", "10,3,4"})
    void uncontendedRequestCostsThreeK(int n, int latency, int k) {
        Wiring w = Wiring.forNodes(n);
        int client = n - 1;
        Harness h = new Harness(3)
                .with((s, o) -> new Maekawa(n, latency, 16, Quorums.onPlane(w), s, o))
                .request(client, 5)
                .run(5 + 10L * latency);
        assertEquals(3L * k, h.sent.size());
        assertEquals(3L * (k - 1), h.remote());
        assertEquals(5 + 2L * latency, h.grantCycle(client));
    }

    /**
     * B-11: on a 3 × 3 grid a quorum is a row and a column, 2·3 − 1 = 5 voters; an uncontended
     * request costs 3·5 = 15 = 6√9 − 3 messages counting the requester's own voter, 12 remote.
     */
    @Test
    void gridQuorumOfNineNodes() {
        int[][] q = Quorums.onGrid(9);
        for (int[] quorum : q) {
            assertEquals(5, quorum.length);
        }
        assertEquals("[0, 1, 2, 4, 7]", Arrays.toString(q[1])); // row 0 and column 1
        Harness h = new Harness(3)
                .with((s, o) -> new Maekawa(9, 1, 16, q, s, o))
                .request(4, 2)
                .run(30);
        assertEquals(15, h.sent.size());
        assertEquals(12, h.remote());
    }

    /** Any two grid quorums meet, also when the last row is short (docs/SPEC.md §S1.4.11). */
    @Test
    void gridQuorumsIntersectForEveryN() {
        for (int n = 1; n <= 60; n++) {
            int[][] q = Quorums.onGrid(n);
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    int[] qj = q[j];
                    assertTrue(
                            Arrays.stream(q[i]).anyMatch(v -> Arrays.binarySearch(qj, v) >= 0),
                            n + ": " + i + ", " + j);
                }
            }
        }
    }

    /**
     * Not FCFS (000 §1). Nodes 6 and 0 ask in the same cycle, 6 first, with equal stamps, so 0 is
     * older (ties go to the lower id). S_0 = {0, 1, 3} and S_6 = {0, 2, 6} share voter 0. Voter 0
     * sees 6's REQUEST first and votes for it, then INQUIREs when 0's arrives; but 6 has all three
     * votes at 2L, the same cycle the INQUIRE arrives, and ignores it because it eats. 0 eats after 6
     * releases: RELEASE reaches voter 0 after L, its GRANT 0 after another L. Messages: 9 each for
     * the two entries, plus the one INQUIRE.
     */
    @Test
    void youngerRequestFirstAtTheSharedVoterStillEatsFirst() {
        int hold = 4;
        Harness h = new Harness(hold)
                .with((s, o) -> new Maekawa(7, 1, 16, Quorums.onPlane(Wiring.forNodes(7)), s, o))
                .request(6, 10)
                .request(0, 10)
                .run(40);
        assertEquals(12, h.grantCycle(6));
        assertEquals(12 + hold + 2, h.grantCycle(0));
        assertEquals(19, h.sent.size());
        assertEquals(1, h.ofType(Maekawa.INQUIRE));
        assertEquals(0, h.ofType(Maekawa.YIELD));
    }

    /**
     * Every node asks at once, in reverse id order, so that at each shared voter the younger
     * request arrives first: FAILED, INQUIRE and YIELD all happen, and every node still eats once,
     * one at a time (the harness fails on overlap). The naive version, without them, would deadlock
     * on such crossings (003 s.41–42).
     */
    @ParameterizedTest
    @CsvSource({"7,1", "13,2", "21,1"})
    void crossingRequestsAreResolvedByYield(int n, int latency) {
        Wiring w = Wiring.forNodes(n);
        Harness h = new Harness(2).with((s, o) -> new Maekawa(n, latency, 16, Quorums.onPlane(w), s, o));
        for (int i = n - 1; i >= 0; i--) {
            h.request(i, 3);
        }
        h.run(200L * n * latency);
        assertEquals(n, h.grants.size());
        assertEquals(n, h.grants.stream().mapToLong(g -> g[0]).distinct().count());
        assertTrue(h.ofType(Maekawa.FAILED) > 0);
        assertTrue(h.ofType(Maekawa.YIELD) > 0, "no YIELD: the crossing was not exercised");
    }
}
