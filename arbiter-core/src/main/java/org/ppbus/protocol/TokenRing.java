package org.ppbus.protocol;

import org.ppbus.bus.Fabric;
import org.ppbus.link.Message;
import org.ppbus.link.MessageChannels;
import org.ppbus.link.MessageObserver;

/**
 * The circulating token ring (seed-algorithms.md 1.4.3): one token goes round 0 → 1 → … → n−1 → 0.
 * A node that receives it eats if its processor is waiting, and passes it on when req falls;
 * otherwise it passes it on in the cycle it arrives. The token starts at node 0. It is the only
 * message: 1 bit (a valid bit; no payload).
 *
 * <p>The token keeps circulating when nobody asks, as in the seeds, so the network is never free of
 * messages; {@link #quiescent} therefore means "no processor is asking or eating", which is what
 * the deadlock and livelock watchdogs need to know.
 */
public final class TokenRing implements Fabric {
    private final int nodes;
    private final MessageChannels channels;
    private final Fabric.GrantSink sink;
    private final boolean[] req;
    private final ClientState[] state;
    private int holder = 0;        // -1 while the token is in flight
    private int busy;              // processors asking or eating

    public TokenRing(int nodes, int latencyCycles, Fabric.GrantSink sink, MessageObserver observer) {
        if (nodes < 1) {
            throw new IllegalArgumentException("--nodes must be at least 1, got " + nodes);
        }
        this.nodes = nodes;
        this.channels = new MessageChannels(latencyCycles, observer);
        this.sink = sink;
        this.req = new boolean[nodes];
        this.state = new ClientState[nodes];
        java.util.Arrays.fill(state, ClientState.THINKING);
    }

    @Override
    public int nodes() {
        return nodes;
    }

    @Override
    public void request(int node, boolean level, long cycle) {
        req[node] = level;
    }

    @Override
    public void reenterWithoutThinking(int node, long cycle) {
        throw new UnsupportedOperationException("re-entry without thinking exists only for the Campos-Carvalho audit");
    }

    @Override
    public void step(long cycle) {
        for (int i = 0; i < nodes; i++) {
            if (req[i] && state[i] == ClientState.THINKING) {
                state[i] = ClientState.HUNGRY;
                busy++;
            } else if (!req[i] && state[i] == ClientState.EATING) {
                state[i] = ClientState.THINKING;
                busy--;
                sink.released(i, cycle);
            }
        }
        for (Message m : channels.receive(cycle)) {
            holder = m.to();
        }
        if (holder < 0) {
            return;
        }
        switch (state[holder]) {
            case HUNGRY -> {
                state[holder] = ClientState.EATING;
                sink.granted(holder, cycle);
            }
            case THINKING -> {
                if (nodes > 1) {
                    channels.send(new Message(holder, (holder + 1) % nodes, 0, 0, 1), cycle);
                    holder = -1;
                }
            }
            default -> { } // eating: keeps the token until req falls
        }
    }

    @Override
    public boolean quiescent() {
        return busy == 0;
    }
}
