package org.ppbus.protocol.baseline;

import java.util.ArrayDeque;
import java.util.ArrayList;
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
 * Raymond's 1989 tree algorithm (docs/SPEC.md §S1.4.18) on the same channels. The nodes form a
 * tree; every node points (HOLDER) towards the token and keeps a FIFO of the neighbours (and
 * itself) that asked. A node asks its HOLDER once (REQUEST) while its queue is not empty; the token
 * (PRIVILEGE) travels to the head of the queue. Messages carry only their type: 1 bit.
 *
 * <p>The default tree is the binary heap (the parent of i is (i − 1) / 2) with the token at node 0;
 * a test passes a line to reproduce B-21.
 */
public final class Raymond extends MessagePassingFabric {
    static final int REQUEST = 0;
    static final int PRIVILEGE = 1;

    public static final Algorithm ALGORITHM = Algorithm.named(
                    "raymond", "Raymond's token on a heap-shaped tree: 1-bit REQUEST and PRIVILEGE to neighbours")
            .family(Family.TOKEN)
            .features(Feature.MESSAGE_FAULTS)
            .factory(s -> new Raymond(s.nodes(), s.latencyCycles(), s.grants(), s.messages()))
            .messages(Raymond::kinds)
            .wires(Raymond::wiresPerNode)
            // No overtaking bound (the seeds promise freedom from starvation only): a request still
            // travelling can be passed by any node nearer the token.
            .claim(n -> new Cost(
                    "≤ 2D (heap: D ≤ 2⌊log₂ n⌋); ≈ 4 at high load", "≤ " + 4 * (31 - Integer.numberOfLeadingZeros(n))))
            .build();

    private final int[] holder;
    private final boolean[] using;
    private final boolean[] asked;
    private final List<ArrayDeque<Integer>> queue = new ArrayList<>();

    public Raymond(int nodes, int latencyCycles, Fabric.GrantSink sink, MessageObserver observer) {
        this(nodes, latencyCycles, heap(nodes), sink, observer);
    }

    /** @param parent the tree, parent[root] = root; the token starts at the root */
    public Raymond(int nodes, int latencyCycles, int[] parent, Fabric.GrantSink sink, MessageObserver observer) {
        super(nodes, latencyCycles, sink, observer, Raymond::kinds);
        if (parent.length != nodes) {
            throw new IllegalArgumentException("the tree has " + parent.length + " nodes, expected " + nodes);
        }
        this.holder = parent.clone();
        this.using = new boolean[nodes];
        this.asked = new boolean[nodes];
        for (int i = 0; i < nodes; i++) {
            queue.add(new ArrayDeque<>());
        }
    }

    static int[] heap(int n) {
        int[] p = new int[n];
        for (int i = 1; i < n; i++) {
            p[i] = (i - 1) / 2;
        }
        return p;
    }

    /** Number of tree edges' channels per node: each edge has a 1-bit channel each way. */
    public static double wiresPerNode(int n) {
        return n <= 1 ? 0 : 2.0 * (n - 1) / n;
    }

    @Override
    protected void hungry(int i, long cycle) {
        queue.get(i).add(i);
        assignPrivilege(i, cycle);
        makeRequest(i, cycle);
    }

    @Override
    protected void released(int i, long cycle) {
        using[i] = false;
        assignPrivilege(i, cycle);
        makeRequest(i, cycle);
    }

    @Override
    protected void react(long cycle) {
        for (Message m : channels.receive(cycle)) {
            int i = m.to();
            if (m.type() == REQUEST) {
                queue.get(i).add(m.from());
            } else {
                holder[i] = i;
            }
            assignPrivilege(i, cycle);
            makeRequest(i, cycle);
        }
    }

    private void assignPrivilege(int i, long cycle) {
        if (holder[i] == i && !using[i] && !queue.get(i).isEmpty()) {
            int head = queue.get(i).poll();
            asked[i] = false;
            if (head == i) {
                using[i] = true;
                state[i] = ClientState.EATING;
                sink.granted(i, cycle);
            } else {
                holder[i] = head;
                send(i, head, PRIVILEGE, 0, cycle);
            }
        }
    }

    private void makeRequest(int i, long cycle) {
        if (holder[i] != i && !queue.get(i).isEmpty() && !asked[i]) {
            asked[i] = true;
            send(i, holder[i], REQUEST, 0, cycle);
        }
    }

    /** REQUEST and PRIVILEGE, a valid bit each: the tree edge says who it is from. */
    static List<MessageKind> kinds(int n) {
        return List.of(new MessageKind("REQUEST", 1), MessageKind.token("PRIVILEGE", 1));
    }
}
