package org.ppbus.protocol.baseline;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import org.ppbus.bus.Fabric;
import org.ppbus.link.Message;
import org.ppbus.link.MessageChannels;
import org.ppbus.link.MessageObserver;
import org.ppbus.plane.Wiring;
import org.ppbus.protocol.ClientState;
import org.ppbus.protocol.baseline.parts.MessagePassingFabric;
import org.ppbus.protocol.descriptor.Algorithm;
import org.ppbus.protocol.descriptor.Cost;
import org.ppbus.protocol.descriptor.Family;
import org.ppbus.protocol.descriptor.Feature;
import org.ppbus.protocol.descriptor.MessageKind;

/**
 * Thambu and Wong's token on a projective plane (004 §4.2.3, docs/SPEC.md §S1.4.17). The
 * superiors of node i are S_i − {i}, the same lines as Campos–Carvalho, so any two nodes have a
 * common superior, or one is the other's superior. A holder tells its superiors I_HAVE_TOKEN and,
 * once it gives the token away, RELINQUISH_TOKEN; a superior's CONTROL_NODE names the inferior that
 * holds the token, or nothing. A hungry node sends REQUEST_TOKEN to its CONTROL_NODE if it knows
 * one, else to all its superiors; the one superior that knows routes it to the holder. The token
 * carries the rest of the holder's queue.
 *
 * <p>Where 004 leaves a detail open (recorded in docs/PROTOCOL.md):
 * <ul>
 * <li>A broadcast REQUEST_TOKEN that reaches a superior who knows no holder is dropped; a routed one
 * (flag bit set) is never dropped. A node that gave the token away keeps routing to the last node
 * of the queue it sent (004: "CONTROL_NODE_i es asignado el último nodo del REQ_QUEUE_i"), kept
 * here as {@code successor} so that directory updates cannot erase it; a node waiting for the token
 * keeps routed requests and adds them to the token's queue when it arrives.</li>
 * <li>The directory messages (broadcast REQUEST_TOKEN, I_HAVE_TOKEN, RELINQUISH_TOKEN) travel on
 * their own channels along the lines of the plane, and routed requests and the token on a second
 * set, as a hardware design would lay them out: a burst of routed requests must not delay a
 * broadcast past the directory update it races with.</li>
 * <li>RELINQUISH_TOKEN leaves L cycles after the token, as the last act of that cycle, so it reaches
 * the old holder's superiors no earlier than the new holder's I_HAVE_TOKEN reaches its own. Sent
 * with the token, it would open an L-cycle window in which a broadcast finds no superior that knows
 * the holder and the request is lost.</li>
 * <li>A holder answers broadcasts for 2L cycles after it gave the token away, for the same reason:
 * the broadcast may reach it directly, because it is one of the requester's superiors. A requester
 * asks its own entry too, as a local message with latency L.</li>
 * <li>While the token moves, both the old and the new holder's superiors answer, so a request can
 * reach the holder twice. The queue holds each node once; a copy that arrives after its request
 * was served brings the token to a node that no longer wants it, which announces it and passes it
 * on at once (or keeps it, if nobody waits).</li>
 * <li>Long latency (docs/PROTOCOL.md): a hungry node keeps a routed request only if it came along
 * a successor pointer set after the node's own last hand-off, which the request carries as a
 * 16-bit hand-off cycle; otherwise a node that passed the token on forwards along its own, newer
 * successor. Superiors take I_HAVE_TOKEN before requests and RELINQUISH_TOKEN after, within a
 * cycle. The token has channels of its own, so it always arrives L cycles after it left, as the
 * RELINQUISH_TOKEN timing assumes. A node retires copies of its own earlier requests when they
 * come back, and a holder's re-entry takes no sequence number.</li>
 * </ul>
 *
 * <p>Widths: a 2-bit type; REQUEST_TOKEN adds the routed flag, the requester's id and its 2-bit
 * sequence number, and, when routed along a successor pointer, a flag and the 16-bit hand-off
 * cycle; the token adds a ⌈log₂(n + 1)⌉-bit length, the queue, ⌈log₂ n⌉ bits per entry
 * (O(N log N) at worst, as the seeds say), and 2 bits per node of served sequence numbers;
 * I_HAVE_TOKEN and RELINQUISH_TOKEN carry nothing.
 */
public final class ThambuWong extends MessagePassingFabric {
    static final int REQUEST = 0;
    static final int TOKEN = 1;
    static final int I_HAVE = 2;
    static final int RELINQUISH = 3;
    private static final int SEQ_BITS = 2;
    private static final long SEQ_MASK = (1L << SEQ_BITS) - 1;
    /** Width of the hand-off cycle a request carries along a successor pointer (a free-running bus counter). */
    public static final int CYCLE_BITS = 16;

    public static final Algorithm ALGORITHM = Algorithm.named(
                    "thambu-wong", "Thambu and Wong's token with a request queue, on the projective plane's lines")
            .family(Family.TOKEN)
            .features(Feature.MESSAGE_FAULTS)
            .factory(s -> new ThambuWong(s.wiring(), s.latencyCycles(), s.grants(), s.messages()))
            .messages(ThambuWong::kinds)
            // Requests and the token may go to any node: a REQUEST-wide channel each way per pair,
            // each counted once. Routed requests also carry the successor flag and a 16-bit hand-off
            // cycle, and the token has channels of its own, as wide as a request, over which the
            // queue is sent serially.
            .wires(n -> (double) ((3 + Algorithm.idBits(n) + SEQ_BITS + 1 + CYCLE_BITS)
                            + (3 + Algorithm.idBits(n) + SEQ_BITS))
                    * (n - 1))
            // No overtaking bound: it serves in order of arrival at the holder, after routes of
            // different lengths.
            .claim(n -> new Cost(
                    "0 … 3√N + 2 (check against 3K + 2)",
                    "0 … " + (3 * Wiring.forNodes(n).lineSize() + 2)))
            .build();

    private final int[][] superiors; // real node -> S_i − {i}
    private final int[] control; // per place: the inferior holding the token, or -1
    private final int[] successor; // per real node: the last node of the queue it sent with the token, or -1
    private final boolean[] token;
    private final long[] seq; // per node: its current (or last) request number, unwrapped
    private final boolean[] sentOwnOn; // per node: a copy of its current request came back and was sent on
    private final long[] served; // travels with the token: each node's last served request number
    private final ArrayDeque<Integer> tokenQueue = new ArrayDeque<>(); // travels with the token
    private final List<ArrayDeque<long[]>> pending = new ArrayList<>(); // {requester, seq} kept for the token
    private final long[] relinquishAt;
    private final long[] answersUntil;
    private final long[] lastHandOff; // per real node: the cycle of its last hand-off, or -1
    // The hand-off cycle carried by a request sent along a successor pointer (the model keeps it
    // unwrapped beside the message; the wire carries CYCLE_BITS of it).
    private final IdentityHashMap<Message, Long> viaSuccessor = new IdentityHashMap<>();
    private final ArrayDeque<Integer> relinquishing =
            new ArrayDeque<>(); // due in time order: all are L after a hand-off
    private final int lengthBits;
    private final MessageChannels directory;
    private final MessageChannels tokenLinks;

    public ThambuWong(Wiring wiring, int latencyCycles, Fabric.GrantSink sink, MessageObserver observer) {
        super(wiring.nodes(), latencyCycles, sink, observer, ThambuWong::kinds);
        this.superiors = new int[nodes][];
        for (int i = 0; i < nodes; i++) {
            int self = i;
            superiors[i] =
                    Arrays.stream(wiring.arbitersOf(i)).filter(a -> a != self).toArray();
        }
        this.control = new int[wiring.points()];
        Arrays.fill(control, -1);
        for (int c : superiors[0]) {
            control[c] = 0; // node 0 holds the token after reset, as if its I_HAVE_TOKEN had arrived
        }
        this.successor = new int[nodes];
        Arrays.fill(successor, -1);
        this.token = new boolean[nodes];
        token[0] = true;
        this.seq = new long[nodes];
        this.sentOwnOn = new boolean[nodes];
        this.served = new long[nodes];
        for (int i = 0; i < nodes; i++) {
            pending.add(new ArrayDeque<>());
        }
        this.relinquishAt = new long[nodes];
        Arrays.fill(relinquishAt, -1);
        this.answersUntil = new long[nodes];
        Arrays.fill(answersUntil, -1);
        this.lastHandOff = new long[nodes];
        Arrays.fill(lastHandOff, -1);
        this.lengthBits = 32 - Integer.numberOfLeadingZeros(nodes);
        this.directory = new MessageChannels(latencyCycles, observer);
        this.tokenLinks = new MessageChannels(latencyCycles, observer);
    }

    int requestBits() {
        return 3 + idBits + SEQ_BITS;
    }

    @Override
    protected void hungry(int i, long cycle) {
        if (token[i]) {
            // Re-entry on the token it holds sends nothing, so it takes no sequence number:
            // the numbers count only requests that can leave copies behind.
            eat(i, cycle);
            return;
        }
        seq[i]++;
        sentOwnOn[i] = false;
        if (control[i] >= 0) {
            route(i, control[i], i, seq[i], cycle);
        } else {
            // Its own entry is asked too, through the node with latency L like the others,
            // so that an I_HAVE_TOKEN arriving meanwhile is seen in the same order everywhere.
            sendOn(i, i, REQUEST, request(i, seq[i], false), requestBits(), cycle);
            for (int c : superiors[i]) {
                sendOn(i, c, REQUEST, request(i, seq[i], false), requestBits(), cycle);
            }
        }
    }

    @Override
    protected void released(int i, long cycle) {
        if (!tokenQueue.isEmpty()) {
            handOff(i, cycle);
        }
    }

    @Override
    protected void react(long cycle) {
        List<Message> arrived = new ArrayList<>(directory.receive(cycle));
        arrived.addAll(tokenLinks.receive(cycle));
        arrived.addAll(channels.receive(cycle));
        // Within a cycle a superior learns of a new holder before it answers requests, and forgets
        // an old one after: a broadcast that arrives with the new holder's I_HAVE_TOKEN would
        // otherwise be dropped at the one superior that can route it (seen at n = 5, L = 1), and
        // one that arrives with the old holder's RELINQUISH_TOKEN still finds the old holder.
        arrived.sort(Comparator.comparingInt(m -> m.type() == I_HAVE ? 0 : m.type() == RELINQUISH ? 2 : 1));
        for (Message m : arrived) {
            int p = m.to();
            switch (m.type()) {
                case REQUEST ->
                    onRequest(
                            p,
                            requester(m.payload()),
                            m.payload() >>> 32,
                            (m.payload() & 1) == 1,
                            viaSuccessor.containsKey(m) ? viaSuccessor.remove(m) : -2,
                            cycle);
                case TOKEN -> onToken(p, cycle);
                case I_HAVE -> control[p] = m.from();
                case RELINQUISH -> {
                    if (control[p] == m.from()) {
                        control[p] = -1;
                    }
                }
                default -> throw new AssertionError(m);
            }
        }
        while (!relinquishing.isEmpty() && relinquishAt[relinquishing.peek()] == cycle) {
            int i = relinquishing.poll();
            relinquishAt[i] = -1;
            for (int c : superiors[i]) {
                sendOn(i, c, RELINQUISH, 0, 2, cycle);
            }
        }
    }

    @Override
    public boolean quiescent() {
        return super.quiescent() && directory.idle() && tokenLinks.idle();
    }

    /**
     * The wire carries the routed flag, the requester and its sequence number mod 4; the model
     * keeps the unwrapped number in the upper half to check every 2-bit decision against it.
     */
    private static long request(int requester, long sequence, boolean routed) {
        return (sequence << 32)
                | ((long) requester << (1 + SEQ_BITS))
                | ((sequence & SEQ_MASK) << 1)
                | (routed ? 1 : 0);
    }

    private static int requester(long payload) {
        return (int) ((payload & 0xffffffffL) >>> (1 + SEQ_BITS));
    }

    /**
     * @param named for a request that came along a successor pointer, the cycle of the hand-off
     *     that set that pointer (the sender named p the tail of the queue it sent then); -2 for a
     *     request that came along a directory entry or was broadcast
     */
    private void onRequest(int p, int r, long s, boolean routed, long named, long cycle) {
        boolean real = p < nodes;
        if (real && token[p]) {
            if (!fresh(r, s) || r == p || tokenQueue.contains(r)) {
                return; // a copy of a served request, or of one already queued
            }
            tokenQueue.add(r);
            if (state[p] != ClientState.EATING) {
                handOff(p, cycle); // an idle holder: its queue was empty
            }
        } else if (!routed) {
            if (real && cycle <= answersUntil[p]) {
                // p gave the token away less than 2L ago: it still answers for it until the new
                // holder's I_HAVE_TOKEN has reached the new holder's superiors
                followSuccessor(p, r, s, cycle);
            } else if (control[p] >= 0) {
                route(p, control[p], r, s, cycle);
            }
            // else: this superior knows no holder; the copy at the common superior finds it
        } else if (r == p) {
            // p's own request came back. A copy of an earlier request (p is not waiting, or waits
            // with a newer number) is stale and retired here, where p's own number tells. Else, if
            // p ever held the token, a superior still believed it did: follow where p sent it. If
            // not, the only pointer to p is a former holder's successor, so p is already in the
            // token's queue and this is a duplicate.
            if (state[p] == ClientState.HUNGRY && ownCurrent(p, s) && successor[p] >= 0 && !sentOwnOn[p]) {
                // Only the first copy goes on: each superior that believed p held the token sends one
                // back, and the others, chasing a token that two nodes pass back and forth, would
                // outlive four of p's requests and fool the 2-bit check.
                sentOwnOn[p] = true;
                followSuccessor(p, r, s, cycle);
            }
        } else if (real && state[p] == ClientState.HUNGRY && named != -2 && !handedOffSince(p, named, cycle)) {
            // p was named the tail of a queue and has not had the token since: it is in the token's
            // queue and will hold it, so it keeps r and queues it then
            pending.get(p).add(new long[] {r, s});
        } else if (real && successor[p] >= 0) {
            // p passed the token on after the pointer that brought r here was set: forward in time
            followSuccessor(p, r, s, cycle);
        } else if (control[p] >= 0) {
            route(p, control[p], r, s, cycle);
        } else {
            throw new IllegalStateException("routed request of " + r + " reached " + p + ", which has no route");
        }
    }

    /**
     * Whether node p handed the token on after the given cycle, decided as hardware would: from the
     * request's CYCLE_BITS-bit stamp against the bus's free-running counter, and p's cycles since
     * its last hand-off, saturating. Checked against the unwrapped cycles; a run in which the
     * stamp's age does not fit is refused.
     */
    private boolean handedOffSince(int p, long named, long cycle) {
        long window = 1L << CYCLE_BITS;
        long messageAge = cycle - named;
        if (messageAge >= window) {
            throw new IllegalStateException("a request carried a hand-off cycle " + messageAge
                    + " cycles old, more than " + CYCLE_BITS + " bits can date; the run is refused");
        }
        long sinceHandOff = lastHandOff[p] < 0 ? window - 1 : Math.min(window - 1, cycle - lastHandOff[p]);
        boolean wire = sinceHandOff < messageAge;
        if (wire != lastHandOff[p] > named) {
            throw new IllegalStateException("node " + p + " cannot tell its last hand-off from one " + messageAge
                    + " cycles old on " + CYCLE_BITS + " bits; the run is refused");
        }
        return wire;
    }

    /** Sends r on along p's successor pointer, stamped with the cycle p set it. */
    private void followSuccessor(int p, int r, long s, long cycle) {
        Message m = message(p, successor[p], REQUEST, request(r, s, true));
        viaSuccessor.put(m, lastHandOff[p]);
        channels.send(m, cycle);
    }

    /** Request s of node p is p's current one, decided on the wire's bits and checked. */
    private boolean ownCurrent(int p, long s) {
        boolean wire = ((seq[p] - s) & SEQ_MASK) == 0;
        if (wire != (s == seq[p])) {
            throw new IllegalStateException(
                    "a copy of request " + s + " of node " + p + " came back when its current one is " + seq[p] + "; "
                            + SEQ_BITS + "-bit sequence numbers cannot tell; the run is refused");
        }
        return wire;
    }

    /** Request s of node r is the one after its last served request, decided on 2 bits and checked. */
    private boolean fresh(int r, long s) {
        boolean wire = ((s - served[r]) & SEQ_MASK) == 1;
        boolean truth = s == served[r] + 1;
        if (wire != truth) {
            throw new IllegalStateException("request " + s + " of node " + r + " is " + (s - served[r])
                    + " requests from its last served one; 2-bit sequence numbers cannot tell; the run is refused");
        }
        return wire;
    }

    private void route(int from, int to, int r, long s, long cycle) {
        sendOn(from, to, REQUEST, request(r, s, true), requestBits(), cycle);
    }

    private void onToken(int i, long cycle) {
        if (state[i] != ClientState.HUNGRY) {
            throw new IllegalStateException("the token reached " + i + ", which is " + state[i]);
        }
        if (relinquishAt[i] >= 0) {
            throw new IllegalStateException("the token came back to " + i + " before its RELINQUISH left");
        }
        token[i] = true;
        tokenQueue.remove(i);
        served[i] = seq[i];
        for (long[] e : pending.get(i)) {
            int r = (int) e[0];
            if (fresh(r, e[1]) && r != i && !tokenQueue.contains(r)) {
                tokenQueue.add(r);
            }
        }
        pending.get(i).clear();
        eat(i, cycle);
        for (int c : superiors[i]) {
            sendOn(i, c, I_HAVE, 0, 2, cycle);
        }
    }

    private void eat(int i, long cycle) {
        state[i] = ClientState.EATING;
        sink.granted(i, cycle);
    }

    private void handOff(int i, long cycle) {
        int head = tokenQueue.poll();
        successor[i] = tokenQueue.isEmpty() ? head : tokenQueue.peekLast();
        token[i] = false;
        int bits = 2 + lengthBits + tokenQueue.size() * idBits + SEQ_BITS * nodes;
        sendOn(i, head, TOKEN, 0, bits, cycle);
        relinquishAt[i] = cycle + channels.latencyCycles();
        relinquishing.add(i);
        answersUntil[i] = cycle + 2L * channels.latencyCycles();
        lastHandOff[i] = cycle;
    }

    private void sendOn(int from, int to, int type, long payload, int bits, long cycle) {
        boolean lookup = type == I_HAVE || type == RELINQUISH || (type == REQUEST && (payload & 1) == 0);
        (lookup ? directory : type == TOKEN ? tokenLinks : channels)
                .send(message(from, to, type, payload, bits), cycle);
    }

    /** REQUEST at its widest, routed along a successor pointer (flag and hand-off cycle); TOKEN with
     * a full queue. Shorter ones are sent as wide as they are. */
    static List<MessageKind> kinds(int n) {
        return List.of(
                new MessageKind("REQUEST", 3 + Algorithm.idBits(n) + SEQ_BITS + 1 + CYCLE_BITS),
                MessageKind.token(
                        "TOKEN",
                        2 + (32 - Integer.numberOfLeadingZeros(n)) + (n - 1) * Algorithm.idBits(n) + SEQ_BITS * n),
                new MessageKind("I_HAVE", 2),
                new MessageKind("RELINQUISH", 2));
    }
}
