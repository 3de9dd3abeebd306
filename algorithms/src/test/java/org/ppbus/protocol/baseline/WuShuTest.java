package org.ppbus.protocol.baseline;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** B-18: Wu and Shu's coordinator with a token, 3 messages per entry at low load, 3 or 4 at high load. */
class WuShuTest {

    private static Harness harness(int hold) {
        return new Harness(hold).with((s, o) -> new WuShu(7, 1, s, o));
    }

    /**
     * Low load, the token at the coordinator: REQUEST (cycle 2, arriving 3), GRANT (arriving 4: the
     * client eats after 2L, the seed's 2T), RELEASE when it is done: 3 messages.
     */
    @Test
    void theCoordinatorsTokenCostsThree() {
        Harness h = harness(3).request(3, 2).run(30);
        assertEquals(4, h.grantCycle(3));
        assertEquals(3, h.sent.size());
        assertEquals(1, h.ofType(WuShu.REQUEST));
        assertEquals(1, h.ofType(WuShu.GRANT));
        assertEquals(1, h.ofType(WuShu.RELEASE));
    }

    /**
     * High load: client 1 eats from cycle 4 to 14; client 2's REQUEST (cycle 3) reaches the
     * coordinator in 4, which FORWARDs it to client 1 (arriving 5). Client 1 leaves in 14 and passes
     * the token itself (GRANT, arriving 15); client 2 returns it with RELEASE. 6 messages for 2
     * entries, 3 each: REQUEST, FORWARD, GRANT, and the chain's one RELEASE.
     */
    @Test
    void aForwardedTokenCostsThreePerEntry() {
        Harness h = harness(10).request(1, 2).request(2, 3).run(60);
        assertEquals(4, h.grantCycle(1));
        assertEquals(15, h.grantCycle(2));
        assertEquals(6, h.sent.size());
        assertEquals(1, h.ofType(WuShu.FORWARD));
        assertEquals(1, h.ofType(WuShu.RELEASE));
    }

    /**
     * A FORWARD too late: client 1 eats one cycle (4) and leaves in 5, before the FORWARD naming
     * client 2 arrives (also 5; the processor's edge comes first), so it returns the token with
     * RELEASE and discards the FORWARD; the coordinator, receiving the RELEASE in 6, grants client 2
     * (arriving 7). 7 messages for 2 entries: the second costs 4, the seed's high-load case.
     */
    @Test
    void aLateForwardCostsFour() {
        Harness h = harness(1).request(1, 2).request(2, 3).run(40);
        assertEquals(4, h.grantCycle(1));
        assertEquals(7, h.grantCycle(2));
        assertEquals(7, h.sent.size());
        assertEquals(2, h.ofType(WuShu.RELEASE));
        assertEquals(2, h.ofType(WuShu.GRANT));
    }

    /** Everyone asks at once, and again: one token, so one eater (the harness checks), and all served. */
    @Test
    void contentionServesEveryoneOnce() {
        Harness h = harness(2);
        for (int i = 0; i < 7; i++) {
            h.request(i, 1 + i % 3).request(i, 100 + 2 * i);
        }
        h.run(400);
        assertEquals(14, h.grants.size());
    }
}
