package org.ppbus.search.liveness;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.ppbus.search.graph.StateGraph;

/** Walks on a {@link StateGraph}'s kept edges that the liveness analysis builds its loops from. */
final class GraphWalks {
    private GraphWalks() {}

    /** Shortest path from a to b inside the component (at least one step when a == b and nonEmpty). */
    static List<Integer> within(StateGraph graph, int a, int b, boolean[] member, boolean nonEmpty) {
        if (a == b && !nonEmpty) {
            return List.of();
        }
        int[] prev = new int[member.length];
        Arrays.fill(prev, -2);
        ArrayDeque<Integer> q = new ArrayDeque<>();
        for (int e = graph.edgeStart(a); e < graph.edgeEnd(a); e++) {
            int w = graph.edge(e);
            if (member[w] && prev[w] == -2) {
                prev[w] = a;
                q.add(w);
            }
        }
        while (!q.isEmpty()) {
            int v = q.poll();
            if (v == b) {
                break;
            }
            for (int e = graph.edgeStart(v); e < graph.edgeEnd(v); e++) {
                int w = graph.edge(e);
                if (member[w] && prev[w] == -2) {
                    prev[w] = v;
                    q.add(w);
                }
            }
        }
        List<Integer> leg = new ArrayList<>();
        for (int v = b; v != a || leg.isEmpty(); v = prev[v]) {
            leg.add(0, v);
            if (prev[v] == a) {
                break;
            }
        }
        return leg;
    }

    /** A loop given as its states (ending where it starts) as the edges it takes, the first between each pair. */
    static int[] edgesOf(StateGraph graph, int[] loop) {
        int[] edges = new int[loop.length - 1];
        for (int k = 1; k < loop.length; k++) {
            int e = graph.edgeStart(loop[k - 1]);
            while (graph.edge(e) != loop[k]) {
                e++;
            }
            edges[k - 1] = e;
        }
        return edges;
    }
}
