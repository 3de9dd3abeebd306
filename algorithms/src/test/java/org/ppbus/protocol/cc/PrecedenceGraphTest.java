package org.ppbus.protocol.cc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The cycle search of H against an independent answer: a graph has a cycle exactly when some
 * client reaches itself in its transitive closure (Warshall's algorithm). Random graphs of 1 to 70
 * clients (past the 64 that the bit-set test takes), sparse and dense, and every cycle returned
 * must be made of edges of the graph.
 */
class PrecedenceGraphTest {
    @Test
    void findsACycleExactlyWhenTheClosureHasOne() {
        SplittableRandom rnd = new SplittableRandom(40);
        int cyclic = 0;
        for (int t = 0; t < 3000; t++) {
            int n = 1 + rnd.nextInt(t % 10 == 0 ? 70 : 9);
            double p = rnd.nextDouble() * 3.0 / n;
            boolean[][] edge = new boolean[n][n];
            List<int[]> edges = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    if (i != j && rnd.nextDouble() < p) {
                        edge[i][j] = true;
                        edges.add(new int[] {i, j});
                    }
                }
            }
            List<Integer> cycle = PrecedenceGraph.ofEdges(n, edges).findCycle();
            boolean expected = hasCycle(edge);
            assertEquals(expected, !cycle.isEmpty(), "graph " + t + " of " + n + " clients");
            for (int k = 0; k < cycle.size(); k++) {
                int from = cycle.get(k);
                int to = cycle.get((k + 1) % cycle.size());
                assertTrue(edge[from][to], "the cycle's step " + from + " -> " + to + " is an edge");
            }
            cyclic += expected ? 1 : 0;
        }
        assertTrue(cyclic > 300 && cyclic < 2700, cyclic + " of 3000 graphs cyclic: both kinds are tried");
    }

    private static boolean hasCycle(boolean[][] edge) {
        int n = edge.length;
        boolean[][] reach = new boolean[n][];
        for (int i = 0; i < n; i++) {
            reach[i] = edge[i].clone();
        }
        for (int k = 0; k < n; k++) {
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    reach[i][j] |= reach[i][k] && reach[k][j];
                }
            }
        }
        for (int i = 0; i < n; i++) {
            if (reach[i][i]) {
                return true;
            }
        }
        return false;
    }
}
