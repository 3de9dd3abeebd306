package org.ppbus.protocol.baseline;

import java.util.ArrayList;
import java.util.List;
import org.ppbus.bus.Fabric;
import org.ppbus.link.Message;
import org.ppbus.link.MessageObserver;
import org.ppbus.protocol.Algorithm;
import org.ppbus.protocol.ClientState;
import org.ppbus.protocol.MessagePassingFabric;

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
            .family(Algorithm.Family.PERMISSION)
            .features(Algorithm.Feature.MESSAGE_FAULTS)
            .factory(s ->
                    new RicartAgrawala(s.nodes(), s.latencyCycles(), Algorithm.STAMP_BITS, s.grants(), s.messages()))
            .messages(n -> kinds(n, Algorithm.STAMP_BITS))
            // A REQUEST-wide channel each way to every other node, each counted once.
            .wires(n -> (double) requestWidth(n) * (n - 1))
            // As Lamport: at most two older stamped requests can pass a hungry processor.
            .fairness((l, h) -> 2)
            .claim(n -> new Algorithm.Cost("2(N − 1)", Integer.toString(2 * (n - 1))))
            .build();

    /** REQUEST carries (type, clock, id); REPLY is a valid bit. */
    static List<Algorithm.MessageKind> kinds(int n, int stampBits) {
        return List.of(
                new Algorithm.MessageKind("REQUEST", 1 + stampBits + Algorithm.idBits(n)),
                new Algorithm.MessageKind("REPLY", 1));
    }

    static int requestWidth(int n) {
        return kinds(n, Algorithm.STAMP_BITS).get(REQUEST).bits();
    }

    private final LamportClocks clocks;
    private final int[] replies;
    private final List<List<Integer>> deferred = new ArrayList<>();

    public RicartAgrawala(
            int nodes, int latencyCycles, int stampBits, Fabric.GrantSink sink, MessageObserver observer) {
        super(nodes, latencyCycles, sink, observer, n -> kinds(n, stampBits));
        this.clocks = new LamportClocks(nodes, nodes, stampBits, idBits);
        this.replies = new int[nodes];
        for (int i = 0; i < nodes; i++) {
            deferred.add(new ArrayList<>());
        }
    }

    @Override
    protected void hungry(int i, long cycle) {
        long payload = clocks.request(i);
        replies[i] = 0;
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
                replies[i]++;
                maybeEat(i, cycle);
                continue;
            }
            int j = (int) (m.payload() & ((1L << idBits) - 1));
            long t = clocks.receive(
                    i, j, m.payload()); // the sender's current request: it cannot make another before i replies
            boolean mineFirst = state[i] == ClientState.EATING
                    || (state[i] == ClientState.HUNGRY && clocks.before(clocks.stamp(i), i, t, j));
            if (mineFirst) {
                deferred.get(i).add(j);
            } else {
                send(i, j, REPLY, 0, cycle);
            }
        }
    }

    private void maybeEat(int i, long cycle) {
        if (state[i] == ClientState.HUNGRY && replies[i] == nodes - 1) {
            state[i] = ClientState.EATING;
            sink.granted(i, cycle);
        }
    }
}
