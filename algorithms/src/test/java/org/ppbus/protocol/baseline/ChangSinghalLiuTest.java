package org.ppbus.protocol.baseline;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * B-24: Chang, Singhal and Liu. The seed claims about 3 messages per entry on average; an entry
 * costs a REQUEST per hop along Root to the last requester and one TOKEN, so 2 when Root names the
 * holder, 3 with one hop between, and 0 for the holder itself. The scenarios follow figure 4.13.
 */
class ChangSinghalLiuTest {
    private ChangSinghalLiu fabric;

    private Harness harness(int nodes, int hold) {
        return new Harness(hold).with((s, o) -> fabric = new ChangSinghalLiu(nodes, 1, s, o));
    }

    /**
     * Figure 4.13 with R = 0, Q = 1, P = 2 at L = 1. (b) Q asks R (cycle 2, arriving 3), R sends the
     * token (arriving 4): 2 messages. (c) P asks R in cycle 20; R passes the REQUEST to Q, its Root now,
     * and (d) Q, holding the token idle, sends it to P: REQUEST, REQUEST, TOKEN, P eating in cycle 23.
     * 5 messages for 2 entries. Then Q asks again: its Root is P, so 2 more.
     */
    @Test
    void figure413() {
        Harness h = harness(3, 2).request(1, 2).request(2, 20).request(1, 40).run(80);
        assertEquals(4, h.grantCycle(1));
        assertEquals(23, h.grantCycle(2));
        assertEquals(3, h.grants.size());
        assertEquals(4, h.ofType(ChangSinghalLiu.REQUEST));
        assertEquals(3, h.ofType(ChangSinghalLiu.TOKEN));
        assertEquals(0, fabric.newsFromTokens());
    }

    /** The holder asks again: it keeps the token, so its entry costs nothing. */
    @Test
    void theHolderReentersForFree() {
        Harness h = harness(5, 2).request(0, 2).request(0, 10).run(40);
        assertEquals(2, h.grants.size());
        assertEquals(0, h.sent.size());
    }

    /**
     * The token's future last holder shortens a Root. Node 0 eats from cycle 2 to 32. Nodes 1, 2 and
     * 3 ask in cycles 3, 5 and 7: node 0 queues 1 and passes 2's REQUEST to 1 and 3's to 2, its Root
     * moving to 1, 2 and 3; node 1 learns of 2 only. The token leaves node 0 naming 3, and node 1
     * takes 3 as its Root. 8 messages for the three entries (3 REQUESTs, 2 passed on, 3 TOKENs). When
     * node 1 asks again it reaches the last holder in one hop: 2 messages, not the 3 through node 2.
     */
    @Test
    void theTokensLastHolderShortensARoot() {
        Harness h = harness(4, 30)
                .request(0, 2)
                .request(1, 3)
                .request(2, 5)
                .request(3, 7)
                .run(300);
        assertEquals(4, h.grants.size());
        assertEquals(8, h.sent.size());
        assertEquals(1, fabric.newsFromTokens());
        Harness again = harness(4, 30)
                .request(0, 2)
                .request(1, 3)
                .request(2, 5)
                .request(3, 7)
                .request(1, 200)
                .run(400);
        assertEquals(5, again.grants.size());
        assertEquals(8 + 2, again.sent.size());
    }

    /** Everyone asks at once, and again: one token, so one eater (the harness checks), and all served. */
    @Test
    void contentionServesEveryoneTwice() {
        Harness h = harness(7, 3);
        for (int i = 0; i < 7; i++) {
            h.request(i, 1 + i % 3).request(i, 80 + 3 * i);
        }
        h.run(600);
        assertEquals(14, h.grants.size());
    }
}
