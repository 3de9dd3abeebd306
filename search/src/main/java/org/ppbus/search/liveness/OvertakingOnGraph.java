package org.ppbus.search.liveness;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.ppbus.check.Finding;
import org.ppbus.check.Invariants;
import org.ppbus.check.Overtaking;
import org.ppbus.check.Property;
import org.ppbus.search.graph.Chunked;
import org.ppbus.search.graph.StateGraph;

/**
 * The overtaking bound decided on a complete state graph ({@link FairnessCheck#GRAPH}) instead of
 * by counts carried in every state ({@link Overtaking}).
 *
 * <p>Why it gives the counts' answer. The counts are a monitor: they never change what the network
 * does, so the graph with them is this graph unrolled, and a path of either is a path of the other
 * with the counts computed along it. In a graph where I1 holds, a cycle grants at most one
 * processor, so the count of j's meals in i's hungry period after a path is the number of states on
 * it, since i's period began, whose cycle granted j (the monitor counts a grant in the cycle that
 * made i hungry too, and its states carry i's hunger from that cycle on). The most the counts
 * reach is therefore the most such states any path through states where i is hungry holds: a
 * longest path by vertex weights in that subgraph, which is unbounded when one of its loops holds
 * a grant to j. Every state where i is hungry is reached through a first one, and weights are never
 * negative, so the longest path from any of them is as long as one from where the period began.
 */
public final class OvertakingOnGraph {
    private final StateGraph graph;
    private final int n;
    private final int bound;
    private final int[] hunger; // per state, the processors the monitor holds hungry
    private final int[] fresh; // per state, the processors granted in the cycle that led to it
    private final Liveness.EdgeActions edgeActions;
    private final LivenessWatch watch;
    private int mostMeals = -1;

    public OvertakingOnGraph(
            StateGraph graph,
            int n,
            int bound,
            int[] hunger,
            int[] fresh,
            Liveness.EdgeActions edgeActions,
            LivenessWatch watch) {
        if (bound + 1 > Byte.MAX_VALUE) {
            throw new IllegalArgumentException("an overtaking bound of " + bound + " does not fit a byte");
        }
        this.graph = graph;
        this.n = n;
        this.bound = bound;
        this.hunger = hunger;
        this.fresh = fresh;
        this.edgeActions = edgeActions;
        this.watch = watch;
    }

    /**
     * The shortest run over the bound, or null; {@link #mostMeals} is set. The run is checked by the
     * monitor itself, fed the hunger and grants along it, which names the violation as the counts do.
     */
    public Finding check(int states) {
        int[][] most = most(states);
        mostMeals = largest(most);
        int[] shortest = null;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                int[] run = most[i][j] > bound ? witness(states, i, j) : null;
                if (run != null && (shortest == null || run.length < shortest.length)) {
                    shortest = run;
                }
            }
        }
        if (mostMeals > bound && shortest == null) {
            throw new IllegalStateException("the longest paths exceed the overtaking bound, no run does");
        }
        return shortest == null ? null : unfairRun(shortest);
    }

    private Finding unfairRun(int[] run) {
        Overtaking monitor = new Overtaking(n, bound);
        List<int[]> path = new ArrayList<>();
        for (int k = 1; k < run.length; k++) {
            int a = run[k - 1];
            int b = run[k];
            path.add(StateGraph.actions(edgeActions.between(a, b, 0), n));
            for (int p = 0; p < n; p++) {
                if ((hunger[a] >>> p & 1) == 0 && (hunger[b] >>> p & 1) != 0) {
                    monitor.requested(p);
                }
            }
            for (int j = 0; j < n; j++) {
                int h = (fresh[b] >>> j & 1) != 0 ? monitor.granted(j) : -1;
                if (h >= 0 && k == run.length - 1) {
                    return new Finding(
                            Property.FAIRNESS,
                            Invariants.fairness(monitor, h, j, 0).message(),
                            path,
                            -1);
                }
                if (h >= 0) {
                    throw new IllegalStateException("the monitor finds the bound broken at cycle " + k + " of a"
                            + " shortest run of " + (run.length - 1));
                }
            }
        }
        throw new IllegalStateException("the monitor does not find the overtaking bound broken at the run's end");
    }

    /** The most meals of one processor in another's hungry period, capped at the bound + 1, after {@link #check}. */
    public int mostMeals() {
        return mostMeals;
    }

    /**
     * Per pair (hungry i, eater j) the most meals, capped at the bound + 1: {@code most[i][j]}. One
     * walk of the components of i's hungry states per i, all j at once: each component gets, per j,
     * the longest path from it, from its successors' values, which the walk has ready.
     */
    public int[][] most(int states) {
        int cap = bound + 1;
        int[][] most = new int[n][n];
        byte[][] longest = new byte[n][states]; // per eater, the longest path from each state (this i)
        int[] best = new int[n];
        for (int s = 0; s < states; s++) {
            checkOneGrant(s);
        }
        for (int i = 0; i < n; i++) {
            boolean[] inside = new boolean[states];
            boolean any = false;
            for (int s = 0; s < states; s++) {
                inside[s] = (hunger[s] >>> i & 1) != 0;
                any |= inside[s];
            }
            if (!any) {
                continue; // a processor outside the scope is never hungry
            }
            for (byte[] l : longest) {
                Arrays.fill(l, (byte) 0);
            }
            int hungry = i;
            Components.Digraph g = Components.of(graph, inside);
            Components.walk(g, s -> inside[s], watch, (members, from, to) -> {
                Arrays.fill(best, 0);
                int granted = 0;
                for (int k = from; k < to; k++) {
                    int v = members[k];
                    granted |= fresh[v];
                    for (int e = g.first(v); e < g.end(v); e++) {
                        int w = g.target(v, e);
                        for (int j = 0; w >= 0 && j < n; j++) {
                            best[j] = Math.max(best[j], longest[j][w]); // the members' own still read 0
                        }
                    }
                }
                boolean loop = Components.cyclic(g, members, from, to);
                for (int j = 0; j < n; j++) {
                    int own = granted >>> j & 1;
                    int value = loop && own != 0 ? cap : Math.min(cap, own + best[j]);
                    for (int k = from; k < to; k++) {
                        longest[j][members[k]] = (byte) value;
                    }
                    most[hungry][j] = Math.max(most[hungry][j], value);
                }
                return false;
            });
        }
        return most;
    }

    /** The largest of {@link #most}'s counts. */
    static int largest(int[][] most) {
        int m = 0;
        for (int[] row : most) {
            for (int meals : row) {
                m = Math.max(m, meals);
            }
        }
        return m;
    }

    private void checkOneGrant(int s) {
        if ((fresh[s] & (fresh[s] - 1)) != 0) {
            throw new IllegalStateException("state " + s + " follows a cycle that granted several processors: the"
                    + " overtaking bound on the graph assumes I1, which the search checks first");
        }
    }

    /**
     * The states of a shortest run from the cold start (state 0) whose last cycle takes the count of
     * j's meals in i's hungry period over the bound, or null if none does: breadth first over pairs
     * (state, count), the count 0 for "i not hungry" and c + 1 for c meals, up to the bound.
     */
    public int[] witness(int states, int i, int j) {
        int width = bound + 2;
        Chunked.Longs parent = new Chunked.Longs(); // per pair, 1 + the pair it was first reached from; 0 unseen
        parent.set((long) states * width - 1, 0);
        Chunked.Longs queue = new Chunked.Longs();
        long head = 0;
        long tail = 0;
        queue.set(tail++, 0L); // the cold start: nobody hungry
        parent.set(0, 1);
        while (head < tail) {
            watch.tick();
            long p = queue.get(head++);
            int s = (int) (p / width);
            int k = (int) (p % width);
            for (int e = graph.edgeStart(s); e < graph.edgeEnd(s); e++) {
                int t = graph.edge(e);
                int next = 0;
                if ((hunger[t] >>> i & 1) != 0) {
                    int meals = (k == 0 ? 0 : k - 1) + (fresh[t] == 1 << j ? 1 : 0);
                    if (meals > bound) {
                        return path(parent, p, width, t);
                    }
                    next = meals + 1;
                }
                long q = (long) t * width + next;
                if (parent.get(q) == 0) {
                    parent.set(q, p + 1);
                    queue.set(tail++, q);
                }
            }
        }
        return null;
    }

    private static int[] path(Chunked.Longs parent, long last, int width, int end) {
        int length = 2; // the cold start and the end, besides the pairs between
        for (long p = last; p != 0; p = parent.get(p) - 1) {
            length++;
        }
        int[] states = new int[length];
        states[length - 1] = end;
        int k = length - 2;
        for (long p = last; ; p = parent.get(p) - 1) {
            states[k--] = (int) (p / width);
            if (p == 0) {
                break;
            }
        }
        return states;
    }
}
