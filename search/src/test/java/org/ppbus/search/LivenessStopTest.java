package org.ppbus.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.ppbus.link.ChosenFaults;
import org.ppbus.protocol.RuleSet;
import org.ppbus.search.graph.SearchProgress;
import org.ppbus.testkit.Search;

/**
 * A stop asked for while the liveness analysis runs (an interrupt) ends the analysis, not the
 * search's results: every state found is kept and reported, the search says it stopped in the
 * analysis, and no liveness verdict is claimed. Before, the analysis never looked at the request,
 * and the command's grace period ran out with nothing written.
 */
@Search
class LivenessStopTest {
    @ParameterizedTest(name = "n = {0}, L = {1}, symmetry {2}, buses {3}")
    @CsvSource({"3, 2, false, 1", "3, 2, true, 1", "3, 1, false, 2"})
    void aStopInTheAnalysisKeepsTheStates(int n, int latency, boolean symmetry, int buses) {
        SearchOptions o = SearchOptions.of(n, latency, RuleSet.FIXED);
        o = symmetry ? o.withSymmetry() : o;
        SearchResult whole = search(o, buses).run(() -> 0);
        assertTrue(whole.complete(), whole.stoppedBecause());
        AtomicInteger phases = new AtomicInteger();
        SearchResult stopped = search(o, buses)
                .progress(countingPhases("liveness", phases))
                .run(() -> phases.get() > 0 ? 1 : 0); // asked to stop once the analysis has begun
        assertEquals(1, phases.get(), "the analysis showed itself once, then stopped");
        assertFalse(stopped.complete());
        assertEquals(SearchEnd.Reason.LIVENESS_STOPPED, stopped.end().reason());
        assertEquals(whole.states(), stopped.states(), "every state found is kept");
        assertEquals(whole.transitions(), stopped.transitions());
        assertTrue(stopped.findings().isEmpty(), "no verdict claimed");
    }

    /**
     * The same for the repair bound, the analysis of a search with faults: a stop asked for once it
     * has begun keeps the states and the broken ones, and claims no bound. (Processors 0 and 1
     * asking, both faults: some ten thousand broken states, past the watch's first look at the flag.)
     */
    @Test
    void aStopInTheRepairBoundKeepsTheStates() {
        SearchOptions o = SearchOptions.of(3, 1, RuleSet.parse("fixed+heal"))
                .withActive(3)
                .withFaults(ChosenFaults.DROP | ChosenFaults.DUPLICATE)
                .withoutLiveness();
        SearchResult whole = new StateSearch(o).run(() -> 0);
        assertTrue(whole.complete(), whole.stoppedBecause());
        assertTrue(
                whole.repair().brokenStates() > 1 << 13,
                "broken states " + whole.repair().brokenStates());
        AtomicInteger phases = new AtomicInteger();
        SearchResult stopped = new StateSearch(o)
                .progress(countingPhases("repair bound", phases))
                .run(() -> phases.get() > 0 ? 1 : 0);
        assertEquals(1, phases.get());
        assertFalse(stopped.complete());
        assertEquals(SearchEnd.Reason.REPAIR_STOPPED, stopped.end().reason());
        assertEquals(whole.states(), stopped.states());
        assertEquals(whole.repair().brokenStates(), stopped.repair().brokenStates());
        assertEquals(-1, stopped.repair().boundCycles(), "no bound claimed");
    }

    /** A progress line that counts the analysis phases shown, each of which must begin with {@code prefix}. */
    private static SearchProgress countingPhases(String prefix, AtomicInteger phases) {
        return new SearchProgress() {
            @Override
            public void update(long states, int depth, long transitions) {}

            @Override
            public void phase(String what) {
                assertTrue(what.startsWith(prefix), what);
                phases.incrementAndGet();
            }
        };
    }

    private static ExhaustiveSearch search(SearchOptions o, int buses) {
        return buses == 1 ? new StateSearch(o) : new PlanesSearch(o, buses, org.ppbus.protocol.cc.CcPlanes.Mutant.NONE);
    }
}
