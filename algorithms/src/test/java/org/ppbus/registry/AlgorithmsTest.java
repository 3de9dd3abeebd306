package org.ppbus.registry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.ppbus.bus.Fabric;
import org.ppbus.link.Message;
import org.ppbus.plane.Wiring;
import org.ppbus.protocol.descriptor.Algorithm;
import org.ppbus.protocol.descriptor.AlgorithmOptions;
import org.ppbus.protocol.descriptor.Feature;
import org.ppbus.protocol.descriptor.MessageKind;
import org.ppbus.protocol.descriptor.Setting;

class AlgorithmsTest {
    @Test
    void namesAreUniqueAndLookedUp() {
        List<String> names = Algorithms.names();
        assertEquals(names.size(), new HashSet<>(names).size());
        for (Algorithm a : Algorithms.all()) {
            assertTrue(a.name().matches("[a-z]+(-[a-z]+)*"), a.name());
            assertFalse(a.description().isBlank(), a.name());
            assertTrue(Algorithms.named(a.name()) == a);
        }
        assertEquals(Algorithms.campos(), Algorithms.all().get(0));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Algorithms.named("paxos"));
        assertTrue(e.getMessage().startsWith("unknown algorithm 'paxos' (campos-carvalho, "), e.getMessage());
    }

    static List<Arguments> messagePassing() {
        List<Arguments> out = new ArrayList<>();
        for (Algorithm a : Algorithms.all()) {
            // Campos-Carvalho's symbols (its planes for k buses too) reach the protocol observer, not
            // the message observer; their widths are the symbol tests'.
            boolean ccSymbols =
                    a.messages().at(7).equals(Algorithms.campos().messages().at(7));
            if (!a.messages().at(7).isEmpty() && !a.has(Feature.SYMBOLS) && !ccSymbols) {
                for (int n : new int[] {3, 7, 13}) {
                    for (int latency : new int[] {1, 3}) {
                        out.add(Arguments.of(a.name(), n, latency));
                    }
                }
            }
        }
        return out;
    }

    /**
     * The widths a descriptor declares are the widths its fabric sends: every message has a declared
     * type and fits it, and the widest message of each kind seen fills it exactly, except the two
     * that are variable by design (Thambu–Wong's and Makki's tokens carry their queues, and only
     * Thambu–Wong's requests routed along a successor pointer carry the hand-off cycle).
     */
    @ParameterizedTest
    @MethodSource("messagePassing")
    void declaredMessageWidthsAreTheWidthsSent(String name, int n, int latency) {
        Algorithm a = Algorithms.named(name);
        List<MessageKind> kinds = a.messages().at(n);
        Map<Integer, Integer> widest = new HashMap<>();
        Drive d = new Drive(n, 7L * n + latency);
        Fabric f = a.factory()
                .create(new Setting(
                        Wiring.forNodes(n),
                        latency,
                        d,
                        (Message m, long t) -> {
                            assertTrue(
                                    m.type() >= 0 && m.type() < kinds.size(), name + ": undeclared type " + m.type());
                            assertTrue(
                                    m.bits() <= kinds.get(m.type()).bits(),
                                    name + " " + kinds.get(m.type()) + ": sent " + m.bits());
                            widest.merge(m.type(), m.bits(), Math::max);
                        },
                        AlgorithmOptions.NONE));
        d.run(f, 4000);
        assertTrue(d.meals > 0, name + " served nobody");
        assertFalse(widest.isEmpty(), name + " sent nothing");
        for (Map.Entry<Integer, Integer> w : widest.entrySet()) {
            MessageKind k = kinds.get(w.getKey());
            boolean variable = (name.equals("thambu-wong")
                            && (k.name().equals("TOKEN") || k.name().equals("REQUEST")))
                    || (name.equals("makki") && k.name().equals("TOKEN")); // the token carries its queue
            if (!variable) {
                assertEquals(k.bits(), w.getValue(), name + " " + k.name());
            }
        }
    }

    /** Processors that request at random, hold the grant 2 cycles, and check mutual exclusion. */
    private static final class Drive implements Fabric.GrantSink {
        private final Random random;
        private final boolean[] req;
        private final long[] releaseAt;
        private int eating = -1;
        int meals;

        Drive(int n, long seed) {
            random = new Random(seed);
            req = new boolean[n];
            releaseAt = new long[n];
            Arrays.fill(releaseAt, -1);
        }

        void run(Fabric f, long cycles) {
            for (long t = 0; t < cycles; t++) {
                for (int i = 0; i < req.length; i++) {
                    if (releaseAt[i] == t) {
                        req[i] = false;
                        releaseAt[i] = -1;
                        f.request(i, false, t);
                    } else if (!req[i] && releaseAt[i] < 0 && random.nextInt(8) == 0) {
                        req[i] = true;
                        f.request(i, true, t);
                    }
                }
                f.step(t);
            }
        }

        @Override
        public void granted(int node, long cycle) {
            assertEquals(-1, eating, "two eat at cycle " + cycle);
            eating = node;
            meals++;
            releaseAt[node] = cycle + 3;
        }

        @Override
        public void released(int node, long cycle) {
            eating = -1;
        }
    }
}
