package org.ppbus.protocol.baseline;

import java.util.ArrayList;
import java.util.List;
import org.ppbus.bus.Fabric;
import org.ppbus.link.Message;
import org.ppbus.link.MessageObserver;
import org.ppbus.plane.Wiring;
import org.ppbus.protocol.ClientState;
import org.ppbus.protocol.baseline.parts.LamportClocks;
import org.ppbus.protocol.baseline.parts.MessagePassingFabric;
import org.ppbus.protocol.descriptor.Algorithm;
import org.ppbus.protocol.descriptor.Cost;
import org.ppbus.protocol.descriptor.Family;
import org.ppbus.protocol.descriptor.Feature;
import org.ppbus.protocol.descriptor.MessageKind;
import org.ppbus.protocol.descriptor.Setting;

/**
 * Ricart and Agrawala 1981 (seed 001; docs/SPEC.md §S1.4.6) on the same channels. A hungry
 * node stamps its request with its Lamport clock and sends REQUEST to the n − 1 others; it eats
 * when all have replied. A node replies at once unless it eats, or it waits with an older request
 * ((timestamp, id) ordered lexicographically); then it defers the reply to its release.
 *
 * <p>Timestamps have a fixed width W per run and wrap around on the wire: two stamps are compared
 * by serial-number arithmetic, which is right while they differ by less than 2^(W−1). The model
 * also keeps every clock unwrapped and checks each wire comparison against the true one; if they
 * ever disagree the run is refused with an exception rather than decided wrongly. Widths: REQUEST
 * = 1 type bit + W + ⌈log₂ n⌉ id bits; REPLY = 1 bit.
 */
public final class RicartAgrawala extends MessagePassingFabric {
    static final int REQUEST = 0;
    static final int REPLY = 1;

    public static final Algorithm ALGORITHM = Algorithm.named(
                    "ricart-agrawala", "Ricart and Agrawala: timestamped REQUEST to every node, REPLY when it may go")
            .family(Family.PERMISSION)
            .features(Feature.MESSAGE_FAULTS)
            .factory(s -> new RicartAgrawala(s, Algorithm.STAMP_BITS))
            .messages(n -> kinds(n, Algorithm.STAMP_BITS))
            // A REQUEST-wide channel each way to every other node, each counted once.
            .wires(n -> (double) requestWidth(n) * (n - 1))
            // As Lamport: at most two older stamped requests can pass a hungry processor.
            .fairness((l, h) -> 2)
            .claim(n -> new Cost("2(N − 1)", Integer.toString(2 * (n - 1))))
            .build();

    /** REQUEST carries (type, clock, id); REPLY is a valid bit. */
    static List<MessageKind> kinds(int n, int stampBits) {
        return List.of(new MessageKind("REQUEST", 1 + stampBits + Algorithm.idBits(n)), new MessageKind("REPLY", 1));
    }

    static int requestWidth(int n) {
        return kinds(n, Algorithm.STAMP_BITS).get(REQUEST).bits();
    }

    private final LamportClocks clocks;
    // Replies each node is owed over all its requests: N − 1 more with each, one fewer with each
    // REPLY. On one bus none is ever late, so this is Ricart and Agrawala's count of N − 1 replies;
    // with k buses (RaymondK) a node enters owing k − 1, which come later.
    private final long[] outstanding;
    private final List<List<Integer>> deferred = new ArrayList<>();

    public RicartAgrawala(
            int nodes, int latencyCycles, int stampBits, Fabric.GrantSink sink, MessageObserver observer) {
        this(new Setting(Wiring.forNodes(nodes), latencyCycles, sink, observer), stampBits);
    }

    /** The setting's buses: k = 1 is Ricart and Agrawala's algorithm, k > 1 Raymond's k-exclusion. */
    RicartAgrawala(Setting setting, int stampBits) {
        super(
                setting.nodes(),
                setting.latencyCycles(),
                setting.grants(),
                setting.messages(),
                n -> kinds(n, stampBits),
                setting.buses());
        this.clocks = new LamportClocks(nodes, nodes, stampBits, idBits);
        this.outstanding = new long[nodes];
        for (int i = 0; i < nodes; i++) {
            deferred.add(new ArrayList<>());
        }
    }

    @Override
    protected void hungry(int i, long cycle) {
        long payload = clocks.request(i);
        outstanding[i] += nodes - 1;
        for (int j = 0; j < nodes; j++) {
            if (j != i) {
                send(i, j, REQUEST, payload, cycle);
            }
        }
        maybeEat(i, cycle);
    }

    @Override
    protected void released(int i, long cycle) {
        for (int j : deferred.get(i)) {
            send(i, j, REPLY, 0, cycle);
        }
        deferred.get(i).clear();
    }

    @Override
    protected void react(long cycle) {
        for (Message m : channels.receive(cycle)) {
            int i = m.to();
            if (m.type() == REPLY) {
                outstanding[i]--;
                maybeEat(i, cycle);
                continue;
            }
            int j = (int) (m.payload() & ((1L << idBits) - 1));
            long t = stamp(i, j, m.payload());
            boolean mineFirst = state[i] == ClientState.EATING
                    || (state[i] == ClientState.HUNGRY && clocks.before(clocks.stamp(i), i, t, j));
            if (mineFirst) {
                deferred.get(i).add(j);
            } else {
                send(i, j, REPLY, 0, cycle);
            }
        }
    }

    /**
     * The stamp of j's REQUEST. On one bus it is j's current request: j cannot ask again before i
     * replies. With k ≥ N buses a node enters on no reply, and can leave and ask again before its
     * last REQUESTs arrive, so it is one of j's recent stamps.
     */
    private long stamp(int i, int j, long payload) {
        if (buses == 1) {
            return clocks.receive(i, j, payload);
        }
        long t = clocks.recent(j, payload);
        clocks.witness(i, t);
        return t;
    }

    /** At most k − 1 replies outstanding: at most k − 1 others can be in. */
    private void maybeEat(int i, long cycle) {
        if (state[i] == ClientState.HUNGRY && outstanding[i] <= buses - 1) {
            grant(i, cycle);
        }
    }
}
