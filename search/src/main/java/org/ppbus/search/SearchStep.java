package org.ppbus.search;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.ppbus.check.Invariants;
import org.ppbus.check.Overtaking;
import org.ppbus.plane.Collineations;
import org.ppbus.plane.Wiring;
import org.ppbus.protocol.ClientState;
import org.ppbus.protocol.cc.CcNetwork;
import org.ppbus.protocol.cc.IdleRanks;
import org.ppbus.protocol.cc.Renumbering;
import org.ppbus.protocol.cc.SymmetricKeys;

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
    private final List<Collineations.Collineation> group; // the symmetries a reduced search uses; empty without
    private final List<Renumbering> renumberings; // the same, as snapshots write them, computed once
    private final int[] firstFrom; // per symmetry, the client its image writes first (clientFrom[0])
    private final int[][] moves; // per label (0 the identity, k + 1 symmetry k), where each client goes
    private final int[][] linkMoves; // the same for each link
    private final long idle; // the processors outside the scope, one bit each

    SearchStep(SearchOptions o, CcNetwork net, SearchRecorder rec, Overtaking overtaking) {
        this.o = o;
        this.net = net;
        this.rec = rec;
        this.overtaking = overtaking;
        this.n = net.nodes();
        this.netWords = net.snapshot(0).length;
        this.idle = ~o.activeMask() & ((1L << n) - 1);
        this.group = o.symmetry() ? symmetries(o, net.wiring()) : List.of();
        this.renumberings =
                group.stream().map(g -> Renumbering.of(net.wiring(), g)).toList();
        this.firstFrom = renumberings.stream().mapToInt(r -> r.clientFrom()[0]).toArray();
        this.moves = new int[group.size() + 1][];
        this.linkMoves = new int[group.size() + 1][];
        Wiring w = net.wiring();
        moves[0] = java.util.stream.IntStream.range(0, n).toArray();
        linkMoves[0] = java.util.stream.IntStream.range(0, w.links()).toArray();
        for (int k = 0; k < group.size(); k++) {
            Collineations.Collineation g = group.get(k);
            moves[k + 1] = g.client();
            linkMoves[k + 1] = java.util.stream.IntStream.range(0, w.links())
                    .map(l -> g.link(w, l))
                    .toArray();
        }
    }

    /**
     * The plane's symmetries that keep the scope: those that map the processors that may ask, and
     * those that may re-enter, onto themselves (the identity left out: it moves nothing).
     */
    static List<Collineations.Collineation> symmetries(SearchOptions o, Wiring w) {
        List<Collineations.Collineation> kept = new ArrayList<>();
        for (Collineations.Collineation g : Collineations.of(w)) {
            if (!g.identity() && keeps(g, o.activeMask(), w.nodes()) && keeps(g, o.reenterMask(), w.nodes())) {
                kept.add(g);
            }
        }
        return kept;
    }

    private static boolean keeps(Collineations.Collineation g, long mask, int n) {
        return moved(mask, g.client(), n) == (mask & (n >= 64 ? -1L : (1L << n) - 1));
    }

    /** The bit set with bit i moved to bit {@code move[i]}. */
    private static long moved(long bits, int[] move, int n) {
        long out = 0;
        for (int i = 0; i < n; i++) {
            if ((bits >>> i & 1) != 0) {
                out |= 1L << move[i];
            }
        }
        return out;
    }

    /** A stored state's representative: the least of it and its images (itself without the reduction). */
    long[] representative(long[] state) {
        restore(state);
        return least(state, -1, state[netWords]);
    }

    /** A stored state's images under every symmetry the reduction uses (for its tests). */
    List<long[]> images(long[] state) {
        restore(state);
        List<long[]> out = new ArrayList<>();
        for (int k = 0; k < group.size(); k++) {
            out.add(image(k, -1, state[netWords]));
        }
        return out;
    }

    /**
     * How many states the orbit of a stored state holds under the symmetries in use: their number,
     * the identity included, over the number that leave the state as it is (1 without symmetries).
     * Only symmetries that keep every unit's key in place can leave it as it is.
     */
    int orbitSize(long[] state) {
        if (group.isEmpty()) {
            return 1;
        }
        restore(state);
        SymmetricKeys keys = net.symmetricKeys();
        int fixing = 1;
        for (int k = 0; k < group.size(); k++) {
            if (keys.compare(renumberings.get(k), null) == 0 && Arrays.equals(image(k, -1, state[netWords]), state)) {
                fixing++;
            }
        }
        return (group.size() + 1) / fixing;
    }

    private int chosen = -1; // the symmetry the last representative was moved by, -1 for none

    /**
     * Where the last state stepped to (or the cold start, or a representative asked for) went to
     * become its representative: client c of the state is client {@code move[c]} of the
     * representative. The identity without the reduction.
     */
    int[] lastMove() {
        return moves[lastSymmetry()].clone();
    }

    /** The same for the links: link l of the state is link {@code move[l]} of the representative. */
    int[] lastLinkMove() {
        return linkMoves[lastSymmetry()].clone();
    }

    /**
     * The symmetry the last state stepped to was moved by to become its representative, as a label
     * for its edge: 0 for the identity, k + 1 for the k-th symmetry of {@link #clientMoves}.
     */
    @Override
    public int lastSymmetry() {
        return chosen + 1;
    }

    /**
     * Per label of {@link #lastSymmetry}, where each client goes: client c of a state is client
     * {@code moves[label][c]} of its image. Label 0 is the identity.
     */
    int[][] clientMoves() {
        int[][] copy = new int[moves.length][];
        for (int k = 0; k < moves.length; k++) {
            copy[k] = moves[k].clone();
        }
        return copy;
    }

    /**
     * Per label, where each asynchronous channel goes (numbered as {@link
     * org.ppbus.protocol.cc.AsyncDelivery} numbers them: the c2a links, then the a2c links): a
     * symmetry moves a channel with its link and keeps its direction.
     */
    int[][] channelMoves() {
        int links = net.wiring().links();
        int[][] out = new int[linkMoves.length][2 * links];
        for (int g = 0; g < linkMoves.length; g++) {
            for (int l = 0; l < links; l++) {
                out[g][l] = linkMoves[g][l];
                out[g][links + l] = links + linkMoves[g][l];
            }
        }
        return out;
    }

    /** How many symmetries the reduction uses besides the identity. */
    int symmetries() {
        return group.size();
    }

    /** Words in a stored state. */
    int stateWords() {
        return netWords + 1 + (overtaking == null ? 0 : overtaking.words());
    }

    /** The cold start, as a stored state. */
    long[] initial() {
        forgetIdleRanks();
        return least(extend(net.snapshot(-1), 0), -1, 0);
    }

    /**
     * A stored state after a cycle, as it is with the idle processors' places in the lists set aside
     * ({@link IdleRanks}; for the tests of that reduction, which project a complete search's states).
     */
    long[] idleRanksForgotten(long[] state) {
        restore(state);
        IdleRanks.forget(net, idle);
        return extend(net.snapshot(-1), state[netWords]); // restored for cycle 0: as after cycle -1
    }

    /** With {@link SearchOptions#idleUnranked}, the idle processors' places in the lists set aside. */
    private void forgetIdleRanks() {
        if (o.idleUnranked()) {
            IdleRanks.forget(net, idle);
        }
    }

    /** The processors the fairness monitor of a stored state holds hungry, one bit each (the monitor must exist). */
    long hunger(long[] state) {
        return overtaking.hungerIn(state, netWords + 1);
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
        forgetIdleRanks();
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
        return least(extend(net.snapshot(0), rec.granted), 0, rec.granted);
    }

    /**
     * The state the network and monitor hold, or in a reduced search the least of its images under
     * the symmetries: one representative per orbit. Images are ordered by the units' symmetric keys
     * first ({@link SymmetricKeys}, read in the image's order) and then word by word, so only the
     * images that tie on the keys are written out. Both parts are functions of the image alone, so
     * every member of an orbit gets the same representative.
     */
    private long[] least(long[] state, long afterCycle, long fresh) {
        chosen = -1;
        if (group.isEmpty()) {
            return state;
        }
        SymmetricKeys keys = net.symmetricKeys();
        // The least image writes first the least key any symmetry can put there: only the
        // symmetries that do are compared further (about one in n when the keys differ).
        long[] clientKeys = keys.clients();
        long first = clientKeys[0];
        for (int from : firstFrom) {
            first = Math.min(first, clientKeys[from]);
        }
        List<Integer> ties = new ArrayList<>();
        if (clientKeys[0] == first) {
            ties.add(-1); // -1: the identity
        }
        for (int k = 0; k < group.size(); k++) {
            if (clientKeys[firstFrom[k]] != first) {
                continue;
            }
            if (ties.isEmpty()) {
                ties.add(k);
                continue;
            }
            Renumbering lead = ties.get(0) < 0 ? null : renumberings.get(ties.get(0));
            int c = keys.compare(renumberings.get(k), lead);
            if (c < 0) {
                ties.clear();
            }
            if (c <= 0) {
                ties.add(k);
            }
        }
        long[] best = null;
        for (int k : ties) {
            long[] image = k < 0 ? state : image(k, afterCycle, fresh);
            if (best == null || Arrays.compare(image, best) < 0) {
                best = image;
                chosen = k;
            }
        }
        return best;
    }

    /** The stored state the network and monitor hold, moved by symmetry k. */
    private long[] image(int k, long afterCycle, long fresh) {
        long[] image = new long[stateWords()];
        System.arraycopy(net.snapshotMoved(afterCycle, renumberings.get(k)), 0, image, 0, netWords);
        image[netWords] = moved(fresh, group.get(k).client(), n);
        if (overtaking != null) {
            overtaking.saveMoved(image, netWords + 1, group.get(k).client());
        }
        return image;
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
