package org.ppbus.search;

import java.util.List;
import java.util.stream.IntStream;
import org.ppbus.check.Invariants;
import org.ppbus.check.Overtaking;
import org.ppbus.check.Violation;
import org.ppbus.plane.Wiring;
import org.ppbus.protocol.cc.AsyncDelivery;
import org.ppbus.protocol.cc.CcNetwork;
import org.ppbus.protocol.cc.StateView;
import org.ppbus.registry.Algorithms;
import org.ppbus.search.graph.Actions;
import org.ppbus.search.graph.StateGraph;

/**
 * One copy of what a {@link StateSearch} steps: the network and its recorder, the transition
 * relation, the fairness monitor, and the faults, crash and asynchronous deliveries the search may
 * inject. {@link #expand} runs every successor of a state on it and checks each; it reads the graph
 * but never changes it, so a parallel search runs one copy per thread while no state is added.
 */
final class SearchModel {
    final CcNetwork net;
    final SearchRecorder rec = new SearchRecorder();
    final SearchStep stepper;
    final Overtaking
            overtaking; // null with asynchronous channels or without the fairness check; hunger only on the graph
    final SearchFaults faults; // null without fault injection
    final SearchCrash crash; // null without a crash
    private final SearchOptions o;
    private final int n;
    private final int channels;
    private AsyncDelivery delivery; // asynchronous channels only, taken on first use

    SearchModel(SearchOptions options) {
        this.o = options;
        Wiring wiring = Wiring.forNodes(options.nodes());
        this.n = wiring.nodes();
        this.channels = 2 * wiring.links();
        this.net = CcNetwork.coldStart(
                wiring,
                new CcNetwork.Options(options.latency(), options.rules(), true, options.fifoCapacity()),
                rec,
                rec);
        this.faults = options.faultKinds() == 0
                ? null
                : new SearchFaults(
                        options.faultKinds(), net, wiring, options.rules().heal());
        rec.recordDriven = faults != null;
        this.crash = options.crash() ? new SearchCrash(net, wiring) : null;
        // Processors here may hold the bus for a single cycle, so the bound is the one for H = 1.
        int bound = Algorithms.campos().overtakeBound(options.latency(), 1);
        this.overtaking = options.async() || !options.checkOvertaking()
                ? null
                : options.fairness() == FairnessCheck.GRAPH
                        ? Overtaking.hungerOnly(n, bound)
                        : new Overtaking(n, bound);
        this.stepper = new SearchStep(options, net, rec, overtaking);
    }

    /**
     * What the state just stepped to breaks, checked only where it is new to the graph, and how many
     * states its orbit holds under the symmetries in use (1 without).
     */
    record Verdict(Violation bad, boolean broken, int orbit) {}

    /** Where the successors of a state go, in the order the sequential search finds them. */
    interface Sink {
        /**
         * One successor: its state, the actions (a fault or crash packed in), the symmetry that moved
         * it to its representative ({@link SearchStep#lastSymmetry}), what broke on the edge (null:
         * nothing), the largest overtaking count the step reached, and the state's own checks, which
         * {@code ifNew} computes on the model as the step left it, so only within this call.
         */
        void accept(
                long[] next,
                long act,
                int symmetry,
                Violation onEdge,
                int overtaken,
                java.util.function.Supplier<Verdict> ifNew);
    }

    /** Every combination of processor actions (and, asynchronously, deliveries, faults and a crash) from a state. */
    void expand(long[] state, Sink sink) {
        int[] choices = stepper.choices(state);
        boolean mayCrash = crash != null && net.crashedNode() < 0;
        int[] occupied = occupiedChannels();
        int combos = 1;
        for (int c : choices) {
            combos *= Integer.bitCount(c);
        }
        for (int k = 0; k < combos; k++) {
            long act = StateGraph.pick(choices, k);
            for (int d = 0; d < 1 << occupied.length; d++) {
                step(state, act, occupied, d, 0, sink);
                if (faults != null) {
                    // Each symbol this cycle drove may instead be hit by each fault not yet used.
                    for (int f : faults.options(List.copyOf(rec.driven))) {
                        step(state, act, occupied, d, f, sink);
                    }
                }
            }
            long dying = mayCrash ? SearchCrash.mayCrash(act, n) : 0;
            for (int d = 0; d < n; d++) {
                if ((dying >>> d & 1) != 0) {
                    step(state, SearchCrash.withCrash(act, d), occupied, 0, 0, sink);
                }
            }
        }
    }

    /**
     * Runs one cycle from a state under the given processor actions and, with asynchronous
     * channels, delivering the heads of the occupied channels selected by the bits of {@code deliveries}.
     */
    private void step(long[] state, long act, int[] occupied, int deliveries, int fault, Sink sink) {
        stepper.restore(state);
        for (int b = 0; b < occupied.length; b++) {
            if ((deliveries >>> b & 1) != 0) {
                delivery().deliver(occupied[b]);
            }
        }
        if (faults != null) {
            faults.arm(fault);
        }
        if (Actions.crashOf(act) >= 0) {
            net.crash(Actions.crashOf(act), 0);
        }
        if (overtaking != null) {
            overtaking.forgetMaxSeen();
        }
        long[] next = stepper.step(act);
        int symmetry = stepper.lastSymmetry();
        // Transition properties hold on every edge; state properties are checked once per state.
        StateView v = net.view(0);
        Violation onEdge =
                rec.problem != null ? rec.problem : Invariants.ofTransition(v, rec.demotions, net.maxQueueDepth(), 0);
        sink.accept(
                next,
                SearchFaults.withFault(act, fault),
                symmetry,
                onEdge,
                overtaking == null ? -1 : overtaking.maxSeen(),
                () -> stateVerdict(v, next));
    }

    private Verdict stateVerdict(StateView v, long[] next) {
        if (faults != null && faults.anyUsed()) {
            SearchModel.Verdict f = faults.afterFault(net, o.checkH());
            return new Verdict(f.bad(), f.broken(), stepper.orbitSize(next)); // the orbit last: it restores the state
        }
        Violation bad = net.crashedNode() >= 0 ? crash.safety() : Invariants.ofState(v, net.quiescent(), o.checkH(), 0);
        return new Verdict(bad, false, stepper.orbitSize(next)); // the orbit last: it restores the state
    }

    /** The asynchronous channels' delivery choice, one per model. */
    AsyncDelivery delivery() {
        if (delivery == null) {
            delivery = net.asyncDelivery();
        }
        return delivery;
    }

    /** Asynchronous channels that hold a symbol in the state just restored by {@link SearchStep#choices}. */
    private int[] occupiedChannels() {
        if (!o.async()) {
            return new int[0];
        }
        return IntStream.range(0, channels).filter(delivery()::occupied).toArray();
    }
}
