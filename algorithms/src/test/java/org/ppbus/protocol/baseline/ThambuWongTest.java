package org.ppbus.protocol.baseline;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.ppbus.plane.Wiring;

class ThambuWongTest {

    /** B-23 best case: the holder asks again and eats in the same cycle, with no message. */
    @Test
    void holderReentersForFree() {
        Harness h = new Harness(2)
                .with((s, o) -> new ThambuWong(Wiring.forNodes(13), 1, s, o))
                .request(0, 3)
                .request(0, 9)
                .request(0, 20)
                .run(40);
        assertEquals(3, h.grants.size());
        assertEquals(0, h.sent.size());
        assertEquals(3, h.grantCycle(0));
    }

    /**
     * B-23 worst case, derived: node 0 holds the token idle and r is not a neighbour of it (their
     * common superior c is neither). r does not know the holder, so it asks all K − 1 superiors
     * (and its own entry, locally); c routes the request to 0 (1), 0 sends the token (1) and tells
     * its K − 1 superiors RELINQUISH_TOKEN, and r tells its K − 1 superiors I_HAVE_TOKEN:
     * 3(K − 1) + 2 remote messages (K = 3: 8; K = 4: 11), within the seeds' 3√N + 2. Three hops:
     * r eats 3L cycles after asking.
     */
    @ParameterizedTest
    @CsvSource({"7,1,3", "7,2,3", "13,1,4", "13,3,4"})
    void requestFromANonNeighbour(int n, int latency, int k) {
        Wiring w = Wiring.forNodes(n);
        int r = 1;
        while (w.neighbours(0, r)) {
            r++;
        }
        int requester = r;
        Harness h = new Harness(2)
                .with((s, o) -> new ThambuWong(w, latency, s, o))
                .request(requester, 4)
                .run(4 + 10L * latency);
        assertEquals(3L * (k - 1) + 2, h.remote());
        assertEquals(3L * (k - 1) + 3, h.sent.size());
        assertEquals(4 + 3L * latency, h.grantCycle(requester));
    }

    /**
     * The two neighbour cases: a superior of the holder knows it and asks it alone (1 + 1 + 2(K − 1)
     * = 2K, eats after 2L); a node whose superior is the holder reaches it directly with its
     * broadcast ((K − 1) + 1 + 2(K − 1) = 3K − 2 remote, eats after 2L).
     */
    @Test
    void neighboursOfTheHolder() {
        Wiring w = Wiring.forNodes(7); // S_0 = {0, 1, 3}; 0 is in S_4 = {0, 4, 5} and S_6 = {0, 2, 6}
        Harness knows = new Harness(2)
                .with((s, o) -> new ThambuWong(w, 1, s, o))
                .request(1, 4)
                .run(20);
        assertEquals(2 * 3, knows.remote());
        assertEquals(6, knows.grantCycle(1));
        Harness direct = new Harness(2)
                .with((s, o) -> new ThambuWong(w, 1, s, o))
                .request(4, 4)
                .run(20);
        assertEquals(3 * 3 - 2, direct.remote());
        assertEquals(6, direct.grantCycle(4));
    }

    /** Everyone asks at once, repeatedly: one at a time, and every request is served. */
    @ParameterizedTest
    @CsvSource({"7,1", "13,2", "31,1"})
    void everyRequestIsServed(int n, int latency) {
        Harness h = new Harness(3).with((s, o) -> new ThambuWong(Wiring.forNodes(n), latency, s, o));
        for (int round = 0; round < 3; round++) {
            for (int i = 0; i < n; i++) {
                h.request(i, 2 + round * 40L * n * latency + i % 3);
            }
        }
        h.run(3 * 40L * n * latency);
        assertEquals(3L * n, h.grants.size());
    }
}
