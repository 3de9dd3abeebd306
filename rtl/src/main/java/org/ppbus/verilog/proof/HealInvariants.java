package org.ppbus.verilog.proof;

import org.ppbus.plane.Wiring;
import org.ppbus.protocol.cc.Symbols;
import org.ppbus.verilog.SignalNames;
import org.ppbus.verilog.SymbolCodes;

/**
 * The strengthening that makes "at most one gnt" inductive for the {@code +heal} RTL without faults.
 * Healing adds a way to make a fork (a client sends its last return again, H2) and ways to drop
 * one (a FORK too soon after a return, a return too soon after a grant or from a client that is not
 * OWNER: H1, H4). From an arbitrary state those fire, so fork conservation alone is no longer
 * inductive; what keeps them silent is the timing of each link, which these assertions state. With
 * a fork symbol's age counted from the cycle it was driven, stage j of a channel (0 the newest, L-1
 * the one delivered now) holding a symbol that arrives in L-1-j cycles, and per link:
 * <ul>
 * <li>the fork of the link is where OWNER says: one fork on the link exactly when its port is
 * OWNER (a return from anyone else would be dropped); no return waits in a client's queue and no
 * FORK in an arbiter's (both leave at once); no return is pending to be sent again;</li>
 * <li>a return in c2a stage j left j+1 cycles ago (the client's age is j+1), and reaches the
 * arbiter at least 2L cycles after its grant (the arbiter's age is at least L+1+j); a client that
 * holds the fork got it at least L+1 cycles after the grant;</li>
 * <li>a FORK in a2c stage j left j+1 cycles ago and arrives at least 2L+1 cycles after the client's
 * last return (the client's age is at least L+2+j), so it is never taken for a duplicate; a port
 * that is not OWNER returned at least L+1 cycles ago;</li>
 * <li>a (Strong)REQUEST in a2c stage j, or waiting in the arbiter's queue (j = -1), finds the fork
 * held or a FORK ahead of it, or arrives at most 2L+1 cycles after the client's last return, so it
 * is never read as a lost fork.</li>
 * </ul>
 * docs/VERIFICATION.md derives each one; the proof checks that together they are inductive.
 */
final class HealInvariants {
    private HealInvariants() {}

    /** Bits of a heal clock's age register, as ppbus_healclock sizes it for L. */
    static int ageBits(int latency) {
        int cap = 2 * latency + 2;
        int r = 1;
        while ((1 << r) <= cap) {
            r++;
        }
        return r;
    }

    /** The registers the assertions read, per client and per arbiter link. */
    static void expose(FormalHarness.Wires wires, Wiring w, int latency) {
        int bits = ageBits(latency);
        for (int i = 0; i < w.nodes(); i++) {
            int k = w.arbitersOf(i).length;
            wires.add("u_client_" + i + ".g_heal.regen_q", "regen_" + i, k);
            for (int s = 0; s < k; s++) {
                wires.add("u_client_" + i + ".g_heal.u_clock.g_link[" + s + "].age_q", "cage_" + i + "_" + s, bits);
            }
        }
        for (int a = 0; a < w.points(); a++) {
            int[] cs = w.clientsOf(a);
            for (int m = 0; m < cs.length; m++) {
                wires.add("u_arbiter_" + a + ".g_heal.u_clock.g_link[" + m + "].age_q", "aage_" + a + "_" + m, bits);
            }
        }
    }

    /** The assertions, inside the harness's {@code always @*} after reset. */
    static void assertions(StringBuilder b, Wiring w, int latency) {
        for (int i = 0; i < w.nodes(); i++) {
            b.append("            assert(regen_").append(i).append(" == 0);\n");
        }
        for (int a = 0; a < w.points(); a++) {
            int[] cs = w.clientsOf(a);
            for (int m = 0; m < cs.length; m++) {
                link(b, w, a, m, cs[m], latency);
            }
        }
    }

    private static void link(StringBuilder b, Wiring w, int a, int m, int c, int latency) {
        int s = w.slotOf(c, a);
        String fork = "fork_" + c + "[" + s + "]";
        String cage = "cage_" + c + "_" + s;
        String aage = "aage_" + a + "_" + m;
        String owner = "owner_" + a + "[" + m + "]";
        String down = "st_" + SignalNames.a2c(a, c);
        String up = "st_" + SignalNames.c2a(c, a);
        String aq = "{aq1_" + a + "[" + m + "], aq0_" + a + "[" + m + "]}";
        String cq = "{cq1_" + c + "[" + s + "], cq0_" + c + "[" + s + "]}";
        b.append("            // link client ")
                .append(c)
                .append(" - arbiter ")
                .append(a)
                .append('\n');
        b.append("            forks = ").append(fork).append(" ? 1 : 0;\n");
        for (int j = 0; j < latency; j++) {
            b.append("            if (").append(isFork(stage(down, j))).append(") forks = forks + 1;\n");
            b.append("            if (").append(isReturn(stage(up, j))).append(") forks = forks + 1;\n");
        }
        check(b, "forks == (" + owner + " ? 1 : 0)");
        check(b, "!(" + isReturn(cq) + ")");
        check(b, aq + " != " + SymbolCodes.literal(Symbols.FORK));
        check(b, owner + " || " + cage + " >= " + (latency + 1));
        check(b, "!" + fork + " || " + aage + " >= " + (latency + 1));
        check(
                b,
                "!(" + isRequest(aq) + ") || " + fork + " || " + forkAhead(down, -1, latency) + cage + " <= "
                        + (latency + 1));
        for (int j = 0; j < latency; j++) {
            String d = stage(down, j);
            String u = stage(up, j);
            check(
                    b,
                    "!(" + isReturn(u) + ") || " + cage + " == " + (j + 1) + " && " + aage + " >= "
                            + (latency + 1 + j));
            check(b, "!(" + isFork(d) + ") || " + aage + " == " + (j + 1) + " && " + cage + " >= " + (latency + 2 + j));
            check(
                    b,
                    "!(" + isRequest(d) + ") || " + fork + " || " + forkAhead(down, j, latency) + cage + " <= "
                            + (latency + 2 + j));
        }
    }

    /** One immediate assertion of the link's timing. */
    private static void check(StringBuilder b, String condition) {
        b.append("            assert(").append(condition).append(");\n");
    }

    private static String stage(String channel, int j) {
        return channel + "[" + (2 * j + 1) + ":" + (2 * j) + "]";
    }

    /** "FORK in a stage after j || " for each stage nearer the client, or nothing. */
    private static String forkAhead(String down, int j, int latency) {
        StringBuilder s = new StringBuilder();
        for (int k = j + 1; k < latency; k++) {
            s.append(isFork(stage(down, k))).append(" || ");
        }
        return s.toString();
    }

    private static String isFork(String sym) {
        return sym + " == " + SymbolCodes.literal(Symbols.FORK);
    }

    private static String isReturn(String sym) {
        return sym + " == " + SymbolCodes.literal(Symbols.CLEAN_FORK) + " || " + sym + " == "
                + SymbolCodes.literal(Symbols.DIRTY_FORK);
    }

    private static String isRequest(String sym) {
        return sym + " == " + SymbolCodes.literal(Symbols.A_REQUEST) + " || " + sym + " == "
                + SymbolCodes.literal(Symbols.STRONG_REQUEST);
    }
}
