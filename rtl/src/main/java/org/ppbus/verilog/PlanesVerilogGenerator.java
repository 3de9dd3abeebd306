package org.ppbus.verilog;

import java.util.LinkedHashMap;
import java.util.Map;
import org.ppbus.plane.Wiring;
import org.ppbus.protocol.RuleSet;
import org.ppbus.protocol.cc.CcPlanes;

/**
 * The RTL of campos-carvalho-k: k planes of the Campos–Carvalho network (the one-bus design, its
 * top renamed {@code ppbus_plane}), and a {@code ppbus_chooser} per processor, behind
 * {@code ppbus_top (clk, rst, req[n-1:0], gnt[n-1:0], bus[n*k-1:0])}: processor i holds bus b when
 * bit i*k + b is set, and gnt[i] is high exactly when one of its bits is. Plane b seats processor
 * i at its client {@link CcPlanes#client} (docs/PROTOCOL.md, "campos-carvalho-k").
 */
public final class PlanesVerilogGenerator {
    private final String toolVersion;

    public PlanesVerilogGenerator(String toolVersion) {
        this.toolVersion = toolVersion;
    }

    public GeneratedDesign generate(int nodes, int latencyCycles, int buses) {
        if (buses < 2) {
            throw new IllegalArgumentException(
                    "campos-carvalho-k's RTL is for 2 or more buses, got " + buses + " (one bus is campos-carvalho's)");
        }
        Map<String, String> files = new LinkedHashMap<>();
        GeneratedDesign plane =
                new CcVerilogGenerator(toolVersion).generate(Wiring.forNodes(nodes), latencyCycles, RuleSet.FIXED);
        plane.files().forEach((name, text) -> {
            if (name.equals("ppbus_top.v")) {
                files.put(
                        "ppbus_plane.v",
                        text.replace("module ppbus_top (", "module ppbus_plane (")
                                .replace("// ppbus_top.v:", "// ppbus_plane.v: one plane of campos-carvalho-k;"));
            } else if (!name.equals("files.f")) {
                files.put(name, text);
            }
        });
        String params = "nodes=" + nodes + " latency=" + latencyCycles + " buses=" + buses + " algorithm="
                + CcPlanes.ALGORITHM.name();
        files.put(
                "ppbus_chooser.v",
                header("ppbus_chooser.v", "the bus chooser of one processor", params)
                        + CcVerilogGenerator.resource("ppbus_chooser.v")
                        + CcVerilogGenerator.FOOTER);
        files.put(
                "ppbus_top.v",
                header("ppbus_top.v", "campos-carvalho-k, " + buses + " buses", params)
                        + contract(nodes, latencyCycles, buses)
                        + top(nodes, buses)
                        + CcVerilogGenerator.FOOTER);
        files.put("files.f", CcVerilogGenerator.fileList("// " + params + ", compile order", files));
        return new GeneratedDesign(files);
    }

    private static String top(int n, int k) {
        StringBuilder b = new StringBuilder();
        b.append("module ppbus_top (\n")
                .append("    input  wire             clk,\n")
                .append("    input  wire             rst,\n")
                .append("    input  wire [")
                .append(n - 1)
                .append(":0]  req,\n")
                .append("    output wire [")
                .append(n - 1)
                .append(":0]  gnt,\n")
                .append("    output wire [")
                .append(n * k - 1)
                .append(":0] bus   // bus[i*")
                .append(k)
                .append(" + b]: processor i holds bus b\n")
                .append(");\n");
        b.append("    // One plane of Campos-Carvalho units per bus; each processor's chooser asks on every plane\n")
                .append("    // and keeps the first grant. Plane b seats processor i at client (i + b*")
                .append(CcPlanes.seatShift(n, k))
                .append(") mod ")
                .append(n)
                .append(".\n");
        b.append("    wire [").append(n * k - 1).append(":0] preq;   // preq[i*K + b]: processor i's req on plane b\n");
        b.append("    wire [").append(n * k - 1).append(":0] pgnt;\n\n");
        for (int p = 0; p < k; p++) {
            plane(b, n, k, p);
        }
        b.append("    genvar i;\n    generate\n        for (i = 0; i < ")
                .append(n)
                .append("; i = i + 1) begin : g_chooser\n")
                .append("            ppbus_chooser #(\n                .K (")
                .append(k)
                .append(")\n")
                .append("            ) u_chooser (\n")
                .append(
                        "                .clk   (clk),\n                .rst   (rst),\n                .req   (req[i]),\n")
                .append("                .gnt_p (pgnt[i*")
                .append(k)
                .append(" +: ")
                .append(k)
                .append("]),\n")
                .append("                .req_p (preq[i*")
                .append(k)
                .append(" +: ")
                .append(k)
                .append("]),\n")
                .append("                .gnt   (gnt[i]),\n")
                .append("                .bus   (bus[i*")
                .append(k)
                .append(" +: ")
                .append(k)
                .append("])\n")
                .append("            );\n        end\n    endgenerate\nendmodule\n");
        return b.toString();
    }

    /** Plane p's req and gnt vectors, seated as the model seats them, and its instance. */
    private static void plane(StringBuilder b, int n, int k, int p) {
        b.append("    wire [").append(n - 1).append(":0] req_").append(p).append(";\n");
        b.append("    wire [").append(n - 1).append(":0] gnt_").append(p).append(";\n");
        for (int i = 0; i < n; i++) {
            int c = CcPlanes.client(n, k, p, i);
            b.append("    assign req_")
                    .append(p)
                    .append('[')
                    .append(c)
                    .append("] = preq[")
                    .append(i * k + p)
                    .append("];\n");
            b.append("    assign pgnt[")
                    .append(i * k + p)
                    .append("] = gnt_")
                    .append(p)
                    .append('[')
                    .append(c)
                    .append("];\n");
        }
        b.append("    ppbus_plane u_plane_")
                .append(p)
                .append(" (\n")
                .append("        .clk (clk),\n        .rst (rst),\n        .req (req_")
                .append(p)
                .append("),\n        .gnt (gnt_")
                .append(p)
                .append(")\n    );\n\n");
    }

    /** The contract as comment lines at the head of the top. */
    private static String contract(int n, int latency, int k) {
        StringBuilder b = new StringBuilder();
        for (String l : PlanesContract.lines(n, latency, k)) {
            b.append("// ").append(l).append('\n');
        }
        return b.append('\n').toString();
    }

    private String header(String file, String what, String params) {
        return "// " + file + ": " + what + ".\n"
                + GeneratedBy.doNotEdit(toolVersion)
                + "// Parameters: " + params + "\n"
                + "`resetall\n`timescale 1ns / 1ps\n`default_nettype none\n\n";
    }
}
