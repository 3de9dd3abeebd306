package org.ppbus.search;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.ppbus.check.Finding;
import org.ppbus.protocol.RuleSet;
import org.ppbus.search.graph.StateGraph;
import org.ppbus.search.liveness.LivenessWatch;
import org.ppbus.search.liveness.OvertakingOnGraph;
import org.ppbus.testkit.Search;

/**
 * The overtaking bound decided on the complete graph ({@link OvertakingOnGraph}) against the
 * search that carries the counts in every state, an independent way to the same number: on each
 * configuration here the same verdict, the same most meals where the bound holds, and where it
 * breaks a run of the same least depth (breadth first either way). The graph itself is the one
 * without counts: each processor's hunger, which the states also carry, splits none of them.
 */
@Search
class OvertakingOnGraphTest {
    @ParameterizedTest(name = "n = {0}, L = {1}, {2}, active {3}, re-entry {4}")
    @CsvSource({
        "3, 1, fixed, 7, 0",
        "3, 2, fixed, 7, 0",
        "3, 3, fixed, 7, 0",
        "3, 1, fixed, 7, 7",
        "3, 2, literal+F1, 7, 0",
        "3, 1, literal+F1+F2, 7, 7",
        "3, 2, literal+F1+F2, 7, 2",
        "3, 1, literal, 7, 0",
        "7, 1, fixed, 21, 0",
        "7, 2, fixed, 7, 0",
        "7, 1, literal+F1+F2, 5, 5",
    })
    void theGraphGivesTheCountsVerdict(int n, int latency, String rules, long active, long reentry) {
        SearchOptions o = SearchOptions.of(n, latency, RuleSet.parse(rules))
                .withActive(active)
                .withReentry(reentry)
                .withH(n <= 3);
        SearchResult counts = new StateSearch(o).run(() -> 0);
        SearchResult graph = new StateSearch(o.withOvertakingOnGraph()).run(() -> 0);
        SearchResult none = new StateSearch(o.withoutOvertaking()).run(() -> 0);
        assertTrue(counts.complete() || !counts.findings().isEmpty(), counts.stoppedBecause());
        assertEquals(verdict(counts), verdict(graph), "the same verdict");
        if (counts.findings().isEmpty()) {
            assertTrue(graph.complete());
            assertEquals(counts.maxOvertakes(), graph.maxOvertakes(), "the same most meals");
            assertEquals(counts.overtakeBound(), graph.overtakeBound());
        }
        if (graph.complete()) {
            assertEquals(none.states(), graph.states(), "hunger splits no state");
            assertEquals(none.transitions(), graph.transitions());
        }
        System.out.printf(
                "overtaking on the graph: n = %d, L = %d, %s, active %d, re-entry %d: %d states with counts,"
                        + " %d without, most %d / %d, %s%n",
                n,
                latency,
                rules,
                active,
                reentry,
                counts.states(),
                graph.states(),
                counts.maxOvertakes(),
                graph.maxOvertakes(),
                verdict(graph));
    }

    /** The first finding's property and, for a run over a bound or a safety violation, its length. */
    private static String verdict(SearchResult r) {
        if (r.findings().isEmpty()) {
            return "none";
        }
        Finding f = r.findings().get(0);
        return f.property().label() + (f.loopStart() < 0 ? " in " + f.path().size() + " cycles" : "");
    }

    /** The mode needs every edge of a synchronous search of the network's own states, and a bound to check. */
    @Test
    void refusesWhatItCannotDecide() {
        SearchOptions o = SearchOptions.of(3, 1, RuleSet.parse("fixed"));
        assertThrows(
                IllegalArgumentException.class, () -> o.withOvertakingOnGraph().withoutLiveness());
        assertThrows(
                IllegalArgumentException.class, () -> o.withOvertakingOnGraph().withHashCompaction());
        assertThrows(
                IllegalArgumentException.class, () -> o.withOvertakingOnGraph().withSymmetry());
        assertThrows(
                IllegalArgumentException.class, () -> o.withOvertakingOnGraph().withFifo(4));
        assertThrows(IllegalArgumentException.class, () -> o.withoutOvertaking().withOvertakingOnGraph());
        assertThrows(IllegalArgumentException.class, () -> o.withFaults(1).withOvertakingOnGraph());
        assertEquals(FairnessCheck.NONE, o.withOvertakingOnGraph().withFaults(1).fairness());
    }

    /** A graph of one-word states with these edges {from, to}, expanded in order. */
    private static StateGraph graph(int states, int[][] edges) {
        StateGraph g = new StateGraph(1, 2);
        for (int s = 0; s < states; s++) {
            g.add(new long[] {s}, s - 1, 0, s);
        }
        for (int s = 0; s <= states; s++) {
            g.beginEdges(s);
            for (int[] e : edges) {
                if (s < states && e[0] == s) {
                    g.addEdge(e[1]);
                }
            }
        }
        return g;
    }

    private static OvertakingOnGraph on(StateGraph g, int[] hunger, int[] fresh) {
        return new OvertakingOnGraph(g, 2, 1, hunger, fresh, (a, b, sym) -> 0, LivenessWatch.NONE);
    }

    /**
     * Processor 0 waits in a loop in which 1 is granted once per lap: the meals grow without end,
     * capped at the bound (1) + 1, and the shortest run over the bound goes round twice.
     */
    @Test
    void aLoopWithAGrantIsUnbounded() {
        StateGraph g = graph(3, new int[][] {{0, 1}, {1, 2}, {2, 1}});
        OvertakingOnGraph o = on(g, new int[] {0, 0b01, 0b01}, new int[] {0, 0, 0b10});
        assertEquals(2, o.most(3)[0][1]);
        assertArrayEquals(new int[] {0, 1, 2, 1, 2}, o.witness(3, 0, 1));
    }

    /**
     * Processor 0's hunger begins in the cycle that grants 1 (the monitor counts that meal), then
     * 0 waits in a loop where nobody is granted, and is served: one meal, within the bound; the loop
     * without a grant adds nothing.
     */
    @Test
    void theCycleThatBeginsAHungerCountsAndAnEmptyLoopDoesNot() {
        StateGraph g = graph(4, new int[][] {{0, 1}, {1, 2}, {2, 2}, {2, 3}, {3, 0}});
        OvertakingOnGraph o = on(g, new int[] {0, 0b01, 0b01, 0}, new int[] {0, 0b10, 0, 0b01});
        int[][] most = o.most(4);
        assertEquals(1, most[0][1]);
        assertEquals(0, most[1][0], "1 is never hungry");
        assertNull(o.witness(4, 0, 1));
    }

    /** Two grants to 1 on a path without a loop: over the bound, by the shortest of two ways. */
    @Test
    void twoGrantsOnAPathBreakTheBound() {
        StateGraph g = graph(5, new int[][] {{0, 1}, {0, 2}, {1, 3}, {2, 4}, {3, 4}});
        OvertakingOnGraph o = on(g, new int[] {0, 0b01, 0b01, 0b01, 0b01}, new int[] {0, 0, 0b10, 0b10, 0b10});
        assertEquals(2, o.most(5)[0][1]);
        assertArrayEquals(new int[] {0, 2, 4}, o.witness(5, 0, 1));
    }
}
