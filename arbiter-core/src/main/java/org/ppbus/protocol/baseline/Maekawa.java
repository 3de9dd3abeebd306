package org.ppbus.protocol.baseline;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.ppbus.bus.Fabric;
import org.ppbus.link.Message;
import org.ppbus.link.MessageObserver;
import org.ppbus.plane.Wiring;
import org.ppbus.protocol.Algorithm;
import org.ppbus.protocol.ClientState;

/**
 * Maekawa's quorum voting (docs/SPEC.md §S1.4.9) with the deadlock avoidance of Sanders'
 * variant (1.4.10): FAILED, INQUIRE and YIELD. A hungry client stamps its request with its Lamport
 * clock and sends REQUEST to every voter of its quorum; it eats when all of them have voted for it.
 *
 * <p>A voter votes (GRANT) for one client at a time and queues the others by (stamp, id). A request
 * that is not the oldest the voter knows of gets FAILED; one older than the current vote makes the
 * voter INQUIRE at the client it voted for, once, and every queued request it now beats gets FAILED
 * too. So every queued request except the oldest has seen FAILED, which is what breaks the cycles
 * of the naive version (003 s.41–42). A client that has seen FAILED, or has already yielded in this
 * request, answers INQUIRE with YIELD; otherwise it remembers the inquiry and yields when a FAILED
 * arrives. The voter re-queues a yielder and votes for the oldest request.
 *
 * <p>The quorums are passed in: the lines of the same projective plane as Campos–Carvalho
 * ({@link #onPlane}), or the rows and columns of a grid ({@link #onGrid}). A voter id ≥ n is a
 * stand-alone voter with no client, as a fictitious point's arbiter is in Campos–Carvalho. A client's
 * own node is in its quorum; those messages stay inside the node with the same latency L and count as
 * local messages.
 *
 * <p>Widths (docs/PROTOCOL.md): a 3-bit type field; REQUEST adds a W-bit wrapping stamp and the
 * requester's id; GRANT adds the voter's W-bit clock, so that every client's clock follows the
 * clocks of its voters (without it, a client whose own place hears no other requester, as node 0 at
 * n = 2, falls further behind with every meal until W bits can no longer order two stamps); the
 * others carry nothing, because a client has one request at a time and FIFO channels tell a stale
 * INQUIRE from a current one (the client no longer holds that vote).
 */
public final class Maekawa extends BaselineFabric {
    static final int REQUEST = 0;
    static final int GRANT = 1;
    static final int RELEASE = 2;
    static final int INQUIRE = 3;
    static final int YIELD = 4;
    static final int FAILED = 5;
    static final int TYPE_BITS = 3;

    /** Maekawa with the projective plane's lines as quorums. */
    public static final Algorithm PLANE = Algorithm.named("maekawa",
                    "Maekawa's quorums on the projective plane's lines: REQUEST, GRANT, RELEASE, INQUIRE, YIELD, FAILED")
            .family(Algorithm.Family.QUORUM)
            .factory(s -> new Maekawa(s.nodes(), s.latencyCycles(), Algorithm.STAMP_BITS, onPlane(s.wiring()), s.grants(),
                    s.messages()))
            .messages(Maekawa::kinds)
            .wires(n -> wiresPerNode(onPlane(Wiring.forNodes(n)), Algorithm.STAMP_BITS))
            // No overtaking bound: Maekawa is "not FCFS".
            .claim(n -> {
                int k = Wiring.forNodes(n).lineSize();
                return new Algorithm.Cost("3√N … 5√N; 3K counting self-messages", 3 * k + " … " + 5 * k);
            })
            .build();

    /** Maekawa with the square grid's rows and columns as quorums. */
    public static final Algorithm GRID = Algorithm.named("maekawa-grid",
                    "Maekawa's quorums on a square grid (row and column), the same messages")
            .family(Algorithm.Family.QUORUM)
            .factory(s -> new Maekawa(s.nodes(), s.latencyCycles(), Algorithm.STAMP_BITS, onGrid(s.nodes()), s.grants(),
                    s.messages()))
            .messages(Maekawa::kinds)
            .wires(n -> wiresPerNode(onGrid(n), Algorithm.STAMP_BITS))
            .claim(n -> {
                int c = (int) Math.ceil(Math.sqrt(n));
                return new Algorithm.Cost("6√N − 3 … 10√N − 5 (√N := c)", (6 * c - 3) + " … " + (10 * c - 5));
            })
            .build();

    static List<Algorithm.MessageKind> kinds(int n) {
        return List.of(new Algorithm.MessageKind("REQUEST", TYPE_BITS + Algorithm.STAMP_BITS + Algorithm.idBits(n)),
                new Algorithm.MessageKind("GRANT", TYPE_BITS + Algorithm.STAMP_BITS),
                new Algorithm.MessageKind("RELEASE", TYPE_BITS), new Algorithm.MessageKind("INQUIRE", TYPE_BITS),
                new Algorithm.MessageKind("YIELD", TYPE_BITS), new Algorithm.MessageKind("FAILED", TYPE_BITS));
    }

    private final QuorumSystem quorums;
    private final int[][] quorum;     // client -> the voters of its current request, ascending
    private final long[] requests;    // client -> requests made so far (picks the quorum)
    private final LamportClocks clocks; // per place (client nodes and stand-alone voters)
    // client side
    private final boolean[][] holds;  // [client][slot]: this voter's vote is with the client
    private final boolean[][] inquired;
    private final int[] votes;
    private final boolean[] failed;   // has seen FAILED, or has yielded, in the current request
    // voter side
    private final int[] votedFor;     // -1 when free
    private final boolean[] inquiring;
    private final List<List<Integer>> queue = new ArrayList<>();
    private final List<boolean[]> failSent = new ArrayList<>();
    // peer side (Sanders' R_i − I_i): requests a client defers while it eats or asks with an older stamp
    private final List<List<Integer>> deferred = new ArrayList<>();

    public Maekawa(int nodes, int latencyCycles, int stampBits, int[][] quorum, Fabric.GrantSink sink,
            MessageObserver observer) {
        this(nodes, latencyCycles, stampBits, QuorumSystem.fixed(quorum), sink, observer);
    }

    /** Maekawa's voting over any quorum system, a client's quorum chosen afresh for each request. */
    public Maekawa(int nodes, int latencyCycles, int stampBits, QuorumSystem quorums, Fabric.GrantSink sink,
            MessageObserver observer) {
        super(nodes, latencyCycles, sink, observer);
        if (quorums.clients() != nodes) {
            throw new IllegalArgumentException("one quorum per node: " + quorums.clients() + " for " + nodes);
        }
        this.quorums = quorums;
        int places = quorums.places();
        this.quorum = new int[nodes][];
        this.requests = new long[nodes];
        this.holds = new boolean[nodes][];
        this.inquired = new boolean[nodes][];
        for (int i = 0; i < nodes; i++) {
            choose(i);
        }
        this.clocks = new LamportClocks(places, nodes, stampBits, idBits);
        this.votes = new int[nodes];
        this.failed = new boolean[nodes];
        this.votedFor = new int[places];
        Arrays.fill(votedFor, -1);
        this.inquiring = new boolean[places];
        for (int v = 0; v < places; v++) {
            queue.add(new ArrayList<>());
            failSent.add(new boolean[nodes]);
            deferred.add(new ArrayList<>());
        }
    }

    /** Fixes the quorum of client i's next request. */
    private void choose(int i) {
        quorum[i] = quorums.quorum(i, requests[i]);
        holds[i] = new boolean[quorum[i].length];
        inquired[i] = new boolean[quorum[i].length];
    }

    /** Quorums on the projective plane of Campos–Carvalho: S_i, with stand-alone voters at fictitious points. */
    public static int[][] onPlane(org.ppbus.plane.Wiring w) {
        int[][] q = new int[w.nodes()][];
        for (int i = 0; i < q.length; i++) {
            q[i] = w.arbitersOf(i);
        }
        return q;
    }

    /**
     * Maekawa's square grid (docs/SPEC.md §S1.4.11): c = ⌈√n⌉ columns, node i at row i / c and
     * column i mod c; its quorum is its row and its column. The last row may be short; two quorums
     * still meet, because at least one of the two crossings (row of i, column of j) and (row of j,
     * column of i) lies in a full row, unless i and j share the last row.
     */
    public static int[][] onGrid(int n) {
        int c = (int) Math.ceil(Math.sqrt(n));
        while ((c - 1) * (c - 1) >= n) {
            c--;
        }
        int[][] q = new int[n][];
        for (int i = 0; i < n; i++) {
            List<Integer> members = new ArrayList<>();
            for (int j = 0; j < n; j++) {
                if (j / c == i / c || j % c == i % c) {
                    members.add(j);
                }
            }
            q[i] = members.stream().mapToInt(Integer::intValue).toArray();
        }
        return q;
    }

    /**
     * Wires leaving a node, averaged: every remote client–voter pair has a REQUEST-wide channel
     * towards the voter and a GRANT-wide one (type and clock) back.
     */
    public static double wiresPerNode(int[][] quorum, int stampBits) {
        return wiresPerNode(QuorumSystem.fixed(quorum), stampBits);
    }

    /** As above, over every voter a client may ask under any of its quorums. */
    public static double wiresPerNode(QuorumSystem quorums, int stampBits) {
        int n = quorums.clients();
        int idBits = Math.max(1, 32 - Integer.numberOfLeadingZeros(n - 1));
        long remote = 0;
        for (int i = 0; i < n; i++) {
            for (int v : quorums.voters(i)) {
                remote += v == i ? 0 : 1;
            }
        }
        return (double) remote * (TYPE_BITS + stampBits + idBits + TYPE_BITS + stampBits) / n;
    }

    int requestBits() {
        return TYPE_BITS + clocks.bits() + idBits;
    }

    @Override
    public void step(long cycle) {
        for (int i : edges(cycle)) {
            if (req[i] && state[i] == ClientState.THINKING) {
                state[i] = ClientState.HUNGRY;
                choose(i);
                requests[i]++;
                long payload = clocks.request(i);
                for (int v : quorum[i]) {
                    channels.send(new Message(i, v, REQUEST, payload, requestBits()), cycle);
                }
            } else if (!req[i] && state[i] == ClientState.EATING) {
                state[i] = ClientState.THINKING;
                sink.released(i, cycle);
                for (int v : quorum[i]) {
                    if (quorums.locks(i, v)) {
                        channels.send(new Message(i, v, RELEASE, 0, TYPE_BITS), cycle);
                    }
                }
                for (int j : deferred.get(i)) {
                    permit(i, j, cycle);
                }
                deferred.get(i).clear();
                Arrays.fill(holds[i], false);
                Arrays.fill(inquired[i], false);
                votes[i] = 0;
                failed[i] = false;
            }
        }
        for (Message m : channels.receive(cycle)) {
            switch (m.type()) {
                case REQUEST -> onRequest(m, cycle);
                case RELEASE -> free(m.to(), m.from(), false, cycle);
                case YIELD -> free(m.to(), m.from(), true, cycle);
                case GRANT -> {
                    clocks.witnessOnWire(m.to(), m.payload());
                    onGrant(m.to(), m.from(), cycle);
                }
                case INQUIRE -> onInquire(m.to(), m.from(), cycle);
                case FAILED -> onFailed(m.to(), cycle);
                default -> throw new AssertionError(m);
            }
        }
    }

    // ---- voter ----

    private void onRequest(Message m, long cycle) {
        int v = m.to();
        int j = m.from();
        clocks.receive(v, j, m.payload());
        if (!quorums.locks(j, v)) {
            asPeer(v, j, cycle);
            return;
        }
        if (votedFor[v] < 0) {
            vote(v, j, cycle);
            return;
        }
        List<Integer> q = queue.get(v);
        int oldest = votedFor[v];
        for (int other : q) {
            if (before(other, oldest)) {
                oldest = other;
            }
        }
        q.add(j);
        if (!before(j, oldest)) {
            fail(v, j, cycle);
            return;
        }
        if (!inquiring[v]) {
            inquiring[v] = true;
            channels.send(new Message(v, votedFor[v], INQUIRE, 0, TYPE_BITS), cycle);
        }
        for (int other : q) {
            if (other != j) {
                fail(v, other, cycle); // j beats every queued request now
            }
        }
    }

    /** RELEASE (the client ate) or YIELD (it gives the vote back and waits again). */
    private void free(int v, int j, boolean yielded, long cycle) {
        if (votedFor[v] != j) {
            throw new IllegalStateException((yielded ? "YIELD" : "RELEASE") + " from " + j + " at voter " + v
                    + ", which voted for " + votedFor[v]);
        }
        votedFor[v] = -1;
        inquiring[v] = false;
        if (yielded) {
            queue.get(v).add(j);
            failSent.get(v)[j] = true; // a yielder knows it is not first; it needs no FAILED
        }
        List<Integer> q = queue.get(v);
        if (!q.isEmpty()) {
            int oldest = q.get(0);
            for (int other : q) {
                if (before(other, oldest)) {
                    oldest = other;
                }
            }
            q.remove(Integer.valueOf(oldest));
            vote(v, oldest, cycle);
        }
    }

    /**
     * A request from a client whose inform set lacks v: v answers as a Ricart–Agrawala peer, at once
     * unless it eats or asks with an older stamp. Deferring for an older request of its own also
     * sends FAILED, so that the younger client gives back the votes an older one inquires about.
     */
    private void asPeer(int v, int j, long cycle) {
        boolean older = state[v] == ClientState.HUNGRY && before(v, j);
        if (state[v] == ClientState.EATING || older) {
            deferred.get(v).add(j);
            if (older) {
                channels.send(new Message(v, j, FAILED, 0, TYPE_BITS), cycle);
            }
        } else {
            permit(v, j, cycle);
        }
    }

    private void permit(int v, int j, long cycle) {
        channels.send(new Message(v, j, GRANT, clocks.clock(v), TYPE_BITS + clocks.bits()), cycle);
    }

    private void vote(int v, int j, long cycle) {
        votedFor[v] = j;
        failSent.get(v)[j] = false;
        // The model carries the voter's unwrapped clock; the client reads it as W bits (witnessOnWire).
        channels.send(new Message(v, j, GRANT, clocks.clock(v), TYPE_BITS + clocks.bits()), cycle);
    }

    private void fail(int v, int j, long cycle) {
        if (!failSent.get(v)[j]) {
            failSent.get(v)[j] = true;
            channels.send(new Message(v, j, FAILED, 0, TYPE_BITS), cycle);
        }
    }

    private boolean before(int a, int b) {
        return clocks.requestBefore(a, b);
    }

    // ---- client ----

    private void onGrant(int i, int v, long cycle) {
        int slot = slot(i, v);
        if (state[i] != ClientState.HUNGRY || holds[i][slot]) {
            throw new IllegalStateException("GRANT from " + v + " to " + i + ", which is " + state[i]
                    + (holds[i][slot] ? " and already holds that vote" : ""));
        }
        holds[i][slot] = true;
        votes[i]++;
        if (votes[i] == quorum[i].length) {
            state[i] = ClientState.EATING;
            Arrays.fill(inquired[i], false);
            sink.granted(i, cycle);
        }
    }

    private void onInquire(int i, int v, long cycle) {
        int s = Arrays.binarySearch(quorum[i], v);
        if (state[i] != ClientState.HUNGRY || s < 0 || !holds[i][s]) {
            return; // eating (its RELEASE answers), or stale: the vote was given back, or the request is over
        }
        int slot = s;
        if (failed[i]) {
            yieldVote(i, slot, cycle);
        } else {
            inquired[i][slot] = true;
        }
    }

    private void onFailed(int i, long cycle) {
        if (state[i] != ClientState.HUNGRY) {
            throw new IllegalStateException("FAILED to " + i + ", which is " + state[i]);
        }
        failed[i] = true;
        for (int slot = 0; slot < quorum[i].length; slot++) {
            if (inquired[i][slot] && holds[i][slot]) {
                yieldVote(i, slot, cycle);
            }
        }
    }

    private void yieldVote(int i, int slot, long cycle) {
        holds[i][slot] = false;
        inquired[i][slot] = false;
        votes[i]--;
        failed[i] = true;
        channels.send(new Message(i, quorum[i][slot], YIELD, 0, TYPE_BITS), cycle);
    }

    private int slot(int i, int v) {
        int s = Arrays.binarySearch(quorum[i], v);
        if (s < 0) {
            throw new IllegalStateException("voter " + v + " is not in the quorum of " + i);
        }
        return s;
    }
}
