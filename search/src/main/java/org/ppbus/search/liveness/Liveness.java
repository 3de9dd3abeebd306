package org.ppbus.search.liveness;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntPredicate;
import org.ppbus.check.Finding;
import org.ppbus.check.Property;
import org.ppbus.search.graph.StateGraph;

/**
 * Liveness on the complete state graph of a {@link StateSearch}: a deadlock (a hungry client from
 * which no grant is reachable), an idle livelock (I6: a loop in which nobody asks, eats or waits
 * while symbols move) and a loop that keeps one client hungry while every other processor keeps the
 * right to release (and, with asynchronous channels, every channel empties). Such a loop is named
 * as a run's watchdogs name it: a deadlock when nothing moves and nobody eats in it, a livelock when
 * symbols move and nobody eats, starvation when others are served. Loops are found in strongly
 * connected components and reported as lassos from the cold start.
 */
public final class Liveness {
    /** Re-derives the actions on an edge, since the search kept one parent per state. */
    public interface EdgeActions {
        /** The actions on an edge from {@code from} to {@code to} whose target was moved by this symmetry label. */
        long between(int from, int to, int symmetry);
    }

    /** What liveness needs of each state. */
    /** Per state; {@code fresh} holds the processors granted in the cycle (n <= 31), {@code occupancy} is null with timed channels. */
    public record StateInfo(
            int[] hungryMask, int[] eatingMask, boolean[] anyReq, boolean[] quiet, int[] fresh, long[] occupancy) {}

    private final StateGraph graph;
    private final int n;
    private final int channels;
    private final boolean async;
    private final EdgeActions edgeActions;
    private final int[] eatingMask;
    private final int[] fresh;
    private final long[] occupancy;
    private final StateInfo info;
    private final QuotientLoops quotient; // a reduced search's loops; null without the reduction
    private final LivenessWatch watch;

    /**
     * @param quotient for a symmetry-reduced graph, its loops; null for a graph of the network's own states
     * @param watch ticked once per state or edge visited: shows the analysis and stops it when asked
     */
    public Liveness(
            StateGraph graph,
            int n,
            int channels,
            boolean async,
            StateInfo info,
            EdgeActions edgeActions,
            QuotientLoops quotient,
            LivenessWatch watch) {
        this.quotient = quotient;
        this.watch = watch;
        this.graph = graph;
        this.n = n;
        this.channels = channels;
        this.async = async;
        this.info = info;
        this.eatingMask = info.eatingMask();
        this.fresh = info.fresh();
        this.occupancy = info.occupancy();
        this.edgeActions = edgeActions;
    }

    /** The first liveness finding over {@code states} states, or null. */
    public Finding find(int states) {
        int[] hungryMask = info.hungryMask();
        // Deadlock: a hungry client from which no state is reachable where someone eats or nobody
        // waits. Without a crash a hungry client stops waiting only by eating, so the second part
        // adds nothing there; after one, a client that waits for a dead arbiter's fork stops
        // waiting by giving up (its hunger is not in hungryMask then), which is the recovery's
        // promise, not a deadlock.
        boolean[] eating = new boolean[states];
        for (int s = 0; s < states; s++) {
            eating[s] = eatingMask[s] != 0 || hungryMask[s] == 0;
        }
        boolean[] canEat = backwardReach(states, eating);
        for (int s = 0; s < states; s++) {
            if (hungryMask[s] != 0 && !canEat[s]) {
                return new Finding(
                        Property.DEADLOCK,
                        "clients " + clients(hungryMask[s]) + " are hungry and no grant is reachable",
                        graph.path(s, n),
                        -1);
            }
        }
        Finding livelock = livelock(states);
        if (livelock != null) {
            return livelock;
        }
        if (quotient != null) {
            QuotientLoops.Lap lap = quotient.starving(
                    states,
                    hungryMask,
                    (s, p) ->
                            p < n ? (eatingMask[s] >>> p & 1) == 0 || (fresh[s] >>> p & 1) != 0 : channelEmpties(s, p));
            return lap == null ? null : starving(lap.hungry(), lap.start(), quotient.unrolled(lap.edges()));
        }
        // Starvation: client c hungry throughout a cycle in which every other processor could release.
        // (The reduced graph's analysis above with every symmetry the identity; one pass per client
        // here needs arrays of one entry per state instead of one per state and client.)
        for (int c = 0; c < n; c++) {
            boolean[] hungryC = new boolean[states];
            for (int s = 0; s < states; s++) {
                hungryC[s] = (hungryMask[s] & (1 << c)) != 0;
            }
            int others = ((1 << n) - 1) & ~(1 << c);
            int[] loop = fairLoop(states, hungryC, s -> true, others == 0 ? 0 : others);
            if (loop != null) {
                return starving(c, loop[0], GraphWalks.edgesOf(graph, loop));
            }
        }
        return null;
    }

    /** Livelock (I6): a cycle among states where nobody asks, eats or waits, with symbols moving; or null. */
    private Finding livelock(int states) {
        boolean[] anyReq = info.anyReq();
        boolean[] quiet = info.quiet();
        int[] hungryMask = info.hungryMask();
        boolean[] idle = new boolean[states];
        for (int s = 0; s < states; s++) {
            idle[s] = !anyReq[s] && hungryMask[s] == 0 && eatingMask[s] == 0;
        }
        int start;
        int[] edges;
        if (quotient != null && async) {
            // The channels that must empty are renamed along a loop of orbits: followed as agents.
            QuotientLoops.Lap lap = quotient.fairLoop(states, idle, s -> !quiet[s], this::channelEmpties);
            if (lap == null) {
                return null;
            }
            start = lap.start();
            edges = lap.edges();
        } else {
            int[] loop = fairLoop(states, idle, s -> !quiet[s], 0);
            if (loop == null) {
                return null;
            }
            start = loop[0];
            edges = GraphWalks.edgesOf(graph, loop);
        }
        int[] loop = quotient == null ? edges : quotient.unrolled(edges);
        return new Finding(
                Property.IDLE_LIVELOCK,
                "with no processor asking, symbols move for ever",
                lasso(start, loop),
                graph.depth(start),
                loop.length);
    }

    /**
     * A loop that keeps client c hungry, named as a run's watchdogs would name it, so that its replay
     * gives the same verdict: nobody eats and nothing moves is a deadlock (I7); nobody eats while
     * symbols move is a livelock; others served while c waits is starvation.
     */
    private Finding starving(int c, int start, int[] edges) {
        boolean someoneEats = false;
        boolean allQuiet = true;
        int waiting = 0;
        for (int k = 0, s = start; k < edges.length; s = graph.edge(edges[k++])) {
            someoneEats |= eatingMask[s] != 0;
            allQuiet &= info.quiet()[s];
            waiting |= info.hungryMask()[s];
        }
        List<int[]> lasso = lasso(start, edges);
        int loopStart = graph.depth(start);
        if (!someoneEats && allQuiet) {
            return new Finding(
                    Property.DEADLOCK,
                    "clients " + clients(waiting) + " wait, nobody eats and nothing moves for ever (I7)",
                    lasso,
                    loopStart,
                    edges.length);
        }
        if (!someoneEats) {
            return new Finding(
                    Property.LIVELOCK,
                    "clients " + clients(waiting) + " wait and nobody eats while symbols move for ever",
                    lasso,
                    loopStart,
                    edges.length);
        }
        return new Finding(
                Property.STARVATION,
                "client " + c + " stays hungry for ever while the others are served"
                        + " (every processor releases in the loop)",
                lasso,
                loopStart,
                edges.length);
    }

    private boolean[] backwardReach(int states, boolean[] target) {
        int[] indeg = new int[states + 1];
        for (int s = 0; s < states; s++) {
            watch.tick();
            for (int e = graph.edgeStart(s); e < graph.edgeEnd(s); e++) {
                indeg[graph.edge(e) + 1]++;
            }
        }
        for (int s = 0; s < states; s++) {
            indeg[s + 1] += indeg[s];
        }
        int[] pred = new int[graph.edgeCount()];
        int[] fill = Arrays.copyOf(indeg, states);
        for (int s = 0; s < states; s++) {
            watch.tick();
            for (int e = graph.edgeStart(s); e < graph.edgeEnd(s); e++) {
                pred[fill[graph.edge(e)]++] = s;
            }
        }
        boolean[] reach = target.clone();
        int[] stack = new int[states];
        int top = 0;
        for (int s = 0; s < states; s++) {
            if (reach[s]) {
                stack[top++] = s;
            }
        }
        while (top > 0) {
            watch.tick();
            int s = stack[--top];
            for (int e = indeg[s]; e < indeg[s + 1]; e++) {
                int p = pred[e];
                if (!reach[p]) {
                    reach[p] = true;
                    stack[top++] = p;
                }
            }
        }
        return reach;
    }

    /**
     * A cycle inside {@code inside} that contains a state satisfying {@code need} and, for every
     * processor in {@code mustRelease}, a state where that processor is not eating; as a list of
     * states ending where it started, or null. Strongly connected components (Tarjan, iterative).
     */
    private int[] fairLoop(int states, boolean[] inside, IntPredicate need, int mustRelease) {
        Components.Digraph g = Components.of(graph, inside);
        int[][] found = new int[1][];
        Components.walk(g, s -> inside[s], watch, (members, from, to) -> {
            if (!Components.cyclic(g, members, from, to)) {
                return false;
            }
            List<Integer> scc = new ArrayList<>(to - from);
            for (int k = to - 1; k >= from; k--) {
                scc.add(members[k]); // as the stack is popped: the component's root last
            }
            found[0] = loopIn(scc, need, mustRelease);
            return found[0] != null;
        });
        return found[0];
    }

    private int[] loopIn(List<Integer> scc, IntPredicate need, int mustRelease) {
        // Waypoints: a state meeting need, and for each processor that must release, a state where it does not eat.
        List<Integer> waypoints = new ArrayList<>();
        Integer first = scc.stream().filter(need::test).findFirst().orElse(null);
        if (first == null) {
            return null;
        }
        waypoints.add(first);
        for (int p = 0; p < n; p++) {
            if ((mustRelease & (1 << p)) != 0) {
                int bit = 1 << p;
                // p releases in the loop: somewhere it is not eating, or it has just begun a new meal
                // (a re-entry without thinking releases and eats again within one cycle)
                Integer w = scc.stream()
                        .filter(s -> (eatingMask[s] & bit) == 0 || (fresh[s] & bit) != 0)
                        .findFirst()
                        .orElse(null);
                if (w == null) {
                    return null; // p eats throughout: an unfair processor, not a starvation
                }
                waypoints.add(w);
            }
        }
        if (async && !addChannelWaypoints(scc, waypoints)) {
            return null;
        }
        waypoints.add(first);
        // Marked only for a loop that is reported: most components are single states, and an array
        // over all states for each of them would make the analysis quadratic in the states.
        boolean[] member = new boolean[eatingMask.length];
        for (int s : scc) {
            member[s] = true;
        }
        List<Integer> loop = new ArrayList<>();
        loop.add(first);
        for (int k = 1; k < waypoints.size(); k++) {
            List<Integer> leg = GraphWalks.within(
                    graph, loop.get(loop.size() - 1), waypoints.get(k), member, k == waypoints.size() - 1);
            loop.addAll(leg);
        }
        return loop.stream().mapToInt(Integer::intValue).toArray();
    }

    /**
     * Fair channels: each channel empties somewhere in the loop (a sufficient condition for its
     * symbols to be delivered; loops that deliver from a channel that never empties are not
     * considered, so the check may miss some unfair-looking but fair loops). False if one never does.
     */
    private boolean addChannelWaypoints(List<Integer> scc, List<Integer> waypoints) {
        for (int ch = 0; ch < channels; ch++) {
            long bit = 1L << ch;
            Integer w = scc.stream()
                    .filter(s -> (occupancy[s] & bit) == 0)
                    .findFirst()
                    .orElse(null);
            if (w == null) {
                return false;
            }
            if (!waypoints.contains(w)) {
                waypoints.add(w);
            }
        }
        return true;
    }

    /** Agent p ≥ n, asynchronous channel p − n, is empty in state s (any processor does its part here). */
    private boolean channelEmpties(int s, int p) {
        return p < n || (occupancy[s] >>> (p - n) & 1) == 0;
    }

    /** The actions from the cold start to state {@code start}, then along the edges. */
    private List<int[]> lasso(int start, int[] edges) {
        List<int[]> p = new ArrayList<>(graph.path(start, n));
        if (async) {
            return p; // deliveries are not recorded: the loop is reported, not replayed
        }
        for (int k = 0, from = start; k < edges.length; from = graph.edge(edges[k++])) {
            int to = graph.edge(edges[k]);
            p.add(StateGraph.actions(edgeActions.between(from, to, graph.edgeSymmetry(edges[k])), n));
        }
        return p;
    }

    private static String clients(int mask) {
        List<Integer> l = new ArrayList<>();
        for (int i = 0; mask != 0; i++, mask >>>= 1) {
            if ((mask & 1) != 0) {
                l.add(i);
            }
        }
        return l.toString();
    }
}
