package org.ppbus.verilog;

/**
 * Signal names inside {@code ppbus_top}, shared by the RTL, testbenches, VCD writers and
 * co-simulation so that both sides of a comparison use the same names.
 */
public final class SignalNames {
    private SignalNames() {}

    /** The symbol client i drives towards arbiter j (append "_rx" for the arriving side). */
    public static String c2a(int client, int arbiter) {
        return "c2a_c" + client + "_a" + arbiter;
    }

    /** The symbol arbiter j drives towards client i (append "_rx" for the arriving side). */
    public static String a2c(int arbiter, int client) {
        return "a2c_a" + arbiter + "_c" + client;
    }

    /** The instance of {@code ppbus_channel} that carries a channel named as above. */
    public static String channelInstance(String channel) {
        return "u_" + channel;
    }
}
