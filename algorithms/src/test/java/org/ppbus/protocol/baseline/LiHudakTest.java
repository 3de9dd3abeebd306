package org.ppbus.protocol.baseline;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LiHudakTest {

    /**
     * B-22: curr_dir forms a chain n−1 → n−2 → … → 0 and node 0 holds the token idle. A request
     * from n − 1 passes k = n − 2 intermediates: n − 1 REQ messages; node 0, the tail, sends the
     * token straight to the requester through its next pointer: 1 message, so n in all, and the
     * requester eats n·L cycles after asking. Every node on the path, node 0 included, ends with
     * curr_dir = n − 1 (the compression).
     */
    @ParameterizedTest
    @CsvSource({"5,1", "7,2", "13,1"})
    void requestAlongAChainCompressesIt(int n, int latency) {
        int[] chain = new int[n];
        for (int i = 1; i < n; i++) {
            chain[i] = i - 1;
        }
        LiHudak[] f = new LiHudak[1];
        Harness h = new Harness(2)
                .with((s, o) -> f[0] = new LiHudak(n, latency, chain, s, o))
                .request(n - 1, 4)
                .run(4 + 3L * n * latency);
        assertEquals(n, h.sent.size());
        assertEquals(n - 1, h.ofType(LiHudak.REQ));
        assertEquals(1, h.ofType(LiHudak.TOKEN));
        assertEquals(4 + (long) n * latency, h.grantCycle(n - 1));
        for (int i = 0; i < n; i++) {
            assertEquals(n - 1, f[0].currDir(i), "curr_dir of " + i);
        }
    }

    /**
     * Two requests behind each other: the second finds the first as the tail and waits on its next
     * pointer; when the first releases, the token goes to the second in 1 message.
     */
    @ParameterizedTest
    @CsvSource({"1", "3"})
    void nextPointerHandsTheTokenOnInOneMessage(int latency) {
        int n = 6;
        int hold = 10;
        Harness h = new Harness(hold)
                .with((s, o) -> new LiHudak(n, latency, s, o))
                .request(3, 1)
                .request(5, 1 + 2L * latency + 1)
                .run(100);
        // 3: REQ to 0, token back: eats at 1 + 2L. 5 asks after that: REQ to 0, forwarded to 3 (its
        // curr_dir), which records next = 5 and hands the token on at its release.
        long first = 1 + 2L * latency;
        assertEquals(first, h.grantCycle(3));
        assertEquals(first + hold + latency, h.grantCycle(5));
        assertEquals(2 + 2 + 1, h.sent.size());
    }
}
