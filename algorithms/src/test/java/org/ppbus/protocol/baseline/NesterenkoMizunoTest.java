package org.ppbus.protocol.baseline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.ppbus.plane.Wiring;

/** Nesterenko and Mizuno (B-16): Maekawa's cost without losses, and recovery after one lost message. */
class NesterenkoMizunoTest {
    private static final long T = NesterenkoMizuno.timeout(1);

    private static NesterenkoMizuno[] holder() {
        return new NesterenkoMizuno[1];
    }

    private static Harness harness(int n, NesterenkoMizuno[] nm) {
        return new Harness(3)
                .with((s, o) -> nm[0] = new NesterenkoMizuno(n, 1, 16, Quorums.onPlane(Wiring.forNodes(n)), T, s, o));
    }

    /**
     * B-16 at low load: REQUEST, GRANT and RELEASE with each of the K voters, 3K messages, 3(K − 1)
     * remote (the seed's 3√N, √N := K): 9 and 6 at n = 7, 12 and 9 at n = 13; the client eats after
     * one round trip, 2L. No timeout fires within the run.
     */
    @ParameterizedTest
    @CsvSource({"7,3", "13,4"})
    void uncontendedCostsThreeK(int n, int k) {
        Harness h = harness(n, holder()).request(n - 1, 2).run(60);
        assertEquals(3L * k, h.sent.size());
        assertEquals(3L * (k - 1), h.remote());
        assertEquals(4, h.grantCycle(n - 1));
    }

    /**
     * A lost GRANT: the client hears nothing from that voter, and its timeout, armed when it sent
     * the REQUEST in cycle 2, fires in cycle 2 + T; the voter, still locked for it, grants again:
     * REQUEST arrives in 3 + T, GRANT in 4 + T, and the client eats then.
     */
    @Test
    void aLostGrantIsRecoveredByTheTimeout() {
        NesterenkoMizuno[] nm = holder();
        Harness h = harness(7, nm);
        int voter = Quorums.onPlane(Wiring.forNodes(7))[6][0];
        nm[0].messageChannels().loseNext(m -> m.type() == NesterenkoMizuno.GRANT && m.to() == 6 && m.from() == voter);
        h.request(6, 2).run(T + 40);
        assertEquals(4 + T, h.grantCycle(6));
    }

    /**
     * A lost RELEASE: client 0 eats in cycle 4 and releases in 7, but the RELEASE to the voter it
     * shares with client 1 is lost, so that voter keeps 0's older request locked and answers 1's
     * request (cycle 20) with FAILED. 0's timeout for that voter, armed in 7, re-sends the RELEASE in
     * 7 + T; the voter frees itself in 8 + T and grants 1, which eats in 9 + T. Mutual exclusion holds
     * throughout (the harness fails on two eaters).
     */
    @Test
    void aLostReleaseIsRecoveredByTheTimeout() {
        NesterenkoMizuno[] nm = holder();
        Harness h = harness(7, nm);
        int shared = Wiring.forNodes(7).commonArbiter(0, 1);
        nm[0].messageChannels()
                .loseNext(m -> m.type() == NesterenkoMizuno.RELEASE && m.from() == 0 && m.to() == shared);
        h.request(0, 2).request(1, 20).run(T + 60);
        assertEquals(4, h.grantCycle(0));
        assertEquals(9 + T, h.grantCycle(1));
        assertTrue(h.ofType(NesterenkoMizuno.FAILED) >= 1);
    }

    /**
     * Everyone asks at once, and again: mutual exclusion, every request served, and the revocation
     * (INQUIRE, YIELD) at work when an older request reaches a voter locked for a younger one.
     */
    @Test
    void contentionKeepsMutualExclusionAndServesEveryone() {
        int n = 7;
        Harness h = harness(n, holder());
        for (int i = 0; i < n; i++) {
            h.request(i, 1 + (n - i) % 3).request(i, 200 + 5 * i);
        }
        h.run(2000);
        assertEquals(2L * n, h.grants.size());
        assertTrue(
                h.ofType(NesterenkoMizuno.INQUIRE) > 0 && h.ofType(NesterenkoMizuno.YIELD) > 0,
                "no revocation: INQUIRE " + h.ofType(NesterenkoMizuno.INQUIRE));
    }
}
