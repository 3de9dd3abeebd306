package org.ppbus.protocol.baseline;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.ppbus.link.Message;
import org.ppbus.protocol.baseline.parts.QuorumSystem;

/**
 * The quorum algorithms that claim to survive a crashed node (seed 004): Agrawal–Jalote through a
 * client's second group, the tree quorum through GETQUORUM's substitution. A crashed node is one
 * to which every message is lost and which asks for nothing; its clients notice its silence after
 * the timeout T and turn to the detour quorum.
 */
class CrashedVoterTest {
    private static final long T = QuorumSystem.silence(1);

    private static Harness crashed(int n, QuorumSystem q, int dead, Maekawa[] out) {
        Harness h = new Harness(3).with((s, o) -> out[0] = new Maekawa(n, 1, 16, q, s, o));
        out[0].messageChannels().loseEvery(m -> m.to() == dead);
        return h;
    }

    /**
     * B-14 with the root crashed, N = 7: client 6's path {0, 2, 6} loses its root; the REQUEST to it
     * (cycle 2) is lost, the timeout armed then fires in 2 + T, and the client asks 1 and 3 for the
     * paths through both of the root's children, keeping 2 and 6, which granted in cycle 4: the
     * quorum of ⌈(N + 1)/2⌉ = 4. GRANTs arrive in 4 + T and it eats. On that quorum the entry costs
     * 3·4 = 12 messages, the seed's 3(N + 1)/2, plus the REQUEST and the RELEASE lost to the root
     * (the RELEASE, in case the root had only been slow).
     */
    @Test
    void treeQuorumSurvivesItsRoot() {
        assertArrayEquals(new int[] {1, 2, 3, 6}, TreeQuorum.avoiding(7, 6, Set.of(0)));
        assertArrayEquals(TreeQuorum.path(7, 6), TreeQuorum.avoiding(7, 6, Set.of()));
        Maekawa[] m = new Maekawa[1];
        Harness h = crashed(7, TreeQuorum.quorums(7), 0, m).request(6, 2).run(T + 40);
        assertEquals(4 + T, h.grantCycle(6));
        assertEquals(14, h.sent.size());
        assertEquals(List.of(0, 1, 2, 3, 6), to(h.sent, Maekawa.RELEASE));
    }

    /**
     * B-13 with P4 crashed, L = 10: P1 (pair {1, 2}) asks its group G1 = {P1, P2, P3, P4}; P4 stays
     * silent, and at 2 + T P1 turns to G2 = {P1, P5, P6, P7}: RELEASE to P2 and P3, which had
     * granted, and to P4 (lost), REQUEST to P5, P6 and P7, its own vote kept. It eats in 4 + T and
     * releases G2.
     */
    @Test
    void agrawalJaloteSurvivesThroughTheOtherGroup() {
        Maekawa[] m = new Maekawa[1];
        Harness h = crashed(10, AgrawalJalote.quorums(10), 3, m).request(0, 2).run(T + 40);
        assertEquals(4 + T, h.grantCycle(0));
        assertEquals(List.of(1, 2, 3, 0, 4, 5, 6), to(h.sent, Maekawa.RELEASE));
    }

    /**
     * Everyone but the crashed node asks, twice (the second time after 10T, when the first round is
     * over: clients queued behind a client that waits for its timeout may time out in turn, so the
     * last of 14 at n = 15 was served after 4T + 23 cycles; then every client asks its first quorum
     * again): mutual exclusion (the harness checks it), and all served.
     */
    @Test
    void contentionAroundACrashedNode() {
        int[][] cases = {{7, 0}, {7, 2}, {15, 1}};
        for (int[] c : cases) {
            Maekawa[] m = new Maekawa[1];
            Harness h = crashed(c[0], TreeQuorum.quorums(c[0]), c[1], m);
            requestAllBut(h, c[0], c[1]);
            h.run(20 * T);
            assertEquals(2L * (c[0] - 1), h.grants.size(), "tree n=" + c[0] + " without " + c[1]);
        }
        Maekawa[] m = new Maekawa[1];
        Harness h = crashed(10, AgrawalJalote.quorums(10), 3, m);
        requestAllBut(h, 10, 3);
        h.run(20 * T);
        assertEquals(18, h.grants.size());
    }

    /**
     * One crash anywhere: the quorums the live clients end up with (their first, or GETQUORUM's or
     * the second group around the crashed node) still meet pairwise, for n = 2..40 in both systems.
     * Every crash has a detour in Agrawal–Jalote's groups, and in the tree every crash but those the
     * algorithm cannot survive: n = 2, where the root has one child (a crashed root needs two, a
     * crashed leaf leaves the root no subtree).
     */
    @Test
    void detourQuorumsStillMeet() {
        for (int n = 2; n <= 40; n++) {
            for (String name : new String[] {"tree", "aj"}) {
                QuorumSystem q = name.equals("tree") ? TreeQuorum.quorums(n) : AgrawalJalote.quorums(n);
                for (int dead = 0; dead < n; dead++) {
                    List<int[]> used = new ArrayList<>();
                    for (int i = 0; i < n; i++) {
                        if (i == dead) {
                            continue;
                        }
                        int[] first = q.quorum(i, 0);
                        int d = dead;
                        int[] eff = Arrays.stream(first).anyMatch(v -> v == d)
                                ? q.detour().avoiding(i, Set.of(dead))
                                : first;
                        if (name.equals("tree") && n == 2) {
                            assertEquals(null, eff);
                            continue;
                        }
                        assertNotNull(eff, name + " n=" + n + ": no detour for " + i + " around " + dead);
                        assertTrue(Arrays.stream(eff).noneMatch(v -> v == d));
                        used.add(eff);
                    }
                    for (int a = 0; a < used.size(); a++) {
                        for (int b = a + 1; b < used.size(); b++) {
                            int[] y = used.get(b);
                            assertTrue(
                                    Arrays.stream(used.get(a))
                                            .anyMatch(v -> Arrays.stream(y).anyMatch(w -> w == v)),
                                    name + " n=" + n + " dead " + dead);
                        }
                    }
                }
            }
        }
    }

    private static void requestAllBut(Harness h, int n, int dead) {
        for (int i = 0; i < n; i++) {
            if (i != dead) {
                h.request(i, 1 + i % 3).request(i, 10 * T + 5 * i);
            }
        }
    }

    private static List<Integer> to(List<Message> sent, int type) {
        return sent.stream().filter(x -> x.type() == type).map(Message::to).toList();
    }
}
