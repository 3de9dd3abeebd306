package org.ppbus.check;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.LongSupplier;
import org.ppbus.bus.Fabric;
import org.ppbus.link.PortQueues;
import org.ppbus.plane.Wiring;
import org.ppbus.protocol.Algorithm;
import org.ppbus.protocol.ClientState;
import org.ppbus.protocol.cc.CcNetwork;
import org.ppbus.protocol.cc.LinkFlags;
import org.ppbus.protocol.cc.PrecedenceGraph;
import org.ppbus.protocol.cc.ProtocolObserver;
import org.ppbus.protocol.cc.RuleSet;
import org.ppbus.protocol.cc.Symbols;
import org.ppbus.registry.Algorithms;

/**
 * Explicit-state search of the Campos–Carvalho network: the simulator's own {@link CcNetwork},
 * saved and restored with {@link CcNetwork#snapshot}, from the cold start, breadth first, so every
 * counterexample has minimal depth.
 *
 * <p>A state is the network after a cycle plus, per processor, whether it was granted in that very
 * cycle. In each cycle every processor does anything the handshake allows: a processor with req
 * low may raise it; one whose client has eaten for at least one cycle may lower it (and, with
 * {@code reenterWithoutThinking}, outside the contract, re-enter at once, audit A3); otherwise it
 * waits. All combinations are successors. Each new state is checked for I1 (one eater), I2 (fork
 * conservation), I3 (request tokens at quiescence), I4 (H acyclic), and each transition for I5
 * (demotion), I8 (queue depth), the model's own anomaly reports and, with synchronous channels,
 * the overtaking bound ({@link Overtaking}: its counts are part of the state, so the search finds
 * the shortest run in which one processor starts more meals while another stays hungry than
 * {@link Algorithm#overtakeBound} allows for L and the shortest hold of 1). When the search is complete,
 * {@link #liveness} checks that a grant is reachable from every state with a hungry client, that no
 * cycle keeps a client hungry while every other processor keeps the right to release (starvation
 * under fair processors), and that no cycle without requests keeps symbols moving (livelock, I6).
 *
 * <p>The scope can be narrowed to some active processors (the others never ask): every state found
 * is still a reachable state of the whole system, so a counterexample found there is a real one,
 * but "no violation" then only covers that scope.
 */
public final class StateSearch {
    /** What to search. */
    public record Options(int nodes, int latency, RuleSet rules, boolean reenterWithoutThinking, long maxStates,
                          int maxDepth, boolean checkH, long activeMask, int fifoCapacity, boolean checkOvertaking) {
        public Options(int nodes, int latency, RuleSet rules, boolean reenterWithoutThinking, long maxStates, int maxDepth,
                       boolean checkH, long activeMask, int fifoCapacity) {
            this(nodes, latency, rules, reenterWithoutThinking, maxStates, maxDepth, checkH, activeMask, fifoCapacity, true);
        }

        public Options(int nodes, int latency, RuleSet rules, boolean reenterWithoutThinking, long maxStates, int maxDepth,
                       boolean checkH, long activeMask) {
            this(nodes, latency, rules, reenterWithoutThinking, maxStates, maxDepth, checkH, activeMask, 0);
        }

        /** Every processor may act. */
        public Options(int nodes, int latency, RuleSet rules, boolean reenterWithoutThinking, long maxStates, int maxDepth,
                       boolean checkH) {
            this(nodes, latency, rules, reenterWithoutThinking, maxStates, maxDepth, checkH, -1L, 0);
        }

        /** The same search without the overtaking monitor (liveness alone, on a smaller graph). */
        public Options withoutOvertaking() {
            return new Options(nodes, latency, rules, reenterWithoutThinking, maxStates, maxDepth, checkH, activeMask,
                    fifoCapacity, false);
        }

        public boolean async() {
            return fifoCapacity > 0;
        }
    }

    /** One broken property, with the shortest path that shows it (actions per cycle; a loop for liveness). */
    public record Finding(String property, String message, List<int[]> path, int loopStart) { }

    /** The outcome. {@code complete} means every reachable state was explored. */
    /**
     * The outcome. {@code complete} means every reachable state was explored; otherwise every state
     * reachable within {@code exploredDepth} cycles was found and checked.
     */
    public record Result(long states, long transitions, int depth, int exploredDepth, boolean complete,
                         String stoppedBecause, List<Finding> findings, double seconds, long bytes,
                         int overtakeBound, int maxOvertakes) { }

    // Actions per processor per cycle.
    public static final int NONE = 0;
    public static final int RAISE = 1;
    public static final int DROP = 2;
    public static final int REENTER = 3;

    private final Options o;
    private final Wiring wiring;
    private final CcNetwork net;
    private final Recorder rec = new Recorder();
    private final int n;
    private final int channels;
    private final StateTable table;
    private final int netWords;                 // a state: the network's snapshot, the fresh word, the monitor
    private final Overtaking overtaking;        // null with asynchronous channels, where no L bounds it
    private final List<Finding> findings = new ArrayList<>();
    // per state
    private final Chunked.Ints parent = new Chunked.Ints();
    private final Chunked.Longs action = new Chunked.Longs();   // the actions that led here, 2 bits per processor
    private final Chunked.Ints depthOf = new Chunked.Ints();
    private final Chunked.Ints edgeStart = new Chunked.Ints();
    private final Chunked.Ints edges = new Chunked.Ints();
    private int edgeCount;

    public StateSearch(Options options) {
        if (options.nodes() < 1 || options.nodes() > 31) {
            throw new IllegalArgumentException("the search handles 1..31 nodes, got " + options.nodes());
        }
        if (options.async() && 2 * Wiring.forNodes(options.nodes()).links() > 64) {
            throw new IllegalArgumentException("the asynchronous search handles at most 32 links (n <= 7)");
        }
        this.o = options;
        this.wiring = Wiring.forNodes(options.nodes());
        this.n = wiring.nodes();
        this.net = CcNetwork.coldStart(wiring, new CcNetwork.Options(options.latency(), options.rules(), true,
                options.fifoCapacity()), rec, rec);
        this.channels = 2 * wiring.links();
        this.netWords = net.snapshot(0).length;
        // Processors here may hold the bus for a single cycle, so the bound is the one for H = 1.
        this.overtaking = options.async() || !options.checkOvertaking() ? null
                : new Overtaking(n, Algorithms.campos().overtakeBound(options.latency(), 1));
        this.table = new StateTable(netWords + 1 + (overtaking == null ? 0 : overtaking.words()));
    }

    public Result run(LongSupplier stopRequested) {
        long t0 = System.nanoTime();
        long[] init = extend(net.snapshot(-1), 0);
        add(init, -1, 0, 0);
        int depth = 0;
        long transitions = 0;
        String stopped = null;
        int frontierStart = 0;
        int expanded = 0;
        try {
            while (expanded < table.size()) {
                int s = expanded;
                if (depthOf.get(s) > depth) {
                    depth = depthOf.get(s);
                    frontierStart = s;
                }
                if (depthOf.get(s) >= o.maxDepth()) {
                    stopped = "depth limit " + o.maxDepth();
                    break;
                }
                if (table.size() >= o.maxStates()) {
                    stopped = "state limit " + o.maxStates();
                    break;
                }
                if (stopRequested.getAsLong() != 0) {
                    stopped = "interrupted";
                    break;
                }
                if ((expanded & 0xFFF) == 0 && heapNearlyFull()) {
                    stopped = "memory limit (" + Runtime.getRuntime().maxMemory() / (1 << 20) + " MB of heap, "
                            + (table.bytes() + edges.bytes()) / Math.max(1, table.size()) + " bytes per state in the tables)";
                    break;
                }
                expandOne(s);
                transitions = this.transitions;
                expanded++;
                if (!findings.isEmpty() && findings.get(0).loopStart() < 0) {
                    stopped = "safety violation";
                    break;
                }
            }
        } catch (OutOfMemoryError e) {
            // The guard above leaves headroom, but one expansion can still need more than is left.
            stopped = "out of memory (" + Runtime.getRuntime().maxMemory() / (1 << 20) + " MB of heap)";
        }
        transitions = this.transitions;
        edgeStart.set(expanded, edgeCount);
        boolean complete = stopped == null;
        if (complete) {
            try {
                liveness(expanded);
            } catch (OutOfMemoryError e) {
                complete = false;
                stopped = "out of memory in the liveness analysis (every reachable state was found and checked for"
                        + " safety; deadlock, livelock and starvation were not analysed)";
            }
        }
        long bytes = table.bytes() + edges.bytes() + parent.bytes() + action.bytes() + depthOf.bytes() + edgeStart.bytes();
        int explored = complete ? depth : (expanded < table.size() ? depthOf.get(expanded) : depth);
        return new Result(table.size(), transitions, depth, explored, complete, complete ? "complete" : stopped,
                List.copyOf(findings), (System.nanoTime() - t0) / 1e9, bytes, overtakeBound(),
                overtaking == null ? -1 : overtaking.maxSeen());
    }

    private long transitions;

    /** Expands one state: every combination of processor actions (and, asynchronously, deliveries). */
    private void expandOne(int s) {
        edgeStart.set(s, edgeCount);
        long[] state = table.get(s);
        int[] choices = choices(state);
        int[] occupied = occupiedChannels();
        int combos = 1;
        for (int c : choices) {
            combos *= Integer.bitCount(c);
        }
        for (int k = 0; k < combos; k++) {
            long act = pick(choices, k);
            for (int d = 0; d < 1 << occupied.length; d++) {
                int succ = expand(state, act, s, occupied, d);
                transitions++;
                addEdge(succ);
            }
        }
    }

    /**
     * Whether the heap is so full that the search should stop with what it has: over 80% in use
     * after a full collection. The tables grow in chunks and the liveness analysis needs a few
     * arrays of one entry per state, so the last fifth is kept for those.
     */
    private static boolean heapNearlyFull() {
        Runtime rt = Runtime.getRuntime();
        long max = rt.maxMemory();
        if (rt.totalMemory() - rt.freeMemory() < 0.8 * max) {
            return false;
        }
        System.gc();
        return rt.totalMemory() - rt.freeMemory() >= 0.8 * max;
    }

    /** Per processor, a bit set of the allowed actions in this state. */
    private int[] choices(long[] state) {
        restore(state);
        long fresh = state[netWords];
        int[] c = new int[n];
        for (int i = 0; i < n; i++) {
            c[i] = 1 << NONE;
            if (((o.activeMask() >>> i) & 1) == 0) {
                continue; // outside the scope: this processor thinks for ever
            }
            boolean req = net.req(i);
            ClientState st = net.clientState(i);
            if (!req) {
                c[i] |= 1 << RAISE;
            } else if (st == ClientState.EATING && ((fresh >>> i) & 1) == 0) {
                c[i] |= 1 << DROP;
                if (o.reenterWithoutThinking()) {
                    c[i] |= 1 << REENTER;
                }
            }
        }
        return c;
    }

    private static long pick(int[] choices, int k) {
        long act = 0;
        for (int i = 0; i < choices.length; i++) {
            int options = Integer.bitCount(choices[i]);
            int which = k % options;
            k /= options;
            int a = -1;
            for (int bit = 0, seen = 0; bit < 4; bit++) {
                if ((choices[i] & (1 << bit)) != 0 && seen++ == which) {
                    a = bit;
                    break;
                }
            }
            act |= (long) a << (2 * i);
        }
        return act;
    }

    /** Asynchronous channels that hold a symbol in the state just restored by {@link #choices}. */
    private int[] occupiedChannels() {
        if (!o.async()) {
            return new int[0];
        }
        return java.util.stream.IntStream.range(0, channels).filter(net::occupied).toArray();
    }

    /**
     * Runs one cycle from a state under the given processor actions and, with asynchronous
     * channels, delivering the heads of the occupied channels selected by the bits of {@code deliveries}.
     */
    private int expand(long[] state, long act, int from, int[] occupied, int deliveries) {
        restore(state);
        for (int b = 0; b < occupied.length; b++) {
            if ((deliveries >>> b & 1) != 0) {
                net.deliver(occupied[b]);
            }
        }
        long[] next = step(act);
        int before = table.size();
        int idx = add(next, from, act, depthOf.get(from) + 1);
        // Transition properties hold on every edge; state properties are checked once per state.
        Violation bad = rec.problem != null ? rec.problem : transitionProblem();
        if (bad == null && idx == before) {
            bad = stateProblem();
        }
        if (bad != null && findings.isEmpty()) {
            findings.add(new Finding(bad.invariant(), bad.message(), path(idx), -1));
        }
        return idx;
    }

    /** Applies the processors' actions to the restored network, runs one cycle, returns the new state. */
    private long[] step(long act) {
        rec.reset();
        for (int i = 0; i < n; i++) {
            switch ((int) (act >>> (2 * i)) & 3) {
                case RAISE -> {
                    net.request(i, true, 0);
                    monitorRequested(i);
                }
                case DROP -> net.request(i, false, 0);
                case REENTER -> {
                    net.reenterWithoutThinking(i, 0);
                    monitorRequested(i);
                }
                default -> { }
            }
        }
        net.step(0);
        if (overtaking != null) {
            for (int j = 0; j < n; j++) {
                if ((rec.granted >>> j & 1) != 0) {
                    int h = overtaking.granted(j);
                    if (h >= 0 && rec.problem == null) {
                        rec.problem = Invariants.fairness(overtaking, h, j, 0);
                    }
                }
            }
        }
        return extend(net.snapshot(0), rec.granted);
    }

    private void monitorRequested(int i) {
        if (overtaking != null) {
            overtaking.requested(i);
        }
    }

    /** The bound on overtaking that this search checks, or {@link Algorithm#NO_BOUND} (asynchronous channels). */
    public int overtakeBound() {
        return overtaking == null ? Algorithm.NO_BOUND : overtaking.bound();
    }

    /** Restores the network and the fairness monitor from a stored state. */
    private void restore(long[] state) {
        net.restore(Arrays.copyOf(state, netWords), 0);
        if (overtaking != null) {
            overtaking.restore(state, netWords + 1);
        }
    }

    /** I5 and I8, which hold on every transition. */
    private Violation transitionProblem() {
        for (int[] d : rec.demotions) {
            Violation v = Invariants.demotion(net, d[0], d[1], 0);
            if (v != null) {
                return v;
            }
        }
        return Invariants.boundedQueues(net.maxQueueDepth(), 0);
    }

    /** I1–I4 on a new state. */
    private Violation stateProblem() {
        Violation v = Invariants.mutualExclusion(net, 0);
        if (v != null) {
            return v;
        }
        net.viewAt(0);
        for (int a = 0; a < wiring.points() && v == null; a++) {
            v = Invariants.forkConservation(net, a, 0);
        }
        for (int link = 0; link < wiring.links() && v == null && net.quiescent(); link++) {
            v = Invariants.requestTokens(net, link, 0);
        }
        if (v == null && o.checkH()) {
            v = Invariants.precedence(net, 0);
        }
        return v;
    }

    // ---- liveness, on the complete graph ----

    private void liveness(int states) {
        boolean[] eating = new boolean[states];
        int[] hungryMask = new int[states];
        int[] eatingMask = new int[states];
        boolean[] quiet = new boolean[states];
        boolean[] anyReq = new boolean[states];
        occupancy = new long[states];
        for (int s = 0; s < states; s++) {
            restore(table.get(s));
            for (int i = 0; i < n; i++) {
                ClientState c = net.clientState(i);
                if (c == ClientState.HUNGRY) {
                    hungryMask[s] |= 1 << i;
                }
                if (c == ClientState.EATING) {
                    eatingMask[s] |= 1 << i;
                    eating[s] = true;
                }
                anyReq[s] |= net.req(i);
            }
            quiet[s] = net.quiescent();
            if (o.async()) {
                for (int ch = 0; ch < channels; ch++) {
                    occupancy[s] |= net.occupied(ch) ? 1L << ch : 0;
                }
            }
        }
        this.eatingMask = eatingMask;
        // Deadlock: a hungry client from which no state with an eater is reachable.
        boolean[] canEat = backwardReach(states, eating);
        for (int s = 0; s < states; s++) {
            if (hungryMask[s] != 0 && !canEat[s]) {
                findings.add(new Finding("deadlock", "clients " + clients(hungryMask[s])
                        + " are hungry and no grant is reachable", path(s), -1));
                return;
            }
        }
        // Livelock (I6): a cycle among states where nobody asks, eats or waits, with symbols moving.
        boolean[] idle = new boolean[states];
        for (int s = 0; s < states; s++) {
            idle[s] = !anyReq[s] && hungryMask[s] == 0 && eatingMask[s] == 0;
        }
        int[] loop = fairLoop(states, idle, s -> !quiet[s], 0);
        if (loop != null) {
            findings.add(new Finding("livelock", "with no processor asking, symbols move for ever (I6)",
                    lasso(loop), loopStartOf(loop)));
            return;
        }
        // Starvation: client c hungry throughout a cycle in which every other processor could release.
        for (int c = 0; c < n; c++) {
            boolean[] hungryC = new boolean[states];
            for (int s = 0; s < states; s++) {
                hungryC[s] = (hungryMask[s] & (1 << c)) != 0;
            }
            int others = ((1 << n) - 1) & ~(1 << c);
            loop = fairLoop(states, hungryC, s -> true, others == 0 ? 0 : others);
            if (loop != null) {
                findings.add(new Finding("starvation", "client " + c + " stays hungry for ever while the others are served"
                        + " (every processor releases in the loop)", lasso(loop), loopStartOf(loop)));
                return;
            }
        }
    }

    private int[] eatingMask = new int[0];
    private long[] occupancy = new long[0];

    private boolean[] backwardReach(int states, boolean[] target) {
        int[] indeg = new int[states + 1];
        for (int s = 0; s < states; s++) {
            for (int e = edgeStart.get(s); e < edgeStart.get(s + 1); e++) {
                indeg[edges.get(e) + 1]++;
            }
        }
        for (int s = 0; s < states; s++) {
            indeg[s + 1] += indeg[s];
        }
        int[] pred = new int[edgeCount];
        int[] fill = Arrays.copyOf(indeg, states);
        for (int s = 0; s < states; s++) {
            for (int e = edgeStart.get(s); e < edgeStart.get(s + 1); e++) {
                pred[fill[edges.get(e)]++] = s;
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
    private int[] fairLoop(int states, boolean[] inside, java.util.function.IntPredicate need, int mustRelease) {
        int[] index = new int[states];
        int[] low = new int[states];
        Arrays.fill(index, -1);
        boolean[] onStack = new boolean[states];
        int[] stack = new int[states];
        int sp = 0;
        int[] callState = new int[states];
        int[] callEdge = new int[states];
        int counter = 0;
        for (int root = 0; root < states; root++) {
            if (!inside[root] || index[root] >= 0) {
                continue;
            }
            int depth = 0;
            callState[0] = root;
            callEdge[0] = edgeStart.get(root);
            index[root] = low[root] = counter++;
            stack[sp++] = root;
            onStack[root] = true;
            while (depth >= 0) {
                int v = callState[depth];
                if (callEdge[depth] < edgeStart.get(v + 1)) {
                    int w = edges.get(callEdge[depth]++);
                    if (!inside[w]) {
                        continue;
                    }
                    if (index[w] < 0) {
                        index[w] = low[w] = counter++;
                        stack[sp++] = w;
                        onStack[w] = true;
                        depth++;
                        callState[depth] = w;
                        callEdge[depth] = edgeStart.get(w);
                    } else if (onStack[w]) {
                        low[v] = Math.min(low[v], index[w]);
                    }
                    continue;
                }
                if (low[v] == index[v]) {
                    List<Integer> scc = new ArrayList<>();
                    int w;
                    do {
                        w = stack[--sp];
                        onStack[w] = false;
                        scc.add(w);
                    } while (w != v);
                    int[] loop = loopIn(scc, inside, need, mustRelease);
                    if (loop != null) {
                        return loop;
                    }
                }
                depth--;
                if (depth >= 0) {
                    int u = callState[depth];
                    low[u] = Math.min(low[u], low[v]);
                }
            }
        }
        return null;
    }

    private int[] loopIn(List<Integer> scc, boolean[] inside, java.util.function.IntPredicate need, int mustRelease) {
        boolean[] member = new boolean[table.size()];
        for (int s : scc) {
            member[s] = true;
        }
        boolean cyclic = scc.size() > 1;
        if (!cyclic) {
            int s = scc.get(0);
            for (int e = edgeStart.get(s); e < edgeStart.get(s + 1); e++) {
                cyclic |= edges.get(e) == s;
            }
        }
        if (!cyclic) {
            return null;
        }
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
                Integer w = scc.stream().filter(s -> (eatingOf(s) & bit) == 0 || (freshOf(s) & bit) != 0)
                        .findFirst().orElse(null);
                if (w == null) {
                    return null; // p eats throughout: an unfair processor, not a starvation
                }
                waypoints.add(w);
            }
        }
        if (o.async()) {
            // Fair channels: each channel empties somewhere in the loop (a sufficient condition for
            // its symbols to be delivered; loops that deliver from a channel that never empties are
            // not considered, so the check may miss some unfair-looking but fair loops).
            for (int ch = 0; ch < channels; ch++) {
                long bit = 1L << ch;
                Integer w = scc.stream().filter(s -> (occupancy[s] & bit) == 0).findFirst().orElse(null);
                if (w == null) {
                    return null;
                }
                if (!waypoints.contains(w)) {
                    waypoints.add(w);
                }
            }
        }
        waypoints.add(first);
        List<Integer> loop = new ArrayList<>();
        loop.add(first);
        for (int k = 1; k < waypoints.size(); k++) {
            List<Integer> leg = pathWithin(loop.get(loop.size() - 1), waypoints.get(k), member, k == waypoints.size() - 1);
            loop.addAll(leg);
        }
        return loop.stream().mapToInt(Integer::intValue).toArray();
    }

    private int eatingOf(int s) {
        return eatingMask[s];
    }

    private long freshOf(int s) {
        return table.get(s)[netWords];
    }

    /** Shortest path from a to b inside the component (at least one step when a == b and nonEmpty). */
    private List<Integer> pathWithin(int a, int b, boolean[] member, boolean nonEmpty) {
        if (a == b && !nonEmpty) {
            return List.of();
        }
        int[] prev = new int[member.length];
        Arrays.fill(prev, -2);
        java.util.ArrayDeque<Integer> q = new java.util.ArrayDeque<>();
        for (int e = edgeStart.get(a); e < edgeStart.get(a + 1); e++) {
            int w = edges.get(e);
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
            for (int e = edgeStart.get(v); e < edgeStart.get(v + 1); e++) {
                int w = edges.get(e);
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

    /** The actions from the start to the loop's first state, then around the loop. */
    private List<int[]> lasso(int[] loop) {
        List<int[]> p = new ArrayList<>(path(loop[0]));
        if (o.async()) {
            return p; // deliveries are not recorded: the loop is reported, not replayed
        }
        for (int k = 1; k < loop.length; k++) {
            p.add(actions(actionBetween(loop[k - 1], loop[k])));
        }
        return p;
    }

    private int loopStartOf(int[] loop) {
        return depthOf.get(loop[0]);
    }

    /** The actions that lead from state a to its successor b (re-derived, since BFS kept one parent). */
    private long actionBetween(int a, int b) {
        if (o.async()) {
            throw new IllegalStateException("asynchronous loops are not re-derived");
        }
        long[] state = table.get(a);
        int[] choices = choices(state);
        int combos = 1;
        for (int c : choices) {
            combos *= Integer.bitCount(c);
        }
        long[] target = table.get(b);
        for (int k = 0; k < combos; k++) {
            long act = pick(choices, k);
            restore(state);
            if (Arrays.equals(step(act), target)) {
                return act;
            }
        }
        throw new IllegalStateException("no edge from " + a + " to " + b);
    }

    private List<int[]> path(int s) {
        List<int[]> p = new ArrayList<>();
        for (int v = s; parent.get(v) >= 0; v = parent.get(v)) {
            p.add(0, actions(action.get(v)));
        }
        return p;
    }

    private int[] actions(long act) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = (int) (act >>> (2 * i)) & 3;
        }
        return a;
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

    // ---- counterexamples as request traces ----

    /** The actions of a finding, its loop (if any) repeated {@code loopRepeats} more times. */
    public static List<int[]> unrolled(Finding f, int loopRepeats) {
        List<int[]> actions = new ArrayList<>(f.path());
        if (f.loopStart() >= 0) {
            List<int[]> loop = f.path().subList(f.loopStart(), f.path().size());
            for (int r = 0; r < loopRepeats; r++) {
                actions.addAll(loop);
            }
        }
        return actions;
    }

    /**
     * A request trace that makes {@code ppbus simulate} do what the actions do. Search cycle k is
     * simulation cycle k + 1, because traces start at cycle 1 and the cold start is quiescent. A
     * request still open at the end holds the bus for {@code openHold} cycles.
     */
    public org.ppbus.workload.RequestTrace trace(List<int[]> actions, int openHold) {
        CcNetwork replay = CcNetwork.coldStart(wiring, new CcNetwork.Options(o.latency(), o.rules(), true), rec, rec);
        long[] grantedAt = new long[n];
        long[] openedAt = new long[n];
        boolean[] openReenter = new boolean[n];
        Arrays.fill(openedAt, -1);
        List<org.ppbus.workload.RequestTrace.Entry> entries = new ArrayList<>();
        List<long[]> done = new ArrayList<>(); // {rise, node, hold, reenter}
        for (int k = 0; k < actions.size(); k++) {
            rec.reset();
            int[] a = actions.get(k);
            for (int i = 0; i < n; i++) {
                switch (a[i]) {
                    case RAISE -> {
                        replay.request(i, true, k);
                        openedAt[i] = k;
                        openReenter[i] = false;
                    }
                    case DROP, REENTER -> {
                        done.add(new long[] {openedAt[i], i, k - grantedAt[i] - 1, openReenter[i] ? 1 : 0});
                        if (a[i] == DROP) {
                            replay.request(i, false, k);
                            openedAt[i] = -1;
                        } else {
                            replay.reenterWithoutThinking(i, k);
                            openedAt[i] = k;
                            openReenter[i] = true;
                        }
                    }
                    default -> { }
                }
            }
            replay.step(k);
            for (int i = 0; i < n; i++) {
                if ((rec.granted >>> i & 1) != 0) {
                    grantedAt[i] = k;
                }
            }
        }
        for (int i = 0; i < n; i++) {
            if (openedAt[i] >= 0) {
                done.add(new long[] {openedAt[i], i, openHold, openReenter[i] ? 1 : 0});
            }
        }
        done.sort((x, y) -> Long.compare(x[0], y[0]));
        for (long[] d : done) {
            entries.add(new org.ppbus.workload.RequestTrace.Entry(d[0] + 1, (int) d[1], (int) Math.max(1, d[2]), d[3] == 1));
        }
        return new org.ppbus.workload.RequestTrace(n, entries);
    }

    // ---- storage ----

    /** A stored state: the network's snapshot, the processors granted in this cycle, the fairness monitor. */
    private long[] extend(long[] snapshot, long fresh) {
        long[] s = new long[netWords + 1 + (overtaking == null ? 0 : overtaking.words())];
        System.arraycopy(snapshot, 0, s, 0, snapshot.length);
        s[netWords] = fresh;
        if (overtaking != null) {
            overtaking.save(s, netWords + 1);
        }
        return s;
    }

    private int add(long[] state, int from, long act, int depth) {
        int before = table.size();
        int idx = table.addOrFind(state);
        if (idx == before) {
            parent.set(idx, from);
            action.set(idx, act);
            depthOf.set(idx, depth);
        }
        return idx;
    }

    private void addEdge(int to) {
        edges.set(edgeCount++, to);
    }

    /** Events of one cycle: grants (for the fresh bits), demotions (I5) and anomalies. */
    private static final class Recorder implements Fabric.GrantSink, ProtocolObserver {
        long granted;
        Violation problem;
        final List<int[]> demotions = new ArrayList<>();

        void reset() {
            granted = 0;
            problem = null;
            demotions.clear();
        }

        @Override
        public void granted(int node, long cycle) {
            granted |= 1L << node;
        }

        @Override
        public void released(int node, long cycle) { }

        @Override
        public void arbiterReceived(int arbiter, int client, int link, int code, long cycle) {
            if (code == Symbols.DIRTY_FORK) {
                demotions.add(new int[] {arbiter, client});
            }
        }

        @Override
        public void anomaly(String unit, String what, long cycle) {
            if (problem == null) {
                problem = new Violation(Property.ANOMALY, cycle, unit, unit + ": " + what, -1);
            }
        }
    }

    static {
        // PortQueues.CAPACITY bounds what a saved queue can hold; the layout assumes 4 codes.
        if (PortQueues.CAPACITY != 4) {
            throw new ExceptionInInitializerError("PortQueues.CAPACITY changed; StateBits layout assumes 4");
        }
    }
}
