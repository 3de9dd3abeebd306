package org.ppbus.protocol.baseline;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * B-20: Misra's two tokens. With nobody asking, PING and PONG start together at node 0 and meet
 * there in cycle 0 (counter 1). A channel carries one message per cycle, and PING goes first, so at
 * L = 1 PING reaches node k in cycle k (mod N) and PONG one cycle later: they do not meet again while
 * nobody eats, and every node sees PING, then PONG, both with counter 1. A token lost on the link
 * k → k+1 is missed first by node k + 1, which sees the other token come back with the counter it saw
 * a round before, and regenerates the lost one there.
 */
class MisraTest {
    private static final int N = 5;

    private Misra ring;

    private Harness harness(int hold) {
        return new Harness(hold).with((s, o) -> ring = new Misra(N, 1, s, o));
    }

    private void lose(int type, int from, long cycle) {
        ring.messageChannels().loseNext((m, c) -> c == cycle && m.from() == from && m.type() == type);
    }

    /**
     * In the second round: PONG leaves node 2 in cycle 3 + N = 8 and is lost. Node 3 saw PONG in cycle
     * 4 and PING (counter 1) in cycle 8, and sees PING again, still with counter 1, in cycle 13: it
     * regenerates PONG there, N·L = 5 cycles after the loss. From then on the ring runs without
     * another alarm.
     */
    @Test
    void aLostPongIsRegeneratedOneRoundLater() {
        Harness h = harness(1);
        lose(Misra.PONG, 2, 8);
        h.run(13);
        assertEquals(0, ring.regenerations());
        h = harness(1);
        lose(Misra.PONG, 2, 8);
        h.run(1000);
        assertEquals(1, ring.regenerations());
        assertEquals(13, ring.recoveredAt());
    }

    /**
     * In the second round: PING leaves node 2 in cycle 2 + N = 7 and is lost, while node 4 waits (it
     * asked in cycle 8). Node 3, the node that should have received it, last saw PONG (cycle 4) and
     * sees PONG again with the same counter in cycle 9: it regenerates PING at once, 2 cycles after
     * the loss, and passes it on. Node 4 eats in cycle 10 instead of 9.
     */
    @Test
    void aLostPingIsRegeneratedByTheNodeThatMissedIt() {
        Harness h = harness(2).request(4, 8);
        lose(Misra.PING, 2, 7);
        h.run(40);
        assertEquals(1, ring.regenerations());
        assertEquals(9, ring.recoveredAt());
        assertEquals(10, h.grantCycle(4));
        assertEquals(1, h.grants.size());
    }

    /**
     * In the first round a node has seen nothing yet, so it cannot miss a token: PING lost between
     * nodes 2 and 3 in cycle 2 is first missed by node 1, where PONG passed in cycle 2 and comes back,
     * with no PING in between, in cycle 2 + N = 7. Node 1 regenerates PING; node 4 (asked in cycle 3)
     * eats when it gets there, in cycle 10, instead of cycle 4.
     */
    @Test
    void inTheFirstRoundTheLossIsMissedWherePongComesBackFirst() {
        Harness h = harness(2).request(4, 3);
        lose(Misra.PING, 2, 2);
        h.run(40);
        assertEquals(1, ring.regenerations());
        assertEquals(7, ring.recoveredAt());
        assertEquals(10, h.grantCycle(4));
    }

    /** Without a loss, node 4 gets PING in cycle 4, or, asking in cycle 8, in cycle 9. */
    @Test
    void withoutALossTheWaiterIsServedWhenPingPasses() {
        Harness h = harness(2).request(4, 3).run(40);
        assertEquals(4, h.grantCycle(4));
        assertEquals(0, ring.regenerations());
        h = harness(2).request(4, 8).run(40);
        assertEquals(9, h.grantCycle(4));
    }

    /**
     * No false alarm when the counter wraps: node 1 holds PING for 100 cycles, and PONG laps it 20
     * times, the counter going round mod N + 1 more than three times; nobody regenerates anything.
     * Every other processor asks during the hold and is served after it, once each.
     */
    @Test
    void aLongHoldWrapsTheCounterWithoutAFalseAlarm() {
        Harness h = harness(100).request(1, 0);
        for (int i = 0; i < N; i++) {
            if (i != 1) {
                h.request(i, 20 + i);
            }
        }
        h.run(600);
        assertEquals(0, ring.regenerations());
        assertEquals(N, h.grants.size());
        assertEquals(1, h.grants.get(0)[0]);
    }

    /** Widths: the kind bit and ⌈log₂(N + 1)⌉ counter bits. */
    @Test
    void tokensCarryAKindBitAndACounterModNPlusOne() {
        assertEquals(1 + 3, Misra.width(5));
        assertEquals(1 + 3, Misra.width(7));
        assertEquals(1 + 4, Misra.width(8));
        assertEquals(1 + 8, Misra.width(133));
    }
}
