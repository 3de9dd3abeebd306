package org.ppbus.protocol.baseline;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * B-26: Lodha and Kshemkalyani. The seed says an entry costs exactly 2(N − 1) − x messages when x
 * other requests are concurrent with it. Each entry sends N − 1 REQUESTs and hears a REPLY from each
 * of the N − 1 − x nodes not concurrent with it, which is the seed's 2(N − 1) − x; but a request
 * behind a concurrent older one cannot learn that the older one is done from the REQUEST it received
 * before: it needs one more message, sent after that exit (the FLUSH). x + 1 concurrent requests
 * therefore cost (x + 1)(2(N − 1) − x) + x, x more than the seed's sum (docs/ERRATA.md).
 */
class LodhaKshemkalyaniTest {
    private static final int N = 7;

    private static Harness harness(int hold) {
        return new Harness(hold).with((s, o) -> new LodhaKshemkalyani(N, 1, 16, s, o));
    }

    /** Alone: N − 1 REQUESTs (cycle 2, arriving 3), N − 1 REPLYs (arriving 4), no FLUSH: 2(N − 1) = 12. */
    @Test
    void anUncontendedEntryCostsTwoNMinusOne() {
        Harness h = harness(3).request(4, 2).run(40);
        assertEquals(4, h.grantCycle(4));
        assertEquals(2 * (N - 1), h.sent.size());
        assertEquals(N - 1, h.ofType(LodhaKshemkalyani.REPLY));
        assertEquals(0, h.ofType(LodhaKshemkalyani.FLUSH));
    }

    /**
     * x + 1 nodes ask in the same cycle: every pair is concurrent (each REQUEST reaches a waiting node
     * that has heard nothing yet from its sender), so no REPLY passes between them; each hears a
     * REPLY from the N − 1 − x others. Equal stamps, so they eat in id order, each passing a FLUSH to
     * the next: x FLUSHes.
     */
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 6})
    void concurrentRequestsCostTheSeedsCountPlusOneFlushEach(int x) {
        Harness h = harness(2);
        for (int i = 0; i <= x; i++) {
            h.request(i, 2);
        }
        h.run(200);
        assertEquals(x + 1, h.grants.size());
        for (int i = 0; i <= x; i++) {
            assertEquals(i, h.grants.get(i)[0], "stamp order, ties by id");
        }
        assertEquals((x + 1) * (N - 1), h.ofType(LodhaKshemkalyani.REQUEST));
        assertEquals((x + 1) * (N - 1 - x), h.ofType(LodhaKshemkalyani.REPLY));
        assertEquals(x, h.ofType(LodhaKshemkalyani.FLUSH));
        assertEquals((x + 1) * (2 * (N - 1) - x) + x, h.sent.size());
    }

    /**
     * Not concurrent: node 2 hears node 1's REQUEST (cycle 3) while thinking and replies, then asks
     * (cycle 4). Node 1, having heard from it, defers it and answers with a FLUSH when it leaves (cycle
     * 4 + 10). x = 0 for both: 2(N − 1) each, 24 in all, as the seed says.
     */
    @Test
    void aRequestAfterTheReplyIsDeferredNotConcurrent() {
        Harness h = harness(10).request(1, 2).request(2, 4).run(80);
        assertEquals(4, h.grantCycle(1));
        assertEquals(15, h.grantCycle(2));
        assertEquals(4 * (N - 1), h.sent.size());
        assertEquals(1, h.ofType(LodhaKshemkalyani.FLUSH));
    }

    /** Everyone asks at once, and again, over staggered holds: one eater at a time (the harness checks), all served. */
    @Test
    void contentionServesEveryoneTwice() {
        Harness h = harness(3);
        for (int i = 0; i < N; i++) {
            h.request(i, 1 + i % 3).request(i, 60 + 2 * i);
        }
        h.run(600);
        assertEquals(2 * N, h.grants.size());
    }
}
