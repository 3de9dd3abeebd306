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
 * Chang, Singhal and Liu's token algorithm (seed 004, "Algoritmo de Chang", figure 4.13;
 * docs/PROTOCOL.md). Every node keeps Root, a logical tree along which requests travel to the
 * token, and Next, its successor in a queue kept across the nodes. Node 0 holds the token and every
 * Root points to it.
 * <ul>
 * <li>A node that wants the token and does not hold it sends REQUEST(itself) to its Root, and becomes
 * its own Root: it will be the last holder.</li>
 * <li>A node that receives REQUEST(r) and is its own Root either sends the token to r at once (it
 * holds the token and neither eats nor waits for it) or makes r its Next; a node that is not its own
 * Root passes the REQUEST on to its Root. Either way its Root becomes r, the newest requester it
 * knows, which shortens the tree (figure 4.13 (b)–(d)).</li>
 * <li>Leaving the critical section, a node with a Next sends it the token; otherwise it keeps it.</li>
 * </ul>
 * The token carries the future last holder, as the seed says: its sender's Root, the newest
 * requester the sender knows. The receiver takes it as its Root when it names another node, which
 * shortens the tree: two requests x then y that reached the sender after the receiver's own were
 * passed on to the receiver and to x, so the receiver knows x and the token tells it y. Any
 * requester after the receiver in the queue is a safe Root: its own Root leads on to the tail, never
 * back. {@link #newsFromTokens()} counts the tokens that changed a Root.
 *
 * <p>Widths: a 1-bit type; REQUEST carries the requester's id, TOKEN the future last holder's id.
 */
public final class ChangSinghalLiu extends MessagePassingFabric {
    static final int REQUEST = 0;
    static final int TOKEN = 1;

    public static final Algorithm ALGORITHM = Algorithm.named(
                    "chang-singhal-liu",
                    "Chang, Singhal and Liu: REQUEST along Root to the last requester, TOKEN to Next carrying the future last holder")
            .family(Family.TOKEN)
            .features(Feature.MESSAGE_FAULTS)
            .factory(s -> new ChangSinghalLiu(s.nodes(), s.latencyCycles(), s.grants(), s.messages()))
            .messages(ChangSinghalLiu::kinds)
            // A message-wide channel from every node to every other (Root and Next can be anyone),
            // each counted once.
            .wires(n -> (double) (1 + Algorithm.idBits(n)) * (n - 1))
            // No overtaking bound: the seed claims freedom from starvation (the watchdog checks it).
            .claim(n -> new Cost("3 per entry on average", "3"))
            .build();

    private final int[] root;
    private final int[] next;
    private final boolean[] token;
    private long lastDiffered;

    public ChangSinghalLiu(int nodes, int latencyCycles, Fabric.GrantSink sink, MessageObserver observer) {
        super(nodes, latencyCycles, sink, observer, ChangSinghalLiu::kinds);
        this.root = new int[nodes];
        this.next = new int[nodes];
        this.token = new boolean[nodes];
        Arrays.fill(next, -1);
        token[0] = true;
    }

    @Override
    protected void hungry(int i, long cycle) {
        if (token[i]) {
            eat(i, cycle);
        } else {
            send(i, root[i], REQUEST, i, cycle);
            root[i] = i;
        }
    }

    @Override
    protected void released(int i, long cycle) {
        if (next[i] >= 0) {
            pass(i, next[i], cycle);
            next[i] = -1;
        }
    }

    @Override
    protected void react(long cycle) {
        for (Message m : channels.receive(cycle)) {
            int q = m.to();
            int r = (int) m.payload();
            if (m.type() == REQUEST) {
                onRequest(q, r, cycle);
            } else {
                token[q] = true;
                if (r != q && root[q] != r) {
                    lastDiffered++;
                    root[q] = r;
                }
                if (state[q] == ClientState.HUNGRY) {
                    eat(q, cycle);
                }
            }
        }
    }

    private void onRequest(int q, int r, long cycle) {
        if (root[q] == q) {
            if (token[q] && state[q] == ClientState.THINKING) {
                root[q] = r;
                pass(q, r, cycle);
                return;
            }
            next[q] = r;
        } else {
            send(q, root[q], REQUEST, r, cycle);
        }
        root[q] = r;
    }

    /** The token leaves q for r, carrying q's Root: the last holder q knows of. */
    private void pass(int q, int r, long cycle) {
        token[q] = false;
        send(q, r, TOKEN, root[q], cycle);
    }

    private void eat(int i, long cycle) {
        state[i] = ClientState.EATING;
        sink.granted(i, cycle);
    }

    /** TOKENs whose future last holder became their receiver's Root. */
    public long newsFromTokens() {
        return lastDiffered;
    }

    /** REQUEST carries the requester, TOKEN the new root: a type bit and a node id each. */
    static List<MessageKind> kinds(int n) {
        return List.of(
                new MessageKind("REQUEST", 1 + Algorithm.idBits(n)),
                MessageKind.token("TOKEN", 1 + Algorithm.idBits(n)));
    }
}
