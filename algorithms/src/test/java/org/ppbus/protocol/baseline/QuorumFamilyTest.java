package org.ppbus.protocol.baseline;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.ppbus.link.Message;
import org.ppbus.protocol.baseline.parts.QuorumSystem;

/** The quorum family over Maekawa's voting: the seeds' quorums and their message counts (B-12 to B-15). */
class QuorumFamilyTest {

    private static int[] p(int... oneBased) {
        return Arrays.stream(oneBased).map(x -> x - 1).toArray();
    }

    /**
     * B-12: the seed's table of F_i and C_i for N = 10 (rows P1 / P2 P3 / P4 P5 P6 / P7..P10), every
     * quorum of 4, and every place in 8 = 2k of the 20 quorums.
     */
    @Test
    void lukWongQuorumsAreTheSeedsForTen() {
        int[][] f = {
            p(1, 3, 5, 8),
            p(2, 3, 6, 9),
            p(2, 3, 6, 9),
            p(4, 5, 6, 10),
            p(4, 5, 6, 10),
            p(4, 5, 6, 10),
            p(7, 8, 9, 10),
            p(7, 8, 9, 10),
            p(7, 8, 9, 10),
            p(7, 8, 9, 10)
        };
        int[][] c = {
            p(1, 2, 4, 7),
            p(1, 2, 4, 7),
            p(1, 3, 5, 8),
            p(1, 2, 4, 7),
            p(1, 3, 5, 8),
            p(2, 3, 6, 9),
            p(1, 2, 4, 7),
            p(1, 3, 5, 8),
            p(2, 3, 6, 9),
            p(4, 5, 6, 10)
        };
        QuorumSystem q = LukWong.quorums(10);
        int[] load = new int[10];
        for (int i = 0; i < 10; i++) {
            assertArrayEquals(f[i], q.quorum(i, 0), "F_" + (i + 1));
            assertArrayEquals(c[i], q.quorum(i, 1), "C_" + (i + 1));
            assertArrayEquals(f[i], q.quorum(i, 2), "F again for the third request of P" + (i + 1));
            for (int v : f[i]) {
                load[v]++;
            }
            for (int v : c[i]) {
                load[v]++;
            }
        }
        for (int v = 0; v < 10; v++) {
            assertEquals(8, load[v], "P" + (v + 1) + " is in " + load[v] + " quorums");
        }
    }

    /**
     * B-12, cost: an uncontended request locks a line of k = 4: REQUEST, GRANT, RELEASE with each, 12
     * messages, 3 of them inside the requester's own node (it is on both its lines), so 9 remote. The
     * next request goes to the column quorum: P5 asks {P4, P5, P6, P10}, then {P1, P3, P5, P8}.
     */
    @Test
    void lukWongUncontendedCostsThreeK() {
        Harness h = new Harness(3)
                .with((s, o) -> new Maekawa(10, 1, 16, LukWong.quorums(10), s, o))
                .request(4, 2)
                .request(4, 40)
                .run(80);
        assertEquals(24, h.sent.size());
        assertEquals(18, h.remote());
        assertEquals(List.of(3, 4, 5, 9), requestsTo(h.sent.subList(0, 12)));
        assertEquals(List.of(0, 2, 4, 7), requestsTo(h.sent.subList(12, 24)));
    }

    /**
     * B-13: for L = 10 the seed's 5 groups of 4, G1 {1,2,3,4}, G2 {1,5,6,7}, G3 {2,5,8,9},
     * G4 {3,6,8,10}, G5 {4,7,9,10}; every place in exactly 2 groups and any two groups sharing one.
     * An uncontended request locks its group of 4: 12 messages, 9 remote (claimed 3√(2N) ≈ 13.4).
     */
    @Test
    void agrawalJaloteGroupsAreTheSeedsForTen() {
        int[][] seed = {p(1, 2, 3, 4), p(1, 5, 6, 7), p(2, 5, 8, 9), p(3, 6, 8, 10), p(4, 7, 9, 10)};
        assertEquals(5, AgrawalJalote.groups(10));
        int[] load = new int[10];
        for (int g = 1; g <= 5; g++) {
            assertArrayEquals(seed[g - 1], AgrawalJalote.group(5, g), "group " + g);
            for (int v : seed[g - 1]) {
                load[v]++;
            }
            for (int h = g + 1; h <= 5; h++) {
                int[] other = seed[h - 1];
                assertEquals(
                        1,
                        Arrays.stream(seed[g - 1])
                                .filter(v -> Arrays.binarySearch(other, v) >= 0)
                                .count());
            }
        }
        assertTrue(Arrays.stream(load).allMatch(x -> x == 2));
        Harness h = new Harness(3)
                .with((s, o) -> new Maekawa(10, 1, 16, AgrawalJalote.quorums(10), s, o))
                .request(7, 2)
                .run(40);
        assertEquals(12, h.sent.size());
        assertEquals(9, h.remote());
        assertEquals(List.of(1, 4, 7, 8), requestsTo(h.sent)); // P8 is pair (3, 4): its lower group, G3
    }

    /**
     * B-15: the definition alone (a whole primary cohort and a member of each later one) gives for
     * Coh(3) = {{u1}, {u2, u3}, {u3, u4}} exactly the seed's minimal quorums {u1, u2, u4}, {u1, u3},
     * {u2, u3} and {u3, u4}.
     */
    @Test
    void cohortQuorumsAreTheSeeds() {
        List<List<Integer>> m = Cohorts.minimalQuorums(new int[][] {{1}, {2, 3}, {3, 4}});
        assertEquals(4, m.size(), m.toString());
        for (List<Integer> q : List.of(List.of(1, 2, 4), List.of(1, 3), List.of(2, 3), List.of(3, 4))) {
            assertTrue(m.contains(q), q + " missing from " + m);
        }
    }

    /**
     * Cohorts' cost, n = 9: cohorts {0}, {1, 2}, {3, 4}, {5, 6}, {7, 8}. A client of the last cohort
     * locks its cohort alone, |C_k| = 2: 6 messages, 3 remote (the best case, 3|C_k|); node 0 locks
     * itself and one member of each of the 4 later cohorts: 15 messages, 12 remote.
     */
    @Test
    void cohortsCostThreeTimesTheQuorum() {
        assertEquals("[[0], [1, 2], [3, 4], [5, 6], [7, 8]]", Arrays.deepToString(Cohorts.cohorts(9)));
        Harness last = new Harness(3)
                .with((s, o) -> new Maekawa(9, 1, 16, Cohorts.quorums(9), s, o))
                .request(8, 2)
                .run(40);
        assertEquals(6, last.sent.size());
        assertEquals(3, last.remote());
        Harness first = new Harness(3)
                .with((s, o) -> new Maekawa(9, 1, 16, Cohorts.quorums(9), s, o))
                .request(0, 2)
                .run(40);
        assertEquals(15, first.sent.size());
        assertEquals(12, first.remote());
    }

    /**
     * B-14: N = 7 is the complete tree of 3 levels; without failures a quorum is a root-to-leaf path
     * of 3, so an uncontended request costs 9 messages (the claim's 3 log N), 3 of them inside the
     * requester, which is on its own path: 6 remote. A leaf's path is its ancestors; an inner node
     * continues through first children.
     */
    @Test
    void treeQuorumIsARootToLeafPath() {
        assertArrayEquals(new int[] {0, 2, 6}, TreeQuorum.path(7, 6));
        assertArrayEquals(new int[] {0, 1, 3}, TreeQuorum.path(7, 0));
        assertArrayEquals(new int[] {0, 2, 5}, TreeQuorum.path(7, 2));
        Harness h = new Harness(3)
                .with((s, o) -> new Maekawa(7, 1, 16, TreeQuorum.quorums(7), s, o))
                .request(5, 2)
                .run(40);
        assertEquals(9, h.sent.size());
        assertEquals(6, h.remote());
        assertEquals(List.of(0, 2, 5), requestsTo(h.sent));
    }

    /** Every two quorums meet, for every n up to 80, in all four systems: what mutual exclusion rests on. */
    @Test
    void everyTwoQuorumsMeet() {
        for (int n = 1; n <= 80; n++) {
            assertTrue(LukWong.quorums(n).intersecting(), "luk-wong n=" + n);
            assertTrue(AgrawalJalote.quorums(n).intersecting(), "agrawal-jalote n=" + n);
            assertTrue(Cohorts.quorums(n).intersecting(), "cohorts n=" + n);
            assertTrue(TreeQuorum.quorums(n).intersecting(), "tree-quorum n=" + n);
        }
    }

    private static List<Integer> requestsTo(List<Message> sent) {
        return sent.stream()
                .filter(m -> m.type() == Maekawa.REQUEST)
                .map(Message::to)
                .sorted()
                .toList();
    }
}
