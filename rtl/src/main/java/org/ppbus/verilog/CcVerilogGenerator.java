package org.ppbus.verilog;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.ppbus.plane.Wiring;
import org.ppbus.protocol.RuleSet;

/**
 * Emits the Campos–Carvalho network for n nodes as Verilog-2001: one file per module, the top level
 * {@code ppbus_top} of docs/SPEC.md (contract), and files.f. The unit modules are fixed texts
 * (resources of this package) parameterised by their link count; the top level is generated from
 * the wiring. Arbiters of fictitious points become arbiter-only units; only links to real clients
 * exist, so channels that would reach no client are never emitted.
 */
public final class CcVerilogGenerator {
    private final String toolVersion;

    public CcVerilogGenerator(String toolVersion) {
        this.toolVersion = toolVersion;
    }

    public GeneratedDesign generate(Wiring w, int latencyCycles) {
        return generate(w, latencyCycles, RuleSet.FIXED);
    }

    /** The network with a rule set: the units' F1/F2/F3 parameters follow it. */
    public GeneratedDesign generate(Wiring w, int latencyCycles, RuleSet rules) {
        if (latencyCycles < 1) {
            throw new IllegalArgumentException("latency must be at least 1 cycle, got " + latencyCycles);
        }
        boolean single = false;
        boolean multi = false;
        for (int j = 0; j < w.points(); j++) {
            int p = w.clientsOf(j).length;
            single |= p == 1;
            multi |= p >= 2;
        }
        Map<String, String> files = new LinkedHashMap<>();
        String params = "nodes=" + w.nodes() + " latency=" + latencyCycles + " rules=" + rules.label();
        files.put(ASSERT_MACROS, assertMacros());
        addResource(files, "ppbus_outq", "E1 output FIFOs of W links", w, latencyCycles, rules);
        addResource(files, "ppbus_channel", "a 2-bit channel with a latency of L cycles", w, latencyCycles, rules);
        if (rules.heal()) {
            addResource(
                    files,
                    "ppbus_beat",
                    "the +heal beat of a unit, every 4L+4 cycles from reset",
                    w,
                    latencyCycles,
                    rules);
            addResource(
                    files,
                    "ppbus_healclock",
                    "the +heal fork ages and kept parities of a unit's links",
                    w,
                    latencyCycles,
                    rules);
        }
        addResource(files, "ppbus_client", "Campos-Carvalho client unit, rules R1-R11", w, latencyCycles, rules);
        if (multi) {
            addResource(files, "ppbus_arbiter", "Campos-Carvalho arbiter unit, rules R12-R17", w, latencyCycles, rules);
        }
        if (single) {
            addResource(
                    files,
                    "ppbus_arbiter1",
                    "Campos-Carvalho arbiter with a single real client",
                    w,
                    latencyCycles,
                    rules);
        }
        files.put(
                "ppbus_top.v",
                header("ppbus_top.v", "the wired network (docs/SPEC.md (contract) top level)", w, latencyCycles, rules)
                        + Contract.comment(w, latencyCycles, rules)
                        + TopLevel.text(w, latencyCycles, rules)
                        + FOOTER);
        files.put("files.f", fileList("// " + params + ", compile order", files));
        return new GeneratedDesign(files);
    }

    /**
     * The macro file of the simulation checks, included by each module that checks itself. It is
     * not a module, so files.f does not list it; files.f names the design's folder as the include
     * folder instead, and Yosys looks beside the including file anyway.
     */
    static final String ASSERT_MACROS = "ppbus_assert.vh";

    private String assertMacros() {
        return assertMacros(toolVersion);
    }

    /** The macro file's text, with the header of this tool version. */
    static String assertMacros(String toolVersion) {
        return "// " + ASSERT_MACROS + ": the assertion macros of the ppbus modules.\n"
                + GeneratedBy.doNotEdit(toolVersion)
                + resource(ASSERT_MACROS);
    }

    /**
     * files.f: a comment line, the include folder, then the modules in compile order. {@code
     * +incdir+.} is the list's own folder under {@code verilator -F}, and the working folder under
     * {@code verilator -f} and {@code iverilog -c}.
     */
    static String fileList(String comment, Map<String, String> files) {
        StringBuilder list = new StringBuilder(comment).append("\n+incdir+.\n");
        files.keySet().stream()
                .filter(f -> f.endsWith(".v"))
                .forEach(f -> list.append(f).append('\n'));
        return list.toString();
    }

    /**
     * One node alone for synthesis and timing ({@code ppbus synth --node}): the units of a plane of
     * order q, a client with q + 1 links and an arbiter with q + 1 ports, in {@code ppbus_node}
     * with registered ports. Synthesis only: the units' simulation checks need the whole network.
     */
    public GeneratedDesign node(int order) {
        if (order < 2) {
            throw new IllegalArgumentException("a node needs a plane of order at least 2, got " + order);
        }
        String params = "one node of a plane of order q=" + order + " (K=P=" + (order + 1) + ")";
        String regen = "ppbus synth --node --orders " + order + " --keep DIR";
        Map<String, String> files = new LinkedHashMap<>();
        files.put(ASSERT_MACROS, assertMacros());
        for (String[] unit : new String[][] {
            {"ppbus_outq", "E1 output FIFOs of W links"},
            {"ppbus_client", "Campos-Carvalho client unit, rules R1-R11"},
            {"ppbus_arbiter", "Campos-Carvalho arbiter unit, rules R12-R17"}
        }) {
            String file = unit[0] + ".v";
            files.put(file, header(file, unit[1], params, regen) + resource(file) + FOOTER);
        }
        files.put(
                "ppbus_node.v",
                header("ppbus_node.v", "one node with registered ports, for synthesis and timing", params, regen)
                        + NodeLevel.text(order + 1, order + 1)
                        + FOOTER);
        files.put("files.f", fileList("// node q=" + order + ", compile order", files));
        return new GeneratedDesign(files);
    }

    /** Flip-flops of {@link #node}'s port registers, not part of the node itself. */
    public static int nodePortRegisters(int order) {
        return NodeLevel.portRegisters(order + 1, order + 1);
    }

    static final String FOOTER = "\n`resetall\n";

    void addResource(Map<String, String> files, String module, String what, Wiring w, int latency, RuleSet rules) {
        String file = module + ".v";
        files.put(file, header(file, what, w, latency, rules) + resource(file) + FOOTER);
    }

    String header(String file, String what, Wiring w, int latency, RuleSet rules) {
        return header(
                file,
                what,
                "nodes=" + w.nodes() + " latency=" + latency + " rules=" + rules.label() + " (plane q="
                        + w.plane().order() + ", N=" + w.points() + ", D="
                        + Arrays.toString(w.plane().differenceSet()) + ")",
                "ppbus generate --nodes " + w.nodes() + " --latency " + latency
                        + (rules.equals(RuleSet.FIXED) ? "" : " --rules " + rules.label()) + " --out DIR");
    }

    private String header(String file, String what, String params, String regenerate) {
        return "// " + file + ": " + what + ".\n"
                + GeneratedBy.doNotEdit(toolVersion)
                + "// Parameters: " + params + "\n"
                + "// Regenerate: " + regenerate + "\n"
                + "`resetall\n`timescale 1ns / 1ps\n`default_nettype none\n\n";
    }

    static String resource(String name) {
        try (InputStream in = CcVerilogGenerator.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + name);
            }
            return SymbolCodes.fill(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
