package org.ppbus.search.liveness;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;
import org.ppbus.search.graph.StateGraph;

/**
 * {@link QuotientLoops} on graphs of orbits written by hand, three processors, where what the
 * network does is worked out on paper: each edge's label renames the processors, so a loop of
 * orbits is a loop of the network only after its renaming's order of laps, and who releases in it
 * depends on the renaming.
 */
class QuotientLoopsTest {
    private static final int[][] MOVES = {
        {0, 1, 2}, // 0: the identity
        {0, 2, 1}, // 1: processors 1 and 2 swapped
        {1, 0, 2}, // 2: processors 0 and 1 swapped
    };

    /** A graph of the given states (one word each) with these edges {from, to, label}, all in breadth-first order. */
    private static StateGraph graph(int states, int[][] edges) {
        StateGraph g = new StateGraph(1, 3);
        g.keepSymmetries(MOVES.length);
        for (int s = 0; s < states; s++) {
            g.add(new long[] {s}, s - 1, 0, s);
        }
        for (int s = 0; s < states; s++) {
            g.beginEdges(s);
            for (int[] e : edges) {
                if (e[0] == s) {
                    g.addEdge(e[1], e[2]);
                }
            }
        }
        g.beginEdges(states);
        return g;
    }

    /**
     * One orbit, in which processor 0 waits, 1 eats and 2 does not; the step leads to the state in
     * which 2 eats and 1 does not, which is the same orbit with 1 and 2 swapped. So the network
     * alternates: both others release, and 0 starves. In the orbit's numbering 1 never releases; only
     * the renaming shows that it does, and the loop closes after two laps.
     */
    @Test
    void aLoopThatOnlyTheRenamingMakesFair() {
        StateGraph g = graph(1, new int[][] {{0, 0, 1}});
        QuotientLoops q = new QuotientLoops(g, 3, MOVES, null);
        QuotientLoops.Lap lap = q.starving(1, new int[] {0b001}, (s, p) -> p != 1);
        assertNotNull(lap, "0 starves while 1 and 2 take turns");
        assertEquals(0, lap.hungry());
        int[] loop = q.unrolled(lap.edges());
        assertEquals(2, loop.length, "two laps make a loop of the network");
        assertArrayEquals(new int[] {0, 1, 2}, q.composite(loop));
    }

    /** The same orbit with 1 eating for ever (no renaming moves it): unfair to 0, not starvation. */
    @Test
    void aProcessorThatEatsThroughoutMakesTheLoopUnfair() {
        StateGraph g = graph(1, new int[][] {{0, 0, 0}});
        QuotientLoops q = new QuotientLoops(g, 3, MOVES, null);
        assertNull(q.starving(1, new int[] {0b001}, (s, p) -> p != 1));
    }

    /**
     * Processor 0 is hungry in the orbit, 1 is not; the step swaps 0 and 1, so the processor that
     * was hungry is the one that is not after a cycle: no processor stays hungry, though the orbit
     * with "0 hungry" loops on itself.
     */
    @Test
    void aRenamingCanEndTheHunger() {
        StateGraph g = graph(1, new int[][] {{0, 0, 2}});
        QuotientLoops q = new QuotientLoops(g, 3, MOVES, null);
        assertNull(q.starving(1, new int[] {0b001}, (s, p) -> true));
    }

    /** Two asynchronous channels, per label: 1 swaps them (with processors 1 and 2), the others keep them. */
    private static final int[][] CHANNEL_MOVES = {{0, 1}, {1, 0}, {0, 1}};

    /**
     * A livelock with asynchronous channels, where a fair loop must let every channel empty: one
     * orbit in which channel 0 holds a symbol and channel 1 is empty, its step swapping them. The
     * symbol that was on channel 0 is on channel 1's place after a cycle, so in the network each
     * channel empties every other cycle: a fair loop, closed after two laps. With a step that swaps
     * nothing channel 0 never empties, and there is no fair loop; nor is there one where nothing moves.
     */
    @Test
    void channelsAreRenamedLikeProcessors() {
        QuotientLoops.Releases empty = (s, p) -> p < 3 || p == 3 + 1;
        StateGraph swapping = graph(1, new int[][] {{0, 0, 1}});
        QuotientLoops q = new QuotientLoops(swapping, 3, MOVES, CHANNEL_MOVES);
        QuotientLoops.Lap lap = q.fairLoop(1, new boolean[] {true}, s -> true, empty);
        assertNotNull(lap, "each channel empties every other cycle");
        assertEquals(-1, lap.hungry());
        assertEquals(2, q.unrolled(lap.edges()).length, "two laps bring both channels back");
        StateGraph keeping = graph(1, new int[][] {{0, 0, 0}});
        assertNull(new QuotientLoops(keeping, 3, MOVES, CHANNEL_MOVES)
                .fairLoop(1, new boolean[] {true}, s -> true, empty));
        assertNull(q.fairLoop(1, new boolean[] {true}, s -> false, empty), "no state where symbols move");
    }

    /**
     * Two orbits: in A processor 1 eats, in B processor 2 does; A to B keeps the numbers, B to A
     * swaps 1 and 2. Processor 0 is hungry in both. The network: 1 eats, then 2, then (renamed) the
     * processor first numbered 2 eats in A's place … both others release within one lap.
     */
    @Test
    void aLapThroughTwoOrbits() {
        StateGraph g = graph(2, new int[][] {{0, 1, 0}, {1, 0, 1}});
        QuotientLoops q = new QuotientLoops(g, 3, MOVES, null);
        QuotientLoops.Lap lap = q.starving(2, new int[] {0b001, 0b001}, (s, p) -> s == 0 ? p != 1 : p != 2);
        assertNotNull(lap);
        int[] loop = q.unrolled(lap.edges());
        assertArrayEquals(new int[] {0, 1, 2}, q.composite(loop), "the unrolled loop renames nobody");
        assertEquals(0, loop.length % 2);
    }
}
