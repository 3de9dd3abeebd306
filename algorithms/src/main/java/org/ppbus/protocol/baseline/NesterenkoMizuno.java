package org.ppbus.protocol.baseline;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.PriorityQueue;
import org.ppbus.bus.Fabric;
import org.ppbus.link.Message;
import org.ppbus.link.MessageObserver;
import org.ppbus.plane.Wiring;
import org.ppbus.protocol.ClientState;
import org.ppbus.protocol.baseline.parts.LamportClocks;
import org.ppbus.protocol.baseline.parts.MessagePassingFabric;
import org.ppbus.protocol.baseline.parts.QuorumSystem;
import org.ppbus.protocol.descriptor.Algorithm;
import org.ppbus.protocol.descriptor.Cost;
import org.ppbus.protocol.descriptor.Family;
import org.ppbus.protocol.descriptor.Feature;
import org.ppbus.protocol.descriptor.MessageKind;

/**
 * Nesterenko and Mizuno's quorum algorithm with timeouts (seed 004, figures 4.8 and 4.9; docs/PROTOCOL.md
 * "Quorum family"), on the projective plane's lines as quorums K_i. A requester sends REQUEST(ts) to
 * K_i and eats when every member's GRANT(ts) is in its set L (r1, r2); it answers INQUIRE(ts, round)
 * with YIELD(ts, round) (r3) and drops a member from L on FAILED(ts) (r4), all only for its current
 * stamp. An arbiter keeps the requests of its anti-quorum AK in a queue by stamp, one of them locked
 * (a1–a3, with update, delete and lockfirst as the seed defines them); a request older than the
 * locked one starts a new round and INQUIREs the holder, whose YIELD counts only in that round.
 *
 * <p>Timeouts (r5): a requester that has heard nothing from a member for {@link #timeout} cycles
 * sends it REQUEST(ts) again while it needs the member's permission, or RELEASE again after its
 * meal. This is what survives a lost message. Two choices are ppbus's: a requester does not re-send
 * to a member whose GRANT it holds, and it re-sends a RELEASE at most {@link #RELEASE_RESENDS} times,
 * so that an idle network falls quiet (the seed re-sends for ever, which self-stabilisation from an
 * arbitrary state needs and a quiescent bus forbids). The seed's CS is atomic; here an eating
 * requester ignores INQUIRE and FAILED, and its RELEASE answers.
 *
 * <p>Widths: a 3-bit type; REQUEST, GRANT and FAILED carry the stamp (W bits) and the requester's id,
 * INQUIRE and YIELD the stamp, the id and a W-bit round; RELEASE nothing. Stamps and rounds grow
 * without bound in the seed; the wire carries W bits of each, and the model compares unwrapped
 * values checked against the wire's, as for the other timestamp baselines.
 */
public final class NesterenkoMizuno extends MessagePassingFabric {
    static final int REQUEST = 0;
    static final int GRANT = 1;
    static final int RELEASE = 2;
    static final int INQUIRE = 3;
    static final int YIELD = 4;
    static final int FAILED = 5;
    static final int TYPE_BITS = 3;
    /** How often a RELEASE is sent again after a meal. */
    static final int RELEASE_RESENDS = 2;

    private static final int ROUND_SHIFT = 32;

    public static final Algorithm ALGORITHM = Algorithm.named(
                    "nesterenko-mizuno",
                    "Nesterenko and Mizuno's quorums with timeouts and rounds on the plane's lines: survives lost messages")
            .family(Family.QUORUM)
            .features(Feature.MESSAGE_FAULTS)
            .factory(s -> new NesterenkoMizuno(
                    s.nodes(),
                    s.latencyCycles(),
                    Algorithm.STAMP_BITS,
                    Quorums.onPlane(s.wiring()),
                    timeout(s.latencyCycles()),
                    s.grants(),
                    s.messages()))
            .messages(NesterenkoMizuno::kinds)
            .wires(NesterenkoMizuno::wiresPerNode)
            .claim(n -> {
                int k = Wiring.forNodes(n).lineSize();
                return new Cost(
                        "3√N low load, 4√N high (FAILED), 6√N with INQUIRE and YIELD (√N := K)", 3 * k + " … " + 6 * k);
            })
            .build();

    /** The timeout: far longer than any answer takes without a loss, so that it fires only after one. */
    public static long timeout(int latencyCycles) {
        return QuorumSystem.silence(latencyCycles);
    }

    /**
     * Wires leaving a node, averaged: every remote requester–arbiter pair has a channel each way as
     * wide as its widest message, YIELD one way and INQUIRE the other (type, stamp, id, round).
     */
    static double wiresPerNode(int n) {
        int[][] q = Quorums.onPlane(Wiring.forNodes(n));
        long remote = 0;
        for (int i = 0; i < n; i++) {
            for (int v : q[i]) {
                remote += v == i ? 0 : 1;
            }
        }
        return (double) remote * 2 * (TYPE_BITS + 2 * Algorithm.STAMP_BITS + Algorithm.idBits(n)) / n;
    }

    static List<MessageKind> kinds(int n) {
        return kinds(n, Algorithm.STAMP_BITS);
    }

    /** A stamp is (clock, id); INQUIRE and YIELD carry a round number as wide as a clock besides. */
    static List<MessageKind> kinds(int n, int stampBits) {
        int stamp = stampBits + Algorithm.idBits(n);
        return List.of(
                new MessageKind("REQUEST", TYPE_BITS + stamp),
                new MessageKind("GRANT", TYPE_BITS + stamp),
                new MessageKind("RELEASE", TYPE_BITS),
                new MessageKind("INQUIRE", TYPE_BITS + stamp + stampBits),
                new MessageKind("YIELD", TYPE_BITS + stamp + stampBits),
                new MessageKind("FAILED", TYPE_BITS + stamp));
    }

    private final int[][] quorum; // K_i, ascending
    private final boolean[][] inAk; // [arbiter][client]: the client's quorum has the arbiter
    private final LamportClocks clocks;
    private final long timeout;
    // requester
    private final boolean[] needs;
    private int needing;
    private final boolean[][] granted; // L, by slot of K_i
    private final long[][] due; // per slot: when TIMEOUT fires, or -1
    private final int[][] releaseResends;
    private final PriorityQueue<long[]> timers = new PriorityQueue<>((a, b) -> Long.compare(a[0], b[0]));
    // arbiter
    private final List<List<long[]>> queue = new ArrayList<>(); // per arbiter: {stamp, id}, by (stamp, id)
    private final int[] lockId; // -1 when the queue is empty
    private final long[] round;

    public NesterenkoMizuno(
            int nodes,
            int latencyCycles,
            int stampBits,
            int[][] quorum,
            long timeout,
            Fabric.GrantSink sink,
            MessageObserver observer) {
        super(nodes, latencyCycles, sink, observer, n -> kinds(n, stampBits));
        int places = nodes;
        this.quorum = new int[nodes][];
        for (int i = 0; i < nodes; i++) {
            this.quorum[i] = quorum[i].clone();
            Arrays.sort(this.quorum[i]);
            for (int v : this.quorum[i]) {
                places = Math.max(places, v + 1);
            }
        }
        this.inAk = new boolean[places][nodes];
        for (int i = 0; i < nodes; i++) {
            for (int v : this.quorum[i]) {
                inAk[v][i] = true;
            }
        }
        this.clocks = new LamportClocks(places, nodes, stampBits, idBits);
        this.timeout = timeout;
        this.needs = new boolean[nodes];
        this.granted = new boolean[nodes][];
        this.due = new long[nodes][];
        this.releaseResends = new int[nodes][];
        for (int i = 0; i < nodes; i++) {
            granted[i] = new boolean[this.quorum[i].length];
            due[i] = new long[this.quorum[i].length];
            Arrays.fill(due[i], -1);
            releaseResends[i] = new int[this.quorum[i].length];
        }
        this.lockId = new int[places];
        Arrays.fill(lockId, -1);
        this.round = new long[places];
        for (int v = 0; v < places; v++) {
            queue.add(new ArrayList<>());
        }
    }

    /**
     * Quiet when nothing is in flight and nobody waits: a requester that waits for a timeout after a
     * lost message is not stalled, it is timing out (the run's livelock watchdog, longer than the
     * timeout, still bounds the wait).
     */
    @Override
    public boolean quiescent() {
        return channels.idle() && needing == 0;
    }

    @Override
    protected void hungry(int i, long cycle) {
        needs[i] = true; // r1
        needing++;
        Arrays.fill(granted[i], false);
        clocks.request(i);
        for (int slot = 0; slot < quorum[i].length; slot++) {
            toMember(i, slot, REQUEST, clocks.stamp(i), 0, cycle);
        }
    }

    @Override
    protected void released(int i, long cycle) {
        // The end of r2's critical section.
        needs[i] = false;
        needing--;
        for (int slot = 0; slot < quorum[i].length; slot++) {
            releaseResends[i][slot] = 0;
            toMember(i, slot, RELEASE, 0, 0, cycle);
        }
    }

    @Override
    protected void react(long cycle) {
        for (Message m : channels.receive(cycle)) {
            long ts = m.payload() >>> ROUND_SHIFT;
            long rd = m.payload() & ((1L << ROUND_SHIFT) - 1);
            switch (m.type()) {
                case REQUEST -> onRequest(m.to(), m.from(), ts, cycle);
                case YIELD -> onYield(m.to(), m.from(), ts, rd, cycle);
                case RELEASE -> onRelease(m.to(), m.from(), cycle);
                case GRANT -> onGrant(m.to(), m.from(), ts, cycle);
                case INQUIRE -> onInquire(m.to(), m.from(), ts, rd, cycle);
                case FAILED -> onFailed(m.to(), m.from(), ts, cycle);
                default -> throw new AssertionError(m);
            }
        }
        fireTimeouts(cycle);
    }

    // ---- requester (figure 4.8) ----

    private void onGrant(int i, int v, long mts, long cycle) {
        int slot = heard(i, v, cycle);
        if (needs[i] && mts == clocks.stamp(i) && state[i] == ClientState.HUNGRY) { // r2
            granted[i][slot] = true;
            for (boolean g : granted[i]) {
                if (!g) {
                    return;
                }
            }
            state[i] = ClientState.EATING;
            sink.granted(i, cycle);
        }
    }

    private void onInquire(int i, int v, long mts, long mrd, long cycle) {
        int slot = heard(i, v, cycle);
        if (needs[i] && mts == clocks.stamp(i) && state[i] == ClientState.HUNGRY) { // r3
            granted[i][slot] = false;
            toMember(i, slot, YIELD, mts, mrd, cycle);
        }
    }

    private void onFailed(int i, int v, long mts, long cycle) {
        int slot = heard(i, v, cycle);
        if (needs[i] && mts == clocks.stamp(i) && state[i] == ClientState.HUNGRY) { // r4
            granted[i][slot] = false;
        }
    }

    /** r5: a member silent for the timeout gets the request, or the release, again. */
    private void fireTimeouts(long cycle) {
        while (!timers.isEmpty() && timers.peek()[0] <= cycle) {
            long[] t = timers.poll();
            int i = (int) t[1];
            int slot = (int) t[2];
            if (due[i][slot] != t[0]) {
                continue; // re-armed since
            }
            due[i][slot] = -1;
            if (needs[i] && !granted[i][slot]) {
                toMember(i, slot, REQUEST, clocks.stamp(i), 0, cycle);
            } else if (!needs[i] && releaseResends[i][slot] < RELEASE_RESENDS) {
                releaseResends[i][slot]++;
                toMember(i, slot, RELEASE, 0, 0, cycle);
            }
        }
    }

    private void toMember(int i, int slot, int type, long ts, long rd, long cycle) {
        int v = quorum[i][slot];
        send(i, v, type, ts << ROUND_SHIFT | rd, cycle);
        arm(i, slot, cycle);
    }

    /** A message from member v arrived: its timeout starts again. Returns v's slot. */
    private int heard(int i, int v, long cycle) {
        int slot = Arrays.binarySearch(quorum[i], v);
        arm(i, slot, cycle);
        return slot;
    }

    private void arm(int i, int slot, long cycle) {
        due[i][slot] = cycle + timeout;
        timers.add(new long[] {due[i][slot], i, slot});
    }

    // ---- arbiter (figure 4.9) ----

    private void onRequest(int v, int j, long mts, long cycle) {
        if (!inAk[v][j]) {
            return; // not of the anti-quorum: the seed keeps no such request
        }
        clocks.witness(v, mts);
        List<long[]> q = queue.get(v);
        if (!q.isEmpty() && firstId(v) == lockId[v] && clocks.before(mts, j, lockTs(v), lockId[v])) {
            round[v]++; // a1: newrd()
        }
        update(v, j, mts);
        if (firstId(v) == j) {
            if (lockId[v] == j) {
                arbiterSend(v, j, GRANT, lockTs(v), 0, cycle);
            } else {
                arbiterSend(v, lockId[v], INQUIRE, lockTs(v), round[v], cycle);
            }
        } else {
            arbiterSend(v, j, FAILED, mts, 0, cycle);
        }
    }

    private void onYield(int v, int j, long mts, long mrd, long cycle) {
        if (!inAk[v][j]) {
            return;
        }
        update(v, j, mts); // a2
        if (lockId[v] == j && round[v] == mrd) {
            lockId[v] = firstId(v);
            arbiterSend(v, lockId[v], GRANT, lockTs(v), 0, cycle);
        }
    }

    private void onRelease(int v, int j, long cycle) {
        if (lockId[v] == j) { // a3
            delete(v, j);
            if (!queue.get(v).isEmpty()) {
                arbiterSend(v, lockId[v], GRANT, lockTs(v), 0, cycle);
            }
        } else {
            delete(v, j);
        }
    }

    private void arbiterSend(int v, int j, int type, long ts, long rd, long cycle) {
        send(v, j, type, ts << ROUND_SHIFT | (rd & ((1L << ROUND_SHIFT) - 1)), cycle);
    }

    /** update(P_j, ts): j's request enters Q by stamp, replacing an older one of j's. */
    private void update(int v, int j, long ts) {
        List<long[]> q = queue.get(v);
        int at = indexOf(q, j);
        if (at >= 0 && q.get(at)[0] == ts) {
            return;
        }
        boolean wasLocked = at >= 0 && lockId[v] == j;
        if (at >= 0) {
            q.remove(at);
        }
        int k = 0;
        while (k < q.size() && clocks.before(q.get(k)[0], (int) q.get(k)[1], ts, j)) {
            k++;
        }
        q.add(k, new long[] {ts, j});
        if (q.size() == 1 || wasLocked) {
            lockId[v] = firstId(v);
        }
    }

    /** delete(P_j): j's request leaves Q; if it was locked, the first one is locked. */
    private void delete(int v, int j) {
        List<long[]> q = queue.get(v);
        int at = indexOf(q, j);
        if (at < 0) {
            return;
        }
        q.remove(at);
        if (lockId[v] == j) {
            lockId[v] = q.isEmpty() ? -1 : firstId(v);
        }
    }

    private int firstId(int v) {
        List<long[]> q = queue.get(v);
        return q.isEmpty() ? -1 : (int) q.get(0)[1];
    }

    private long lockTs(int v) {
        return queue.get(v).get(indexOf(queue.get(v), lockId[v]))[0];
    }

    private static int indexOf(List<long[]> q, int j) {
        for (int k = 0; k < q.size(); k++) {
            if (q.get(k)[1] == j) {
                return k;
            }
        }
        return -1;
    }
}
