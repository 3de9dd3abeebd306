package org.ppbus.search;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.ppbus.search.graph.RankedSet;
import org.ppbus.search.graph.StateGraph;

class StateGraphTest {

    /**
     * A path keeps every action as the search packed it: the processors' 2 bits each, a fault's
     * code in the top byte and a crash's node + 1 below it, for a small network (packed into an
     * int) and a large one (kept as a long). Depths come from the breadth-first order alone.
     */
    @Test
    void pathsAndDepthsSurviveThePacking() {
        for (int n : new int[] {3, 9, 13, 24}) {
            StateGraph g = new StateGraph(1, n);
            long a1 = StateSearch.RAISE | (long) StateSearch.DROP << 2 * (n - 1);
            long a2 = SearchFaults.withFault(StateSearch.REENTER, 255);
            long a3 = SearchCrash.withCrash(StateSearch.RAISE << 2, n - 1);
            assertEquals(0, g.add(new long[] {10}, -1, 0, 0));
            assertEquals(1, g.add(new long[] {11}, 0, a1, 1));
            assertEquals(2, g.add(new long[] {12}, 0, a2, 1));
            assertEquals(3, g.add(new long[] {13}, 1, a3, 2));
            assertEquals(1, g.add(new long[] {11}, 2, a3, 2), "a state found again keeps its first parent");
            List<int[]> p = g.path(3, n);
            assertEquals(2, p.size());
            assertArrayEquals(StateGraph.actions(a1, n), p.get(0));
            assertArrayEquals(StateGraph.actions(a3, n), p.get(1));
            assertEquals(n, p.get(1)[n + 1], "crash of node n - 1, written as n");
            assertEquals(255, g.path(2, n).get(0)[n]);
            assertEquals(List.of(0, 1, 1, 2), List.of(g.depth(0), g.depth(1), g.depth(2), g.depth(3)));
        }
    }

    @Test
    void aStateCannotBeAddedAboveTheDepthItsParentsReached() {
        StateGraph g = new StateGraph(1, 3);
        g.add(new long[] {1}, -1, 0, 0);
        g.add(new long[] {2}, 0, 0, 1);
        g.add(new long[] {3}, 1, 0, 2);
        assertThrows(IllegalStateException.class, () -> g.add(new long[] {4}, 0, 0, 1));
        assertThrows(IllegalStateException.class, () -> g.add(new long[] {5}, 2, 0, 4));
    }

    /** The rank of a member is the number of smaller members, counted here one by one; others have none. */
    @Test
    void rankedSetCountsTheMembersBelow() {
        RankedSet set = new RankedSet();
        Random rnd = new Random(5);
        List<Integer> members = new ArrayList<>();
        for (int s = rnd.nextInt(3); s < 100_000; s += 1 + rnd.nextInt(rnd.nextBoolean() ? 3 : 300)) {
            assertEquals(members.size(), set.add(s));
            members.add(s);
        }
        int k = 0;
        for (int s = 0; s < 100_100; s++) {
            boolean member = k < members.size() && members.get(k) == s;
            assertEquals(member ? k : -1, set.rank(s), "state " + s);
            k += member ? 1 : 0;
        }
        int last = members.get(members.size() - 1);
        assertThrows(IllegalArgumentException.class, () -> set.add(last));
    }
}
