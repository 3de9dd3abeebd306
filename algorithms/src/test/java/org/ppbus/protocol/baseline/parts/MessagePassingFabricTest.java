package org.ppbus.protocol.baseline.parts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.ppbus.bus.Fabric;
import org.ppbus.link.Message;
import org.ppbus.plane.Wiring;
import org.ppbus.protocol.descriptor.Algorithm;
import org.ppbus.protocol.descriptor.MessageKind;
import org.ppbus.protocol.descriptor.Setting;

/**
 * The widths of messages come from the kinds an algorithm declares, once: a message of a fixed
 * kind is exactly as wide as declared, a shorter one of a variable kind is allowed, and a wider one
 * or an undeclared type is refused as a defect of the algorithm.
 */
class MessagePassingFabricTest {
    private static final int PING = 0;
    private static final int LIST = 1;

    /** PING is a type bit and a node id; LIST holds up to 8 bits of payload besides. */
    private static List<MessageKind> kinds(int n) {
        return List.of(new MessageKind("PING", 1 + Algorithm.idBits(n)), new MessageKind("LIST", 1 + 8));
    }

    /** Sends, in cycle 0, whatever the test asks for. */
    private static final class Sender extends MessagePassingFabric {
        Sender(Setting setting) {
            super(setting, MessagePassingFabricTest::kinds);
        }

        void ping(int to) {
            send(0, to, PING, 0, 0);
        }

        void list(int bits) {
            channels.send(message(0, 1, LIST, 0, bits), 0);
        }

        void undeclared() {
            send(0, 1, 2, 0, 0);
        }
    }

    private final List<Message> sent = new ArrayList<>();

    private Sender sender(int nodes) {
        Fabric.GrantSink none = new Fabric.GrantSink() {
            @Override
            public void granted(int node, long cycle) {}

            @Override
            public void released(int node, long cycle) {}
        };
        return new Sender(new Setting(Wiring.forNodes(nodes), 1, none, (m, t) -> sent.add(m)));
    }

    @Test
    void aFixedKindIsSentAsWideAsDeclared() {
        sender(7).ping(3); // 7 nodes: ids 0..6 take 3 bits, plus the type bit
        assertEquals(4, sent.get(0).bits());
        sent.clear();
        sender(8).ping(3); // 8 nodes: still 3 bits
        assertEquals(4, sent.get(0).bits());
        sent.clear();
        sender(9).ping(3); // 9 nodes: 4 bits
        assertEquals(5, sent.get(0).bits());
    }

    @Test
    void aVariableKindMayBeShorterButNeverWider() {
        Sender s = sender(4);
        s.list(9);
        s.list(3);
        assertEquals(List.of(9, 3), sent.stream().map(Message::bits).toList());
        assertThrows(IllegalStateException.class, () -> s.list(10));
        assertThrows(IllegalStateException.class, () -> s.list(0));
    }

    @Test
    void anUndeclaredTypeIsRefused() {
        assertThrows(IllegalStateException.class, () -> sender(4).undeclared());
    }
}
