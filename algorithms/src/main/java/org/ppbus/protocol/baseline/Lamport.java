package org.ppbus.protocol.baseline;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
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
 * Lamport's 1978 distributed queue (seed 002; docs/SPEC.md §S1.4.5) on the same channels. Every
 * node keeps a queue of requests ordered by (timestamp, id). A hungry node queues its own request
 * and sends REQUEST to the n − 1 others, which queue it and answer ACK; it eats when its request
 * heads its own queue and every other node has acknowledged it; it leaves by sending RELEASE, which
 * removes its request everywhere. No acknowledgement is suppressed: 3(n − 1) messages per entry.
 *
 * <p>Each message carries (type, clock, id), as B-1 states: 2 + W + ⌈log₂ n⌉ bits, with W-bit
 * wrapping timestamps checked as in {@link WrappedStamps}.
 */
public final class Lamport extends MessagePassingFabric {
    static final int REQUEST = 0;
    static final int ACK = 1;
    static final int RELEASE = 2;

    public static final Algorithm ALGORITHM = Algorithm.named(
                    "lamport", "Lamport's distributed queue: timestamped REQUEST, ACK and RELEASE to every node")
            .family(Family.PERMISSION)
            .features(Feature.MESSAGE_FAULTS)
            .factory(s -> new Lamport(s.nodes(), s.latencyCycles(), Algorithm.STAMP_BITS, s.grants(), s.messages()))
            .messages(n -> kinds(n, Algorithm.STAMP_BITS))
            // A message-wide channel each way to every other node, each counted once.
            .wires(n -> (double) width(n) * (n - 1))
            // Every meal needs the hungry processor's own answer, stamped; only requests sent before
            // the hungry one's request arrived can be older, and at most two fit.
            .fairness((l, h) -> 2)
            .claim(n -> new Cost("3(N − 1)", Integer.toString(3 * (n - 1))))
            .build();

    /** Every message carries (type, clock, id). */
    static List<MessageKind> kinds(int n, int stampBits) {
        int width = 2 + stampBits + Algorithm.idBits(n);
        return List.of(
                new MessageKind("REQUEST", width), new MessageKind("ACK", width), new MessageKind("RELEASE", width));
    }

    private static int width(int n) {
        return kinds(n, Algorithm.STAMP_BITS).get(REQUEST).bits();
    }

    private final LamportClocks clocks;
    private final int[] acks;
    private final long[][] queued; // queued[i][j]: the stamp of j's request in i's queue
    private final List<TreeSet<long[]>> queue = new ArrayList<>();

    public Lamport(int nodes, int latencyCycles, int stampBits, Fabric.GrantSink sink, MessageObserver observer) {
        super(nodes, latencyCycles, sink, observer, n -> kinds(n, stampBits));
        this.clocks = new LamportClocks(nodes, nodes, stampBits, idBits);
        this.acks = new int[nodes];
        this.queued = new long[nodes][nodes];
        for (int i = 0; i < nodes; i++) {
            // Entries {unwrapped stamp, id}, ordered as the wire order decides (checked against the truth).
            queue.add(new TreeSet<>(
                    (x, y) -> x[1] == y[1] ? 0 : clocks.before(x[0], (int) x[1], y[0], (int) y[1]) ? -1 : 1));
        }
    }

    private void broadcast(int from, int type, long cycle) {
        for (int j = 0; j < nodes; j++) {
            if (j != from) {
                send(from, j, type, clocks.clockPayload(from), cycle);
            }
        }
    }

    @Override
    protected void hungry(int i, long cycle) {
        clocks.request(i);
        acks[i] = 0;
        queue.get(i).add(new long[] {clocks.stamp(i), i});
        broadcast(i, REQUEST, cycle);
    }

    @Override
    protected void released(int i, long cycle) {
        queue.get(i).remove(new long[] {clocks.stamp(i), i});
        clocks.tick(i);
        broadcast(i, RELEASE, cycle);
    }

    @Override
    protected void react(long cycle) {
        for (Message m : channels.receive(cycle)) {
            int i = m.to();
            int j = m.from();
            switch (m.type()) {
                case REQUEST -> {
                    // j waits for this node's ACK, so its current stamp is still that of this request.
                    long t = clocks.receive(i, j, m.payload());
                    queued[i][j] = t;
                    queue.get(i).add(new long[] {t, j});
                    send(i, j, ACK, clocks.clockPayload(i), cycle);
                }
                case ACK -> acks[i]++;
                // j may have asked again since; the entry to remove is the one queued here.
                case RELEASE -> queue.get(i).remove(new long[] {queued[i][j], j});
                default -> throw new AssertionError(m);
            }
        }
        for (int i = 0; i < nodes; i++) {
            if (state[i] == ClientState.HUNGRY
                    && acks[i] == nodes - 1
                    && queue.get(i).first()[1] == i) {
                state[i] = ClientState.EATING;
                sink.granted(i, cycle);
            }
        }
    }
}
