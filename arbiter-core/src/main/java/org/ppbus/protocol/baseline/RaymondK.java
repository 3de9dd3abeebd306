package org.ppbus.protocol.baseline;

import java.util.ArrayList;
import java.util.List;
import org.ppbus.bus.Fabric;
import org.ppbus.bus.Sharing;
import org.ppbus.link.Message;
import org.ppbus.link.MessageObserver;
import org.ppbus.plane.Wiring;
import org.ppbus.protocol.Algorithm;
import org.ppbus.protocol.ClientState;
import org.ppbus.protocol.MessagePassingFabric;

/**
 * Raymond's k-exclusion (docs/PROTOCOL.md, "More than one bus"; the thesis §4.3.5, after Raymond
 * 1989): Ricart and Agrawala's algorithm in which a node enters after N − k replies instead of
 * N − 1, so that at most k are in at once. A hungry node sends a stamped REQUEST to the N − 1
 * others; a node replies at once unless it is in, or asks itself with the older request (stamp,
 * then id), and then replies when it leaves.
 *
 * <p>The k − 1 replies a node entered without still come, later: each node counts the replies it
 * is owed over all its requests, adds N − 1 with each new one, and enters while at most k − 1 are
 * outstanding (Raymond's outstanding-reply count). A late reply to an old request therefore
 * counts as what it is, a node that has left since. Every request costs N − 1 REQUESTs and
 * N − 1 REPLYs, 2(N − 1) per entry in all; 2N − k − 1 of them come before the node can enter.
 * Widths as Ricart–Agrawala's: REQUEST = 1 type bit + W + ⌈log₂ n⌉ id bits, REPLY = 1 bit.
 */
public final class RaymondK extends MessagePassingFabric {
    static final int REQUEST = 0;
    static final int REPLY = 1;

    public static final Algorithm ALGORITHM = Algorithm.named(
                    "raymond-k",
                    "Raymond's k-exclusion: Ricart-Agrawala entering after N - k replies, at most k in at once")
            .family(Algorithm.Family.PERMISSION)
            .features(Algorithm.Feature.MESSAGE_FAULTS, Algorithm.Feature.K_BUSES)
            .factory(s -> new RaymondK(s, Algorithm.STAMP_BITS))
            .messages(n -> RicartAgrawala.kinds(n, Algorithm.STAMP_BITS))
            // A REQUEST-wide channel each way to every other node, each counted once.
            .wires(n -> (double) RicartAgrawala.requestWidth(n) * (n - 1))
            .claim(Algorithm.Claim.withSharing((n, s) -> new Algorithm.Cost(
                    "2N − k − 1 … 2(N − 1)", (2 * n - Math.min(s.buses(), n) - 1) + " … " + 2 * (n - 1))))
            .build();

    private final LamportClocks clocks;
    private final long[] outstanding; // per node: replies owed to it over all its requests
    private final List<List<Integer>> deferred = new ArrayList<>();

    RaymondK(Algorithm.Setting setting, int stampBits) {
        super(
                setting.nodes(),
                setting.latencyCycles(),
                setting.grants(),
                setting.messages(),
                n -> RicartAgrawala.kinds(n, stampBits),
                setting.buses());
        this.clocks = new LamportClocks(nodes, nodes, stampBits, idBits);
        this.outstanding = new long[nodes];
        for (int i = 0; i < nodes; i++) {
            deferred.add(new ArrayList<>());
        }
    }

    /** A fabric of {@code buses} buses outside a run (tests). */
    public RaymondK(int nodes, int latencyCycles, int buses, Fabric.GrantSink sink, MessageObserver observer) {
        this(
                new Algorithm.Setting(
                        Wiring.forNodes(nodes),
                        latencyCycles,
                        sink,
                        observer,
                        Algorithm.Options.NONE,
                        new Sharing(buses, 1, 0)),
                Algorithm.STAMP_BITS);
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
        maybeEnter(i, cycle);
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
                maybeEnter(i, cycle);
                continue;
            }
            int j = (int) (m.payload() & ((1L << idBits) - 1));
            // With k ≥ N a node enters on no reply at all, so it can leave and ask again before its
            // last REQUESTs have arrived: a REQUEST may carry one of the sender's earlier stamps.
            long t = clocks.recent(j, m.payload());
            clocks.witness(i, t);
            boolean mineFirst = state[i] == ClientState.EATING
                    || (state[i] == ClientState.HUNGRY && clocks.before(clocks.stamp(i), i, t, j));
            if (mineFirst) {
                deferred.get(i).add(j);
            } else {
                send(i, j, REPLY, 0, cycle);
            }
        }
    }

    /** At most k − 1 replies outstanding: at most k − 1 others can be in. */
    private void maybeEnter(int i, long cycle) {
        if (state[i] == ClientState.HUNGRY && outstanding[i] <= buses - 1) {
            grant(i, cycle);
        }
    }
}
