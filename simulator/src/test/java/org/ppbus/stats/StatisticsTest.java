package org.ppbus.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.ppbus.link.Direction;
import org.ppbus.plane.Wiring;
import org.ppbus.protocol.cc.Symbols;

class StatisticsTest {

    @Test
    void perNodeWaitPercentilesAreNearestRank() {
        Statistics s = new Statistics(Wiring.forNodes(7));
        for (int w = 1; w <= 100; w++) {
            s.requested(0, 1000L * w);
            s.granted(0, 1000L * w, 1000L * w + w);
        }
        Statistics.Distribution d = s.summarise(200_000, 0, new int[] {0}).waitPerNode()[0];
        assertEquals(100, d.samples());
        assertEquals(50.5, d.mean(), 1e-12);
        assertEquals(50, d.p50()); // ceil(0.5·100) = 50th smallest
        assertEquals(99, d.p99()); // ceil(0.99·100) = 99th smallest
        assertEquals(100, d.max());
    }

    /** docs/SPEC.md (contract): a REQUEST right after a DIRTY_FORK (c2a) or FORK (a2c) joins its message. */
    @Test
    void pairRuleJoinsOnlyTheNextCycleOnTheSameChannel() {
        Wiring w = Wiring.forNodes(7);
        Statistics s = new Statistics(w);
        int remote = w.link(0, w.slotOf(0, 1)); // client 0 to arbiter 1: inter-node
        int local = w.link(0, w.slotOf(0, 0));
        s.requested(0, 0);
        s.symbolDriven(Direction.C2A, remote, Symbols.DIRTY_FORK, 10);
        s.symbolDriven(Direction.C2A, remote, Symbols.C_REQUEST, 11); // joins: 1 message so far
        s.symbolDriven(Direction.C2A, remote, Symbols.C_REQUEST, 13); // alone: 2
        s.symbolDriven(Direction.A2C, remote, Symbols.FORK, 20);
        s.symbolDriven(Direction.A2C, remote, Symbols.A_REQUEST, 21); // joins: 3
        s.symbolDriven(Direction.C2A, remote, Symbols.CLEAN_FORK, 30);
        s.symbolDriven(Direction.C2A, remote, Symbols.C_REQUEST, 31); // a CLEAN_FORK is not a pair head: 5
        s.symbolDriven(Direction.A2C, local, Symbols.FORK, 40);
        s.symbolDriven(Direction.C2A, local, Symbols.C_REQUEST, 41); // other direction: 1 local
        s.granted(0, 0, 50);
        Statistics.Summary sum = s.summarise(100, 0, new int[] {0});
        assertEquals(5, sum.messages().interNode());
        assertEquals(7, sum.symbols().interNode());
        assertEquals(2, sum.messages().local());
        assertEquals(2, sum.symbols().local());
        assertEquals(18, sum.bits().total());
        assertEquals(7, sum.messages().totalPerEntry().max());
    }

    /**
     * A run that ends (or stops at a violation) while a request is still unserved: its traffic is
     * in the totals but no entry's, so the per-entry mean stays the served entries' mean and never
     * exceeds their max. Scripted: processor 0 is served after 2 symbols on one channel, processor
     * 1 sends 30 and is never served.
     */
    @Test
    void trafficOfAnUnservedRequestCountsInTheTotalsAndOutsideEveryEntry() {
        Wiring w = Wiring.forNodes(7);
        Statistics s = new Statistics(w);
        int zero = w.link(0, w.slotOf(0, 1));
        int one = w.link(1, w.slotOf(1, 2));
        s.requested(0, 0);
        s.symbolDriven(Direction.C2A, zero, Symbols.C_REQUEST, 1);
        s.symbolDriven(Direction.A2C, zero, Symbols.FORK, 3);
        s.granted(0, 0, 5);
        s.requested(1, 6);
        for (int c = 0; c < 30; c++) {
            s.symbolDriven(Direction.C2A, one, Symbols.C_REQUEST, 10 + 2 * c); // never adjacent: 30 messages
        }
        Statistics.Summary sum = s.summarise(100, 0, new int[] {0, 1});
        assertEquals(1, sum.entries());
        assertEquals(32, sum.messages().total());
        assertEquals(30, sum.messages().outsideEntries());
        assertEquals(2.0, sum.messages().totalPerEntry().mean(), 1e-12);
        assertEquals(2, sum.messages().totalPerEntry().max());
        assertEquals(30, sum.symbols().outsideEntries());
    }
}
