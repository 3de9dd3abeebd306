package org.ppbus.check;

import java.util.Arrays;
import org.ppbus.protocol.ClientState;
import org.ppbus.protocol.cc.CcNetwork;

/**
 * The search's transition relation: which actions each processor may take in a stored state, and
 * the state one cycle under a choice of them leads to. A stored state is the network's snapshot,
 * the word of processors granted in that very cycle, and the fairness monitor's counts.
 */
final class SearchStep implements Transitions {
    private final SearchOptions o;
    private final CcNetwork net;
    private final SearchRecorder rec;
    private final Overtaking overtaking; // null where no overtaking bound is checked
    private final int n;
    private final int netWords;

    SearchStep(SearchOptions o, CcNetwork net, SearchRecorder rec, Overtaking overtaking) {
        this.o = o;
        this.net = net;
        this.rec = rec;
        this.overtaking = overtaking;
        this.n = net.nodes();
        this.netWords = net.snapshot(0).length;
    }

    /** Words in a stored state. */
    int stateWords() {
        return netWords + 1 + (overtaking == null ? 0 : overtaking.words());
    }

    /** The cold start, as a stored state. */
    long[] initial() {
        return extend(net.snapshot(-1), 0);
    }

    /** The processors granted in the cycle that led to a stored state, one bit each. */
    long fresh(long[] state) {
        return state[netWords];
    }

    /** Per processor, a bit set of the allowed actions in this state. */
    @Override
    public int[] choices(long[] state) {
        restore(state);
        long fresh = state[netWords];
        int[] c = new int[n];
        for (int i = 0; i < n; i++) {
            c[i] = 1 << StateSearch.NONE;
            if (((o.activeMask() >>> i) & 1) == 0 || i == net.crashedNode()) {
                continue; // outside the scope, this processor thinks for ever; a crashed one does nothing
            }
            boolean req = net.req(i);
            ClientState st = net.clientState(i);
            if (!req) {
                c[i] |= 1 << StateSearch.RAISE;
            } else if (st == ClientState.EATING && ((fresh >>> i) & 1) == 0) {
                c[i] |= 1 << StateSearch.DROP;
                if (o.reenterWithoutThinking() && (o.reenterMask() >>> i & 1) != 0) {
                    c[i] |= 1 << StateSearch.REENTER;
                }
            }
        }
        return c;
    }

    /** Applies the processors' actions to the restored network, runs one cycle, returns the new state. */
    @Override
    public long[] step(long act) {
        rec.reset();
        rec.dead = net.crashedNode();
        for (int i = 0; i < n; i++) {
            switch ((int) (act >>> (2 * i)) & 3) {
                case StateSearch.RAISE -> {
                    net.request(i, true, 0);
                    monitorRequested(i);
                }
                case StateSearch.DROP -> net.request(i, false, 0);
                case StateSearch.REENTER -> {
                    net.reenterWithoutThinking(i, 0);
                    monitorRequested(i);
                }
                default -> {}
            }
        }
        net.step(0);
        rec.granted &= rec.dead < 0 ? -1L : ~(1L << rec.dead); // a dead client's meals are nobody's
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

    /** Restores the network and the fairness monitor from a stored state. */
    @Override
    public void restore(long[] state) {
        net.restore(Arrays.copyOf(state, netWords), 0);
        if (overtaking != null) {
            overtaking.restore(state, netWords + 1);
        }
    }

    /** A stored state: the network's snapshot, the processors granted in this cycle, the fairness monitor. */
    private long[] extend(long[] snapshot, long fresh) {
        if (snapshot.length != netWords) {
            throw new IllegalStateException("a snapshot of " + snapshot.length + " words, the layout has " + netWords);
        }
        long[] s = new long[netWords + 1 + (overtaking == null ? 0 : overtaking.words())];
        System.arraycopy(snapshot, 0, s, 0, snapshot.length);
        s[netWords] = fresh;
        if (overtaking != null) {
            overtaking.save(s, netWords + 1);
        }
        return s;
    }
}
