package org.ppbus.verilog.proof;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.ppbus.verilog.GeneratedDesign;
import org.ppbus.verilog.PlanesVerilogGenerator;

/**
 * The proof of campos-carvalho-k's RTL ({@link PlanesVerilogGenerator}): a harness around its top
 * with req free after the reset, and ABC's pdr on two properties.
 */
public final class PlanesBusProof {
    private PlanesBusProof() {}

    /** The properties of {@link #prove}, in its harness's order. */
    public static final List<String> PROPERTIES = List.of(
            "no bus held by two processors", "a processor holds at most one bus, and gnt exactly when it holds one");

    /**
     * ABC's pdr proves, req free after the reset, that no bus has two holders and that each
     * processor's gnt is high exactly when it holds one bus (so at most k are in).
     */
    public static RtlFaultProof.Result prove(
            GeneratedDesign design, int nodes, int buses, long timeoutSeconds, Path dir, Consumer<String> progress)
            throws IOException {
        int nk = nodes * buses;
        StringBuilder h = new StringBuilder("// No bus held by two processors; one bus per holder, and gnt with it.\n");
        h.append("module ppbus_bus_proof (\n    input wire clk,\n    input wire [")
                .append(nodes - 1)
                .append(":0] req\n);\n    reg started = 1'b0;\n    wire [")
                .append(nodes - 1)
                .append(":0] gnt;\n    wire [")
                .append(nk - 1)
                .append(":0] bus;\n");
        h.append("    always @(posedge clk) begin\n        started <= 1'b1;\n    end\n");
        h.append("    ppbus_top dut (.clk (clk), .rst (!started), .req (req), .gnt (gnt), .bus (bus));\n");
        List<String> perBus = new ArrayList<>();
        for (int b = 0; b < buses; b++) {
            StringBuilder v = new StringBuilder("{");
            for (int i = nodes - 1; i >= 0; i--) {
                v.append("bus[").append(i * buses + b).append(']').append(i > 0 ? ", " : "}");
            }
            perBus.add("(" + v + " & (" + v + " - 1'b1)) == " + nodes + "'d0");
        }
        List<String> perNode = new ArrayList<>();
        for (int i = 0; i < nodes; i++) {
            String mine = "bus[" + (i * buses + buses - 1) + ":" + (i * buses) + "]";
            perNode.add("(" + mine + " & (" + mine + " - 1'b1)) == " + buses + "'d0 && gnt[" + i + "] == |" + mine);
        }
        h.append("    always @(posedge clk) begin\n        if (started) begin\n");
        h.append("            " + FaultHarness.label(0) + ": assert(")
                .append(String.join("\n                && ", perBus))
                .append(");\n");
        h.append("            " + FaultHarness.label(1) + ": assert(")
                .append(String.join("\n                && ", perNode))
                .append(");\n");
        h.append("        end\n    end\nendmodule\n");
        return OneGrantProof.prove(design, "ppbus_bus_proof", h.toString(), PROPERTIES, timeoutSeconds, dir, progress);
    }
}
