package org.ppbus.protocol.baseline;

import java.util.Arrays;
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
 * Wu and Shu's central coordinator with a token (seed 004 §4.2.2, figure 4.10; docs/PROTOCOL.md),
 * node 0 hosting the coordinator. A client sends REQUEST to the coordinator. If the coordinator
 * holds the token it sends GRANT (the token) to the requester; otherwise it sends FORWARD, naming the
 * requester, to the last client it granted or forwarded to, the one that will hold the token next.
 * A client leaving its critical section passes the token with GRANT to the client a FORWARD named,
 * or, with no FORWARD yet, returns it with RELEASE; a FORWARD that arrives after that is discarded,
 * and the coordinator, receiving the RELEASE, grants the client it had forwarded (figure 4.10(c)).
 *
 * <p>FORWARD carries, besides the successor's id, one bit of the request it answers (the parity of
 * the receiver's request count as the coordinator saw it): a FORWARD that arrives after its receiver
 * returned the token and asked again must be told from one for the new request, which may arrive
 * before the token does. The seed's "REQUEST(seq)" numbering implies it; one bit is enough, since a
 * stale FORWARD is at most one request old (channels are FIFO, and the coordinator forwards only to
 * the newest requester).
 *
 * <p>Widths: a 2-bit type; REQUEST carries the requester's id; FORWARD the successor's id and the
 * parity bit; GRANT and RELEASE nothing.
 */
public final class WuShu extends MessagePassingFabric {
    static final int REQUEST = 0;
    static final int FORWARD = 1;
    static final int GRANT = 2;
    static final int RELEASE = 3;
    private static final int COORDINATOR = 0;

    public static final Algorithm ALGORITHM = Algorithm.named(
                    "wu-shu",
                    "Wu and Shu's coordinator with a token: REQUEST, FORWARD, GRANT and RELEASE; 3 per entry, 3 or 4 at high load")
            .family(Family.CENTRAL)
            .features(Feature.MESSAGE_FAULTS)
            .factory(s -> new WuShu(s.nodes(), s.latencyCycles(), s.grants(), s.messages()))
            .messages(WuShu::kinds)
            // Channels with the coordinator both ways (REQUEST in, FORWARD out) and, for the token,
            // from every node to every other: averaged over the nodes.
            .wires(n -> (2.0 * (n - 1) * (3 + Algorithm.idBits(n)) + 2.0 * n * (n - 1)) / n)
            // FCFS at the coordinator: a waiting processor is passed by each other one at most once.
            .fairness((l, h) -> 1)
            .claim(n -> new Cost("3 at low load; 3 or 4 at high load", "3 … 4"))
            .build();

    private boolean coordinatorHasToken = true;
    private int tail = -1; // the last client granted or forwarded to
    private final int[] forwardedTo; // coordinator: whom it named to each client, or -1
    private final long[] requestsSeen; // coordinator: requests from each client
    private final long[] requestsMade; // client: its own requests
    private final int[] next; // client: the successor a FORWARD named for this request, or -1
    private final boolean[] holds; // client: has the token

    public WuShu(int nodes, int latencyCycles, Fabric.GrantSink sink, MessageObserver observer) {
        super(nodes, latencyCycles, sink, observer, WuShu::kinds);
        this.forwardedTo = new int[nodes];
        this.requestsSeen = new long[nodes];
        this.requestsMade = new long[nodes];
        this.next = new int[nodes];
        this.holds = new boolean[nodes];
        Arrays.fill(forwardedTo, -1);
        Arrays.fill(next, -1);
    }

    @Override
    protected void hungry(int i, long cycle) {
        requestsMade[i]++;
        next[i] = -1;
        send(i, COORDINATOR, REQUEST, i, cycle);
    }

    @Override
    protected void released(int i, long cycle) {
        holds[i] = false;
        if (next[i] >= 0) {
            send(i, next[i], GRANT, 0, cycle);
        } else {
            send(i, COORDINATOR, RELEASE, 0, cycle);
        }
    }

    @Override
    protected void react(long cycle) {
        for (Message m : channels.receive(cycle)) {
            switch (m.type()) {
                case REQUEST -> onRequest((int) m.payload(), cycle);
                case FORWARD -> {
                    int i = m.to();
                    long parity = m.payload() & 1;
                    // Stale: the receiver returned the token, and the coordinator has granted its successor.
                    if (parity == (requestsMade[i] & 1) && state[i] != ClientState.THINKING) {
                        next[i] = (int) (m.payload() >>> 1);
                    }
                }
                case GRANT -> {
                    int i = m.to();
                    holds[i] = true;
                    state[i] = ClientState.EATING;
                    sink.granted(i, cycle);
                }
                case RELEASE -> onRelease(m.from(), cycle);
                default -> throw new AssertionError(m);
            }
        }
    }

    private void onRequest(int j, long cycle) {
        requestsSeen[j]++;
        forwardedTo[j] = -1; // whom it named to j before belongs to j's previous request
        if (coordinatorHasToken) {
            coordinatorHasToken = false;
            send(COORDINATOR, j, GRANT, 0, cycle);
        } else {
            forwardedTo[tail] = j;
            send(COORDINATOR, tail, FORWARD, (long) j << 1 | (requestsSeen[tail] & 1), cycle);
        }
        tail = j;
    }

    /** The token came back from i: to whom the coordinator named to i, if anyone, else it stays. */
    private void onRelease(int i, long cycle) {
        int successor = forwardedTo[i];
        forwardedTo[i] = -1;
        if (successor >= 0) {
            send(COORDINATOR, successor, GRANT, 0, cycle);
        } else {
            coordinatorHasToken = true;
            tail = -1;
        }
    }

    /** REQUEST carries the requester, FORWARD the successor and a parity bit; two type bits each. */
    static List<MessageKind> kinds(int n) {
        return List.of(
                new MessageKind("REQUEST", 2 + Algorithm.idBits(n)),
                new MessageKind("FORWARD", 2 + Algorithm.idBits(n) + 1),
                new MessageKind("GRANT", 2),
                new MessageKind("RELEASE", 2));
    }
}
