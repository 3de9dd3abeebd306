package org.ppbus.search;

import org.ppbus.check.Invariants;
import org.ppbus.check.Violation;
import org.ppbus.plane.Wiring;
import org.ppbus.protocol.ClientState;
import org.ppbus.protocol.cc.CcNetwork;
import org.ppbus.protocol.cc.StateView;
import org.ppbus.search.graph.Actions;

/**
 * The crash-stop a {@link StateSearch} may inject: at most one in a run, of
 * any node, in any cycle, as {@code ppbus simulate --fault crash:NODE@CYCLE} does it. The processor
 * does nothing in that cycle and never acts again; the network silences the node's client and
 * arbiter and, under {@code +reclaim}, tells its neighbours 2L cycles later ({@link CcNetwork#crash}). The crash is part of
 * the saved state, so a state after it differs from every state before.
 *
 * <p>After the crash, safety is one live eater, and no live client holding a live arbiter's fork
 * unless it is that arbiter's OWNER. Liveness is required of the live clients that have not given
 * up, the survivors the recovery promises (docs/VERIFICATION.md; without +reclaim nobody gives up, and the search shows
 * that some live client then waits for ever): a deadlock, livelock or
 * starvation loop of one of them is a finding. The clients that gave up, and the dead node, are
 * left out of it.
 */
final class SearchCrash {
    private final CcNetwork net;
    private final Wiring wiring;

    SearchCrash(CcNetwork net, Wiring wiring) {
        if (2 * wiring.nodes() > Actions.CRASH_SHIFT) {
            throw new IllegalArgumentException("the search crashes nodes of at most 24-node networks");
        }
        this.net = net;
        this.wiring = wiring;
    }

    static long withCrash(long act, int node) {
        return act | (long) (node + 1) << Actions.CRASH_SHIFT;
    }

    /**
     * The nodes that may crash in a cycle with these actions, as a bit mask: every node whose
     * processor does nothing then (the caller checks that no node has crashed yet).
     */
    static long mayCrash(long act, int nodes) {
        long m = 0;
        for (int i = 0; i < nodes; i++) {
            m |= (act >>> (2 * i) & 3) == StateSearch.NONE ? 1L << i : 0;
        }
        return m;
    }

    /** Safety in the state just stepped, with a crashed node: one live eater, and live forks held only by OWNERs. */
    Violation safety() {
        int dead = net.crashedNode();
        StateView v = net.view(0);
        Violation bad = Invariants.mutualExclusion(v, dead, 0);
        for (int a = 0; a < wiring.points() && bad == null; a++) {
            bad = a == dead ? null : Invariants.forkHolder(v, a, dead, 0);
        }
        return bad;
    }

    /** The processors liveness speaks for in the state just restored: all, or after a crash the survivors. */
    int mustServe() {
        int all = (int) ((1L << wiring.nodes()) - 1);
        int dead = net.crashedNode();
        if (dead < 0) {
            return all;
        }
        int m = all & ~(1 << dead);
        for (int i = 0; i < wiring.nodes(); i++) {
            m &= net.gaveUp(i) ? ~(1 << i) : -1;
        }
        return m;
    }

    /** Whether client i counts as eating for liveness: a dead client's meal is nobody's. */
    boolean eating(int i) {
        return i != net.crashedNode() && net.clientState(i) == ClientState.EATING;
    }

    /** The crash in a cycle's stored actions, as {@code ppbus simulate --fault} names it, or null. */
    static String describe(long act, int cycle) {
        int node = Actions.crashOf(act);
        return node < 0 ? null : "crash:" + node + "@" + cycle;
    }
}
