package org.ppbus.protocol;

import java.util.ArrayDeque;
import org.ppbus.bus.Fabric;
import org.ppbus.link.Message;
import org.ppbus.link.MessageChannels;
import org.ppbus.link.MessageObserver;

/**
 * The central coordinator of 004 §4.1 (seed-algorithms.md 1.4.1) on the same channels: node 0
 * also hosts the coordinator. A client sends REQUEST when its processor raises req and RELEASE when
 * it lowers it after eating; the coordinator grants in FIFO order of arrival, one at a time.
 *
 * <p>Widths (docs/PROTOCOL.md): a 2-bit type field; REQUEST carries the requester's id,
 * ⌈log₂ n⌉ bits, as 004 writes REQUEST(N_i); GRANT and RELEASE carry nothing. Cycle order: the
 * environment (req edges, which send REQUEST or RELEASE), then the messages arriving this cycle,
 * then the coordinator's grant. So an uncontended entry waits 2L + 1 cycles and a hand-off leaves
 * the bus idle for 2L cycles (seed-algorithms.md §4.4).
 */
public final class CentralCoordinator implements Fabric {
    static final int REQUEST = 0;
    static final int GRANT = 1;
    static final int RELEASE = 2;
    private static final int COORDINATOR = 0;

    private final int nodes;
    private final int idBits;
    private final MessageChannels channels;
    private final Fabric.GrantSink sink;
    private final ClientState[] state;
    private final boolean[] req;
    private final boolean[] edge;
    private final ArrayDeque<Integer> queue = new ArrayDeque<>();
    private int holder = -1;
    private long edgeCycle = -1;

    public CentralCoordinator(int nodes, int latencyCycles, Fabric.GrantSink sink, MessageObserver observer) {
        if (nodes < 1) {
            throw new IllegalArgumentException("--nodes must be at least 1, got " + nodes);
        }
        this.nodes = nodes;
        this.idBits = Math.max(1, 32 - Integer.numberOfLeadingZeros(nodes - 1));
        this.channels = new MessageChannels(latencyCycles, observer);
        this.sink = sink;
        this.state = new ClientState[nodes];
        java.util.Arrays.fill(state, ClientState.THINKING);
        this.req = new boolean[nodes];
        this.edge = new boolean[nodes];
    }

    /** Bits of a message of the given type. */
    int bits(int type) {
        return 2 + (type == REQUEST ? idBits : 0);
    }

    @Override
    public int nodes() {
        return nodes;
    }

    @Override
    public void request(int node, boolean level, long cycle) {
        req[node] = level;
        edge[node] = true;
        edgeCycle = cycle;
    }

    @Override
    public void reenterWithoutThinking(int node, long cycle) {
        throw new UnsupportedOperationException("re-entry without thinking exists only for the Campos-Carvalho audit");
    }

    @Override
    public void step(long cycle) {
        if (edgeCycle == cycle) {
            for (int i = 0; i < nodes; i++) {
                if (!edge[i]) {
                    continue;
                }
                edge[i] = false;
                if (req[i] && state[i] == ClientState.THINKING) {
                    state[i] = ClientState.HUNGRY;
                    channels.send(new Message(i, COORDINATOR, REQUEST, i, bits(REQUEST)), cycle);
                } else if (!req[i] && state[i] == ClientState.EATING) {
                    state[i] = ClientState.THINKING;
                    sink.released(i, cycle);
                    channels.send(new Message(i, COORDINATOR, RELEASE, 0, bits(RELEASE)), cycle);
                }
            }
        }
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
            channels.send(new Message(COORDINATOR, holder, GRANT, 0, bits(GRANT)), cycle);
        }
    }

    @Override
    public boolean quiescent() {
        return channels.idle();
    }
}
