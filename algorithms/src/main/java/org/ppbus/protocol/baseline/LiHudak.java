package org.ppbus.protocol.baseline;

import java.util.Arrays;
import java.util.List;
import org.ppbus.bus.Fabric;
import org.ppbus.link.Message;
import org.ppbus.link.MessageObserver;
import org.ppbus.protocol.ClientState;
import org.ppbus.protocol.baseline.parts.MessagePassingFabric;
import org.ppbus.protocol.descriptor.Algorithm;
import org.ppbus.protocol.descriptor.Family;
import org.ppbus.protocol.descriptor.Feature;
import org.ppbus.protocol.descriptor.MessageKind;

/**
 * Li and Hudak's path compression, version 2 with the {@code next} pointer (003 slides 20–28,
 * docs/SPEC.md §S1.4.19), on a complete graph of FIFO channels. Every node keeps
 * {@code curr_dir}, a hint towards the tail of the waiting chain. A hungry node without the token
 * sends REQ(itself) along {@code curr_dir} and becomes the tail. A node that receives REQ(r) and is
 * not the tail forwards it along its own {@code curr_dir}; either way it then points at r, which
 * is the compression. The tail records r as its {@code next} and, if it holds the token idle,
 * sends the token at once; otherwise its release sends the token to {@code next}: one message.
 *
 * <p>Widths: REQ = 1 type bit + ⌈log₂ n⌉ bits naming the requester (a forwarded REQ must still name
 * it); TOKEN = 1 bit, since version 2 carries no list. After reset node 0 holds the token and every
 * {@code curr_dir} points at it.
 */
public final class LiHudak extends MessagePassingFabric {
    static final int REQ = 0;
    static final int TOKEN = 1;

    public static final Algorithm ALGORITHM = Algorithm.named(
                    "li-hudak", "Li and Hudak's token with path compression: REQ along probable owners, 1-bit TOKEN")
            .family(Family.TOKEN)
            .features(Feature.MESSAGE_FAULTS)
            .factory(s -> new LiHudak(s.nodes(), s.latencyCycles(), s.grants(), s.messages()))
            .messages(LiHudak::kinds)
            // Requests and the token may go to any node: a REQUEST-wide channel each way per pair,
            // each counted once.
            .wires(n -> (double) (1 + Algorithm.idBits(n)) * (n - 1))
            // No overtaking bound: a request still travelling can be passed by any node nearer the token.
            .build();

    private final int[] currDir;
    private final int[] next;
    private final boolean[] token;

    public LiHudak(int nodes, int latencyCycles, Fabric.GrantSink sink, MessageObserver observer) {
        this(nodes, latencyCycles, new int[nodes], sink, observer);
    }

    /** @param currDir the initial hints; the token is at the node whose hint is itself, which must be unique */
    public LiHudak(int nodes, int latencyCycles, int[] currDir, Fabric.GrantSink sink, MessageObserver observer) {
        super(nodes, latencyCycles, sink, observer, LiHudak::kinds);
        if (currDir.length != nodes) {
            throw new IllegalArgumentException("curr_dir has " + currDir.length + " entries, expected " + nodes);
        }
        this.currDir = currDir.clone();
        this.next = new int[nodes];
        Arrays.fill(next, -1);
        this.token = new boolean[nodes];
        int holders = 0;
        for (int i = 0; i < nodes; i++) {
            if (currDir[i] == i) {
                token[i] = true;
                holders++;
            }
        }
        if (holders != 1) {
            throw new IllegalArgumentException("exactly one node must point at itself, found " + holders);
        }
    }

    /** curr_dir of node i, for tests of the compression. */
    int currDir(int i) {
        return currDir[i];
    }

    @Override
    protected void hungry(int i, long cycle) {
        if (token[i]) {
            eat(i, cycle);
        } else {
            send(i, currDir[i], REQ, i, cycle);
            currDir[i] = i;
        }
    }

    @Override
    protected void released(int i, long cycle) {
        if (next[i] >= 0) {
            pass(i, cycle);
        }
    }

    @Override
    protected void react(long cycle) {
        for (Message m : channels.receive(cycle)) {
            int k = m.to();
            if (m.type() == TOKEN) {
                token[k] = true;
                eat(k, cycle);
                continue;
            }
            int r = (int) m.payload();
            if (currDir[k] != k) {
                send(k, currDir[k], REQ, r, cycle);
            } else {
                next[k] = r;
                if (token[k] && state[k] == ClientState.THINKING) {
                    pass(k, cycle);
                }
            }
            currDir[k] = r;
        }
    }

    private void eat(int i, long cycle) {
        if (state[i] != ClientState.HUNGRY) {
            throw new IllegalStateException("the token reached " + i + ", which is " + state[i]);
        }
        state[i] = ClientState.EATING;
        sink.granted(i, cycle);
    }

    private void pass(int i, long cycle) {
        token[i] = false;
        send(i, next[i], TOKEN, 0, cycle);
        next[i] = -1;
    }

    /** REQ carries the requester (a type bit and its id); TOKEN is a valid bit. */
    static List<MessageKind> kinds(int n) {
        return List.of(new MessageKind("REQ", 1 + Algorithm.idBits(n)), MessageKind.token("TOKEN", 1));
    }
}
