package org.ppbus.protocol.baseline;

import java.util.ArrayDeque;
import java.util.List;
import org.ppbus.bus.Fabric;
import org.ppbus.link.Message;
import org.ppbus.link.MessageObserver;
import org.ppbus.protocol.ClientState;
import org.ppbus.protocol.baseline.parts.MessagePassingFabric;
import org.ppbus.protocol.descriptor.Algorithm;
import org.ppbus.protocol.descriptor.Cost;
import org.ppbus.protocol.descriptor.Family;
import org.ppbus.protocol.descriptor.Feature;
import org.ppbus.protocol.descriptor.MessageKind;

/**
 * The central coordinator of 004 §4.1 (docs/SPEC.md §S1.4.1) on the same channels: node 0
 * also hosts the coordinator. A client sends REQUEST when its processor raises req and RELEASE when
 * it lowers it after eating; the coordinator grants in FIFO order of arrival, one at a time.
 *
 * <p>Widths (docs/PROTOCOL.md): a 2-bit type field; REQUEST carries the requester's id,
 * ⌈log₂ n⌉ bits, as 004 writes REQUEST(N_i); GRANT and RELEASE carry nothing. Cycle order: the
 * environment (req edges, which send REQUEST or RELEASE), then the messages arriving this cycle,
 * then the coordinator's grant. So an uncontended entry waits 2L + 1 cycles and a hand-off leaves
 * the bus idle for 2L cycles (docs/SPEC.md §S4.4).
 */
public final class CentralCoordinator extends MessagePassingFabric {
    static final int REQUEST = 0;
    static final int GRANT = 1;
    static final int RELEASE = 2;
    private static final int COORDINATOR = 0;

    public static final Algorithm ALGORITHM = Algorithm.named(
                    "coordinator", "a central coordinator: REQUEST, GRANT and RELEASE messages to node 0")
            .family(Family.CENTRAL)
            .features(Feature.MESSAGE_FAULTS)
            .factory(s -> new CentralCoordinator(s.nodes(), s.latencyCycles(), s.grants(), s.messages()))
            .messages(CentralCoordinator::kinds)
            // A channel each way between every other node and node 0, as wide as the widest message
            // (REQUEST: 2 type bits and the requester's id), averaged over the nodes.
            .wires(n -> 2.0 * (2 + Algorithm.idBits(n)) * (n - 1) / n)
            // The central queue serves each waiting processor once per round.
            .fairness((l, h) -> 1)
            .claim(n -> new Cost("3", "3"))
            .build();

    private final ArrayDeque<Integer> queue = new ArrayDeque<>();
    private int holder = -1;

    public CentralCoordinator(int nodes, int latencyCycles, Fabric.GrantSink sink, MessageObserver observer) {
        super(nodes, latencyCycles, sink, observer, CentralCoordinator::kinds);
    }

    /** The message kinds at n, indexed by type: a 2-bit type field; REQUEST carries the requester's id. */
    static List<MessageKind> kinds(int n) {
        return List.of(
                new MessageKind("REQUEST", 2 + Algorithm.idBits(n)),
                new MessageKind("GRANT", 2),
                new MessageKind("RELEASE", 2));
    }

    @Override
    protected void hungry(int i, long cycle) {
        send(i, COORDINATOR, REQUEST, i, cycle);
    }

    @Override
    protected void released(int i, long cycle) {
        send(i, COORDINATOR, RELEASE, 0, cycle);
    }

    @Override
    protected void react(long cycle) {
        for (Message m : channels.receive(cycle)) {
            switch (m.type()) {
                case REQUEST -> queue.add((int) m.payload());
                case RELEASE -> holder = -1;
                case GRANT -> {
                    state[m.to()] = ClientState.EATING;
                    sink.granted(m.to(), cycle);
                }
                default -> throw new AssertionError(m);
            }
        }
        if (holder < 0 && !queue.isEmpty()) {
            holder = queue.poll();
            send(COORDINATOR, holder, GRANT, 0, cycle);
        }
    }
}
