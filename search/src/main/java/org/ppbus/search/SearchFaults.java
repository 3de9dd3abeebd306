package org.ppbus.search;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import org.ppbus.check.Invariants;
import org.ppbus.check.Violation;
import org.ppbus.link.ChannelId;
import org.ppbus.link.ChosenFaults;
import org.ppbus.link.Direction;
import org.ppbus.link.FaultKind;
import org.ppbus.plane.Wiring;
import org.ppbus.protocol.cc.CcNetwork;
import org.ppbus.protocol.cc.StateView;
import org.ppbus.search.graph.Actions;
import org.ppbus.search.graph.StateGraph;
import org.ppbus.search.liveness.LivenessWatch;

/**
 * The faults a {@link StateSearch} injects: at most one of each kind in a run ({@link ChosenFaults}),
 * on any symbol driven in any cycle. A successor with a fault is a successor like any other, so the
 * search covers every cycle and channel a fault can hit. A fault's choice is packed above the
 * processors' actions (bits {@value Actions#FAULT_SHIFT} up), so that a path can name it.
 *
 * <p>Once a fault was injected, safety means one eater and no fork held by a client that is not its
 * arbiter's OWNER ({@link Invariants#forkHolder}); the rest of the invariants may fail while the
 * network repairs them (under rules that repair, +heal; under others the first such failure is the
 * finding, since nothing mends it). Such states are <em>broken</em>. When the search is complete, the broken
 * states must form no cycle (else a fault may never be repaired), and the longest path through them
 * is the repair bound in cycles.
 */
final class SearchFaults {

    private final ChosenFaults faults;
    private final int kinds;
    private final Wiring wiring;
    private final BitSet broken = new BitSet();
    private final boolean repairs;

    /**
     * @param kinds bit 0 drop, bit 1 duplicate ({@link ChosenFaults#DROP}, {@link ChosenFaults#DUPLICATE})
     * @param repairs the rules repair a fault (+heal): a broken invariant is a state to leave, not a finding
     */
    SearchFaults(int kinds, CcNetwork net, Wiring wiring, boolean repairs) {
        if (wiring.nodes() > Actions.FAULT_SHIFT / 2 || 1 + 4 * wiring.links() > 255) {
            throw new IllegalArgumentException("the search injects faults on at most 63 links (n <= 13)");
        }
        this.kinds = kinds;
        this.wiring = wiring;
        this.repairs = repairs;
        this.faults = new ChosenFaults(wiring.links());
        net.wrapChannels(faults::wrap);
    }

    /** Whether a fault was injected in the state just restored or stepped. */
    boolean anyUsed() {
        return faults.used(ChosenFaults.DROP) || faults.used(ChosenFaults.DUPLICATE);
    }

    /** The faults to try in this cycle, given the symbols a run without one drove: codes above 0. */
    int[] options(List<int[]> driven) {
        List<Integer> codes = new ArrayList<>();
        for (int kind = ChosenFaults.DROP; kind <= ChosenFaults.DUPLICATE; kind++) {
            if ((kinds & kind) == 0 || faults.used(kind)) {
                continue;
            }
            for (int[] d : driven) {
                codes.add(1 + ((kind - 1) * 2 + d[0]) * wiring.links() + d[1]);
            }
        }
        return codes.stream().mapToInt(Integer::intValue).toArray();
    }

    /** Arms the fault of a code for the next cycle (0: none). */
    void arm(int code) {
        if (code != 0) {
            int c = code - 1;
            faults.arm(1 + c / (2 * wiring.links()), Direction.values()[c / wiring.links() % 2], c % wiring.links());
        }
    }

    /** The same fault on another link: the code with its link l replaced by {@code linkOf[l]} (0 stays 0). */
    int onLink(int code, int[] linkOf) {
        if (code == 0) {
            return 0;
        }
        int c = code - 1;
        int links = wiring.links();
        return 1 + c / links * links + linkOf[c % links];
    }

    static long withFault(long act, int code) {
        return act | (long) code << Actions.FAULT_SHIFT;
    }

    /** The fault in a stored action, as {@code ppbus simulate --fault} names it, or null. */
    String describe(long act, int cycle) {
        int code = Actions.faultOf(act);
        if (code == 0) {
            return null;
        }
        int c = code - 1;
        int link = c % wiring.links();
        boolean c2a = c / wiring.links() % 2 == Direction.C2A.ordinal();
        ChannelId channel = new ChannelId.Link(
                c2a ? Direction.C2A : Direction.A2C, wiring.linkClient(link), wiring.linkArbiter(link));
        return (c / (2 * wiring.links()) == 0 ? FaultKind.DROP : FaultKind.DUPLICATE).label() + ":" + cycle + "@"
                + channel;
    }

    /**
     * After a fault: safety is checked, and the state is broken if anything else fails (the search
     * marks it, {@link #markBroken}, where the state is new).
     */
    SearchModel.Verdict afterFault(CcNetwork net, boolean checkH) {
        StateView v = net.view(0);
        Violation bad = Invariants.mutualExclusion(v, 0);
        for (int a = 0; a < wiring.points() && bad == null; a++) {
            bad = Invariants.forkHolder(v, a, 0);
        }
        if (bad == null) {
            Violation state = Invariants.ofState(v, net.quiescent(), checkH, 0);
            if (state != null && !repairs) {
                // Rules without a repair never mend what the fault broke: the break is the finding,
                // the first thing a run with the same fault shows too (docs/VERIFICATION.md).
                return new SearchModel.Verdict(state, false, 1);
            }
            return new SearchModel.Verdict(null, state != null, 1);
        }
        return new SearchModel.Verdict(bad, false, 1);
    }

    void markBroken(int state) {
        broken.set(state);
    }

    boolean broken(int state) {
        return broken.get(state);
    }

    int brokenStates() {
        return broken.cardinality();
    }

    /**
     * The most consecutive cycles a run spends in broken states, or -1 if they hold a cycle (a
     * fault that may never be repaired); the latter's first state in {@code loopAt[0]}.
     */
    int repairBound(StateGraph graph, int[] loopAt, LivenessWatch watch) {
        // Indexed by edge slot: a state without a successor list (none broken) ends its runs at 1.
        int[] longest = new int[graph.edgeSlots()]; // 0 unknown, else 1 + the longest broken path from here
        byte[] mark = new byte[graph.edgeSlots()]; // 1 on the stack, 2 done
        int best = broken.isEmpty() ? 0 : 1;
        for (int root = broken.nextSetBit(0); root >= 0; root = broken.nextSetBit(root + 1)) {
            int r = graph.edgeSlot(root);
            if (r < 0 || mark[r] != 0) {
                continue;
            }
            int[] stack = new int[64];
            int[] edge = new int[64];
            int top = 0;
            stack[0] = root;
            edge[0] = graph.edgeStart(root);
            mark[r] = 1;
            while (top >= 0) {
                watch.tick();
                int v = stack[top];
                int end = graph.edgeEnd(v); // complete: every state's edges are closed
                if (edge[top] < end) {
                    int w = graph.edge(edge[top]++);
                    int ws = graph.edgeSlot(w);
                    if (!broken.get(w) || ws < 0) {
                        continue;
                    }
                    if (mark[ws] == 1) {
                        loopAt[0] = w;
                        return -1;
                    }
                    if (mark[ws] == 0) {
                        if (++top == stack.length) {
                            stack = Arrays.copyOf(stack, 2 * top);
                            edge = Arrays.copyOf(edge, 2 * top);
                        }
                        stack[top] = w;
                        edge[top] = graph.edgeStart(w);
                        mark[ws] = 1;
                    }
                    continue;
                }
                int len = 1;
                for (int e = graph.edgeStart(v); e < end; e++) {
                    int w = graph.edge(e);
                    if (broken.get(w)) {
                        int ws = graph.edgeSlot(w);
                        len = Math.max(len, 1 + (ws < 0 ? 1 : longest[ws]));
                    }
                }
                int vs = graph.edgeSlot(v);
                longest[vs] = len;
                best = Math.max(best, len);
                mark[vs] = 2;
                top--;
            }
        }
        return best;
    }
}
