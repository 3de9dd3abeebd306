package org.ppbus.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.ppbus.link.Direction;
import org.ppbus.plane.Wiring;
import org.ppbus.protocol.cc.CcPlanes;
import org.ppbus.protocol.cc.Symbols;

/**
 * The statistics of a design with a plane per bus, on scripted symbols whose counts follow from the
 * rules stated in {@link Statistics}: the fork-and-request pair is one message only on one plane's
 * channel, a plane's symbol is charged to the processor seated at the client that carries it, and a
 * sync delay runs from a bus's release to that bus's next grant.
 */
class PlaneStatisticsTest {
    private static final Wiring FANO = Wiring.forNodes(7);

    /** Two planes seated as campos-carvalho-k seats them at n = 7, k = 2 (a shift of 3). */
    private static final Seats TWO = new Seats() {
        @Override
        public int planes() {
            return 2;
        }

        @Override
        public int processorAt(int plane, int client) {
            return CcPlanes.processorAt(7, 2, plane, client);
        }

        @Override
        public int clientOf(int plane, int processor) {
            return CcPlanes.client(7, 2, plane, processor);
        }
    };

    /**
     * A DirtyFORK on link 4, client to arbiter, in cycle 10, and a Request on the same-numbered link
     * in cycle 11: on one plane they are one message (the pair rule), on two planes two. Before, the
     * second plane's Request was merged with the first plane's fork.
     */
    @Test
    void aForkAndARequestPairOnlyOnOnePlanesChannel() {
        Statistics one = new Statistics(FANO, TWO);
        one.symbolDriven(0, Direction.C2A, 4, Symbols.DIRTY_FORK, 10);
        one.symbolDriven(0, Direction.C2A, 4, Symbols.C_REQUEST, 11);
        assertEquals(1, one.summarise(20, 0, new int[0]).messages().total());
        Statistics two = new Statistics(FANO, TWO);
        two.symbolDriven(0, Direction.C2A, 4, Symbols.DIRTY_FORK, 10);
        two.symbolDriven(1, Direction.C2A, 4, Symbols.C_REQUEST, 11);
        assertEquals(2, two.summarise(20, 0, new int[0]).messages().total());
    }

    /**
     * Processor 0 sits at client 0 of plane 0 and client 3 of plane 1. Its one entry is charged the
     * three symbols plane 1 drives on client 3's links, not the two plane 0 drives there (processor
     * 3's, who never asks): per entry, 3 symbols, and 5 in all.
     */
    @Test
    void aPlanesSymbolIsChargedToTheProcessorSeatedAtItsClient() {
        assertEquals(3, TWO.clientOf(1, 0));
        Statistics s = new Statistics(FANO, TWO);
        s.requested(0, 1);
        s.granted(0, 0b10, 1, 5);
        int k = FANO.lineSize();
        for (int i = 0; i < 3; i++) {
            s.symbolDriven(1, Direction.C2A, 3 * k + i, Symbols.CLEAN_FORK, 6 + i);
        }
        s.symbolDriven(0, Direction.C2A, 3 * k, Symbols.CLEAN_FORK, 6);
        s.symbolDriven(0, Direction.C2A, 3 * k + 1, Symbols.CLEAN_FORK, 7);
        Statistics.Summary sum = s.summarise(20, 0, new int[] {0});
        assertEquals(5, sum.symbols().total());
        assertEquals(3, sum.symbols().totalPerEntry().max());
        assertEquals(Map.of(3L, 1L), sum.symbols().totalPerEntry().histogram());
    }

    /**
     * Bus 0 released in cycle 10 and bus 1 in cycle 12, both while others wait; bus 1 granted again
     * first, in cycle 15, then bus 0 in cycle 20. Per bus the delays are 20 - 11 = 9 and 15 - 13 = 2;
     * pairing any release with the next grant of any bus would give 15 - 13 = 2 and nothing for bus 0.
     */
    @Test
    void aSyncDelayRunsFromABusReleaseToThatBussNextGrant() {
        Statistics s = new Statistics(FANO, TWO);
        s.released(1, 0b01, 10, true);
        s.released(2, 0b10, 12, true);
        s.granted(3, 0b10, 5, 15);
        s.granted(4, 0b01, 6, 20);
        Statistics.Distribution d = s.summarise(30, 0, new int[0]).syncDelay();
        assertEquals(2, d.samples());
        assertEquals(Map.of(2L, 1L, 9L, 1L), d.histogram());
    }
}
