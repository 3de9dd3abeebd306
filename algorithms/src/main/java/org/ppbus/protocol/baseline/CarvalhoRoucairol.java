package org.ppbus.protocol.baseline;

import java.util.ArrayList;
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

/**
 * Carvalho and Roucairol 1983 (seed 000 §1; docs/SPEC.md §S1.4.7): Ricart–Agrawala in which a
 * permission, once given, stays valid until it is asked back. Each pair of nodes shares one
 * permission; a node eats when it holds all n − 1 of its permissions and asks only for the ones it
 * lacks. A node that gives a permission away while it is itself hungry asks for it back in the
 * same step (REPLY then REQUEST on that channel).
 *
 * <p>After reset the permission of pair (i, j) is at the lower id (docs/PROTOCOL.md). Requests are
 * ordered by (Lamport timestamp, id) with the checked wrapping stamps of {@link WrappedStamps}.
 * Widths: REQUEST = 1 + W + ⌈log₂ n⌉ bits; REPLY = 1 bit.
 */
public final class CarvalhoRoucairol extends MessagePassingFabric {
    static final int REQUEST = 0;
    static final int REPLY = 1;

    public static final Algorithm ALGORITHM = Algorithm.named(
                    "carvalho-roucairol",
                    "Carvalho and Roucairol: Ricart-Agrawala keeping permissions until they are asked for")
            .family(Family.PERMISSION)
            .features(Feature.MESSAGE_FAULTS)
            .factory(s ->
                    new CarvalhoRoucairol(s.nodes(), s.latencyCycles(), Algorithm.STAMP_BITS, s.grants(), s.messages()))
            .messages(n -> RicartAgrawala.kinds(n, Algorithm.STAMP_BITS))
            // A REQUEST-wide channel each way to every other node, each counted once.
            .wires(n -> (double) RicartAgrawala.requestWidth(n) * (n - 1))
            // One request edge between the two: the neighbour learns after L cycles, and may still
            // eat once after that on a permission it already holds.
            .fairness((l, h) -> Algorithm.ceilDiv(l, h + 2L) + 1)
            .claim(n -> new Cost("0 … 2(N − 1)", "0 … " + 2 * (n - 1)))
            .build();

    private final LamportClocks clocks;
    private final boolean[][] perm; // perm[i][j]: i holds the permission it shares with j
    private final int[] held;
    private final List<List<Integer>> deferred = new ArrayList<>();

    public CarvalhoRoucairol(
            int nodes, int latencyCycles, int stampBits, Fabric.GrantSink sink, MessageObserver observer) {
        super(nodes, latencyCycles, sink, observer, n -> RicartAgrawala.kinds(n, stampBits));
        this.clocks = new LamportClocks(nodes, nodes, stampBits, idBits);
        this.perm = new boolean[nodes][nodes];
        this.held = new int[nodes];
        for (int i = 0; i < nodes; i++) {
            deferred.add(new ArrayList<>());
            for (int j = i + 1; j < nodes; j++) {
                perm[i][j] = true;
                held[i]++;
            }
        }
    }

    private void sendRequest(int i, int j, long cycle) {
        send(i, j, REQUEST, clocks.payload(i), cycle);
    }

    private void give(int i, int j, long cycle) {
        perm[i][j] = false;
        held[i]--;
        send(i, j, REPLY, 0, cycle);
    }

    @Override
    protected void hungry(int i, long cycle) {
        clocks.request(i);
        for (int j = 0; j < nodes; j++) {
            if (j != i && !perm[i][j]) {
                sendRequest(i, j, cycle);
            }
        }
        maybeEat(i, cycle);
    }

    @Override
    protected void released(int i, long cycle) {
        for (int j : deferred.get(i)) {
            give(i, j, cycle);
        }
        deferred.get(i).clear();
    }

    @Override
    protected void react(long cycle) {
        for (Message m : channels.receive(cycle)) {
            int i = m.to();
            int j = m.from();
            if (m.type() == REPLY) {
                perm[i][j] = true;
                held[i]++;
                maybeEat(i, cycle);
                continue;
            }
            long t = clocks.receive(i, j, m.payload()); // j waits for this permission: its current request
            if (!perm[i][j]) {
                continue; // already given away; the REQUEST crossed the REPLY
            }
            boolean mineFirst = state[i] == ClientState.EATING
                    || (state[i] == ClientState.HUNGRY && clocks.before(clocks.stamp(i), i, t, j));
            if (mineFirst) {
                deferred.get(i).add(j);
            } else {
                give(i, j, cycle);
                if (state[i] == ClientState.HUNGRY) {
                    sendRequest(i, j, cycle); // still needs it: ask it back behind the REPLY
                }
            }
        }
    }

    private void maybeEat(int i, long cycle) {
        if (state[i] == ClientState.HUNGRY && held[i] == nodes - 1) {
            state[i] = ClientState.EATING;
            sink.granted(i, cycle);
        }
    }
}
