package org.ppbus.search;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.ppbus.check.Finding;
import org.ppbus.check.Property;
import org.ppbus.check.Violation;
import org.ppbus.plane.Wiring;
import org.ppbus.protocol.ClientState;
import org.ppbus.protocol.cc.CcNetwork;
import org.ppbus.protocol.cc.Renumbering;
import org.ppbus.protocol.descriptor.Algorithm;
import org.ppbus.search.graph.Actions;
import org.ppbus.search.graph.FingerprintSet;
import org.ppbus.search.graph.SearchProgress;
import org.ppbus.search.graph.StateGraph;
import org.ppbus.search.liveness.Liveness;
import org.ppbus.search.liveness.LivenessWatch;
import org.ppbus.search.liveness.OvertakingOnGraph;
import org.ppbus.search.liveness.QuotientLoops;
import org.ppbus.workload.RequestTrace;

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
 * <p>With some processors inactive (they never ask) every state found is still reachable in the
 * whole system, so a counterexample is real, but "no violation" covers that scope only.
 */
public final class StateSearch implements ExhaustiveSearch {
    // Actions per processor per cycle.
    public static final int NONE = 0;
    public static final int RAISE = 1;
    public static final int DROP = 2;
    public static final int REENTER = 3;

    private final SearchOptions o;
    private final int n;
    private final int channels;
    private final SearchModel main; // the model of the first thread, which also serves the liveness analysis
    private final CcNetwork net;
    private final SearchStep stepper;
    private final SearchFaults faults; // null without fault injection
    private final SearchCrash crash; // null without a crash
    private final StateGraph graph;
    private final List<Finding> findings = new ArrayList<>();
    private final BreadthFirst bfs;
    private int threads = 1;
    private int maxOvertaken; // the largest overtaking count any transition reached, or the graph's; -1 undecided
    private long unreduced; // the states in the orbits found (their number without symmetry)

    public StateSearch(SearchOptions options) {
        if (options.nodes() < 1 || options.nodes() > 31) {
            throw new IllegalArgumentException("the search handles 1..31 nodes, got " + options.nodes());
        }
        if (options.async() && 2 * Wiring.forNodes(options.nodes()).links() > 64) {
            throw new IllegalArgumentException("the asynchronous search handles at most 32 links (n <= 7)");
        }
        if (options.crash() && (options.faultKinds() != 0 || options.async())) {
            throw new IllegalArgumentException(
                    "a crash is searched alone, without symbol faults or asynchronous channels");
        }
        this.o = options;
        this.main = new SearchModel(options);
        this.net = main.net;
        this.n = net.nodes();
        this.channels = 2 * net.wiring().links();
        this.stepper = main.stepper;
        this.faults = main.faults;
        this.crash = main.crash;
        this.graph =
                new StateGraph(stepper.stateWords(), n, !o.liveness(), options.hashCompaction() ? spillFolder() : null);
        this.bfs = new BreadthFirst(options, graph, stepper);
        this.maxOvertaken = o.fairness() == FairnessCheck.GRAPH ? -1 : 0;
        if (o.symmetry() && o.liveness()) {
            graph.keepSymmetries(stepper.symmetries() + 1);
        }
    }

    /** A folder of its own for what a hash-compacted search puts on disk, deleted when it ends. */
    private static Path spillFolder() {
        try {
            return Files.createTempDirectory("ppbus-search-");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot make a folder for the search's states", e);
        }
    }

    /**
     * Expands on this many threads (1 by default). The result is the same for any number: the
     * threads compute successors ahead, and the search adds them in breadth-first order.
     */
    public StateSearch threads(int count) {
        if (count < 1) {
            throw new IllegalArgumentException("a search runs on at least 1 thread, got " + count);
        }
        this.threads = count;
        return this;
    }

    /** Reports progress to {@code p} every few thousand expanded states. */
    @Override
    public StateSearch progress(SearchProgress p) {
        bfs.progress(p);
        return this;
    }

    @Override
    public SearchResult run(LongSupplier stopRequested) {
        long t0 = System.nanoTime();
        long[] initial = stepper.initial();
        int[] initialMove = stepper.lastMove();
        int[] initialLinks = stepper.lastLinkMove();
        graph.add(initial, -1, 0, 0);
        unreduced = stepper.orbitSize(initial);
        SearchEnd end = explore(stopRequested);
        graph.beginEdges(bfs.expanded());
        if (end.complete() && o.liveness()) {
            end = bfs.liveness(stopRequested, bfs.expanded(), watch -> liveness(bfs.expanded(), watch), findings);
        }
        bfs.release();
        if (o.symmetry()) {
            findings.replaceAll(f -> renamedToTheProcessors(f, initial, initialMove, initialLinks));
        }
        SearchResult.Repair repair = null;
        if (faults != null) {
            try {
                repair = repair(end.complete() && findings.isEmpty(), stopRequested);
            } catch (LivenessWatch.Stopped e) {
                repair = new SearchResult.Repair(faults.brokenStates(), -1);
                end = SearchEnd.REPAIR_STOPPED;
            }
        }
        long bytes = graph.bytes();
        long storeBytes = graph.storeBytes();
        SearchResult.Compaction compaction = graph.hashCompacted() ? compaction() : null;
        if (compaction != null && end.complete()) {
            // Every fingerprint was expanded, but a state that met another's fingerprint was not.
            end = SearchEnd.hashCompaction(compaction.omissionBound());
        }
        return new SearchResult(
                graph.size(),
                bfs.transitions(),
                bfs.depth(),
                bfs.exploredDepth(end.complete()),
                end,
                List.copyOf(findings),
                (System.nanoTime() - t0) / 1e9,
                bytes,
                storeBytes,
                overtakeBound(),
                main.overtaking == null ? -1 : maxOvertaken,
                repair,
                compaction,
                unreduced,
                graph.statesPerDepth());
    }

    /** The breadth-first expansion, on this thread or with the others computing ahead: how it ended. */
    private SearchEnd explore(LongSupplier stopRequested) {
        try (ParallelExpansion ahead = threads == 1 ? null : parallel()) {
            return bfs.explore(
                    stopRequested,
                    ahead == null ? this::expandOne : s -> expandAhead(s, ahead),
                    () -> !findings.isEmpty() && findings.get(0).loopStart() < 0);
        }
    }

    /** Hash compaction's omission bound and disk, once the search is over; its files are deleted. */
    private SearchResult.Compaction compaction() {
        SearchResult.Compaction c =
                new SearchResult.Compaction(FingerprintSet.omissionBound(graph.size()), graph.diskBytes());
        graph.close();
        return c;
    }

    /**
     * A reduced search's finding with its path renamed to the processors and links of the cold
     * start: each step of the path is taken on a representative, which is the concrete state moved
     * by the symmetries chosen so far (composed), so a processor's action is that of its image, and a
     * fault on a link of the representative hits the concrete link that maps there. Replayed here on
     * the model, after the search, to learn which symmetry each step chose.
     */
    private Finding renamedToTheProcessors(Finding f, long[] initial, int[] initialMove, int[] initialLinks) {
        String numbering = " (units numbered as in the orbit's representative)";
        if (o.async()) {
            // An asynchronous path keeps no deliveries, so it cannot be stepped again to be renamed;
            // nor is it written as a trace (docs/VERIFICATION.md).
            return new Finding(f.property(), f.message() + numbering, f.path(), f.loopStart(), f.loopCycles());
        }
        long[] r = initial;
        int[] h = initialMove.clone(); // concrete client c is client h[c] of the representative
        int[] hl = initialLinks.clone(); // concrete link l is link hl[l] of the representative
        List<int[]> concrete = new ArrayList<>();
        for (int[] a : f.path()) {
            int[] c = a.clone();
            long act = 0;
            for (int p = 0; p < n; p++) {
                c[p] = a[h[p]];
                act |= (long) a[p] << (2 * p);
            }
            stepper.restore(r);
            if (faults != null) {
                c[n] = faults.onLink(a[n], Renumbering.inverse(hl));
                faults.arm(a[n]);
            }
            concrete.add(c);
            r = stepper.step(act);
            int[] g = stepper.lastMove();
            int[] gl = stepper.lastLinkMove();
            for (int p = 0; p < n; p++) {
                h[p] = g[h[p]];
            }
            for (int l = 0; l < hl.length; l++) {
                hl[l] = gl[hl[l]];
            }
        }
        return new Finding(f.property(), f.message() + numbering, concrete, f.loopStart(), f.loopCycles());
    }

    /** The states found, in breadth-first order (for the tests of the reduction). */
    List<long[]> statesFound() {
        List<long[]> out = new ArrayList<>(graph.size());
        for (int s = 0; s < graph.size(); s++) {
            out.add(graph.get(s));
        }
        return out;
    }

    /** A state's representative under this search's symmetries. */
    long[] representative(long[] state) {
        return stepper.representative(state);
    }

    /** A state's images under this search's symmetries (for the tests of the reduction). */
    List<long[]> images(long[] state) {
        return stepper.images(state);
    }

    /** The repair bound over the complete graph; a cycle of broken states is a finding. */
    private SearchResult.Repair repair(boolean analyse, LongSupplier stopRequested) {
        if (!analyse) {
            return new SearchResult.Repair(faults.brokenStates(), -1);
        }
        int[] loopAt = new int[1];
        String what = String.format(
                Locale.ROOT, "repair bound: the longest run through %,d broken states", faults.brokenStates());
        int bound = faults.repairBound(graph, loopAt, bfs.watch(stopRequested, what));
        if (bound < 0) {
            findings.add(new Finding(
                    Property.REPAIR,
                    "after a fault the invariants can stay broken for ever: a cycle of" + " broken states passes state "
                            + loopAt[0],
                    graph.path(loopAt[0], n),
                    -1));
        }
        return new SearchResult.Repair(faults.brokenStates(), bound);
    }

    /** The threads' models: the first thread's is the one the liveness analysis uses after. */
    private ParallelExpansion parallel() {
        List<SearchModel> models = new ArrayList<>(List.of(main));
        for (int t = 1; t < threads; t++) {
            models.add(new SearchModel(o));
        }
        return new ParallelExpansion(graph, models, o.maxDepth());
    }

    /** Expands one state on this thread: every successor is added as it is found. */
    private void expandOne(int s) {
        graph.beginEdges(s);
        main.expand(
                graph.get(s),
                (next, act, symmetry, onEdge, overtaken, ifNew) ->
                        add(s, next, act, symmetry, onEdge, overtaken, ifNew));
    }

    /** Adds the successors of one state that the threads computed ahead. */
    private void expandAhead(int s, ParallelExpansion ahead) {
        graph.beginEdges(s);
        for (ParallelExpansion.Successor x : ahead.successorsOf(s)) {
            add(s, x.state(), x.act(), x.symmetry(), x.onEdge(), x.overtaken(), x::verdict);
        }
    }

    /** Adds one successor of state s and its edge, and keeps the first thing that broke. */
    private void add(
            int from,
            long[] next,
            long act,
            int symmetry,
            Violation onEdge,
            int overtaken,
            Supplier<SearchModel.Verdict> ifNew) {
        int before = graph.size();
        int idx = graph.add(next, from, act, graph.depth(from) + 1);
        maxOvertaken = Math.max(maxOvertaken, overtaken);
        Violation bad = onEdge;
        if (bad == null && idx == before) {
            SearchModel.Verdict v = ifNew.get();
            unreduced += v.orbit();
            if (v.broken()) {
                faults.markBroken(idx);
            }
            bad = v.bad();
        }
        if (bad != null && findings.isEmpty()) {
            List<int[]> path = graph.pathThrough(from, act, n);
            findings.add(new Finding(bad.property(), bad.message() + faultOn(path), path, -1));
        }
        edge(from, idx, symmetry);
    }

    /** Counts a transition and keeps it if it will be analysed: every one, or without liveness those among broken states. */
    private void edge(int from, int to, int symmetry) {
        bfs.counted();
        if (o.liveness() || faults != null && faults.broken(from) && faults.broken(to)) {
            graph.addEdge(to, symmetry);
        }
    }

    /**
     * The faults on a finding's path, in order, as {@code ppbus simulate --fault} names them (each
     * cycle's actions carry the fault's code after the processors'). A loop never holds one: a fault
     * kind once used stays used, so a state after it differs from every state before.
     */
    @Override
    public List<String> faultsOn(Finding f) {
        return faultsOn(f.path());
    }

    private List<String> faultsOn(List<int[]> path) {
        List<String> out = new ArrayList<>();
        for (int c = 0; c < path.size(); c++) {
            int[] a = path.get(c);
            if (faults != null && a[n] != 0) {
                out.add(faults.describe((long) a[n] << Actions.FAULT_SHIFT, c + 1));
            }
            if (a[n + 1] != 0) {
                out.add(SearchCrash.describe(SearchCrash.withCrash(0, a[n + 1] - 1), c + 1));
            }
        }
        return out;
    }

    /** Names the first fault on a path, as {@code ppbus simulate --fault} would. */
    private String faultOn(List<int[]> path) {
        List<String> on = faults == null && crash == null ? List.of() : faultsOn(path);
        return on.isEmpty() ? "" : " (after the fault " + on.get(0) + ")";
    }

    /** The bound on overtaking that this search checks, or {@link Algorithm#NO_BOUND} (asynchronous channels). */
    public int overtakeBound() {
        return main.overtaking == null ? Algorithm.NO_BOUND : main.overtaking.bound();
    }

    // ---- liveness, on the complete graph ----

    private Finding liveness(int states, LivenessWatch watch) {
        Liveness.StateInfo info = new Liveness.StateInfo(
                new int[states],
                new int[states],
                new boolean[states],
                new boolean[states],
                new int[states],
                o.async() ? new long[states] : null);
        int[] hunger = o.fairness() == FairnessCheck.GRAPH ? new int[states] : null;
        for (int s = 0; s < states; s++) {
            watch.tick();
            long[] state = graph.get(s);
            stepper.restore(state);
            info.fresh()[s] = (int) stepper.fresh(state);
            if (hunger != null) {
                hunger[s] = (int) stepper.hunger(state);
            }
            // After a crash, liveness speaks for the survivors only (SearchCrash).
            int serve = crash == null ? -1 : crash.mustServe();
            for (int i = 0; i < n; i++) {
                ClientState c = net.clientState(i);
                boolean served = (serve >>> i & 1) != 0;
                info.hungryMask()[s] |= c == ClientState.HUNGRY && served ? 1 << i : 0;
                info.eatingMask()[s] |= (crash == null ? c == ClientState.EATING : crash.eating(i)) ? 1 << i : 0;
                info.anyReq()[s] |= net.req(i) && served;
            }
            info.quiet()[s] = net.quiescent();
            for (int ch = 0; o.async() && ch < channels; ch++) {
                info.occupancy()[s] |= main.delivery().occupied(ch) ? 1L << ch : 0;
            }
        }
        if (hunger != null) {
            // The counts would have found a run over the bound during the search, before any loop.
            OvertakingOnGraph on = new OvertakingOnGraph(
                    graph, n, main.overtaking.bound(), hunger, info.fresh(), this::actionBetween, watch);
            Finding unfair = on.check(states);
            maxOvertaken = on.mostMeals();
            if (unfair != null) {
                return unfair;
            }
        }
        QuotientLoops quotient = o.symmetry()
                ? new QuotientLoops(graph, n, stepper.clientMoves(), o.async() ? stepper.channelMoves() : null, watch)
                : null;
        return new Liveness(graph, n, channels, o.async(), info, this::actionBetween, quotient, watch).find(states);
    }

    /** The actions that lead from state a to its successor b (re-derived, since BFS kept one parent). */
    private long actionBetween(int a, int b, int symmetry) {
        if (o.async()) {
            throw new IllegalStateException("asynchronous loops are not re-derived");
        }
        return bfs.actionBetween(a, b, symmetry);
    }

    /** A request trace for {@code ppbus simulate} that does what the actions do ({@link Counterexamples#trace}). */
    @Override
    public RequestTrace trace(List<int[]> actions, int openHold) {
        return Counterexamples.trace(o, actions, openHold);
    }
}
