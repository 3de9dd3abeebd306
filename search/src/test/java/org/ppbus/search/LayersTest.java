package org.ppbus.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.ppbus.protocol.RuleSet;

/**
 * The breadth-first layers a search reports (states first found at each depth), against what
 * follows from the search's definition: one cold start at depth 0; at depth 1 one state per
 * nonempty set of asking processors that turn hungry together (the empty set is the cold start
 * again, since nothing else moves in the first cycle), so 2^a − 1 of them; the layers add up to the
 * states; and a search stopped at a depth finds exactly the first layers of the complete one, the
 * last of them complete.
 */
class LayersTest {
    @ParameterizedTest(name = "n = {0}, L = {1}, active {2}")
    @CsvSource({"3, 1, 7", "3, 2, 7", "7, 1, 85", "7, 1, 7"})
    void theFirstLayersFollowFromTheColdStart(int n, int latency, long active) {
        SearchOptions o = SearchOptions.of(n, latency, RuleSet.FIXED).withActive(active);
        SearchResult r = new StateSearch(n == 3 ? o : o.withMaxDepth(3)).run(() -> 0);
        List<Integer> layers = r.statesPerDepth();
        assertEquals(1, layers.get(0));
        assertEquals((1 << Long.bitCount(active)) - 1, layers.get(1));
        assertEquals(r.states(), layers.stream().mapToLong(Integer::longValue).sum());
        assertEquals(r.depth() + 1, layers.size(), "one layer per depth from 0");
    }

    /** A complete search has no last growth; one stopped by depth reports its layers' prefix. */
    @Test
    void aSearchStoppedByDepthHasTheCompleteSearchsFirstLayers() {
        SearchOptions o = SearchOptions.of(3, 2, RuleSet.FIXED).withoutLiveness();
        SearchResult whole = new StateSearch(o).run(() -> 0);
        assertTrue(whole.complete());
        assertTrue(Double.isNaN(whole.lastGrowth()));
        for (int d : new int[] {2, 5, 9}) {
            SearchResult part = new StateSearch(o.withMaxDepth(d)).run(() -> 0);
            assertFalse(part.complete());
            assertEquals(d, part.exploredDepth());
            assertEquals(whole.statesPerDepth().subList(0, d + 1), part.statesPerDepth(), "depth " + d);
            assertEquals(
                    (double) whole.statesPerDepth().get(d)
                            / whole.statesPerDepth().get(d - 1),
                    part.lastGrowth(),
                    1e-12);
        }
    }

    /**
     * A search stopped by its state limit in the middle of a layer: the layers up to its explored
     * depth are the complete search's, and the one after it is partial (fewer states).
     */
    @Test
    void aSearchStoppedInsideALayerMarksThePartialOne() {
        SearchOptions o = SearchOptions.of(3, 2, RuleSet.FIXED).withoutLiveness();
        List<Integer> whole = new StateSearch(o).run(() -> 0).statesPerDepth();
        SearchResult part = new StateSearch(o.withMaxStates(5_000)).run(() -> 0);
        int d = part.exploredDepth();
        List<Integer> layers = part.statesPerDepth();
        assertEquals(whole.subList(0, d + 1), layers.subList(0, d + 1));
        assertEquals(d + 2, layers.size(), "the layer being found when it stopped");
        assertTrue(layers.get(d + 1) < whole.get(d + 1));
    }
}
