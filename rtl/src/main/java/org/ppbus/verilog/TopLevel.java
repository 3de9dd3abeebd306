package org.ppbus.verilog;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntFunction;
import org.ppbus.plane.Wiring;
import org.ppbus.protocol.RuleSet;
import org.ppbus.protocol.cc.Symbols;

/**
 * The text of {@code ppbus_top}. Names, used alike by the RTL, the Java VCD writer and co-simulation:
 * {@code c2a_c<i>_a<j>} is the symbol client i drives towards arbiter j, {@code c2a_c<i>_a<j>_rx}
 * the one arriving there; {@code a2c_a<j>_c<i>} and {@code a2c_a<j>_c<i>_rx} the other way.
 */
final class TopLevel {
    private TopLevel() {}

    private static String c2a(int client, int arbiter) {
        return SignalNames.c2a(client, arbiter);
    }

    /** A parameter override for an audit fix that is off; the modules default to the fixed rules. */
    private static String fix(String name, boolean on) {
        return on ? "" : ",\n        ." + name + " (0)";
    }

    /** The parameters of +heal and +reclaim, which the units default to off: HEAL and the latency it reads, RECLAIM. */
    private static String healAndReclaim(RuleSet rules, int latency) {
        return (rules.heal() ? ",\n        .HEAL (1),\n        .L    (" + latency + ")" : "")
                + (rules.reclaim() ? ",\n        .RECLAIM (1)" : "");
    }

    /**
     * What the failure-detector input of node {@code self}'s unit reads: with +reclaim the top
     * level's dead bits of the nodes on its links, except its own node, whose death it does not
     * outlive, and fictitious points, which are no nodes and never crash; otherwise zeros.
     */
    private static String dead(int self, int[] nodes, int n, RuleSet rules) {
        if (!rules.reclaim()) {
            return nodes.length + "'b0";
        }
        return concat(nodes, j -> j < n && j != self ? "dead[" + j + "]" : "1'b0");
    }

    private static String a2c(int arbiter, int client) {
        return SignalNames.a2c(arbiter, client);
    }

    /**
     * The top level. A rule set other than the fixed one sets the units' F1/F2/F3 parameters, which
     * default to the fixed rules; ppbus_arbiter1 has none, because with a single client it never
     * reclaims a fork for another (R16/R17), which is all that F1 and F2 change. +heal sets HEAL
     * and L in every unit. +reclaim sets RECLAIM and adds the input dead, the failure detector's
     * verdict per node, which the contract's top level does not have.
     */
    static String text(Wiring w, int latency, RuleSet rules) {
        int n = w.nodes();
        StringBuilder b = new StringBuilder("`include \"" + CcVerilogGenerator.ASSERT_MACROS + "\"\n\n");
        ports(b, n, rules);
        declarations(b, w, latency);
        for (int client = 0; client < n; client++) {
            clientInstance(b, w, client, rules, latency);
        }
        for (int arbiter = 0; arbiter < w.points(); arbiter++) {
            arbiterUnit(b, w, arbiter, rules, latency);
        }
        for (int i = 0; i < n; i++) {
            for (int j : w.arbitersOf(i)) {
                channel(b, c2a(i, j), latency);
                channel(b, a2c(j, i), latency);
            }
        }
        assertions(b, w, latency);
        b.append("endmodule\n");
        return b.toString();
    }

    /** The plane in a comment, every link's wires, and the simulation-only observation ports. */
    private static void declarations(StringBuilder b, Wiring w, int latency) {
        int n = w.nodes();
        b.append("    // Wiring: S_i = i + D mod ")
                .append(w.points())
                .append(", D = ")
                .append(Arrays.toString(w.plane().differenceSet()))
                .append("; ")
                .append(n)
                .append(" real clients, ")
                .append(w.points() - n)
                .append(" fictitious points")
                .append(w.fictitious().isEmpty() ? "" : " " + w.fictitious())
                .append(".\n");
        b.append("    // Every link has a c2a and an a2c channel of latency ")
                .append(latency)
                .append(".\n\n");
        for (int i = 0; i < n; i++) {
            for (int j : w.arbitersOf(i)) {
                b.append("    wire [1:0] ").append(c2a(i, j)).append(";\n");
                b.append("    wire [1:0] ").append(c2a(i, j)).append("_rx;\n");
                b.append("    wire [1:0] ").append(a2c(j, i)).append(";\n");
                b.append("    wire [1:0] ").append(a2c(j, i)).append("_rx;\n");
            }
        }
        b.append("`ifdef PPBUS_SIMULATION\n");
        b.append("    // Simulation-only observation ports, read by the I2 check at the end.\n");
        for (int i = 0; i < n; i++) {
            b.append("    wire [")
                    .append(w.arbitersOf(i).length - 1)
                    .append(":0] here_c")
                    .append(i)
                    .append(";\n");
        }
        for (int j = 0; j < w.points(); j++) {
            if (w.clientsOf(j).length > 0) {
                b.append("    wire lent_a").append(j).append(";\n");
                b.append("    wire [")
                        .append(w.clientsOf(j).length - 1)
                        .append(":0] returning_a")
                        .append(j)
                        .append(";\n");
            }
        }
        b.append("`endif\n\n");
    }

    /** Client i's instance. */
    private static void clientInstance(StringBuilder b, Wiring w, int i, RuleSet rules, int latency) {
        int n = w.nodes();
        int[] s = w.arbitersOf(i);
        b.append("    // Client ")
                .append(i)
                .append(": S_")
                .append(i)
                .append(" = ")
                .append(Arrays.toString(s))
                .append('\n');
        b.append("    ppbus_client #(\n        .K (")
                .append(s.length)
                .append(")")
                .append(fix("F3", rules.f3()))
                .append(healAndReclaim(rules, latency))
                .append("\n    ) u_client_")
                .append(i)
                .append(" (\n");
        b.append("        .clk     (clk),\n        .rst     (rst),\n");
        b.append("`ifdef PPBUS_SIMULATION\n        .here    (here_c").append(i).append("),\n`endif\n");
        b.append("        .req     (req[").append(i).append("]),\n");
        b.append("        .gnt     (gnt[").append(i).append("]),\n");
        b.append("        .a2c_in  (").append(concat(s, j -> a2c(j, i) + "_rx")).append("),\n");
        b.append("        .arb_dead (").append(dead(i, s, n, rules)).append("),\n");
        b.append("        .c2a_out (").append(concat(s, j -> c2a(i, j))).append(")\n    );\n\n");
    }

    /** Arbiter j's instance, or a comment where it has no real client. */
    private static void arbiterUnit(StringBuilder b, Wiring w, int j, RuleSet rules, int latency) {
        int n = w.nodes();
        int[] cs = w.clientsOf(j);
        if (cs.length == 0) {
            b.append("    // Arbiter ").append(j).append(": no real client; pruned.\n\n");
            return;
        }
        b.append("    // Arbiter ")
                .append(j)
                .append(j >= n ? " (fictitious point)" : "")
                .append(": clients ")
                .append(Arrays.toString(cs))
                .append('\n');
        arbiterInstance(b, j, cs.length, rules, latency);
        b.append("        .clk     (clk),\n        .rst     (rst),\n");
        b.append("`ifdef PPBUS_SIMULATION\n        .lent      (lent_a")
                .append(j)
                .append("),\n        .returning (returning_a")
                .append(j)
                .append("),\n`endif\n");
        b.append("        .c2a_in  (")
                .append(concat(cs, c -> c2a(c, j) + "_rx"))
                .append("),\n");
        b.append("        .cli_dead (").append(dead(j, cs, n, rules)).append("),\n");
        b.append("        .a2c_out (").append(concat(cs, c -> a2c(j, c))).append(")\n    );\n\n");
    }

    /**
     * Simulation-only checks of the whole network, next to what they check: for every arbiter I2 (its fork is at one client, or on its way, exactly when OWNER is set).
     * The places a fork can be are gathered into one vector per arbiter, so the check is a few
     * word operations per arbiter, and it reads only the units' observation ports and the channel
     * registers of the top level, so that the units can be compiled on their own. Then the
     * contract's properties at the ports ({@link PortProperties}), which Yosys can check too.
     */
    private static void assertions(StringBuilder b, Wiring w, int latency) {
        int n = w.nodes();
        int points = w.points();
        b.append("`ifdef PPBUS_SIMULATION\n");
        b.append(
                "    // I2 per arbiter: one bit for each place its fork can be: at a client, held, queued or arriving\n");
        b.append(
                "    // as FORK in the a2c channel's last stage (here_c); arriving as DIRTY_FORK or CLEAN_FORK in the\n");
        b.append(
                "    // c2a channel's last stage (returning_a); in an earlier stage of either, as FORK or as a symbol\n");
        b.append(
                "    // whose two bits differ. Exactly one is set while the fork is lent, none while it is home; each\n");
        b.append("    // client checks that the places it merges are never two at once.\n");
        for (int j = 0; j < points; j++) {
            forkPlaces(b, w, j, latency);
        }
        b.append("    wire [").append(points - 1).append(":0] fork_ok;\n\n");
        for (int j = 0; j < points; j++) {
            if (w.clientsOf(j).length == 0) {
                b.append("    assign fork_ok[").append(j).append("] = 1'b1;  // pruned\n");
                continue;
            }
            String v = "fork_at_a" + j;
            b.append("    assign fork_ok[")
                    .append(j)
                    .append("] = lent_a")
                    .append(j)
                    .append(" ? (")
                    .append(v)
                    .append(" != 0 && (")
                    .append(v)
                    .append(" & (")
                    .append(v)
                    .append(" - 1'b1)) == 0) : (")
                    .append(v)
                    .append(" == 0);\n");
        }
        b.append("\n    integer a;\n\n");
        // Each assertion is a named block, and its message names it, so a failure says which one.
        b.append("    always @(posedge clk) begin : a_fork_conservation\n");
        b.append("        if (!rst && fork_ok != {").append(points).append("{1'b1}}) begin\n");
        b.append("            for (a = 0; a < ").append(points).append("; a = a + 1) begin\n");
        b.append("                if (!fork_ok[a]) begin\n");
        b.append("                    `PPBUS_ASSERT_FAILED(\"a_fork_conservation\", \"ppbus_top\");\n");
        b.append(
                "                    $display(\"arbiter %0d's fork is not home, at one client or in flight (I2) at time %0t\", a, $time);\n");
        b.append("                end\n            end\n");
        b.append("            $stop;\n        end\n    end\n");
        b.append("`endif\n\n");
        b.append(PortProperties.text(n, Contract.overtakeBound(latency)));
    }

    /** Arbiter j's fork_at vector: one bit for each place its fork can be. */
    private static void forkPlaces(StringBuilder b, Wiring w, int j, int latency) {
        int[] cs = w.clientsOf(j);
        if (cs.length == 0) {
            return;
        }
        // The last stage of each channel comes from the units, as one word of the arbiter's
        // returns and one bit of each client's (held, queued or arriving); the earlier stages
        // from the channel registers.
        List<String> places = new ArrayList<>();
        places.add("returning_a" + j);
        for (int c : cs) {
            places.add("here_c" + c + "[" + w.slotOf(c, j) + "]");
            for (int st = 0; st < latency - 1; st++) {
                String range = "[" + (2 * st + 1) + ":" + (2 * st) + "]";
                places.add("(" + SignalNames.channelInstance(a2c(j, c)) + ".stage_q" + range + " == "
                        + SymbolCodes.literal(Symbols.FORK) + ")");
                places.add("(^" + SignalNames.channelInstance(c2a(c, j)) + ".stage_q" + range
                        + ")"); // a fork's two bits differ (SymbolCodes)
            }
        }
        int width = cs.length + places.size() - 1; // returning_a is one bit per port, every other place one bit
        b.append("    wire [")
                .append(width - 1)
                .append(":0] fork_at_a")
                .append(j)
                .append(" = {\n");
        for (int k = places.size() - 1; k >= 0; k--) {
            b.append("        ").append(places.get(k)).append(k > 0 ? ",\n" : "\n");
        }
        b.append("    };\n");
    }

    /** The module's header: the contract's ports, and with +reclaim the failure detector's input. */
    private static void ports(StringBuilder b, int n, RuleSet rules) {
        String range = "[" + (n - 1) + ":0] ";
        String pad = " ".repeat(range.length());
        b.append("module ppbus_top (\n")
                .append("    input  wire ")
                .append(pad)
                .append("clk,\n")
                .append("    input  wire ")
                .append(pad)
                .append("rst,\n")
                .append("    input  wire ")
                .append(range)
                .append("req,\n");
        if (rules.reclaim()) {
            b.append("    input  wire ")
                    .append(range)
                    .append("dead,   // +reclaim: node i is known to have crashed (raised")
                    .append(" at least 2L cycles after it fell silent, then held; never for a live node)\n");
        }
        b.append("    output wire ").append(range).append("gnt\n").append(");\n");
    }

    /** The first line(s) of arbiter j's instance: its module and parameters. */
    private static void arbiterInstance(StringBuilder b, int j, int ports, RuleSet rules, int latency) {
        if (ports == 1 && !rules.heal() && !rules.reclaim()) {
            b.append("    ppbus_arbiter1 u_arbiter_").append(j).append(" (\n");
        } else if (ports == 1) {
            b.append("    ppbus_arbiter1 #(")
                    .append(healAndReclaim(rules, latency).substring(1))
                    .append("\n    ) u_arbiter_")
                    .append(j)
                    .append(" (\n");
        } else {
            b.append("    ppbus_arbiter #(\n        .P (")
                    .append(ports)
                    .append(")")
                    .append(fix("F1", rules.f1()))
                    .append(fix("F2", rules.f2()))
                    .append(healAndReclaim(rules, latency))
                    .append("\n    ) u_arbiter_")
                    .append(j)
                    .append(" (\n");
        }
    }

    private static void channel(StringBuilder b, String name, int latency) {
        b.append("    ppbus_channel #(\n        .L (")
                .append(latency)
                .append(")\n    ) ")
                .append(SignalNames.channelInstance(name))
                .append(" (\n")
                .append("        .clk (clk),\n        .rst (rst),\n")
                .append("        .d   (")
                .append(name)
                .append("),\n")
                .append("        .q   (")
                .append(name)
                .append("_rx)\n    );\n\n");
    }

    /** {x[last], ..., x[0]}: slot or port 0 in the low bits. */
    private static String concat(int[] xs, IntFunction<String> name) {
        if (xs.length == 1) {
            return name.apply(xs[0]);
        }
        StringBuilder b = new StringBuilder("{");
        for (int k = xs.length - 1; k >= 0; k--) {
            b.append(name.apply(xs[k]));
            if (k > 0) {
                b.append(", ");
            }
        }
        return b.append('}').toString();
    }
}
