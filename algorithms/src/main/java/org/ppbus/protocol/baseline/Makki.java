package org.ppbus.protocol.baseline;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.ppbus.link.Message;
import org.ppbus.protocol.ClientState;
import org.ppbus.protocol.baseline.parts.MessagePassingFabric;
import org.ppbus.protocol.descriptor.Algorithm;
import org.ppbus.protocol.descriptor.Cost;
import org.ppbus.protocol.descriptor.Family;
import org.ppbus.protocol.descriptor.Feature;
import org.ppbus.protocol.descriptor.MessageKind;
import org.ppbus.protocol.descriptor.Setting;

/**
 * Makki et al.'s k-exclusion with one token, a queue and a semaphore (docs/PROTOCOL.md, "More than
 * one bus"; the thesis §4.3.6). One node, the collector (token-req-node), gathers the requests
 * (TOKEN_REQUEST) while it waits for the token. A cycle: the collector that has the token and its
 * queue's requests names the last of them the next collector, tells every node not in the queue
 * (UPDATE), waits two message delays (2L, the known maximum delay the algorithm needs) for requests
 * still on their way to it, and sends the token along the queue. The token visits the queue in
 * order; the first k enter as it passes (the semaphore starts at k), and each later one enters when
 * the one k places before it has left and sent it RELEASE. A leaving node k places or fewer from
 * the end sends its RELEASE to the collector instead, which has the semaphore back at k once all
 * min(k, m) of them are in, and starts the next cycle with the requests it gathered meanwhile.
 */
public final class Makki extends MessagePassingFabric {
    static final int TOKEN_REQUEST = 0;
    static final int UPDATE = 1;
    static final int TOKEN = 2;
    static final int RELEASE = 3;
    private static final int TYPE_BITS = 2;

    public static final Algorithm ALGORITHM = Algorithm.named(
                    "makki",
                    "Makki et al.'s one token with a queue and a semaphore of k: TOKEN_REQUEST, UPDATE, TOKEN, RELEASE")
            .family(Family.TOKEN)
            .features(Feature.MESSAGE_FAULTS, Feature.K_BUSES)
            .factory(Makki::new)
            .messages(Makki::kinds)
            .wires(n -> (double) kinds(n).get(TOKEN).bits() * (n - 1) / n + Algorithm.idBits(n) + TYPE_BITS)
            .claim(n -> Cost.between("N + 2 at low load … 3 at high load; N/m + 2, m the queue's length", 3, n + 2))
            .build();

    private final int[] collector; // per node: where it sends its requests
    private final List<List<Integer>> gathered = new ArrayList<>(); // per node: requests it holds as collector
    private int tokenAt; // the node the token rests at, or -1 while it travels
    private final int[] returns; // per node, as collector: RELEASEs that give the semaphore back
    private final int[] expected; // per node, as collector: how many the cycle that ended here owes
    private int starting = -1; // the collector waiting out its 2L before the token leaves, or -1
    private long startsAt; // the cycle it leaves
    private final List<int[]> order = new ArrayList<>(); // per node: the queue of its current cycle
    private final int[] place; // per node: its place in that queue, or -1
    private final boolean[] permit; // per node: the RELEASE of the node k places before it has come
    private final boolean[] waits; // per node: holds its place, waiting for that RELEASE
    private int[] travelling; // the queue that travels with the token (one token: one queue)
    private final int lengthBits;

    Makki(Setting setting) {
        super(setting, Makki::kinds);
        this.collector = new int[nodes];
        this.returns = new int[nodes];
        this.expected = new int[nodes];
        this.place = new int[nodes];
        this.permit = new boolean[nodes];
        this.waits = new boolean[nodes];
        Arrays.fill(place, -1);
        for (int i = 0; i < nodes; i++) {
            gathered.add(new ArrayList<>());
            order.add(new int[0]);
        }
        this.tokenAt = 0; // node 0 starts as the collector, with the semaphore at k
        this.lengthBits = 32 - Integer.numberOfLeadingZeros(nodes);
    }

    /**
     * TOKEN_REQUEST and UPDATE carry a node; TOKEN its queue (the cycle's order, up to n ids); RELEASE
     * whether it lets the node k places on in, or gives the semaphore back to the collector.
     */
    static List<MessageKind> kinds(int n) {
        int id = Algorithm.idBits(n);
        return List.of(
                new MessageKind("TOKEN_REQUEST", TYPE_BITS + id),
                new MessageKind("UPDATE", TYPE_BITS + id),
                MessageKind.token("TOKEN", TYPE_BITS + (32 - Integer.numberOfLeadingZeros(n)) + n * id),
                new MessageKind("RELEASE", TYPE_BITS + 1));
    }

    @Override
    protected void hungry(int i, long cycle) {
        send(i, collector[i], TOKEN_REQUEST, i, cycle);
    }

    /** Leaving: RELEASE to the node k places on, or, near the end, back to the cycle's collector. */
    @Override
    protected void released(int i, long cycle) {
        int[] q = order.get(i);
        int p = place[i];
        place[i] = -1;
        if (p + buses <= q.length - 1) {
            send(i, q[p + buses], RELEASE, 1, cycle);
        } else if (q[q.length - 1] == i) {
            returned(i, cycle); // the collector's own: no message
        } else {
            send(i, q[q.length - 1], RELEASE, 0, cycle);
        }
    }

    @Override
    protected void react(long cycle) {
        for (Message m : channels.receive(cycle)) {
            int i = m.to();
            switch (m.type()) {
                case TOKEN_REQUEST -> onRequest(i, (int) m.payload(), cycle);
                case UPDATE -> collector[i] = (int) m.payload();
                case TOKEN -> onToken(i, m.from(), cycle);
                case RELEASE -> {
                    if (m.payload() == 1) {
                        onPermit(i, cycle);
                    } else {
                        returned(i, cycle);
                    }
                }
                default -> throw new AssertionError(m);
            }
        }
        if (starting >= 0 && startsAt == cycle) {
            int c = starting;
            starting = -1;
            pass(c, order.get(c), 0, cycle);
        }
    }

    private void onRequest(int c, int y, long cycle) {
        if (starting == c) {
            // Late, during the wait: it joins this cycle, before the next collector.
            int[] q = order.get(c);
            int[] with = Arrays.copyOf(q, q.length + 1);
            with[q.length] = q[q.length - 1];
            with[q.length - 1] = y;
            order.set(c, with);
        } else if (collector[c] == c) {
            gathered.get(c).add(y);
            maybeStart(c, cycle);
        } else {
            send(c, collector[c], TOKEN_REQUEST, y, cycle); // it no longer collects: on to whoever does
        }
    }

    /** A collector with the token, the semaphore whole again and requests gathered starts a cycle. */
    private void maybeStart(int c, long cycle) {
        if (tokenAt != c || returns[c] < expected[c] || gathered.get(c).isEmpty() || starting == c) {
            return;
        }
        returns[c] -= expected[c];
        expected[c] = 0;
        int[] q = gathered.get(c).stream().mapToInt(Integer::intValue).toArray();
        gathered.get(c).clear();
        int next = q[q.length - 1];
        order.set(c, q);
        collector[c] = next;
        boolean[] inQueue = new boolean[nodes];
        for (int x : q) {
            inQueue[x] = true;
        }
        for (int x = 0; x < nodes; x++) {
            // The next collector hears it too, though it is in the queue: it must gather the
            // requests that reach it before the token does, not send them back to the old one.
            if ((!inQueue[x] || x == next) && x != c) {
                send(c, x, UPDATE, next, cycle);
            }
        }
        starting = c;
        startsAt = cycle + 2L * channels.latencyCycles();
    }

    /** The token, with the queue, leaves node i for the queue's place p. */
    private void pass(int i, int[] q, int p, long cycle) {
        tokenAt = -1;
        travelling = q;
        channels.send(message(i, q[p], TOKEN, 0, TYPE_BITS + lengthBits + q.length * idBits), cycle);
    }

    private void onToken(int i, int from, long cycle) {
        int[] q = travelling;
        int p = 0;
        while (q[p] != i || (p > 0 && q[p - 1] != from)) {
            p++;
        }
        order.set(i, q);
        place[i] = p;
        collector[i] = q[q.length - 1];
        if (p < buses || permit[i]) {
            permit[i] = false;
            grant(i, cycle);
        } else {
            waits[i] = true;
        }
        if (p < q.length - 1) {
            pass(i, q, p + 1, cycle);
        } else {
            tokenAt = i; // the cycle's end: this is the collector
            expected[i] += Math.min(buses, q.length);
            maybeStart(i, cycle);
        }
    }

    /** The node k places before it has left: it may enter, or may as soon as the token comes. */
    private void onPermit(int i, long cycle) {
        if (waits[i] && state[i] == ClientState.HUNGRY) {
            waits[i] = false;
            grant(i, cycle);
        } else {
            permit[i] = true;
        }
    }

    /** A collector waiting out its 2L before the token leaves is not quiet: its timer will move. */
    @Override
    public boolean quiescent() {
        return channels.idle() && starting < 0;
    }

    private void returned(int c, long cycle) {
        returns[c]++;
        maybeStart(c, cycle);
    }
}
