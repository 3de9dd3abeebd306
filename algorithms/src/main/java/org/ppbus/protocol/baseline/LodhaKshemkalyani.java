package org.ppbus.protocol.baseline;

import java.util.Arrays;
import java.util.List;
import org.ppbus.bus.Fabric;
import org.ppbus.link.Message;
import org.ppbus.link.MessageObserver;
import org.ppbus.protocol.ClientState;
import org.ppbus.protocol.baseline.parts.LamportClocks;
import org.ppbus.protocol.baseline.parts.MessagePassingFabric;
import org.ppbus.protocol.descriptor.Algorithm;
import org.ppbus.protocol.descriptor.Cost;
import org.ppbus.protocol.descriptor.Family;
import org.ppbus.protocol.descriptor.Feature;
import org.ppbus.protocol.descriptor.MessageKind;

/**
 * Lodha and Kshemkalyani's fair Ricart–Agrawala (seed 004 §4.2.4; docs/PROTOCOL.md). The seed
 * gives only the idea and the count, so the rules are ours, recorded in PROTOCOL.md. A hungry node
 * stamps its request and sends REQUEST to the n − 1 others. Two requests are <em>concurrent</em> when
 * each reaches the other's node while that node waits and has heard nothing yet from its sender for
 * its current request: each REQUEST then serves as the other's reply, and both go into the local
 * request queue (LRQ) of the other. A node that is thinking replies at once; a node that already
 * heard from the sender defers it. A node eats when it has heard from every other node and no older
 * request (by (stamp, id)) is left in its LRQ. Leaving, it sends FLUSH, carrying its stamp, to the
 * oldest request left in its LRQ and to every deferred one; a FLUSH removes from the receiver's LRQ
 * every request not younger than the sender's, all of which have been served (requests are served in
 * stamp order), and counts as the sender's reply.
 *
 * <p>A REPLY or FLUSH answers one request of its receiver, and says which by one bit, the parity of
 * that node's request count as the sender saw it: with short holds a node can be served and ask
 * again before an answer to its previous request arrives, and such a stale answer must not count
 * for the new one (the concurrency relation would then lose its symmetry, and with it mutual
 * exclusion). One bit is enough: an answer is at most one request old, channels being FIFO.
 *
 * <p>Widths: a 2-bit type; REQUEST carries (stamp, id) as Ricart–Agrawala's REQUEST does, the stamp
 * wrapping as there ({@link WrappedStamps}); FLUSH carries (stamp, id) and the parity bit; REPLY the
 * parity bit.
 */
public final class LodhaKshemkalyani extends MessagePassingFabric {
    static final int REQUEST = 0;
    static final int REPLY = 1;
    static final int FLUSH = 2;

    public static final Algorithm ALGORITHM = Algorithm.named(
                    "lodha-kshemkalyani",
                    "Lodha and Kshemkalyani's fair Ricart–Agrawala: a concurrent REQUEST doubles as the reply; FLUSH at exit")
            .family(Family.PERMISSION)
            .features(Feature.MESSAGE_FAULTS)
            .factory(s ->
                    new LodhaKshemkalyani(s.nodes(), s.latencyCycles(), Algorithm.STAMP_BITS, s.grants(), s.messages()))
            .messages(n -> kinds(n, Algorithm.STAMP_BITS))
            // A FLUSH-wide channel each way to every other node, each counted once.
            .wires(n -> (double) kinds(n, Algorithm.STAMP_BITS).get(FLUSH).bits() * (n - 1))
            // Served in stamp order: as Ricart–Agrawala, a hungry processor is passed at most twice by
            // an older stamp made before its REQUEST arrived.
            .fairness((l, h) -> 2)
            .claim(n -> new Cost("2(N − 1) − x, x concurrent requests", (n - 1) + " … " + 2 * (n - 1)))
            .build();

    /** REQUEST carries (type, stamp, id); REPLY (type, parity); FLUSH one bit more than REQUEST. */
    static List<MessageKind> kinds(int n, int stampBits) {
        int stamped = 2 + stampBits + Algorithm.idBits(n);
        return List.of(
                new MessageKind("REQUEST", stamped),
                new MessageKind("REPLY", 3),
                new MessageKind("FLUSH", stamped + 1));
    }

    private final LamportClocks clocks;
    private final boolean[][] heard; // [i][j]: i's current request has heard from j
    private final boolean[][] queued; // [i][j]: j's request is in i's LRQ
    private final long[][] queuedStamp; // its stamp
    private final boolean[][] deferred; // [i][j]: i owes j a FLUSH when it leaves
    private final int[] heardCount;
    private final long[][] seen; // [i][j]: requests of j that reached i
    private final long[] made; // requests each node made

    public LodhaKshemkalyani(
            int nodes, int latencyCycles, int stampBits, Fabric.GrantSink sink, MessageObserver observer) {
        super(nodes, latencyCycles, sink, observer, n -> kinds(n, stampBits));
        this.clocks = new LamportClocks(nodes, nodes, stampBits, idBits);
        this.heard = new boolean[nodes][nodes];
        this.queued = new boolean[nodes][nodes];
        this.queuedStamp = new long[nodes][nodes];
        this.deferred = new boolean[nodes][nodes];
        this.heardCount = new int[nodes];
        this.seen = new long[nodes][nodes];
        this.made = new long[nodes];
    }

    @Override
    protected void react(long cycle) {
        for (Message m : channels.receive(cycle)) {
            int i = m.to();
            int j = m.from();
            switch (m.type()) {
                case REQUEST -> onRequest(i, j, m.payload(), cycle);
                case REPLY -> {
                    if (current(i, m.payload())) {
                        hear(i, j);
                    }
                }
                case FLUSH -> onFlush(i, j, m.payload());
                default -> throw new AssertionError(m);
            }
            maybeEat(i, cycle);
        }
    }

    @Override
    protected void hungry(int i, long cycle) {
        Arrays.fill(heard[i], false);
        Arrays.fill(queued[i], false);
        heardCount[i] = 0;
        made[i]++;
        long payload = clocks.request(i);
        for (int j = 0; j < nodes; j++) {
            if (j != i) {
                send(i, j, REQUEST, payload, cycle);
            }
        }
        maybeEat(i, cycle);
    }

    /** Whether an answer carrying this parity (its low bit) is for node i's current request. */
    private boolean current(int i, long payload) {
        return state[i] != ClientState.THINKING && (payload & 1) == (made[i] & 1);
    }

    private void onRequest(int i, int j, long payload, long cycle) {
        long t = clocks.recent(j, payload);
        clocks.witness(i, t);
        seen[i][j]++;
        if (state[i] == ClientState.THINKING) {
            send(i, j, REPLY, seen[i][j] & 1, cycle);
        } else if (heard[i][j]) {
            // Not concurrent: j asked after hearing from i, so its stamp is younger; it waits for i.
            deferred[i][j] = true;
        } else {
            hear(i, j);
            queued[i][j] = true;
            queuedStamp[i][j] = t;
        }
    }

    /**
     * A FLUSH: every request in i's LRQ not younger than the sender's served one has been served too,
     * whichever request of i's it answers; it is also the sender's answer if it names i's current one.
     */
    private void onFlush(int i, int j, long payload) {
        long served = clocks.recent(j, payload >>> 1);
        for (int k = 0; k < nodes; k++) {
            if (queued[i][k] && !clocks.before(served, j, queuedStamp[i][k], k)) {
                queued[i][k] = false;
            }
        }
        if (current(i, payload)) {
            hear(i, j);
        }
    }

    private void hear(int i, int j) {
        if (!heard[i][j]) {
            heard[i][j] = true;
            heardCount[i]++;
        }
    }

    @Override
    protected void released(int i, long cycle) {
        int next = -1;
        for (int k = 0; k < nodes; k++) {
            if (queued[i][k] && (next < 0 || clocks.before(queuedStamp[i][k], k, queuedStamp[i][next], next))) {
                next = k;
            }
        }
        long served = clocks.payload(i);
        for (int k = 0; k < nodes; k++) {
            if (k == next || deferred[i][k]) {
                send(i, k, FLUSH, served << 1 | (seen[i][k] & 1), cycle);
            }
            deferred[i][k] = false;
        }
    }

    private void maybeEat(int i, long cycle) {
        if (state[i] != ClientState.HUNGRY || heardCount[i] < nodes - 1) {
            return;
        }
        for (int k = 0; k < nodes; k++) {
            if (queued[i][k] && clocks.before(queuedStamp[i][k], k, clocks.stamp(i), i)) {
                return; // an older concurrent request goes first
            }
        }
        state[i] = ClientState.EATING;
        sink.granted(i, cycle);
    }
}
