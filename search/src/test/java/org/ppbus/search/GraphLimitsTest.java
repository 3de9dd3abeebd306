package org.ppbus.search;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.ppbus.protocol.RuleSet;
import org.ppbus.search.graph.StateGraph;

/**
 * A search that would need more states or edges than a graph indexes stops there with its reason,
 * as when memory runs out, instead of overflowing an int index. The real limits ({@link
 * StateGraph#MOST_STATES}, {@link StateGraph#MOST_EDGES}) are far beyond a test, so the graph's
 * limits are lowered; the search is a made-up one whose size is known by construction: 40 states,
 * state v leading to (3v + 1), (3v + 2) and (3v + 3) mod 40, so 120 edges. Each runs on the
 * lossless store and under hash compaction: once full, a state found again must still be found.
 */
class GraphLimitsTest {
    private static final int STATES = 40;

    @TempDir
    Path folder;

    private StateGraph graph(boolean compacted) {
        return new StateGraph(1, 3, false, compacted ? folder.resolve("spill") : null);
    }

    private static SearchEnd search(StateGraph g) {
        BreadthFirst bfs = new BreadthFirst(SearchOptions.of(3, 1, RuleSet.parse("fixed")), g, null);
        g.add(new long[] {0}, -1, 0, 0);
        return bfs.explore(
                () -> 0,
                s -> {
                    long v = g.get(s)[0];
                    g.beginEdges(s);
                    for (int k = 1; k <= 3; k++) {
                        g.addEdge(g.add(new long[] {(3 * v + k) % STATES}, s, 0, g.depth(s) + 1));
                    }
                },
                () -> false);
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void withinTheLimitsTheSearchIsComplete(boolean compacted) {
        StateGraph g = graph(compacted).limitedTo(STATES, 3 * STATES);
        assertEquals(SearchEnd.COMPLETE, search(g));
        assertEquals(STATES, g.size());
        assertEquals(3 * STATES, g.edgeCount());
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void moreStatesThanTheGraphIndexesStopTheSearch(boolean compacted) {
        StateGraph g = graph(compacted).limitedTo(10, 1_000);
        assertEquals(
                new SearchEnd(SearchEnd.Reason.INDEX_LIMIT, "index limit (10 states, the most a search indexes)"),
                search(g));
        assertEquals(10, g.size());
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void moreEdgesThanTheGraphKeepsStopTheSearch(boolean compacted) {
        StateGraph g = graph(compacted).limitedTo(1_000, 7);
        assertEquals(
                new SearchEnd(
                        SearchEnd.Reason.INDEX_LIMIT,
                        "edge limit (7 transitions, the most a search keeps for the analyses after it)"),
                search(g));
        assertEquals(7, g.edgeCount());
    }
}
