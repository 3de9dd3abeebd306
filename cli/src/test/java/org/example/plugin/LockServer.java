package org.example.plugin;

import java.util.ArrayDeque;
import java.util.List;
import org.ppbus.link.Message;
import org.ppbus.protocol.Algorithm;
import org.ppbus.protocol.MessagePassingFabric;

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
                .family(Algorithm.Family.CENTRAL)
                .factory(s -> new LockServer(s, broken))
                // A 2-bit type; ASK carries the asker's id.
                .messages(n -> List.of(
                        new Algorithm.MessageKind("ASK", 2 + Algorithm.idBits(n)),
                        new Algorithm.MessageKind("GO", 2),
                        new Algorithm.MessageKind("DONE", 2)))
                .wires(n -> 2.0 * (2 + Algorithm.idBits(n)) * (n - 1) / n)
                .build();
    }

    private final boolean broken;
    private final ArrayDeque<Integer> queue = new ArrayDeque<>();
    private boolean lent;

    private LockServer(Algorithm.Setting setting, boolean broken) {
        super(setting);
        this.broken = broken;
    }

    @Override
    protected void hungry(int node, long cycle) {
        channels.send(new Message(node, SERVER, ASK, node, 2 + idBits), cycle);
    }

    @Override
    protected void released(int node, long cycle) {
        channels.send(new Message(node, SERVER, DONE, 0, 2), cycle);
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
            channels.send(new Message(SERVER, queue.poll(), GO, 0, 2), cycle);
        }
    }
}
