package org.ppbus.protocol.baseline.parts;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.ppbus.bus.BusSet;
import org.ppbus.bus.Fabric;
import org.ppbus.bus.Need;
import org.ppbus.bus.Needs;
import org.ppbus.link.Lossy;
import org.ppbus.link.Message;
import org.ppbus.link.MessageChannels;
import org.ppbus.link.MessageObserver;
import org.ppbus.protocol.ClientState;
import org.ppbus.protocol.descriptor.Algorithm;
import org.ppbus.protocol.descriptor.Feature;
import org.ppbus.protocol.descriptor.MessageKind;
import org.ppbus.protocol.descriptor.Messages;
import org.ppbus.protocol.descriptor.Setting;

/**
 * The base of a message-passing algorithm, the one class a new algorithm extends
 * (docs/ARCHITECTURE.md, "How to add an algorithm"). It keeps each node's client state, the req
 * levels, and the channels the messages travel on, and it handles the req/gnt handshake once: in
 * each cycle, before anything else, a processor that raised req while thinking becomes hungry
 * ({@link #hungry}), and one that dropped req while eating thinks again and its gnt falls
 * ({@link #released}). Then {@link #react} receives the cycle's messages and does the rest; a node
 * enters with {@link #grant}.
 *
 * <p>Messages are sent on {@link #channels} and arrive after the setting's latency; the fault
 * tools may lose or delay them ({@link Lossy}), and a crash-stop silences a node's channels.
 */
public abstract class MessagePassingFabric implements Fabric, Lossy, Needs {
    protected final int nodes;
    /** How many buses the run has (k); 1 unless the algorithm serves more ({@link Feature#K_BUSES}). */
    protected final int buses;
    /** Bits of a node id, for message payloads. */
    protected final int idBits;

    protected final MessageChannels channels;
    protected final Fabric.GrantSink sink;
    protected final ClientState[] state;
    protected final boolean[] req;
    private final List<Integer> edges = new ArrayList<>();
    private int busy; // processors asking or eating
    private final List<MessageKind> kinds; // the descriptor's, indexed by type
    private long edgeCycle = -1;
    private final Need[] needs; // each node's current request
    private final long[] held; // with k > 1: the buses each node holds, bit i for bus i
    private long inUse; // with k > 1: the buses some node holds

    /**
     * A fabric whose message kinds, with their widths, are the descriptor's: {@link #send} takes a
     * kind's width from them, so widths are declared once.
     */
    protected MessagePassingFabric(Setting setting, Messages kinds) {
        this(setting.nodes(), setting.latencyCycles(), setting.grants(), setting.messages(), kinds, setting.buses());
    }

    /** One bus. */
    protected MessagePassingFabric(
            int nodes, int latencyCycles, Fabric.GrantSink sink, MessageObserver observer, Messages kinds) {
        this(nodes, latencyCycles, sink, observer, kinds, 1);
    }

    protected MessagePassingFabric(
            int nodes, int latencyCycles, Fabric.GrantSink sink, MessageObserver observer, Messages kinds, int buses) {
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
        this.kinds = kinds.at(nodes);
        this.buses = buses;
        this.needs = new Need[nodes];
        Arrays.fill(needs, Need.ONE);
        this.held = new long[nodes];
    }

    @Override
    public void need(int node, Need need, long cycle) {
        needs[node] = need;
    }

    /** What the node's current request needs: how many buses, and its group. */
    protected final Need need(int node) {
        return needs[node];
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

    /**
     * One cycle: the req edges first, in the order they came ({@link #hungry}, {@link #released}),
     * then {@link #react}.
     */
    @Override
    public void step(long cycle) {
        for (int i : edges(cycle)) {
            if (req[i] && state[i] == ClientState.THINKING) {
                state[i] = ClientState.HUNGRY;
                busy++;
                hungry(i, cycle);
            } else if (!req[i] && state[i] == ClientState.EATING) {
                state[i] = ClientState.THINKING;
                busy--;
                inUse &= ~held[i];
                held[i] = 0;
                sink.released(i, cycle);
                released(i, cycle);
            }
        }
        react(cycle);
    }

    /** The node's processor asks: its state is already HUNGRY. */
    protected void hungry(int node, long cycle) {}

    /** The node's processor left: its state is already THINKING and its gnt falls. */
    protected void released(int node, long cycle) {}

    /** The rest of the cycle, after the req edges: typically receive messages and act on them. */
    protected void react(long cycle) {}

    /** Sends a message of the given type, as wide as the descriptor declares that kind. */
    protected final void send(int from, int to, int type, long payload, long cycle) {
        channels.send(message(from, to, type, payload), cycle);
    }

    /**
     * Where a part of an algorithm that is not the fabric itself (a voter pool, say) sends its
     * messages: the fabric's {@link #send}, so the widths stay declared once.
     */
    @FunctionalInterface
    public interface Outbox {
        void send(int from, int to, int type, long payload, long cycle);
    }

    /** A message of the given type, as wide as the descriptor declares that kind. */
    protected final Message message(int from, int to, int type, long payload) {
        return new Message(from, to, type, payload, kind(type).bits());
    }

    /**
     * A message of a kind whose width varies (a list that grows, an optional field): the descriptor
     * declares the widest, and a message wider than that is a defect of the algorithm.
     */
    protected final Message message(int from, int to, int type, long payload, int bits) {
        MessageKind kind = kind(type);
        if (bits < 1 || bits > kind.bits()) {
            throw new IllegalStateException("a " + kind.name() + " message of " + bits + " bits: the kind is declared "
                    + kind.bits() + " wide");
        }
        return new Message(from, to, type, payload, bits);
    }

    private MessageKind kind(int type) {
        if (type < 0 || type >= kinds.size()) {
            throw new IllegalStateException("message type " + type + " is not declared (" + kinds.size() + " kinds)");
        }
        return kinds.get(type);
    }

    /**
     * How many processors are asking or eating. An algorithm whose messages circulate while nobody
     * asks (a token on a ring) is quiescent when this is 0, which is what the watchdogs need.
     */
    protected final int busy() {
        return busy;
    }

    /**
     * The node enters: EATING from this cycle, gnt high from the next. With k > 1 buses its bus
     * interface takes the lowest buses that are idle in this cycle, as many as the request needs
     * (docs/SPEC.md, "More than one bus": the buses' busy lines, daisy-chained by node id within a
     * cycle). An algorithm that lets too many in gets buses that are already held, which the
     * checkers report.
     */
    protected final void grant(int node, long cycle) {
        if (buses == 1) {
            state[node] = ClientState.EATING;
            sink.granted(node, cycle);
            return;
        }
        long free = ~inUse & (buses == BusSet.MAX_BUSES ? -1L : (1L << buses) - 1);
        long taken = lowest(free, needs[node].buses());
        int missing = needs[node].buses() - Long.bitCount(taken);
        grant(node, new BusSet(taken | lowest(inUse & ~taken, missing)), cycle);
    }

    /** The node enters holding these buses (an algorithm whose tokens are the buses names them). */
    protected final void grant(int node, BusSet set, long cycle) {
        state[node] = ClientState.EATING;
        held[node] = set.mask();
        inUse |= set.mask();
        sink.granted(node, set, cycle);
    }

    /** The lowest {@code count} bits of {@code mask}. */
    private static long lowest(long mask, int count) {
        long out = 0;
        for (long m = mask; m != 0 && count > 0; m &= m - 1, count--) {
            out |= Long.lowestOneBit(m);
        }
        return out;
    }

    /** The nodes whose req changed in this cycle, in the order they changed; empty otherwise. */
    private List<Integer> edges(long cycle) {
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
