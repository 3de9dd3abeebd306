package org.example.plugin;

import java.util.ArrayDeque;
import java.util.List;
import org.ppbus.link.Message;
import org.ppbus.protocol.baseline.parts.MessagePassingFabric;
import org.ppbus.protocol.descriptor.Algorithm;
import org.ppbus.protocol.descriptor.Family;
import org.ppbus.protocol.descriptor.MessageKind;
import org.ppbus.protocol.descriptor.Setting;

/**
 * The worked example of docs/ARCHITECTURE.md, "How to add an algorithm": a lock server on node 0
 * that grants in the order requests arrive, written outside ppbus against its public plug-in
 * interface only. {@code broken} is its mutant: the server grants every request at once, so two
 * processors can hold the bus together, which ppbus's checkers must catch.
 */
public final class LockServer extends MessagePassingFabric {
    private static final int ASK = 0;
    private static final int GO = 1;
    private static final int DONE = 2;
    private static final int SERVER = 0;

    public static final Algorithm ALGORITHM = descriptor("example-lock-server", false);
    public static final Algorithm BROKEN = descriptor("example-lock-server-broken", true);

    private static Algorithm descriptor(String name, boolean broken) {
        return Algorithm.named(name, "a lock server on node 0 (an example plug-in)")
                .family(Family.CENTRAL)
                .factory(s -> new LockServer(s, broken))
                .messages(LockServer::kinds)
                .wires(n -> 2.0 * (2 + Algorithm.idBits(n)) * (n - 1) / n)
                .build();
    }

    private final boolean broken;
    private final ArrayDeque<Integer> queue = new ArrayDeque<>();
    private boolean lent;

    /** The message kinds, declared once: for the descriptor and for send(). A 2-bit type; ASK carries the asker's id. */
    private static List<MessageKind> kinds(int n) {
        return List.of(
                new MessageKind("ASK", 2 + Algorithm.idBits(n)), new MessageKind("GO", 2), new MessageKind("DONE", 2));
    }

    private LockServer(Setting setting, boolean broken) {
        super(setting, LockServer::kinds);
        this.broken = broken;
    }

    @Override
    protected void hungry(int node, long cycle) {
        send(node, SERVER, ASK, node, cycle);
    }

    @Override
    protected void released(int node, long cycle) {
        send(node, SERVER, DONE, 0, cycle);
    }

    @Override
    protected void react(long cycle) {
        for (Message m : channels.receive(cycle)) {
            switch (m.type()) {
                case ASK -> queue.add((int) m.payload());
                case DONE -> lent = false;
                default -> grant(m.to(), cycle);
            }
        }
        while (!queue.isEmpty() && (!lent || broken)) {
            lent = true;
            send(SERVER, queue.poll(), GO, 0, cycle);
        }
    }
}
