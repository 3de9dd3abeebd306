package org.ppbus.protocol.baseline;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.IntFunction;
import org.ppbus.bus.Fabric;
import org.ppbus.link.Message;
import org.ppbus.link.MessageObserver;
import org.ppbus.plane.Wiring;
import org.ppbus.protocol.ClientState;
import org.ppbus.protocol.baseline.parts.LamportClocks;
import org.ppbus.protocol.baseline.parts.MessagePassingFabric;
import org.ppbus.protocol.baseline.parts.QuorumSystem;
import org.ppbus.protocol.baseline.parts.SilenceTimers;
import org.ppbus.protocol.descriptor.Algorithm;
import org.ppbus.protocol.descriptor.AlgorithmBuilder;
import org.ppbus.protocol.descriptor.Cost;
import org.ppbus.protocol.descriptor.Family;
import org.ppbus.protocol.descriptor.Feature;
import org.ppbus.protocol.descriptor.MessageKind;

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
public final class Maekawa extends MessagePassingFabric {
    static final int REQUEST = 0;
    static final int GRANT = 1;
    static final int RELEASE = 2;
    static final int INQUIRE = 3;
    static final int YIELD = 4;
    static final int FAILED = 5;
    public static final int TYPE_BITS = 3;

    /** Maekawa with the projective plane's lines as quorums. */
    /**
     * A Maekawa-family descriptor for a quorum system given as data, as a function of n: the family,
     * the faults, the factory, the messages and the wires. Each quorum algorithm adds its claim (and
     * its fairness, where the seeds give one).
     */
    public static AlgorithmBuilder overQuorums(String name, String description, IntFunction<QuorumSystem> quorums) {
        return Algorithm.named(name, description)
                .family(Family.QUORUM)
                .features(Feature.MESSAGE_FAULTS)
                .factory(s -> new Maekawa(
                        s.nodes(),
                        s.latencyCycles(),
                        Algorithm.STAMP_BITS,
                        quorums.apply(s.nodes()),
                        s.grants(),
                        s.messages()))
                .messages(Maekawa::kinds)
                .wires(n -> Quorums.wiresPerNode(quorums.apply(n), Algorithm.STAMP_BITS));
    }

    public static final Algorithm PLANE = overQuorums(
                    "maekawa",
                    "Maekawa's quorums on the projective plane's lines: REQUEST, GRANT, RELEASE, INQUIRE, YIELD, FAILED",
                    n -> QuorumSystem.fixed(Quorums.onPlane(Wiring.forNodes(n))))
            // No overtaking bound: Maekawa is "not FCFS".
            .claim(n -> {
                int k = Wiring.forNodes(n).lineSize();
                return new Cost("3√N … 5√N; 3K counting self-messages", 3 * k + " … " + 5 * k);
            })
            .build();

    static List<MessageKind> kinds(int n) {
        return kinds(n, Algorithm.STAMP_BITS);
    }

    /** REQUEST carries (type, stamp, id), GRANT (type, the voter's clock); the others are a type alone. */
    static List<MessageKind> kinds(int n, int stampBits) {
        return List.of(
                new MessageKind("REQUEST", TYPE_BITS + stampBits + Algorithm.idBits(n)),
                new MessageKind("GRANT", TYPE_BITS + stampBits),
                new MessageKind("RELEASE", TYPE_BITS),
                new MessageKind("INQUIRE", TYPE_BITS),
                new MessageKind("YIELD", TYPE_BITS),
                new MessageKind("FAILED", TYPE_BITS));
    }

    private final QuorumSystem quorums;
    private final int[][] quorum; // client -> the voters of its current request, ascending
    private final long[] requests; // client -> requests made so far (picks the quorum)
    private final LamportClocks clocks; // per place (client nodes and stand-alone voters)
    // client side
    private final boolean[][] holds; // [client][slot]: this voter's vote is with the client
    private final boolean[][] inquired;
    private final int[] votes;
    private final boolean[] failed; // has seen FAILED, or has yielded, in the current request
    private final MaekawaVoters voters;
    // crashed voters: where the quorum system has a detour, a client that hears nothing from a voter
    // for the silence timeout turns to a quorum without it
    private final SilenceTimers timers;
    private int hungry;
    private final List<Set<Integer>> suspects = new ArrayList<>(); // per client: voters taken for crashed

    public Maekawa(
            int nodes,
            int latencyCycles,
            int stampBits,
            int[][] quorum,
            Fabric.GrantSink sink,
            MessageObserver observer) {
        this(nodes, latencyCycles, stampBits, QuorumSystem.fixed(quorum), sink, observer);
    }

    /** Maekawa's voting over any quorum system, a client's quorum chosen afresh for each request. */
    public Maekawa(
            int nodes,
            int latencyCycles,
            int stampBits,
            QuorumSystem quorums,
            Fabric.GrantSink sink,
            MessageObserver observer) {
        super(nodes, latencyCycles, sink, observer, n -> kinds(n, stampBits));
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
        this.voters = new MaekawaVoters(nodes, places, quorums, clocks, this::send, state);
        for (int i = 0; i < nodes; i++) {
            suspects.add(new HashSet<>());
        }
        this.timers = quorums.detour() == null
                ? null
                : new SilenceTimers(
                        QuorumSystem.silence(latencyCycles),
                        Arrays.stream(quorum).mapToInt(q -> q.length).toArray());
    }

    /** Fixes the quorum of client i's next request. */
    private void choose(int i) {
        quorum[i] = quorums.quorum(i, requests[i]);
        holds[i] = new boolean[quorum[i].length];
        inquired[i] = new boolean[quorum[i].length];
    }

    @Override
    protected void hungry(int i, long cycle) {
        hungry++;
        choose(i);
        requests[i]++;
        long payload = clocks.request(i);
        if (timers != null) {
            avoidSuspects(i);
            timers.resize(i, quorum[i].length);
        }
        for (int slot = 0; slot < quorum[i].length; slot++) {
            ask(i, slot, payload, cycle);
        }
    }

    @Override
    protected void released(int i, long cycle) {
        for (int v : quorum[i]) {
            if (quorums.locks(i, v)) {
                send(i, v, RELEASE, 0, cycle);
            }
        }
        voters.answerDeferred(i, cycle);
        Arrays.fill(holds[i], false);
        Arrays.fill(inquired[i], false);
        votes[i] = 0;
        failed[i] = false;
    }

    @Override
    protected void react(long cycle) {
        for (Message m : channels.receive(cycle)) {
            switch (m.type()) {
                case REQUEST -> voters.onRequest(m, cycle);
                case RELEASE -> voters.free(m.to(), m.from(), false, cycle);
                case YIELD -> voters.free(m.to(), m.from(), true, cycle);
                case GRANT -> {
                    clocks.witnessOnWire(m.to(), m.payload());
                    onGrant(m.to(), m.from(), cycle);
                }
                case INQUIRE -> onInquire(m.to(), m.from(), cycle);
                case FAILED -> onFailed(m.to(), m.from(), cycle);
                default -> throw new AssertionError(m);
            }
            if (timers != null
                    && m.to() < quorum.length
                    && m.type() != REQUEST
                    && m.type() != RELEASE
                    && m.type() != YIELD) {
                int slot = Arrays.binarySearch(quorum[m.to()], m.from());
                if (slot >= 0) {
                    timers.arm(m.to(), slot, cycle); // the voter lives
                }
            }
        }
        if (timers != null) {
            Set<Integer> turned = new HashSet<>();
            for (int[] t : timers.due(cycle)) {
                // a client that turned to another quorum this cycle has new slots: its other timers are stale
                if (!turned.contains(t[0]) && silent(t[0], t[1], cycle)) {
                    turned.add(t[0]);
                }
            }
        }
    }

    /**
     * With silence timeouts, a client that waits for a crashed voter's timeout is not stalled: the
     * fabric is busy while anyone is hungry (the run's livelock watchdog, longer than the timeout,
     * still bounds the wait).
     */
    @Override
    public boolean quiescent() {
        return super.quiescent() && (timers == null || hungry == 0);
    }

    /**
     * A client remembers the voters it took for crashed: a new request starts with a quorum that
     * avoids them, so that only its first request after a crash waits for the timeout.
     */
    private void avoidSuspects(int i) {
        if (suspects.get(i).isEmpty()) {
            return;
        }
        int[] q = quorums.detour().avoiding(i, suspects.get(i));
        if (q != null) {
            quorum[i] = q.clone();
            Arrays.sort(quorum[i]);
            holds[i] = new boolean[quorum[i].length];
            inquired[i] = new boolean[quorum[i].length];
        }
    }

    private void ask(int i, int slot, long payload, long cycle) {
        send(i, quorum[i][slot], REQUEST, payload, cycle);
        if (timers != null) {
            timers.arm(i, slot, cycle);
        }
    }

    /**
     * Voter slot of client i has said nothing for the silence timeout while i waits for its vote: i
     * takes it for crashed and turns to the detour quorum that avoids every voter it has taken for
     * crashed (a slow voter taken for crashed by mistake stays avoided, so that i does not go back to
     * a crashed one). Voters in both quorums keep i's request
     * (same stamp), and i keeps what it knew of them; the others get RELEASE, which frees their vote
     * or cancels the queued request.
     */
    private boolean silent(int i, int slot, long cycle) {
        if (state[i] != ClientState.HUNGRY || holds[i][slot]) {
            return false;
        }
        int silentVoter = quorum[i][slot];
        if (silentVoter == i) {
            return false; // its own node: if that had crashed, so had the client
        }
        Set<Integer> suspected = suspects.get(i);
        suspected.add(silentVoter);
        int[] next = quorums.detour().avoiding(i, suspected);
        if (next == null && suspected.size() > 1) {
            // No quorum avoids them all, so some were only slow (a voter that queued i as the oldest
            // says nothing while its holder takes its time): keep suspecting the latest alone.
            suspected.retainAll(Set.of(silentVoter));
            next = quorums.detour().avoiding(i, suspected);
        }
        if (next == null) {
            return false; // no quorum without it: i waits on
        }
        next = next.clone();
        Arrays.sort(next);
        int[] old = quorum[i];
        boolean[] oldHolds = holds[i];
        boolean[] oldInquired = inquired[i];
        quorum[i] = next;
        holds[i] = new boolean[next.length];
        inquired[i] = new boolean[next.length];
        timers.resize(i, next.length);
        votes[i] = 0;
        // The silent voter too: if it only seemed dead (it queued i behind a slow holder), it must
        // let i's request go; if it is dead, the RELEASE is lost with everything else sent to it.
        for (int k = 0; k < old.length; k++) {
            if (Arrays.binarySearch(next, old[k]) < 0) {
                send(i, old[k], RELEASE, 0, cycle);
            }
        }
        for (int k = 0; k < next.length; k++) {
            int was = Arrays.binarySearch(old, next[k]);
            if (was >= 0) {
                inquired[i][k] = oldInquired[was];
            }
            if (was >= 0 && oldHolds[was]) {
                holds[i][k] = true;
                votes[i]++;
            } else if (was < 0) {
                ask(i, k, clocks.payload(i), cycle);
            } else {
                timers.arm(i, k, cycle);
            }
        }
        if (votes[i] == next.length) {
            state[i] = ClientState.EATING;
            hungry--;
            sink.granted(i, cycle);
        }
        return true;
    }

    // ---- client ----

    private void onGrant(int i, int v, long cycle) {
        if (timers != null && Arrays.binarySearch(quorum[i], v) < 0) {
            return; // from a voter the client left; its RELEASE returns the vote
        }
        int slot = slot(i, v);
        if (state[i] != ClientState.HUNGRY || holds[i][slot]) {
            throw new IllegalStateException("GRANT from " + v + " to " + i + ", which is " + state[i]
                    + (holds[i][slot] ? " and already holds that vote" : ""));
        }
        holds[i][slot] = true;
        votes[i]++;
        if (votes[i] == quorum[i].length) {
            state[i] = ClientState.EATING;
            hungry--;
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

    private void onFailed(int i, int v, long cycle) {
        if (timers != null && Arrays.binarySearch(quorum[i], v) < 0) {
            return; // from a voter the client left
        }
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
        send(i, quorum[i][slot], YIELD, 0, cycle);
    }

    private int slot(int i, int v) {
        int s = Arrays.binarySearch(quorum[i], v);
        if (s < 0) {
            throw new IllegalStateException("voter " + v + " is not in the quorum of " + i);
        }
        return s;
    }
}
