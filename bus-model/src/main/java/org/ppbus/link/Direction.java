package org.ppbus.link;

/** Which way a link's channel runs: client to arbiter or arbiter to client. */
public enum Direction {
    C2A("c2a"),
    A2C("a2c");

    private final String prefix;

    Direction(String prefix) {
        this.prefix = prefix;
    }

    /** The prefix of the channel's signal name, e.g. {@code c2a} in {@code c2a_c0_a1}. */
    public String prefix() {
        return prefix;
    }

    /** The index of a link's channel in this direction where both are listed, c2a first: 2·link + 0 or 1. */
    public int channel(int link) {
        return 2 * link + ordinal();
    }

    public boolean clientToArbiter() {
        return this == C2A;
    }
}
