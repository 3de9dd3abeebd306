package org.ppbus.verilog.proof;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.ppbus.plane.Wiring;
import org.ppbus.verilog.Contract;
import org.ppbus.verilog.SignalNames;

/**
 * The harness of the RTL safety proof under symbol faults ({@link RtlFaultProof}): the generated
 * {@code ppbus_top} whose channels may each drop or duplicate a symbol, with free req inputs that
 * keep the handshake and a reset in the first cycle.
 *
 * <p>The faults are those of the state search and of {@code ppbus simulate --fault}: a drop loses
 * the symbol driven on a channel in some cycle; a duplicate delivers it again, L + 1 cycles after it
 * was driven or, if the channel delivers another symbol then, in the first cycle after that in
 * which it delivers none. Only a symbol can be hit, not an idle cycle; at most one fault happens in
 * a cycle, and at most one of each enabled kind in a run, on any channel, in any cycle. Each
 * channel's two choices are inputs of the flattened top, free for the solver.
 *
 * <p>The properties, in the order of the AIGER's outputs ({@link Harness#outputs}):
 * <ol>
 * <li>at most one gnt;</li>
 * <li>a client holds a fork only while its arbiter's OWNER is that client, so no fork is ever made
 * twice (where a {@link LivenessGoal} says they are proven, neither is asserted and the first is
 * assumed);</li>
 * <li>with a repair bound B, fork conservation (I2, {@link FormalHarness#forkConservationTerms}) is
 * never broken for more than B consecutive cycles;</li>
 * <li>with a wait bound ({@link Contract.WaitBound}), bounded liveness, with every processor lowering
 * req at most H cycles after its gnt rises (assumed), the parts its {@link LivenessGoal} names
 * ({@link WaitCounters}): while one waits, each other is granted at most M times, so the others
 * (n - 1)M times (an output per ordered pair); the bus is never idle more than G cycles in a row
 * while a request waits; and no request waits more than B cycles for its gnt (which the first two
 * and the hold imply; an output per processor).</li>
 * </ol>
 */
final class FaultHarness {
    private FaultHarness() {}

    static final String MUTEX = "at most one gnt";
    static final String FORK_HOLDER = "a fork is held only by its arbiter's OWNER";
    static final String REPAIR = "fork conservation broken for at most B cycles";
    static final String MEALS = "each other granted at most M times while one waits";
    static final String GAP = "the bus idle at most G cycles while a request waits";
    static final String SEGMENT = "the bus idle at most R cycles with the same requests, one waiting";
    static final String WAIT = "every request granted within B cycles";

    /**
     * The harness text, the flattened-top wires it reads and drives, the property each of its
     * assertions checks, in the order of the AIGER's outputs (a property may take several), and the
     * channel module it reads the design with ({@link #channel}).
     */
    record Harness(String verilog, List<String> exposed, List<String> driven, List<String> outputs, String channel) {}

    /** Bits of the duplicate's wait, which counts down from L. */
    private static int waitBits(int latency) {
        return 32 - Integer.numberOfLeadingZeros(latency);
    }

    /**
     * A {@code ppbus_channel} with the same ports and the same chain of L registers as the
     * generated one, which may drop or duplicate the symbol driven this cycle when its free inputs
     * say so. For the proof only: it replaces the channel module when the proof reads the design.
     * A kind the proof leaves out is tied off here, not only assumed away in the harness: Yosys then
     * removes its logic, and a proof without duplicates loses four registers per channel (n = 7:
     * 518 registers after scorr down to 350), which pdr would otherwise have to learn are zero.
     */
    private static String channel(int latency, RtlFaultProof.Faults faults) {
        if (!faults.drops() && !faults.duplicates()) {
            return plainChannel(latency);
        }
        int wb = waitBits(latency);
        String zero = wb + "'d0";
        return "// ppbus_channel for the fault proof only (ppbus verify --rtl --faults): the generated channel's\n"
                + "// chain of L registers, which may drop or duplicate one symbol when its free inputs say so.\n"
                + channelHead(latency)
                + "    wire           drop_now = "
                + (faults.drops() ? "!rst && drop_req && (d != 2'b00);\n" : "1'b0;  // no drops in this proof\n")
                + "    wire           dup_now = "
                + (faults.duplicates()
                        ? "!rst && dup_req && (d != 2'b00);\n"
                        : "1'b0;  // no duplicates in this proof\n")
                + "    reg            dup_due_q;  // a copy is still to be delivered\n"
                + "    reg  [1:0]     dup_code_q;\n"
                + "    reg  [" + (wb - 1) + ":0]     dup_wait_q;  // cycles before the copy may be delivered\n"
                + "    wire [1:0]     last = stage_q[2*L-1:2*L-2];\n"
                + "    wire           dup_out = dup_due_q && (dup_wait_q == " + zero + ") && (last == 2'b00);\n\n"
                + "    assign q = dup_out ? dup_code_q : last;\n\n"
                + "    always @(posedge clk) begin\n"
                + "        if (rst) begin\n"
                + "            stage_q    <= {2*L{1'b0}};\n"
                + "            dup_due_q  <= 1'b0;\n"
                + "            dup_code_q <= 2'b00;\n"
                + "            dup_wait_q <= " + zero + ";\n"
                + "        end else begin\n"
                + "            stage_q <= {stage_q, (drop_now ? 2'b00 : d)};\n"
                + "            if (dup_now) begin\n"
                + "                dup_due_q  <= 1'b1;\n"
                + "                dup_code_q <= d;\n"
                + "                dup_wait_q <= L;\n"
                + "            end else if (dup_out) begin\n"
                + "                dup_due_q <= 1'b0;\n"
                + "            end else if (dup_wait_q != " + zero + ") begin\n"
                + "                dup_wait_q <= dup_wait_q - 1'b1;\n"
                + "            end\n"
                + "        end\n"
                + "    end\n"
                + "endmodule\n";
    }

    /** The channel's ports, its chain of L registers and the two free inputs of the fault proofs. */
    private static String channelHead(int latency) {
        return "module ppbus_channel #(\n    parameter integer L = " + latency + "\n) (\n"
                + "    input  wire       clk,\n    input  wire       rst,\n    input  wire [1:0] d,\n"
                + "    output wire [1:0] q\n);\n"
                + "    reg  [2*L-1:0] stage_q;\n"
                + "    (* keep *) wire drop_req;  // free: the proof exposes both as inputs of the flattened top\n"
                + "    (* keep *) wire dup_req;\n";
    }

    /**
     * The channel of a proof without faults (the liveness proofs): the generated chain of L
     * registers and nothing else, the free inputs kept unused. No register of the duplicate's logic
     * is left either: pdr learns that they stay zero after the reset, but an induction step starts
     * from any state, where a pending copy would deliver a symbol from nowhere (n = 7: the segment
     * bound's induction took minutes instead of seconds with them).
     */
    private static String plainChannel(int latency) {
        return "// ppbus_channel for the liveness proof only (ppbus verify --rtl --liveness): the generated\n"
                + "// channel's chain of L registers; the fault proof's inputs are kept, unused.\n"
                + channelHead(latency)
                + "    (* keep *) wire drop_now = 1'b0;\n"
                + "    (* keep *) wire dup_now = 1'b0;\n\n"
                + "    assign q = stage_q[2*L-1:2*L-2];\n\n"
                + "    always @(posedge clk) begin\n"
                + "        if (rst) stage_q <= {2*L{1'b0}};\n"
                + "        else stage_q <= {stage_q, d};\n"
                + "    end\n"
                + "endmodule\n";
    }

    /**
     * @param faults      the kinds a run may suffer, and the processors that may ask
     * @param repairBound B of the third property, or a negative number to leave it out
     * @param live        the hold assumed and the parts of the wait bound asserted, or null to leave
     *     liveness out
     */
    static Harness of(Wiring w, int latency, RtlFaultProof.Faults faults, int repairBound, LivenessGoal live) {
        int n = w.nodes();
        FormalHarness.Wires wires = new FormalHarness.Wires();
        for (int i = 0; i < n; i++) {
            FormalHarness.exposeClient(wires, i, w.arbitersOf(i).length);
        }
        for (int a = 0; a < w.points(); a++) {
            FormalHarness.exposeArbiter(wires, w, a, latency);
        }
        boolean strengthened = live != null && live.invariants() != LivenessGoal.Invariants.NONE;
        if (strengthened) {
            LivenessInvariants.expose(wires, w);
        }
        List<String> channels = channels(w);
        int c = channels.size();
        List<String> driven = new ArrayList<>();
        StringBuilder fanout = new StringBuilder();
        for (int k = 0; k < c; k++) {
            String inst = SignalNames.channelInstance(channels.get(k));
            for (String kind : new String[] {"drop", "dup"}) {
                driven.add(inst + "." + kind + "_req");
                fanout.append(",\n        .\\")
                        .append(inst)
                        .append('.')
                        .append(kind)
                        .append("_req (")
                        .append(kind)
                        .append("_req[")
                        .append(k)
                        .append("])");
                wires.add(inst + "." + kind + "_now", kind + "_now_" + k, 1);
            }
        }
        StringBuilder b = new StringBuilder();
        boolean repair = repairBound >= 0;
        declarations(b, n, c, repair, strengthened);
        if (live != null) {
            WaitCounters.declare(b, n, live);
        }
        b.append(wires.body);
        b.append("    assign drops = {").append(joinDescending("drop_now_", c)).append("};\n");
        b.append("    assign dups = {").append(joinDescending("dup_now_", c)).append("};\n\n");
        b.append("    always @(posedge clk) begin\n        past_valid <= 1'b1;\n        req_q <= req;\n")
                .append("        dropped_q <= dropped_q | (|drops);\n        duplicated_q <= duplicated_q | (|dups);\n")
                .append(strengthened ? "        " + LivenessInvariants.PAST2 + " <= past_valid;\n" : "")
                .append(repair ? "        broken_q <= conserved ? 8'd0 : broken_q + {7'd0, broken_q != 8'd255};\n" : "")
                .append("    end\n\n");
        b.append("    // Reset in the first cycle only.\n");
        b.append(
                "    ppbus_top dut (\n        .clk (clk),\n        .rst (!past_valid),\n        .req (req),\n        .gnt (gnt)");
        b.append(wires.ports).append(fanout).append("\n    );\n\n");
        if (repair) {
            conservationWatch(b, w, latency);
        }
        List<String> outputs = assumptionsAndProperties(b, w, faults, c, repairBound, live);
        b.append("        end\n    end\nendmodule\n");
        return new Harness(b.toString(), wires.exposed, driven, outputs, channel(latency, faults));
    }

    /** The module's ports, its registers and the wires it watches. */
    private static void declarations(StringBuilder b, int n, int c, boolean repair, boolean strengthened) {
        String range = "[" + (n - 1) + ":0]";
        String cRange = "[" + (c - 1) + ":0]";
        b.append("// The harness of `ppbus verify --rtl --faults` (Yosys, ABC pdr); not part of the design.\n");
        b.append("module ppbus_faults (\n    input wire clk,\n    input wire ")
                .append(range)
                .append(" req,\n")
                .append("    input wire ")
                .append(cRange)
                .append(" drop_req,\n    input wire ")
                .append(cRange)
                .append(" dup_req\n);\n");
        b.append("    reg past_valid = 1'b0;\n    reg ")
                .append(range)
                .append(" req_q = ")
                .append(n)
                .append("'d0;\n");
        b.append("    reg dropped_q = 1'b0;  // a symbol was dropped\n    reg duplicated_q = 1'b0;\n");
        if (strengthened) {
            b.append("    reg ").append(LivenessInvariants.PAST2).append(" = 1'b0;  // past_valid one cycle late\n");
        }
        if (repair) {
            b.append("    reg [7:0] broken_q = 8'd0;  // consecutive cycles with fork conservation broken\n");
            b.append("    reg conserved;\n    integer forks;\n");
        }
        b.append("    wire ").append(range).append(" gnt;\n");
        b.append("    wire ")
                .append(cRange)
                .append(" drops;\n    wire ")
                .append(cRange)
                .append(" dups;\n");
    }

    /** I2 for every arbiter, watched rather than asserted: a fault may break it for a while. */
    private static void conservationWatch(StringBuilder b, Wiring w, int latency) {
        b.append("    // I2 for every arbiter, watched rather than asserted: a fault may break it for a while.\n");
        b.append("    always @* begin\n        conserved = 1'b1;\n");
        for (int a = 0; a < w.points(); a++) {
            for (String term : FormalHarness.forkConservationTerms(b, w, a, latency)) {
                b.append("            if (!(").append(term).append(")) conserved = 1'b0;\n");
            }
        }
        b.append("    end\n\n");
    }

    /** The processors' and the faults' assumptions, then the assertions; returns their properties in order. */
    private static List<String> assumptionsAndProperties(
            StringBuilder b, Wiring w, RtlFaultProof.Faults faults, int c, int repairBound, LivenessGoal live) {
        b.append("    integer i;\n    always @* begin\n        if (past_valid) begin\n");
        b.append("            // The handshake: req falls only while gnt is high.\n");
        b.append("            for (i = 0; i < ").append(w.nodes()).append("; i = i + 1) begin\n");
        b.append("                if (req_q[i] && !req[i]) assume(gnt[i]);\n            end\n");
        if (!faults.everyoneAsks(w.nodes())) {
            b.append("            // The scope: only processors ")
                    .append(faults.askers(w.nodes()))
                    .append(" ever ask.\n");
            for (int i = 0; i < w.nodes(); i++) {
                if ((faults.active() >> i & 1) == 0) {
                    b.append("            assume(!req[").append(i).append("]);\n");
                }
            }
        }
        if (live != null) {
            WaitCounters.holdAssumption(b, w.nodes(), live.bound());
        }
        b.append("            // One fault in a cycle at most, and one of each kind in a run.\n");
        b.append("            assume(((drops | dups) & ((drops | dups) - 1'b1)) == ")
                .append(c)
                .append("'d0);\n");
        b.append("            assume(!((|drops) && (|dups)));\n");
        b.append(
                faults.drops()
                        ? "            assume(!(dropped_q && (|drops)));\n"
                        : "            assume(drops == " + c + "'d0);\n");
        b.append(
                faults.duplicates()
                        ? "            assume(!(duplicated_q && (|dups)));\n"
                        : "            assume(dups == " + c + "'d0);\n");
        List<String> outputs = new ArrayList<>();
        String mutex = "(gnt & (gnt - 1'b1)) == " + w.nodes() + "'d0";
        if (live != null && live.safetyAssumed()) {
            // Only the first: with the fork holder assumed too, pdr took over 75 min on the n = 7 meals
            // that it proves in 20 with this one alone (docs/VERIFICATION.md 2a).
            b.append("            // Proven on its own (LivenessProof): ")
                    .append(MUTEX)
                    .append(".\n");
            b.append("            assume(").append(mutex).append(");\n");
        } else {
            assertion(b, outputs, MUTEX, mutex);
            assertion(b, outputs, FORK_HOLDER, forkHolder(w));
        }
        if (live != null && live.invariants() != LivenessGoal.Invariants.NONE) {
            invariants(b, outputs, w, live);
        }
        if (repairBound >= 0) {
            assertion(b, outputs, REPAIR, "broken_q <= 8'd" + repairBound);
        }
        if (live != null) {
            WaitCounters.assertions(b, outputs, w.nodes(), live);
        }
        return outputs;
    }

    /** The strengthening invariants, each asserted as an output named after it, or all assumed. */
    private static void invariants(StringBuilder b, List<String> outputs, Wiring w, LivenessGoal live) {
        boolean checked = live.invariants() == LivenessGoal.Invariants.CHECKED;
        b.append(
                checked
                        ? "            // The strengthening invariants (LivenessInvariants), to be proven.\n"
                        : "            // The strengthening invariants (LivenessInvariants), proven from the reset before.\n");
        for (LivenessInvariants.Invariant inv :
                LivenessInvariants.of(w, live.bound().hold())) {
            if (checked) {
                assertion(b, outputs, inv.name(), inv.condition());
            } else {
                b.append("            assume(").append(inv.condition()).append(");\n");
            }
        }
    }

    private static void assertion(StringBuilder b, List<String> outputs, String property, String condition) {
        b.append("            ")
                .append(label(outputs.size()))
                .append(": assert(")
                .append(condition)
                .append(");\n");
        outputs.add(property);
    }

    /**
     * The label of the k-th assertion. Yosys orders the AIGER's outputs by the assertions' names,
     * so the labels sort in the assertions' order (pdr reports outputs by number): zero-padded, as
     * the check of the strengthening invariants has hundreds of outputs (n = 7: 529; n = 13 about
     * 1,500). Its simulator names a failing assertion by its label.
     */
    static String label(int k) {
        return String.format(Locale.ROOT, "p%04d", k);
    }

    /** Every link's two channels, c2a first, in the wiring's link order. */
    private static List<String> channels(Wiring w) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < w.nodes(); i++) {
            for (int j : w.arbitersOf(i)) {
                out.add(SignalNames.c2a(i, j));
                out.add(SignalNames.a2c(j, i));
            }
        }
        return out;
    }

    /** Every client holding a fork is its arbiter's OWNER: one conjunction over the links. */
    private static String forkHolder(Wiring w) {
        List<String> terms = new ArrayList<>();
        for (int a = 0; a < w.points(); a++) {
            int[] cs = w.clientsOf(a);
            for (int m = 0; m < cs.length; m++) {
                terms.add("(!fork_" + cs[m] + "[" + w.slotOf(cs[m], a) + "] || owner_" + a + "[" + m + "])");
            }
        }
        return String.join("\n                && ", terms);
    }

    private static String joinDescending(String prefix, int count) {
        StringBuilder s = new StringBuilder();
        for (int k = count - 1; k >= 0; k--) {
            s.append(prefix).append(k).append(k > 0 ? ", " : "");
        }
        return s.toString();
    }
}
