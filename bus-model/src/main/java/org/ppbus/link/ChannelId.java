package org.ppbus.link;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The name of one channel, printed and parsed here only: {@code c2a_c0_a1} (client 0 to arbiter
 * 1) and {@code a2c_a1_c0} (back) for the contract's 2-bit channels, as the RTL names their wires;
 * {@code m_3_0} for the messages a message-passing algorithm sends from node 3 to node 0.
 */
public sealed interface ChannelId {
    /** One way of a client–arbiter link. */
    record Link(Direction direction, int client, int arbiter) implements ChannelId {
        @Override
        public String toString() {
            return direction == Direction.C2A ? "c2a_c" + client + "_a" + arbiter : "a2c_a" + arbiter + "_c" + client;
        }
    }

    /** The messages from one node to another. */
    record Between(int from, int to) implements ChannelId {
        @Override
        public String toString() {
            return "m_" + from + "_" + to;
        }
    }

    /** Up to five digits per node, as a plane of order 64 needs at most four. */
    Pattern C2A = Pattern.compile("c2a_c(\\d{1,5})_a(\\d{1,5})");

    Pattern A2C = Pattern.compile("a2c_a(\\d{1,5})_c(\\d{1,5})");

    Pattern MESSAGES = Pattern.compile("m_(\\d{1,5})_(\\d{1,5})");

    /** The channel a name names; IllegalArgumentException with a one-line message otherwise. */
    static ChannelId parse(String name) {
        Matcher m;
        if ((m = C2A.matcher(name)).matches()) {
            return new Link(Direction.C2A, Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)));
        }
        if ((m = A2C.matcher(name)).matches()) {
            return new Link(Direction.A2C, Integer.parseInt(m.group(2)), Integer.parseInt(m.group(1)));
        }
        if ((m = MESSAGES.matcher(name)).matches()) {
            return new Between(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)));
        }
        throw new IllegalArgumentException("a channel looks like c2a_c0_a1, a2c_a1_c0 or (between the nodes of a"
                + " message-passing algorithm) m_0_1, got '" + name + "'");
    }
}
