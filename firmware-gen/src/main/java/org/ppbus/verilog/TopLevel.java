package org.ppbus.verilog;

import java.util.Arrays;
import org.ppbus.plane.Wiring;

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

    private static String a2c(int arbiter, int client) {
        return SignalNames.a2c(arbiter, client);
    }

    static String text(Wiring w, int latency) {
        int n = w.nodes();
        StringBuilder b = new StringBuilder();
        String range = "[" + (n - 1) + ":0] ";
        String pad = " ".repeat(range.length());
        b.append("module ppbus_top (\n")
         .append("    input  wire ").append(pad).append("clk,\n")
         .append("    input  wire ").append(pad).append("rst,\n")
         .append("    input  wire ").append(range).append("req,\n")
         .append("    output wire ").append(range).append("gnt\n")
         .append(");\n");
        b.append("    // Wiring: S_i = i + D mod ").append(w.points()).append(", D = ")
         .append(Arrays.toString(w.plane().differenceSet())).append("; ")
         .append(n).append(" real clients, ").append(w.points() - n).append(" fictitious points")
         .append(w.fictitious().isEmpty() ? "" : " " + w.fictitious()).append(".\n");
        b.append("    // Every link has a c2a and an a2c channel of latency ").append(latency).append(".\n\n");
        for (int i = 0; i < n; i++) {
            for (int j : w.arbitersOf(i)) {
                b.append("    wire [1:0] ").append(c2a(i, j)).append(";\n");
                b.append("    wire [1:0] ").append(c2a(i, j)).append("_rx;\n");
                b.append("    wire [1:0] ").append(a2c(j, i)).append(";\n");
                b.append("    wire [1:0] ").append(a2c(j, i)).append("_rx;\n");
            }
        }
        b.append('\n');
        for (int client = 0; client < n; client++) {
            final int i = client;
            int[] s = w.arbitersOf(i);
            b.append("    // Client ").append(i).append(": S_").append(i).append(" = ").append(Arrays.toString(s)).append('\n');
            b.append("    ppbus_client #(\n        .K (").append(s.length).append(")\n    ) u_client_").append(i).append(" (\n");
            b.append("        .clk     (clk),\n        .rst     (rst),\n");
            b.append("        .req     (req[").append(i).append("]),\n");
            b.append("        .gnt     (gnt[").append(i).append("]),\n");
            b.append("        .a2c_in  (").append(concat(s, j -> a2c(j, i) + "_rx")).append("),\n");
            b.append("        .c2a_out (").append(concat(s, j -> c2a(i, j))).append(")\n    );\n\n");
        }
        for (int arbiter = 0; arbiter < w.points(); arbiter++) {
            final int j = arbiter;
            int[] cs = w.clientsOf(j);
            if (cs.length == 0) {
                b.append("    // Arbiter ").append(j).append(": no real client; pruned.\n\n");
                continue;
            }
            b.append("    // Arbiter ").append(j).append(j >= n ? " (fictitious point)" : "").append(": clients ")
             .append(Arrays.toString(cs)).append('\n');
            if (cs.length == 1) {
                b.append("    ppbus_arbiter1 u_arbiter_").append(j).append(" (\n");
            } else {
                b.append("    ppbus_arbiter #(\n        .P (").append(cs.length).append(")\n    ) u_arbiter_").append(j).append(" (\n");
            }
            b.append("        .clk     (clk),\n        .rst     (rst),\n");
            b.append("        .c2a_in  (").append(concat(cs, c -> c2a(c, j) + "_rx")).append("),\n");
            b.append("        .a2c_out (").append(concat(cs, c -> a2c(j, c))).append(")\n    );\n\n");
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

    /**
     * Simulation-only checks of the whole network, next to what they check: at most one gnt, and
     * for every arbiter I2 (its fork is at one client, or on its way, exactly when OWNER is set),
     * counted on register state: client fork bits, channel stages and queued symbols.
     */
    private static void assertions(StringBuilder b, Wiring w, int latency) {
        int n = w.nodes();
        int points = w.points();
        b.append("`ifndef SYNTHESIS\n");
        b.append("    // I2 per arbiter, on register state: 1 when the forks out (at clients, in channel stages,\n");
        b.append("    // queued) number exactly one while OWNER is set and zero while it is NIL.\n");
        b.append("    reg [").append(points - 1).append(":0] fork_ok;\n");
        b.append("    integer forks;\n");
        b.append("    integer a;\n\n");
        b.append("    always @* begin\n");
        b.append("        fork_ok = {").append(points).append("{1'b1}};\n");
        for (int j = 0; j < points; j++) {
            int[] cs = w.clientsOf(j);
            if (cs.length == 0) {
                continue;
            }
            b.append("        forks = 0;\n");
            for (int c : cs) {
                int slot = w.slotOf(c, j);
                count(b, "u_client_" + c + ".fork_q[" + slot + "]");
                String down = a2c(j, c);
                String up = c2a(c, j);
                for (int st = 0; st < latency; st++) {
                    String range = "[" + (2 * st + 1) + ":" + (2 * st) + "]";
                    count(b, "u_" + down + ".stage_q" + range + " == 2'd1");
                    count(b, "u_" + up + ".stage_q" + range + " == 2'd1 || u_" + up + ".stage_q" + range + " == 2'd2");
                }
                String pending = "u_client_" + c + ".u_outq.pending_q[" + (2 * slot + 1) + ":" + (2 * slot) + "]";
                count(b, pending + " == 2'd1 || " + pending + " == 2'd2");
            }
            b.append("        fork_ok[").append(j).append("] = (forks == ((|u_arbiter_").append(j).append(".owner_q) ? 1 : 0));\n");
        }
        b.append("    end\n\n");
        b.append("    always @(posedge clk) begin\n");
        b.append("        if (!rst) begin\n");
        b.append("            if ((gnt & (gnt - 1'b1)) != ").append(n).append("'d0) begin\n");
        b.append("                $display(\"ASSERTION FAILED ppbus_top: more than one gnt (%b) at time %0t\", gnt, $time);\n");
        b.append("                $stop;\n            end\n");
        b.append("            for (a = 0; a < ").append(points).append("; a = a + 1) begin\n");
        b.append("                if (!fork_ok[a]) begin\n");
        b.append("                    $display(\"ASSERTION FAILED ppbus_top: arbiter %0d's fork is not home, at one client or in flight (I2) at time %0t\", a, $time);\n");
        b.append("                    $stop;\n                end\n            end\n");
        b.append("        end\n    end\n`endif\n");
    }

    private static void count(StringBuilder b, String condition) {
        b.append("        if (").append(condition).append(") forks = forks + 1;\n");
    }

    private static void channel(StringBuilder b, String name, int latency) {
        b.append("    ppbus_channel #(\n        .L (").append(latency).append(")\n    ) u_").append(name).append(" (\n")
         .append("        .clk (clk),\n        .rst (rst),\n")
         .append("        .d   (").append(name).append("),\n")
         .append("        .q   (").append(name).append("_rx)\n    );\n\n");
    }

    /** {x[last], ..., x[0]}: slot or port 0 in the low bits. */
    private static String concat(int[] xs, java.util.function.IntFunction<String> name) {
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
