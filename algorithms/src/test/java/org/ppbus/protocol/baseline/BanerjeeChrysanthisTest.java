package org.ppbus.protocol.baseline;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * B-25: Banerjee and Chrysanthis. The seed claims N messages per entry at low load and about 3 at
 * high load, and says the algorithm can starve, the monitor node being the fix. At low load an entry
 * costs its REQUEST, the token, and NEW-ARBITER to the N − 2 nodes that neither send nor receive the
 * token: N. A Q-list of k requests costs k REQUESTs, k tokens and N − 1 NEW-ARBITERs: 2 + (N − 1)/k
 * per entry, exactly 3 when all N − 1 others are in it.
 */
class BanerjeeChrysanthisTest {
    private BanerjeeChrysanthis fabric;

    private Harness harness(int nodes, int hold, boolean monitor) {
        return new Harness(hold).with((s, o) -> fabric = new BanerjeeChrysanthis(nodes, 1, monitor, s, o));
    }

    /** Node 3 asks the idle arbiter 0 (cycle 2, arriving 3), which sends the token (arriving 4): N = 7 messages. */
    @Test
    void lowLoadCostsN() {
        for (boolean monitor : new boolean[] {false, true}) {
            Harness h = harness(7, 2, monitor).request(3, 2).run(30);
            assertEquals(4, h.grantCycle(3));
            assertEquals(7, h.sent.size());
            assertEquals(5, h.ofType(BanerjeeChrysanthis.NEW_ARBITER));
        }
    }

    /**
     * Node 0, the arbiter, eats from cycle 1 to 21 while nodes 1 to 6 ask (cycles 2 to 7). It makes
     * them the Q-list in the order they arrived, names node 6 the arbiter, and sends the token to
     * node 1 (behind the NEW-ARBITER on that channel, so arriving in cycle 23). 18 messages for the 6
     * entries: 3 each.
     */
    @Test
    void aFullQListCostsThreePerEntry() {
        for (boolean monitor : new boolean[] {false, true}) {
            Harness h = harness(7, 20, monitor).request(0, 1);
            for (int i = 1; i <= 6; i++) {
                h.request(i, 1 + i);
            }
            h.run(300);
            assertEquals(23, h.grantCycle(1));
            assertEquals(7, h.grants.size());
            for (int i = 1; i <= 6; i++) {
                assertEquals(i, h.grants.get(i)[0], "the Q-list's order");
            }
            assertEquals(18, h.sent.size());
        }
    }

    /**
     * The starvation. N = 8, L = 1, holds of one cycle, everyone asks in cycle 1. Node 0 eats at once;
     * the 7 REQUESTs reach it in cycle 2. The first makes node 1 the arbiter; node 0 passes the other
     * six on to node 1, one per cycle, arriving in cycles 4 to 9. Node 1 eats (3), makes node 2 the
     * arbiter with the REQUEST that arrived in cycle 4, and passes on those of nodes 3, 4 and 5; in
     * cycle 7 it hears that node 3 is the arbiter, which ends its propagation phase, so the REQUESTs
     * of nodes 6 and 7, arriving in cycles 8 and 9, are discarded. Nodes 0 to 5 eat in cycles 1, 3,
     * 5, 7, 9 and 11; nodes 6 and 7 never do. With the monitor the two are sent to node 0 instead,
     * and everyone eats.
     */
    @Test
    void lateRequestsAreDiscardedAndTheMonitorSavesThem() {
        Harness h = harness(8, 1, false);
        for (int i = 0; i < 8; i++) {
            h.request(i, 1);
        }
        h.run(2000);
        assertEquals(2, fabric.discarded());
        assertEquals(6, h.grants.size());
        for (int i = 0; i < 6; i++) {
            assertEquals(i, h.grants.get(i)[0]);
            assertEquals(i == 0 ? 1 : 1 + 2 * i, h.grants.get(i)[1]);
        }
        Harness m = harness(8, 1, true);
        for (int i = 0; i < 8; i++) {
            m.request(i, 1);
        }
        m.run(2000);
        assertEquals(0, fabric.discarded());
        assertEquals(8, m.grants.size());
    }

    /** Everyone asks at once, and again, with the monitor: one token (the harness checks), all served. */
    @Test
    void theMonitorServesEveryoneTwice() {
        Harness h = harness(13, 1, true);
        for (int i = 0; i < 13; i++) {
            h.request(i, 1).request(i, 40 + i);
        }
        h.run(3000);
        assertEquals(26, h.grants.size());
    }
}
