package org.ppbus.verilog.proof;

import java.util.ArrayList;
import java.util.List;
import org.ppbus.plane.Wiring;
import org.ppbus.protocol.cc.Symbols;
import org.ppbus.verilog.SignalNames;
import org.ppbus.verilog.SymbolCodes;

/**
 * {@code ppbus_formal}, the harness of the RTL proof: {@code ppbus_top} with free req inputs that
 * obey the handshake (a request is never withdrawn before its gnt), a reset in the first cycle, and
 * "at most one gnt" as the property to prove.
 *
 * <p>Plain induction on that property alone does not close: an arbitrary state can hold two forks
 * of one arbiter. With {@code strengthen}, the harness also asserts, on register state read through
 * ports that Yosys's {@code expose} adds to the flattened top:
 * <ul>
 * <li>per arbiter, fork conservation (I2): its fork is at one client, in a channel stage or queued
 * exactly when OWNER is set, and OWNER is at most one port;</li>
 * <li>per client, an eating client holds every fork of its arbiters.</li>
 * </ul>
 * Two eaters would share an arbiter and both hold its one fork, so these imply the property.
 */
final class FormalHarness {
    private FormalHarness() {}

    /** The harness text and the flattened-top wires it reads (Yosys names). */
    record Harness(String verilog, List<String> exposed) {}

    static Harness of(Wiring w, int latency, boolean strengthen) {
        return of(w, latency, strengthen, false);
    }

    /** With {@code heal}, the +heal RTL's strengthening too ({@link HealInvariants}). */
    static Harness of(Wiring w, int latency, boolean strengthen, boolean heal) {
        int n = w.nodes();
        Wires wires = new Wires();
        if (strengthen) {
            for (int i = 0; i < n; i++) {
                exposeClient(wires, i, w.arbitersOf(i).length);
            }
            for (int a = 0; a < w.points(); a++) {
                exposeArbiter(wires, w, a, latency);
            }
            if (heal) {
                HealInvariants.expose(wires, w, latency);
            }
        }
        String range = "[" + (n - 1) + ":0]";
        StringBuilder b = new StringBuilder();
        b.append("// The harness of `ppbus verify --rtl` (Yosys sat -tempinduct); not part of the design.\n");
        b.append("module ppbus_formal (\n    input wire clk,\n    input wire ")
                .append(range)
                .append(" req\n);\n");
        b.append("    reg past_valid = 1'b0;\n");
        b.append("    reg ").append(range).append(" req_q = ").append(n).append("'d0;\n");
        b.append("    wire ").append(range).append(" gnt;\n");
        b.append(wires.body);
        b.append("\n    always @(posedge clk) begin\n        past_valid <= 1'b1;\n        req_q <= req;\n    end\n\n");
        b.append("    // Reset in the first cycle only.\n");
        b.append(
                "    ppbus_top dut (\n        .clk (clk),\n        .rst (!past_valid),\n        .req (req),\n        .gnt (gnt)");
        b.append(wires.ports).append("\n    );\n\n");
        b.append("    integer i;\n");
        if (strengthen) {
            b.append("    integer forks;\n");
        }
        b.append("    always @* begin\n        if (past_valid) begin\n");
        b.append("            // The handshake: req falls only while gnt is high.\n");
        b.append("            for (i = 0; i < ").append(n).append("; i = i + 1) begin\n");
        b.append("                if (req_q[i] && !req[i]) assume(gnt[i]);\n            end\n");
        b.append("            assert((gnt & (gnt - 1'b1)) == ").append(n).append("'d0);\n");
        if (strengthen) {
            for (int i = 0; i < n; i++) {
                b.append("            assert(state_")
                        .append(i)
                        .append(" != 2'd2 || &fork_")
                        .append(i)
                        .append(");\n");
            }
            for (int a = 0; a < w.points(); a++) {
                forkConservation(b, w, a, latency);
            }
            if (heal) {
                HealInvariants.assertions(b, w, latency);
            }
        }
        b.append("        end\n    end\nendmodule\n");
        return new Harness(b.toString(), wires.exposed);
    }

    /** The flattened-top wires the harness reads: their names, declarations and port connections. */
    static final class Wires {
        final List<String> exposed = new ArrayList<>();
        final StringBuilder ports = new StringBuilder();
        final StringBuilder body = new StringBuilder();

        void add(String yosysName, String local, int width) {
            exposed.add(yosysName);
            body.append("    wire [")
                    .append(width - 1)
                    .append(":0] ")
                    .append(local)
                    .append(";\n");
            ports.append(",\n        .\\")
                    .append(yosysName)
                    .append(" (")
                    .append(local)
                    .append(")");
        }
    }

    /** Client i's state, forks and output queue. */
    static void exposeClient(Wires wires, int i, int k) {
        wires.add("u_client_" + i + ".state_q", "state_" + i, 2);
        wires.add("u_client_" + i + ".fork_q", "fork_" + i, k);
        for (int bit = 0; bit < 2; bit++) {
            wires.add("u_client_" + i + ".u_outq.pending_b" + bit + "_q", "cq" + bit + "_" + i, k);
        }
    }

    /** Arbiter a's OWNER, output queue and the channel stages of its links. */
    static void exposeArbiter(Wires wires, Wiring w, int a, int latency) {
        int[] cs = w.clientsOf(a);
        if (cs.length == 0) {
            return;
        }
        wires.add("u_arbiter_" + a + ".owner_q", "owner_" + a, cs.length);
        for (int bit = 0; bit < 2; bit++) {
            wires.add("u_arbiter_" + a + ".u_outq.pending_b" + bit + "_q", "aq" + bit + "_" + a, cs.length);
        }
        for (int c : cs) {
            for (String ch : new String[] {SignalNames.a2c(a, c), SignalNames.c2a(c, a)}) {
                wires.add(SignalNames.channelInstance(ch) + ".stage_q", "st_" + ch, 2 * latency);
            }
        }
    }

    /** I2 for arbiter a, asserted. */
    private static void forkConservation(StringBuilder b, Wiring w, int a, int latency) {
        for (String condition : forkConservationTerms(b, w, a, latency)) {
            b.append("            assert(").append(condition).append(");\n");
        }
    }

    /**
     * I2 for arbiter a: one fork at a client, in a channel stage or in a queue exactly when OWNER is
     * set, and OWNER at most one port. Appends the statements that count the forks into the integer
     * {@code forks} and returns the conditions that must hold, so that the induction proof asserts
     * them and the fault proof ({@link FaultHarness}) watches them, from one definition.
     */
    static List<String> forkConservationTerms(StringBuilder b, Wiring w, int a, int latency) {
        int[] cs = w.clientsOf(a);
        if (cs.length == 0) {
            return List.of();
        }
        b.append("            forks = 0;\n");
        for (int m = 0; m < cs.length; m++) {
            int c = cs[m];
            int slot = w.slotOf(c, a);
            b.append("            if (fork_").append(c).append('[').append(slot).append("]) forks = forks + 1;\n");
            for (int st = 0; st < latency; st++) {
                String r = "[" + (2 * st + 1) + ":" + (2 * st) + "]";
                b.append("            if (st_")
                        .append(SignalNames.a2c(a, c))
                        .append(r)
                        .append(" == ")
                        .append(SymbolCodes.literal(Symbols.FORK))
                        .append(") forks = forks + 1;\n");
                String up = "st_" + SignalNames.c2a(c, a) + r;
                b.append("            if (")
                        .append(up)
                        .append(" == ")
                        .append(SymbolCodes.literal(Symbols.CLEAN_FORK))
                        .append(" || ")
                        .append(up)
                        .append(" == ")
                        .append(SymbolCodes.literal(Symbols.DIRTY_FORK))
                        .append(") forks = forks + 1;\n");
            }
            // A DIRTY_FORK or CLEAN_FORK (codes 2, 1) waiting at the client; a FORK (1) at the arbiter.
            b.append("            if (cq0_")
                    .append(c)
                    .append('[')
                    .append(slot)
                    .append("] ^ cq1_")
                    .append(c)
                    .append('[')
                    .append(slot)
                    .append("]) forks = forks + 1;\n");
            b.append("            if (aq0_")
                    .append(a)
                    .append('[')
                    .append(m)
                    .append("] && !aq1_")
                    .append(a)
                    .append('[')
                    .append(m)
                    .append("]) forks = forks + 1;\n");
        }
        String owner = "owner_" + a;
        List<String> terms = new ArrayList<>();
        terms.add("forks == ((|" + owner + ") ? 1 : 0)");
        if (cs.length > 1) {
            terms.add("(" + owner + " & (" + owner + " - 1'b1)) == 0");
        }
        return terms;
    }
}
