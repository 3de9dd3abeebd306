package org.ppbus.protocol.baseline;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.ppbus.link.Message;
import org.ppbus.protocol.baseline.parts.LamportClocks;
import org.ppbus.protocol.baseline.parts.MessagePassingFabric;
import org.ppbus.protocol.descriptor.Algorithm;
import org.ppbus.protocol.descriptor.Claim;
import org.ppbus.protocol.descriptor.Cost;
import org.ppbus.protocol.descriptor.Family;
import org.ppbus.protocol.descriptor.Feature;
import org.ppbus.protocol.descriptor.MessageKind;
import org.ppbus.protocol.descriptor.Setting;

/**
 * Cenci's group mutual exclusion by messages (docs/PROTOCOL.md, "More than one bus"; the thesis
 * §5.3.4): two kinds of actor. A process asks the actor of its request's group (REQ_PROC), uses
 * the bus when the group answers (REP_PROC) and tells it when it leaves (FIN_PROC). A group actor
 * competes for the bus with the other groups by Maekawa's voting among the group actors, on the
 * grid quorums of the m groups: REQ_GROUP to its quorum, GRANT back, INQUIRE and YIELD where an
 * older request comes, RELEASE_GROUP when its session ends.
 *
 * <p>A group's session: the first process to ask becomes its leader and starts the competition;
 * whoever asks before the group is in is let in with it; while the leader is in, newcomers are let
 * in at once; once the leader has left, newcomers wait for the next session, so that a session
 * ends. It ends when its last process leaves.
 *
 * <p>Group g's actor lives at node g, so there are at most n groups; without groups every process
 * is a group of its own, and the algorithm is Maekawa's among the processes' actors. Every message
 * goes through a channel, a node's messages to itself included (the thesis leaves out the group's
 * own vote: its counts are lower by 3).
 */
public final class CenciGroups extends MessagePassingFabric {
    static final int REQ_PROC = 0;
    static final int REP_PROC = 1;
    static final int FIN_PROC = 2;
    static final int REQ_GROUP = 3;
    static final int GRANT = 4;
    static final int INQUIRE = 5;
    static final int YIELD = 6;
    static final int RELEASE_GROUP = 7;
    private static final int TYPE_BITS = 3;

    public static final Algorithm ALGORITHM = Algorithm.named(
                    "cenci-groups",
                    "Cenci's group mutual exclusion: process and group actors, Maekawa's voting among the groups")
            .family(Family.QUORUM)
            .features(Feature.MESSAGE_FAULTS, Feature.GROUPS)
            .factory(s -> new CenciGroups(s, Algorithm.STAMP_BITS))
            .messages(n -> kinds(n, Algorithm.STAMP_BITS))
            .wires(n -> (double) kinds(n, Algorithm.STAMP_BITS).get(REQ_GROUP).bits() * (n - 1))
            .claim(Claim.withSharing((n, s) -> {
                int k = Arrays.stream(Quorums.onGrid(s.groups() == 0 ? n : s.groups()))
                        .mapToInt(q -> q.length)
                        .max()
                        .orElse(1);
                return Cost.between(
                        "3 + 3k/l … 3 + 5k per entry for l processes in a session, k = |quorum| with its own vote",
                        3,
                        3 + 5L * k);
            }))
            .build();

    private enum Phase {
        IDLE,
        COMPETING,
        IN
    }

    /** A group's request for the bus, as a voter keeps it. */
    private record Ask(int group, long stamp, long parity) {}

    private final int groups;
    private final int[][] quorum; // per group: the groups it needs the votes of
    private final LamportClocks clocks; // one place per group actor
    // group actors
    private final Phase[] phase;
    private final long[] round;
    private final boolean[][] voted; // per group, per quorum slot
    private final int[] votes;
    private final int[] leader; // -1: none, or left
    private final List<List<Integer>> waiting = new ArrayList<>(); // per group: processes for the next entry
    private final List<List<Integer>> in = new ArrayList<>(); // per group: processes in
    // voters (one per group actor)
    private final Ask[] holder; // per voter: the request its vote is with, or null
    private final boolean[] inquired;
    private final List<List<Ask>> asks = new ArrayList<>(); // per voter: requests heard, oldest first

    CenciGroups(Setting setting, int stampBits) {
        super(setting, n -> kinds(n, stampBits));
        int m = setting.sharing().groups();
        this.groups = m == 0 ? nodes : m;
        if (groups > nodes) {
            throw new IllegalArgumentException(
                    "cenci-groups keeps each group at a node: " + groups + " groups need at least as many nodes");
        }
        this.quorum = Quorums.onGrid(groups);
        this.clocks = new LamportClocks(groups, groups, stampBits, idBits);
        this.phase = new Phase[groups];
        Arrays.fill(phase, Phase.IDLE);
        this.round = new long[groups];
        this.voted = new boolean[groups][];
        this.votes = new int[groups];
        this.leader = new int[groups];
        Arrays.fill(leader, -1);
        this.holder = new Ask[groups];
        this.inquired = new boolean[groups];
        for (int g = 0; g < groups; g++) {
            voted[g] = new boolean[quorum[g].length];
            waiting.add(new ArrayList<>());
            in.add(new ArrayList<>());
            asks.add(new ArrayList<>());
        }
    }

    /** A process id on REQ_PROC and FIN_PROC; (stamp, group) on REQ_GROUP; a round parity on GRANT, INQUIRE, YIELD. */
    static List<MessageKind> kinds(int n, int stampBits) {
        int id = Algorithm.idBits(n);
        return List.of(
                new MessageKind("REQ_PROC", TYPE_BITS + id),
                new MessageKind("REP_PROC", TYPE_BITS),
                new MessageKind("FIN_PROC", TYPE_BITS + id),
                new MessageKind("REQ_GROUP", TYPE_BITS + 1 + stampBits + id),
                new MessageKind("GRANT", TYPE_BITS + 1),
                new MessageKind("INQUIRE", TYPE_BITS + 1),
                new MessageKind("YIELD", TYPE_BITS + 1),
                new MessageKind("RELEASE_GROUP", TYPE_BITS));
    }

    /** The group of node i's current request: its own when the run has no groups. */
    private int groupOf(int i) {
        return need(i).grouped() ? need(i).group() : i;
    }

    @Override
    protected void hungry(int i, long cycle) {
        send(i, groupOf(i), REQ_PROC, i, cycle);
    }

    @Override
    protected void released(int i, long cycle) {
        send(i, groupOf(i), FIN_PROC, i, cycle);
    }

    @Override
    protected void react(long cycle) {
        for (Message m : channels.receive(cycle)) {
            int to = m.to();
            switch (m.type()) {
                case REQ_PROC -> onProcess(to, (int) m.payload(), cycle);
                case REP_PROC -> grant(to, cycle);
                case FIN_PROC -> onFinished(to, (int) m.payload(), cycle);
                case REQ_GROUP -> onAsk(to, m.from(), m.payload(), cycle);
                case GRANT -> onVote(to, m.from(), m.payload(), cycle);
                case INQUIRE -> onInquire(to, m.from(), m.payload(), cycle);
                case YIELD -> onYield(to, m.from(), m.payload(), cycle);
                case RELEASE_GROUP -> onRelease(to, m.from(), cycle);
                default -> throw new AssertionError(m);
            }
        }
    }

    // ---- the group actor: its session ----

    private void onProcess(int g, int p, long cycle) {
        switch (phase[g]) {
            case IDLE -> {
                leader[g] = p;
                waiting.get(g).add(p);
                compete(g, cycle);
            }
            case COMPETING -> waiting.get(g).add(p);
            case IN -> {
                if (leader[g] >= 0) {
                    in.get(g).add(p);
                    send(g, p, REP_PROC, 0, cycle);
                } else {
                    waiting.get(g).add(p); // the session is closing: the next one
                }
            }
            default -> throw new AssertionError(phase[g]);
        }
    }

    private void compete(int g, long cycle) {
        phase[g] = Phase.COMPETING;
        round[g]++;
        Arrays.fill(voted[g], false);
        votes[g] = 0;
        long payload = (round[g] & 1) << (clocks.bits() + idBits) | clocks.request(g);
        for (int v : quorum[g]) {
            send(g, v, REQ_GROUP, payload, cycle);
        }
    }

    private void onVote(int g, int v, long parity, long cycle) {
        if (phase[g] != Phase.COMPETING || (round[g] & 1) != parity) {
            throw new IllegalStateException("group " + g + " got a vote from " + v + " outside its competition");
        }
        int s = slot(g, v);
        if (!voted[g][s]) {
            voted[g][s] = true;
            votes[g]++;
        }
        if (votes[g] == quorum[g].length) {
            phase[g] = Phase.IN;
            for (int p : waiting.get(g)) {
                in.get(g).add(p);
                send(g, p, REP_PROC, 0, cycle);
            }
            waiting.get(g).clear();
        }
    }

    /** A voter wants its vote back for an older request: given, unless the group is in. */
    private void onInquire(int g, int v, long parity, long cycle) {
        int s = slot(g, v);
        if (phase[g] == Phase.COMPETING && (round[g] & 1) == parity && voted[g][s]) {
            voted[g][s] = false;
            votes[g]--;
            send(g, v, YIELD, parity, cycle);
        }
    }

    private void onFinished(int g, int p, long cycle) {
        if (!in.get(g).remove((Integer) p)) {
            throw new IllegalStateException("process " + p + " left group " + g + " without being in it");
        }
        if (leader[g] == p) {
            leader[g] = -1;
        }
        if (!in.get(g).isEmpty()) {
            return;
        }
        for (int v : quorum[g]) {
            send(g, v, RELEASE_GROUP, 0, cycle);
        }
        phase[g] = Phase.IDLE;
        if (!waiting.get(g).isEmpty()) {
            leader[g] = waiting.get(g).get(0);
            compete(g, cycle);
        }
    }

    private int slot(int g, int v) {
        for (int s = 0; s < quorum[g].length; s++) {
            if (quorum[g][s] == v) {
                return s;
            }
        }
        throw new IllegalStateException("group " + v + " is not in group " + g + "'s quorum");
    }

    // ---- the group actor as a voter ----

    private void onAsk(int u, int g, long payload, long cycle) {
        int stampField = clocks.bits() + idBits;
        long stamp = clocks.receive(u, g, payload & ((1L << stampField) - 1));
        Ask a = new Ask(g, stamp, payload >>> stampField & 1);
        LamportClocks.insertInOrder(asks.get(u), a, this::older);
        if (holder[u] == null) {
            vote(u, cycle);
        } else if (older(a, holder[u]) && !inquired[u]) {
            inquired[u] = true;
            send(u, holder[u].group(), INQUIRE, holder[u].parity(), cycle);
        }
    }

    private void onYield(int u, int g, long parity, long cycle) {
        if (holder[u] != null && holder[u].group() == g && holder[u].parity() == parity) {
            holder[u] = null;
            inquired[u] = false;
            vote(u, cycle);
        }
    }

    private void onRelease(int u, int g, long cycle) {
        if (holder[u] == null || holder[u].group() != g) {
            throw new IllegalStateException("group " + g + " released voter " + u + " whose vote it does not hold");
        }
        asks.get(u).remove(holder[u]);
        holder[u] = null;
        inquired[u] = false;
        if (!asks.get(u).isEmpty()) {
            vote(u, cycle);
        }
    }

    /** The vote goes to the oldest request heard. */
    private void vote(int u, long cycle) {
        Ask a = asks.get(u).get(0);
        holder[u] = a;
        send(u, a.group(), GRANT, a.parity(), cycle);
    }

    private boolean older(Ask a, Ask b) {
        return clocks.before(a.stamp(), a.group(), b.stamp(), b.group());
    }
}
