package org.ppbus.search;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import java.util.function.LongSupplier;
import org.ppbus.bus.Fabric;
import org.ppbus.bus.Sharing;
import org.ppbus.check.Finding;
import org.ppbus.check.Invariants;
import org.ppbus.check.Overtaking;
import org.ppbus.check.Property;
import org.ppbus.check.Violation;
import org.ppbus.plane.Wiring;
import org.ppbus.protocol.ClientState;
import org.ppbus.protocol.ProtocolObserver;
import org.ppbus.protocol.cc.CcNetwork;
import org.ppbus.protocol.cc.CcPlanes;
import org.ppbus.protocol.cc.InitialState;
import org.ppbus.protocol.descriptor.Algorithm;
import org.ppbus.search.graph.SearchProgress;
import org.ppbus.search.graph.StateGraph;
import org.ppbus.search.liveness.Liveness;
import org.ppbus.workload.RequestTrace;

/**
 * Explicit-state search of campos-carvalho-k (docs/PROTOCOL.md): the simulator's own {@link
 * CcPlanes}, saved and restored whole (every plane and every chooser), from the cold start, breadth
 * first, with processors that do anything the req/gnt handshake allows (raise req while thinking,
 * lower it after holding a bus for at least a cycle). Each new state is checked for each plane's
 * I1–I4, and for a holder of bus b being its client on plane b that eats; each transition for each
 * plane's I5, I8 and anomalies, and for K1, K2 and the overtaking bound k·max(1, L) on the grants
 * the processors hear ({@link PlanesMonitor}). When the search is complete, {@link Liveness} looks
 * for a deadlock, an idle livelock and a processor kept waiting while every other keeps the right
 * to release. The search runs over the same {@link StateGraph} and reports as {@link StateSearch}.
 */
public final class PlanesSearch implements ExhaustiveSearch {
    private final SearchOptions o;
    private final int n;
    private final int k;
    private final CcPlanes planes;
    private final SearchRecorder[] recs;
    private final PlanesMonitor monitor;
    private final PlanesStep stepper;
    private final StateGraph graph;
    private final BreadthFirst bfs;
    private final List<Finding> findings = new ArrayList<>();
    private final CcPlanes.Mutant mutant;

    /** The search of the design; {@code mutant} breaks one of its rules (the checks' own tests). */
    public PlanesSearch(SearchOptions options, int buses, CcPlanes.Mutant mutant) {
        if (options.nodes() < 1 || options.nodes() > 31 || buses < 2 || buses > 4) {
            throw new IllegalArgumentException("the k-bus search handles 1..31 nodes and 2..4 buses, got n = "
                    + options.nodes() + ", k = " + buses);
        }
        if (options.async() || options.faultKinds() != 0 || options.crash() || options.reenterWithoutThinking()) {
            throw new IllegalArgumentException(
                    "the k-bus search takes timed channels, without faults, crashes or re-entry");
        }
        if (options.symmetry() || options.hashCompaction() || options.fairness() == FairnessCheck.GRAPH) {
            throw new IllegalArgumentException("the k-bus search stores every state as it is, with its overtaking"
                    + " counts (no --symmetry, --hash-compaction or --fairness-after-search)");
        }
        this.o = options;
        this.mutant = mutant;
        Wiring wiring = Wiring.forNodes(options.nodes());
        this.n = wiring.nodes();
        this.k = buses;
        this.recs = new SearchRecorder[buses];
        for (int b = 0; b < buses; b++) {
            recs[b] = new SearchRecorder();
        }
        Overtaking overtaking = options.checkOvertaking()
                ? new Overtaking(n, CcPlanes.ALGORITHM.overtakeBound(options.latency(), 1, new Sharing(buses, 1, 0)))
                : null;
        this.monitor = new PlanesMonitor(n, buses, overtaking);
        this.planes = newPlanes(options, buses, monitor, b -> recs[b]).mutate(mutant);
        this.stepper = new PlanesStep(options, planes, monitor, recs);
        this.graph = new StateGraph(stepper.stateWords(), n, !o.liveness());
        this.bfs = new BreadthFirst(options, graph, stepper);
    }

    private static CcPlanes newPlanes(
            SearchOptions o, int buses, Fabric.GrantSink sink, IntFunction<ProtocolObserver> observers) {
        Wiring w = Wiring.forNodes(o.nodes());
        return new CcPlanes(
                w,
                buses,
                new CcNetwork.Options(o.latency(), o.rules(), true),
                InitialState.coldStart(w),
                sink,
                observers);
    }

    /** Reports progress to {@code p} every few thousand expanded states. */
    @Override
    public PlanesSearch progress(SearchProgress p) {
        bfs.progress(p);
        return this;
    }

    @Override
    public SearchResult run(LongSupplier stopRequested) {
        long t0 = System.nanoTime();
        graph.add(stepper.initial(), -1, 0, 0);
        SearchEnd end = bfs.explore(stopRequested, this::expandOne, () -> !findings.isEmpty());
        int expanded = bfs.expanded();
        graph.beginEdges(expanded);
        if (end.complete() && o.liveness()) {
            end = bfs.liveness(
                    stopRequested,
                    expanded,
                    watch -> new Liveness(graph, n, 0, false, livenessInfo(expanded), bfs::actionBetween, null, watch)
                            .find(expanded),
                    findings);
        }
        bfs.release();
        return new SearchResult(
                graph.size(),
                bfs.transitions(),
                bfs.depth(),
                bfs.exploredDepth(end.complete()),
                end,
                List.copyOf(findings),
                (System.nanoTime() - t0) / 1e9,
                graph.bytes(),
                graph.storeBytes(),
                monitor.overtakeBound(),
                monitor.maxOvertakes(),
                null,
                null,
                graph.size(),
                graph.statesPerDepth());
    }

    private void expandOne(int s) {
        graph.beginEdges(s);
        long[] state = graph.get(s);
        int[] choices = stepper.choices(state);
        int combos = 1;
        for (int c : choices) {
            combos *= Integer.bitCount(c);
        }
        for (int c = 0; c < combos; c++) {
            long act = StateGraph.pick(choices, c);
            stepper.restore(state);
            long[] next = stepper.step(act);
            int before = graph.size();
            int idx = graph.add(next, s, act, graph.depth(s) + 1);
            bfs.counted();
            if (o.liveness()) {
                graph.addEdge(idx);
            }
            Violation bad = transitionProblem();
            if (bad == null && idx == before) {
                bad = stateProblem();
            }
            if (bad != null && findings.isEmpty()) {
                findings.add(new Finding(bad.property(), bad.message(), graph.pathThrough(s, act, n), -1));
            }
        }
    }

    /** The grants' K1, K2 and fairness, then each plane's anomalies, I5 and I8. */
    private Violation transitionProblem() {
        if (monitor.problem() != null) {
            return monitor.problem();
        }
        for (int b = 0; b < k; b++) {
            CcNetwork p = planes.plane(b);
            Violation v = recs[b].problem != null
                    ? recs[b].problem
                    : Invariants.ofTransition(p.view(0), recs[b].demotions, p.maxQueueDepth(), 0);
            if (v != null) {
                return onPlane(b, v);
            }
        }
        return null;
    }

    /** Each plane's I1–I4; every holder of bus b is plane b's eating client. */
    private Violation stateProblem() {
        for (int b = 0; b < k; b++) {
            CcNetwork p = planes.plane(b);
            Violation v = Invariants.ofState(p.view(0), p.quiescent(), o.checkH(), 0);
            if (v != null) {
                return onPlane(b, v);
            }
        }
        for (int i = 0; i < n; i++) {
            for (long m = monitor.held(i); m != 0; m &= m - 1) {
                int b = Long.numberOfTrailingZeros(m);
                if (b < k && planes.plane(b).clientState(planes.clientOf(b, i)) != ClientState.EATING) {
                    return new Violation(
                            Property.BUS_EXCLUSION,
                            0,
                            "bus " + b,
                            "processor " + i + " holds bus " + b + " but its client on plane " + b + " is not eating",
                            b);
                }
            }
        }
        return null;
    }

    private static Violation onPlane(int b, Violation v) {
        return new Violation(
                v.property(), v.cycle(), v.where(), "plane " + b + ": " + v.message(), v.found(), v.details());
    }

    /** What liveness needs of each state, at the processors: waiting, holding, asking anywhere, quiet. */
    private Liveness.StateInfo livenessInfo(int states) {
        Liveness.StateInfo info = new Liveness.StateInfo(
                new int[states], new int[states], new boolean[states], new boolean[states], new int[states], null);
        for (int s = 0; s < states; s++) {
            stepper.restore(graph.get(s));
            info.fresh()[s] = (int) monitor.fresh();
            for (int i = 0; i < n; i++) {
                boolean holds = monitor.held(i) != 0;
                info.hungryMask()[s] |= planes.asking(i) && !holds ? 1 << i : 0;
                info.eatingMask()[s] |= holds ? 1 << i : 0;
                boolean anyReq = planes.asking(i);
                for (int b = 0; b < k; b++) {
                    anyReq |= planes.req(i, b);
                }
                info.anyReq()[s] |= anyReq;
            }
            info.quiet()[s] = planes.quiescent();
        }
        return info;
    }

    /** A request trace for {@code ppbus simulate --buses k} that does what the actions do. */
    @Override
    public RequestTrace trace(List<int[]> actions, int openHold) {
        Counterexamples.Grants grants = new Counterexamples.Grants();
        CcPlanes replay = newPlanes(o, k, grants, b -> ProtocolObserver.NONE).mutate(mutant);
        return Counterexamples.trace(replay, grants, n, actions, openHold, null);
    }

    /** The bound on overtaking this search checks, or {@link Algorithm#NO_BOUND}. */
    public int overtakeBound() {
        return monitor.overtakeBound();
    }
}
