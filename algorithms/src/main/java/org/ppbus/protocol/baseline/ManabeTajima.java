package org.ppbus.protocol.baseline;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.ppbus.link.Message;
import org.ppbus.protocol.ClientState;
import org.ppbus.protocol.baseline.parts.LamportClocks;
import org.ppbus.protocol.baseline.parts.MessagePassingFabric;
import org.ppbus.protocol.descriptor.Algorithm;
import org.ppbus.protocol.descriptor.Claim;
import org.ppbus.protocol.descriptor.Cost;
import org.ppbus.protocol.descriptor.Family;
import org.ppbus.protocol.descriptor.Feature;
import org.ppbus.protocol.descriptor.MessageKind;
import org.ppbus.protocol.descriptor.Setting;

/**
 * Manabe and Tajima's h-out-of-k mutual exclusion with an (h,k)-arbiter (docs/PROTOCOL.md, "More
 * than one bus"; the thesis §4.4.2). A request (h, p, c) goes to a quorum of Q_{h,k}; p uses its
 * h buses once every member has sent OK, and sends RELEASE to them when it leaves.
 *
 * <p>Every node is also an arbiter with k permits and a queue of requests in priority order
 * (the older Lamport stamp first, then the smaller id). It sends OK to a waiting request when the
 * units of the requests before it in the queue are at most k − h and it holds h permits. A new
 * request of higher priority can make an OK already given unsafe (the units before it now exceed
 * k − h): the arbiter sends CANCEL, and the requester, if it has not yet every OK, gives it back
 * with CANCELLED; one that has them all has entered and keeps it until its RELEASE. OK, CANCEL
 * and CANCELLED carry the parity of the request they are about, so that one about a request
 * already over is told apart.
 *
 * <p>The (h,k)-arbiter: the quorum for h units is the n − h·a nodes from the requester on
 * (cyclically), a = ⌊(n − 1)/(2k)⌋. Theorem 4.7 of the thesis asks that the quorums of any
 * critical conflicting pattern (units summing to more than k, each one needed) intersect; such a
 * pattern sums to at most 2k units, so the nodes its quorums leave out number at most 2k·a ≤ n − 1,
 * and one node is in all of them. At k = 1 the quorums are majorities.
 */
public final class ManabeTajima extends MessagePassingFabric {
    static final int REQUEST = 0;
    static final int OK = 1;
    static final int CANCEL = 2;
    static final int CANCELLED = 3;
    static final int RELEASE = 4;
    private static final int TYPE_BITS = 3;

    public static final Algorithm ALGORITHM = Algorithm.named(
                    "manabe-tajima",
                    "Manabe and Tajima's (h,k)-arbiter: quorums per demand, OK, CANCEL and CANCELLED, k permits per arbiter")
            .family(Family.QUORUM)
            .features(Feature.MESSAGE_FAULTS, Feature.K_BUSES, Feature.DEMAND)
            .factory(s -> new ManabeTajima(s, Algorithm.STAMP_BITS))
            .messages(n -> kinds(n, Algorithm.STAMP_BITS))
            // A REQUEST-wide channel each way to every other node, each counted once.
            .wires(n -> (double) kinds(n, Algorithm.STAMP_BITS).get(REQUEST).bits() * (n - 1))
            .claim(Claim.withSharing((n, s) -> {
                int q = quorumSize(n, s.buses(), s.demand());
                return Cost.between(
                        "3|q| without conflict … (3h + 3)|q|, |q| = n − h⌊(n − 1)/2k⌋",
                        3L * q,
                        (3L * s.demand() + 3) * q);
            }))
            .build();

    /** One request in an arbiter's queue. */
    private static final class Entry {
        final int node;
        final int units;
        final long stamp;
        final long parity;
        int state; // WAIT, GIVEN or TAKEN_BACK

        Entry(int node, int units, long stamp, long parity) {
            this.node = node;
            this.units = units;
            this.stamp = stamp;
            this.parity = parity;
        }
    }

    private static final int WAIT = 0;
    private static final int GIVEN = 1; // OK sent
    private static final int TAKEN_BACK = 2; // CANCEL sent, CANCELLED not yet back

    private final LamportClocks clocks;
    private final int stampField; // bits of (stamp, id) in a REQUEST
    private final int[] permits; // per arbiter: x_p
    private final List<List<Entry>> queue = new ArrayList<>(); // per arbiter, in priority order
    private final long[] requests; // per requester: requests made (its parity is the low bit)
    private final int[][] quorum; // per requester: its current quorum
    private final boolean[][] ok; // per requester, per quorum slot: OK held
    private final int[] oks;

    ManabeTajima(Setting setting, int stampBits) {
        super(setting, n -> kinds(n, stampBits));
        this.clocks = new LamportClocks(nodes, nodes, stampBits, idBits);
        this.stampField = stampBits + idBits;
        this.permits = new int[nodes];
        Arrays.fill(permits, buses);
        for (int i = 0; i < nodes; i++) {
            queue.add(new ArrayList<>());
        }
        this.requests = new long[nodes];
        this.quorum = new int[nodes][];
        this.ok = new boolean[nodes][];
        this.oks = new int[nodes];
    }

    /** REQUEST carries (h, parity, stamp, id); OK the parity and the arbiter's clock; CANCEL and CANCELLED a parity. */
    static List<MessageKind> kinds(int n, int stampBits) {
        int unitBits = 6; // h ≤ 64
        return List.of(
                new MessageKind("REQUEST", TYPE_BITS + unitBits + 1 + stampBits + Algorithm.idBits(n)),
                new MessageKind("OK", TYPE_BITS + 1 + stampBits),
                new MessageKind("CANCEL", TYPE_BITS + 1),
                new MessageKind("CANCELLED", TYPE_BITS + 1),
                new MessageKind("RELEASE", TYPE_BITS));
    }

    /** The quorum of requester i for h units: the |q| nodes from i on, cyclically. */
    static int[] quorum(int i, int n, int k, int h) {
        int[] q = new int[quorumSize(n, k, h)];
        for (int s = 0; s < q.length; s++) {
            q[s] = (i + s) % n;
        }
        return q;
    }

    /** |q| for h units among n nodes and k buses: n − h·⌊(n − 1)/(2k)⌋. */
    static int quorumSize(int n, int k, int h) {
        return n - h * ((n - 1) / (2 * k));
    }

    @Override
    protected void hungry(int i, long cycle) {
        int h = need(i).buses();
        quorum[i] = quorum(i, nodes, buses, h);
        ok[i] = new boolean[quorum[i].length];
        oks[i] = 0;
        requests[i]++;
        long payload = (long) h << (1 + stampField) | (requests[i] & 1) << stampField | clocks.request(i);
        for (int v : quorum[i]) {
            send(i, v, REQUEST, payload, cycle);
        }
    }

    @Override
    protected void released(int i, long cycle) {
        for (int v : quorum[i]) {
            send(i, v, RELEASE, 0, cycle);
        }
    }

    @Override
    protected void react(long cycle) {
        for (Message m : channels.receive(cycle)) {
            switch (m.type()) {
                case REQUEST -> onRequest(m.to(), m.from(), m.payload(), cycle);
                case OK -> {
                    // Every message carries its sender's clock (the thesis); OK is the one a
                    // requester that no REQUEST reaches needs, to keep its stamps from staying old.
                    clocks.witnessOnWire(m.to(), m.payload() >>> 1);
                    onOk(m.to(), m.from(), m.payload() & 1, cycle);
                }
                case CANCEL -> onCancel(m.to(), m.from(), m.payload(), cycle);
                case CANCELLED -> onCancelled(m.to(), m.from(), m.payload(), cycle);
                case RELEASE -> onRelease(m.to(), m.from(), cycle);
                default -> throw new AssertionError(m);
            }
        }
    }

    // ---- requester ----

    private int slot(int i, int v) {
        for (int s = 0; s < quorum[i].length; s++) {
            if (quorum[i][s] == v) {
                return s;
            }
        }
        throw new IllegalStateException("node " + v + " is not in node " + i + "'s quorum");
    }

    private boolean current(int i, long parity) {
        return state[i] != ClientState.THINKING && (requests[i] & 1) == parity;
    }

    private void onOk(int i, int v, long parity, long cycle) {
        if (!current(i, parity)) {
            throw new IllegalStateException("OK from " + v + " for a request of node " + i + " that is over");
        }
        int s = slot(i, v);
        if (!ok[i][s]) {
            ok[i][s] = true;
            oks[i]++;
        }
        if (state[i] == ClientState.HUNGRY && oks[i] == quorum[i].length) {
            grant(i, cycle);
        }
    }

    /** Given back unless every OK is in, in which case the node has entered and keeps it. */
    private void onCancel(int i, int v, long parity, long cycle) {
        if (!current(i, parity) || state[i] != ClientState.HUNGRY) {
            return;
        }
        int s = slot(i, v);
        if (ok[i][s]) {
            ok[i][s] = false;
            oks[i]--;
        }
        send(i, v, CANCELLED, parity, cycle);
    }

    // ---- arbiter ----

    private void onRequest(int u, int p, long payload, long cycle) {
        long stamp = clocks.receive(u, p, payload & ((1L << stampField) - 1));
        int h = (int) (payload >>> (1 + stampField));
        Entry e = new Entry(p, h, stamp, payload >>> stampField & 1);
        List<Entry> q = queue.get(u);
        LamportClocks.insertInOrder(q, e, (x, y) -> clocks.before(x.stamp, x.node, y.stamp, y.node));
        // An OK behind the new request may now be unsafe: take it back.
        int before = 0;
        for (Entry x : q) {
            if (x.state == GIVEN && before > buses - x.units) {
                x.state = TAKEN_BACK;
                send(u, x.node, CANCEL, x.parity, cycle);
            }
            before += x.units;
        }
        grantOks(u, cycle);
    }

    private void onCancelled(int u, int p, long parity, long cycle) {
        for (Entry x : queue.get(u)) {
            if (x.node == p && x.parity == parity && x.state == TAKEN_BACK) {
                x.state = WAIT;
                permits[u] += x.units;
                grantOks(u, cycle);
                return;
            }
        }
    }

    private void onRelease(int u, int p, long cycle) {
        List<Entry> q = queue.get(u);
        for (int at = 0; at < q.size(); at++) {
            Entry x = q.get(at);
            if (x.node == p) {
                if (x.state == WAIT) {
                    throw new IllegalStateException("RELEASE from " + p + " without an OK of arbiter " + u);
                }
                q.remove(at);
                permits[u] += x.units;
                grantOks(u, cycle);
                return;
            }
        }
        throw new IllegalStateException("RELEASE from " + p + " unknown to arbiter " + u);
    }

    /** OK to every waiting request whose predecessors hold at most k − h units, while permits last. */
    private void grantOks(int u, long cycle) {
        int before = 0;
        for (Entry x : queue.get(u)) {
            if (x.state == WAIT && before <= buses - x.units && permits[u] >= x.units) {
                x.state = GIVEN;
                permits[u] -= x.units;
                send(u, x.node, OK, clocks.clock(u) << 1 | x.parity, cycle);
            }
            before += x.units;
        }
    }
}
