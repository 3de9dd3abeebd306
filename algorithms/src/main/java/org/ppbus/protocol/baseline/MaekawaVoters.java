package org.ppbus.protocol.baseline;

import static org.ppbus.protocol.baseline.Maekawa.FAILED;
import static org.ppbus.protocol.baseline.Maekawa.GRANT;
import static org.ppbus.protocol.baseline.Maekawa.INQUIRE;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.ppbus.link.Message;
import org.ppbus.protocol.ClientState;
import org.ppbus.protocol.baseline.parts.LamportClocks;
import org.ppbus.protocol.baseline.parts.MessagePassingFabric;
import org.ppbus.protocol.baseline.parts.QuorumSystem;

/**
 * The voter side of {@link Maekawa}: one vote per voter, the queue by (stamp, id), INQUIRE and
 * FAILED as Sanders made them precise; and, for Sanders' structures, a client answering as a
 * Ricart–Agrawala peer.
 */
public final class MaekawaVoters {
    private final QuorumSystem quorums;
    private final LamportClocks clocks;
    private final MessagePassingFabric.Outbox outbox;
    private final ClientState[] state;
    private final int[] votedFor; // -1 when free
    private final boolean[] inquiring;
    private final List<List<Integer>> queue = new ArrayList<>();
    private final List<boolean[]> failSent = new ArrayList<>();
    // peer side (Sanders' R_i − I_i): requests a client defers while it eats or asks with an older stamp
    private final List<List<Integer>> deferred = new ArrayList<>();

    public MaekawaVoters(
            int nodes,
            int places,
            QuorumSystem quorums,
            LamportClocks clocks,
            MessagePassingFabric.Outbox outbox,
            ClientState[] state) {
        this.quorums = quorums;
        this.clocks = clocks;
        this.outbox = outbox;
        this.state = state;
        this.votedFor = new int[places];
        Arrays.fill(votedFor, -1);
        this.inquiring = new boolean[places];
        for (int v = 0; v < places; v++) {
            queue.add(new ArrayList<>());
            failSent.add(new boolean[nodes]);
            deferred.add(new ArrayList<>());
        }
    }

    /** Client i ate: the peers it deferred get their GRANT. */
    public void answerDeferred(int i, long cycle) {
        for (int j : deferred.get(i)) {
            permit(i, j, cycle);
        }
        deferred.get(i).clear();
    }

    public void onRequest(Message m, long cycle) {
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
            outbox.send(v, votedFor[v], INQUIRE, 0, cycle);
        }
        for (int other : q) {
            if (other != j) {
                fail(v, other, cycle); // j beats every queued request now
            }
        }
    }

    /** RELEASE (the client ate) or YIELD (it gives the vote back and waits again). */
    public void free(int v, int j, boolean yielded, long cycle) {
        if (!yielded && votedFor[v] != j && queue.get(v).remove(Integer.valueOf(j))) {
            failSent.get(v)[j] = false; // a client that turned to another quorum cancels its request
            return;
        }
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
                outbox.send(v, j, FAILED, 0, cycle);
            }
        } else {
            permit(v, j, cycle);
        }
    }

    private void permit(int v, int j, long cycle) {
        outbox.send(v, j, GRANT, clocks.clock(v), cycle);
    }

    private void vote(int v, int j, long cycle) {
        votedFor[v] = j;
        failSent.get(v)[j] = false;
        // The model carries the voter's unwrapped clock; the client reads it as W bits (witnessOnWire).
        outbox.send(v, j, GRANT, clocks.clock(v), cycle);
    }

    private void fail(int v, int j, long cycle) {
        if (!failSent.get(v)[j]) {
            failSent.get(v)[j] = true;
            outbox.send(v, j, FAILED, 0, cycle);
        }
    }

    private boolean before(int a, int b) {
        return clocks.requestBefore(a, b);
    }
}
