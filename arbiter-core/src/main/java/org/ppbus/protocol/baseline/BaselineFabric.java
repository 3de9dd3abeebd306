package org.ppbus.protocol.baseline;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.ppbus.bus.Fabric;
import org.ppbus.link.Lossy;
import org.ppbus.link.MessageChannels;
import org.ppbus.link.MessageObserver;
import org.ppbus.protocol.Algorithm;
import org.ppbus.protocol.ClientState;

/**
 * What every message-passing baseline shares: its nodes' client states, the req levels and the req
 * edges of the current cycle, and the channels its messages travel on.
 */
abstract class BaselineFabric implements Fabric, Lossy {
    protected final int nodes;
    protected final int idBits;
    protected final MessageChannels channels;
    protected final Fabric.GrantSink sink;
    protected final ClientState[] state;
    protected final boolean[] req;
    private final List<Integer> edges = new ArrayList<>();
    private long edgeCycle = -1;

    BaselineFabric(int nodes, int latencyCycles, Fabric.GrantSink sink, MessageObserver observer) {
        if (nodes < 1) {
            throw new IllegalArgumentException("nodes must be at least 1, got " + nodes);
        }
        this.nodes = nodes;
        this.idBits = Algorithm.idBits(nodes);
        this.channels = new MessageChannels(latencyCycles, observer);
        this.sink = sink;
        this.state = new ClientState[nodes];
        Arrays.fill(state, ClientState.THINKING);
        this.req = new boolean[nodes];
    }

    @Override
    public int nodes() {
        return nodes;
    }

    @Override
    public void request(int node, boolean level, long cycle) {
        req[node] = level;
        if (edgeCycle != cycle) {
            edges.clear();
            edgeCycle = cycle;
        }
        edges.add(node);
    }

    /** The nodes whose req changed in this cycle, in the order they changed; empty otherwise. */
    protected List<Integer> edges(long cycle) {
        return edgeCycle == cycle ? edges : List.of();
    }

    @Override
    public MessageChannels messageChannels() {
        return channels;
    }

    @Override
    public boolean quiescent() {
        return channels.idle();
    }

    /**
     * Crash-stop: every message the node sends from now on is lost, and so is every message sent to
     * it, so whatever its share of the algorithm still does reaches nobody. (Messages already on
     * their way from it arrive.)
     */
    @Override
    public void crash(int node, long cycle) {
        channels.loseEvery(m -> m.from() == node || m.to() == node);
    }
}
