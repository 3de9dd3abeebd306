package org.ppbus.verilog;

import org.ppbus.link.ChannelId;
import org.ppbus.link.Direction;

/**
 * Signal names inside {@code ppbus_top}, shared by the RTL, testbenches, VCD writers and
 * co-simulation so that both sides of a comparison use the same names. A channel's name is its
 * {@link ChannelId}'s.
 */
public final class SignalNames {
    private SignalNames() {}

    /** The symbol client i drives towards arbiter j (append "_rx" for the arriving side). */
    public static String c2a(int client, int arbiter) {
        return new ChannelId.Link(Direction.C2A, client, arbiter).toString();
    }

    /** The symbol arbiter j drives towards client i (append "_rx" for the arriving side). */
    public static String a2c(int arbiter, int client) {
        return new ChannelId.Link(Direction.A2C, client, arbiter).toString();
    }

    /** The instance of {@code ppbus_channel} that carries a channel named as above. */
    public static String channelInstance(String channel) {
        return "u_" + channel;
    }
}
