package org.ppbus.protocol.baseline;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.function.BiFunction;
import org.ppbus.link.Message;
import org.ppbus.protocol.ClientState;
import org.ppbus.protocol.baseline.parts.KCoterie;
import org.ppbus.protocol.baseline.parts.LamportClocks;
import org.ppbus.protocol.baseline.parts.MessagePassingFabric;
import org.ppbus.protocol.descriptor.Algorithm;
import org.ppbus.protocol.descriptor.AlgorithmBuilder;
import org.ppbus.protocol.descriptor.Claim;
import org.ppbus.protocol.descriptor.Cost;
import org.ppbus.protocol.descriptor.Family;
import org.ppbus.protocol.descriptor.Feature;
import org.ppbus.protocol.descriptor.MessageKind;
import org.ppbus.protocol.descriptor.Setting;

/**
 * Kakugawa et al.'s k-exclusion on a k-coterie (docs/PROTOCOL.md, "More than one bus"; the thesis
 * §4.3.1), Maekawa's voting where a refused request may turn to another quorum: any k + 1 quorums
 * contain two that meet, but up to k − 1 others avoid a given one.
 *
 * <ul>
 *   <li>A hungry node picks a quorum and sends REQUEST (stamp, id, parity) to its members. A member
 *       answers OK (its vote, which it gives one request at a time) or WAIT. Members that sent OK
 *       are in Yes, those that sent WAIT in NotNow. While no quorum lies within Yes, the node turns
 *       to another quorum avoiding NotNow with as few members it has not asked as possible, and
 *       asks those (each member once per request); with none, it waits for OKs. It enters when
 *       Yes holds a quorum, and sends RELEASE to every member it asked when it leaves.</li>
 *   <li>A member whose vote is given keeps the other requests in stamp order. One older than the
 *       holder and every queued request makes it send QUERY to the holder (once); the holder gives
 *       the vote back with RELINQUISH (and moves the member to NotNow) unless it is in. A member
 *       whose vote comes back or is released gives it to its oldest request (OK) and sends WAIT to
 *       the queued ones it has not yet answered.</li>
 * </ul>
 *
 * <p>OK, WAIT and QUERY carry the parity of the request they answer, so that an answer to a
 * request already over is told apart. The k-coterie is the descriptor's ({@link #overCoteries}).
 */
public final class Kakugawa extends MessagePassingFabric {
    static final int REQUEST = 0;
    static final int OK = 1;
    static final int WAIT = 2;
    static final int QUERY = 3;
    static final int RELINQUISH = 4;
    static final int RELEASE = 5;
    private static final int TYPE_BITS = 3;

    /**
     * The family's one factory: Kakugawa et al.'s algorithm over the k-coterie {@code coterie}
     * builds for n nodes and k buses. Each descriptor adds its claim.
     */
    public static AlgorithmBuilder overCoteries(
            String name, String description, BiFunction<Integer, Integer, KCoterie> coterie) {
        return Algorithm.named(name, description)
                .family(Family.QUORUM)
                .features(Feature.MESSAGE_FAULTS, Feature.K_BUSES)
                .factory(s -> new Kakugawa(s, Algorithm.STAMP_BITS, coterie.apply(s.nodes(), s.buses())))
                .messages(n -> kinds(n, Algorithm.STAMP_BITS))
                .wires(n -> (double) kinds(n, Algorithm.STAMP_BITS).get(REQUEST).bits() * (n - 1));
    }

    /** K1, Kakugawa et al. on MAJ: quorums of ⌊n/(k + 1)⌋ + 1 of all the nodes. */
    public static final Algorithm MAJ = overCoteries(
                    "kakugawa",
                    "Kakugawa et al.'s k-coterie voting (REQUEST, OK, WAIT, QUERY, RELINQUISH, RELEASE) on MAJ quorums",
                    (n, k) -> KCoterie.majR(n, Math.min(k, n), 1))
            .claim(claim((n, k) -> KCoterie.majR(n, Math.min(k, n), 1)))
            .build();

    /** K2, DIV: k classes, a majority of one class each. */
    public static final Algorithm DIV = overCoteries(
                    "kakugawa-div",
                    "Kakugawa et al.'s k-coterie voting on DIV quorums: k classes, a majority of one",
                    (n, k) -> KCoterie.majR(n, Math.min(k, n), Math.min(k, n)))
            .claim(claim((n, k) -> KCoterie.majR(n, Math.min(k, n), Math.min(k, n))))
            .build();

    /** K2, MAJ_r with r the largest divisor of k up to √k (r = 1 is MAJ). */
    public static final Algorithm MAJ_R = overCoteries(
                    "kakugawa-maj-r",
                    "Kakugawa et al.'s k-coterie voting on MAJ_r quorums: r classes, r the largest divisor of k up to its root",
                    (n, k) -> KCoterie.majR(n, Math.min(k, n), classes(Math.min(k, n))))
            .claim(claim((n, k) -> KCoterie.majR(n, Math.min(k, n), classes(Math.min(k, n)))))
            .build();

    /** K4, Jiang and Huang's cohorts Coh(k, l). */
    public static final Algorithm COHORTS = overCoteries(
                    "jiang-huang",
                    "Jiang and Huang's cohorts Coh(k, l) as the k-coterie of Kakugawa et al.'s voting",
                    (n, k) -> KCoterie.cohorts(n, Math.min(k, n)))
            .claim(claim((n, k) -> KCoterie.cohorts(n, Math.min(k, n))))
            .build();

    /** The largest divisor of k not above √k. */
    static int classes(int k) {
        int r = 1;
        for (int d = 1; d * d <= k; d++) {
            if (k % d == 0) {
                r = d;
            }
        }
        return r;
    }

    private static Claim claim(BiFunction<Integer, Integer, KCoterie> coterie) {
        return Claim.withSharing((n, s) -> {
            int q = coterie.apply(n, s.buses()).smallest();
            return Cost.between("3|Q| at best … 6n, |Q| the quorum's size", 3L * q, 6L * n);
        });
    }

    /** A request as a member keeps it. */
    private static final class Ask {
        final int node;
        final long stamp;
        final long parity;
        boolean answered; // WAIT sent since the vote last moved

        Ask(int node, long stamp, long parity) {
            this.node = node;
            this.stamp = stamp;
            this.parity = parity;
        }
    }

    private final KCoterie coterie;
    private final LamportClocks clocks;
    private final int stampField;
    // requesters
    private final long[] requests;
    private final BitSet[] asked;
    private final BitSet[] yes;
    private final BitSet[] notNow;
    // members
    private final Ask[] vote; // per member: the request holding its vote, or null
    private final boolean[] queried;
    private final List<List<Ask>> queue = new ArrayList<>(); // per member, oldest first

    Kakugawa(Setting setting, int stampBits, KCoterie coterie) {
        super(setting, n -> kinds(n, stampBits));
        this.coterie = coterie;
        this.clocks = new LamportClocks(nodes, nodes, stampBits, idBits);
        this.stampField = stampBits + idBits;
        this.requests = new long[nodes];
        this.asked = new BitSet[nodes];
        this.yes = new BitSet[nodes];
        this.notNow = new BitSet[nodes];
        this.vote = new Ask[nodes];
        this.queried = new boolean[nodes];
        for (int i = 0; i < nodes; i++) {
            asked[i] = new BitSet();
            yes[i] = new BitSet();
            notNow[i] = new BitSet();
            queue.add(new ArrayList<>());
        }
    }

    /**
     * REQUEST carries (parity, stamp, id); OK and WAIT the parity and the member's clock, so that a
     * node no REQUEST reaches still keeps its clock up with the others' (else its stamps stay old
     * and it wins every time); QUERY a parity; RELINQUISH and RELEASE their type.
     */
    static List<MessageKind> kinds(int n, int stampBits) {
        return List.of(
                new MessageKind("REQUEST", TYPE_BITS + 1 + stampBits + Algorithm.idBits(n)),
                new MessageKind("OK", TYPE_BITS + 1 + stampBits),
                new MessageKind("WAIT", TYPE_BITS + 1 + stampBits),
                new MessageKind("QUERY", TYPE_BITS + 1),
                new MessageKind("RELINQUISH", TYPE_BITS),
                new MessageKind("RELEASE", TYPE_BITS));
    }

    @Override
    protected void hungry(int i, long cycle) {
        requests[i]++;
        clocks.request(i);
        asked[i].clear();
        yes[i].clear();
        notNow[i].clear();
        ask(i, cycle);
    }

    /** Asks the members of the best quorum it has not asked yet, if there is one. */
    private void ask(int i, long cycle) {
        int[] q = coterie.choose(i, asked[i], notNow[i]);
        if (q == null) {
            return; // no quorum avoids NotNow: wait for OKs
        }
        long payload = (requests[i] & 1) << stampField | clocks.payload(i);
        for (int v : q) {
            if (!asked[i].get(v)) {
                asked[i].set(v);
                send(i, v, REQUEST, payload, cycle);
            }
        }
    }

    @Override
    protected void released(int i, long cycle) {
        for (int v = asked[i].nextSetBit(0); v >= 0; v = asked[i].nextSetBit(v + 1)) {
            send(i, v, RELEASE, 0, cycle);
        }
    }

    @Override
    protected void react(long cycle) {
        for (Message m : channels.receive(cycle)) {
            int to = m.to();
            int from = m.from();
            switch (m.type()) {
                case REQUEST -> onRequest(to, from, m.payload(), cycle);
                case OK -> {
                    clocks.witnessOnWire(to, m.payload() >>> 1);
                    onOk(to, from, m.payload() & 1, cycle);
                }
                case WAIT -> {
                    clocks.witnessOnWire(to, m.payload() >>> 1);
                    onWait(to, from, m.payload() & 1, cycle);
                }
                case QUERY -> onQuery(to, from, m.payload(), cycle);
                case RELINQUISH -> onRelinquish(to, from, cycle);
                case RELEASE -> onRelease(to, from, cycle);
                default -> throw new AssertionError(m);
            }
        }
    }

    // ---- requester ----

    private boolean current(int i, long parity) {
        return state[i] == ClientState.HUNGRY && (requests[i] & 1) == parity;
    }

    private void onOk(int i, int v, long parity, long cycle) {
        if (!current(i, parity)) {
            return; // a vote for a request that is over; the member hears the RELEASE
        }
        notNow[i].clear(v);
        yes[i].set(v);
        if (coterie.containsQuorum(yes[i])) {
            grant(i, cycle);
        }
    }

    private void onWait(int i, int v, long parity, long cycle) {
        if (!current(i, parity) || yes[i].get(v)) {
            return;
        }
        notNow[i].set(v);
        ask(i, cycle);
    }

    private void onQuery(int i, int v, long parity, long cycle) {
        if (current(i, parity) && yes[i].get(v)) {
            yes[i].clear(v);
            notNow[i].set(v);
            send(i, v, RELINQUISH, 0, cycle);
        }
    }

    // ---- member ----

    private void onRequest(int u, int p, long payload, long cycle) {
        // A REQUEST sent to one more member late in a request can arrive after its sender has
        // entered on other votes, left and asked again: it may carry an earlier stamp.
        long stamp = clocks.recent(p, payload & ((1L << stampField) - 1));
        clocks.witness(u, stamp);
        Ask a = new Ask(p, stamp, payload >>> stampField & 1);
        if (vote[u] == null) {
            give(u, a, cycle);
            return;
        }
        int at = LamportClocks.insertInOrder(queue.get(u), a, this::older);
        if (at == 0 && older(a, vote[u])) {
            if (!queried[u]) {
                queried[u] = true;
                send(u, vote[u].node, QUERY, vote[u].parity, cycle);
            }
        } else {
            a.answered = true;
            send(u, p, WAIT, clocks.clock(u) << 1 | a.parity, cycle);
        }
    }

    private void onRelinquish(int u, int p, long cycle) {
        if (vote[u] == null || vote[u].node != p) {
            throw new IllegalStateException(
                    "node " + p + " relinquished member " + u + "'s vote, which it does not hold");
        }
        Ask back = vote[u];
        vote[u] = null;
        back.answered = true; // it knows: it gave the vote back
        LamportClocks.insertInOrder(queue.get(u), back, this::older);
        next(u, cycle);
    }

    private void onRelease(int u, int p, long cycle) {
        if (vote[u] != null && vote[u].node == p) {
            vote[u] = null;
            next(u, cycle);
        } else {
            queue.get(u).removeIf(a -> a.node == p);
        }
    }

    /** The vote goes to the oldest request; the queued ones not yet answered hear WAIT. */
    private void next(int u, long cycle) {
        queried[u] = false;
        List<Ask> q = queue.get(u);
        if (q.isEmpty()) {
            return;
        }
        give(u, q.remove(0), cycle);
        for (Ask a : q) {
            if (!a.answered) {
                a.answered = true;
                send(u, a.node, WAIT, clocks.clock(u) << 1 | a.parity, cycle);
            }
        }
    }

    private void give(int u, Ask a, long cycle) {
        vote[u] = a;
        send(u, a.node, OK, clocks.clock(u) << 1 | a.parity, cycle);
    }

    private boolean older(Ask a, Ask b) {
        return clocks.before(a.stamp, a.node, b.stamp, b.node);
    }
}
