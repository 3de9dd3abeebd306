package org.ppbus.protocol.baseline;

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
 * Chandy and Misra's hygienic dining philosophers (seed 000 §3; docs/SPEC.md §S1.4.8) used as
 * mutual exclusion: the conflict graph is complete, so every pair of nodes shares one fork and one
 * request token. A hungry node sends the token for every fork it lacks; a node that holds the token
 * and a dirty fork, and is not eating, sends the fork (cleaned), asking for it back at once if it is
 * hungry; a node eats when it holds every fork and none of them is both dirty and requested; eating
 * dirties all forks; at release every requested fork is sent.
 *
 * <p>After reset each fork is dirty at the lower id of its pair and its request token at the higher
 * (H acyclic, the cold start of 000 §3). Messages carry only their kind: 1 bit.
 */
public final class ChandyMisra extends MessagePassingFabric {
    static final int FORK = 0;
    static final int REQUEST = 1;

    public static final Algorithm ALGORITHM = Algorithm.named(
                    "chandy-misra",
                    "Chandy and Misra's drinking philosophers on the complete graph: 1-bit FORK and REQUEST")
            .family(Family.FORKS)
            .features(Feature.MESSAGE_FAULTS)
            .factory(s -> new ChandyMisra(s.nodes(), s.latencyCycles(), s.grants(), s.messages()))
            .messages(ChandyMisra::kinds)
            // A 1-bit channel each way per pair, each counted once.
            .wires(n -> n - 1)
            // One request edge between the two: the neighbour learns after L cycles, and may still
            // eat once after that on a clean fork it already holds.
            .fairness((l, h) -> Algorithm.ceilDiv(l, h + 2L) + 1)
            .claim(n -> new Cost("0 … 2(N − 1)", "0 … " + 2 * (n - 1)))
            .build();

    private final boolean[][] fork; // fork[i][j]: i holds the fork it shares with j
    private final boolean[][] dirty;
    private final boolean[][] token; // token[i][j]: i holds the request token of that fork
    private final int[] forks;

    public ChandyMisra(int nodes, int latencyCycles, Fabric.GrantSink sink, MessageObserver observer) {
        super(nodes, latencyCycles, sink, observer, ChandyMisra::kinds);
        this.fork = new boolean[nodes][nodes];
        this.dirty = new boolean[nodes][nodes];
        this.token = new boolean[nodes][nodes];
        this.forks = new int[nodes];
        for (int i = 0; i < nodes; i++) {
            for (int j = i + 1; j < nodes; j++) {
                fork[i][j] = true;
                dirty[i][j] = true;
                token[j][i] = true;
                forks[i]++;
            }
        }
    }

    private void sendFork(int i, int j, long cycle) {
        fork[i][j] = false;
        dirty[i][j] = false;
        forks[i]--;
        send(i, j, FORK, 0, cycle);
    }

    private void sendRequest(int i, int j, long cycle) {
        token[i][j] = false;
        send(i, j, REQUEST, 0, cycle);
    }

    @Override
    protected void hungry(int i, long cycle) {
        for (int j = 0; j < nodes; j++) {
            if (j != i && !fork[i][j] && token[i][j]) {
                sendRequest(i, j, cycle);
            }
        }
        maybeEat(i, cycle);
    }

    @Override
    protected void released(int i, long cycle) {
        for (int j = 0; j < nodes; j++) {
            if (j != i && fork[i][j] && token[i][j]) {
                sendFork(i, j, cycle);
            }
        }
    }

    @Override
    protected void react(long cycle) {
        for (Message m : channels.receive(cycle)) {
            int i = m.to();
            int j = m.from();
            if (m.type() == FORK) {
                fork[i][j] = true;
                dirty[i][j] = false;
                forks[i]++;
                maybeEat(i, cycle);
            } else {
                token[i][j] = true;
                if (fork[i][j] && dirty[i][j] && state[i] != ClientState.EATING) {
                    sendFork(i, j, cycle);
                    if (state[i] == ClientState.HUNGRY) {
                        sendRequest(i, j, cycle); // still needs it: ask it back behind the fork
                    }
                }
            }
        }
    }

    private void maybeEat(int i, long cycle) {
        if (state[i] != ClientState.HUNGRY || forks[i] != nodes - 1) {
            return;
        }
        for (int j = 0; j < nodes; j++) {
            if (j != i && dirty[i][j] && token[i][j]) {
                return; // a dirty fork that is asked for goes first
            }
        }
        state[i] = ClientState.EATING;
        sink.granted(i, cycle);
        for (int j = 0; j < nodes; j++) {
            if (j != i) {
                dirty[i][j] = true;
            }
        }
    }

    /** FORK and REQUEST, a valid bit each: the fork or the request token is the message. */
    static List<MessageKind> kinds(int n) {
        return List.of(new MessageKind("FORK", 1), new MessageKind("REQUEST", 1));
    }
}
