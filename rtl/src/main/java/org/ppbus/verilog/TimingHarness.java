package org.ppbus.verilog;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * A top that times a design with more ports than a package has pins, as a block inside a larger
 * one would be timed: every input of the design comes from a flip-flop of a shift register fed by
 * one pin, and every output goes into a flip-flop of a second shift register (each output XORed
 * with its neighbour's register, so that no output can be optimised away) read out at one pin. The
 * design's paths from its inputs and to its outputs then start and end at flip-flops, as they
 * would in a system, and nextpnr times them with the rest; the harness adds at most one LUT to
 * an output's path and its flip-flops to the counts, which is why a caller reports the design's
 * own modules' cells.
 */
public final class TimingHarness {
    private TimingHarness() {}

    /** The harness's module, and its file. */
    public static final String TOP = "ppbus_timing_harness";

    /** One port of the design: its name, whether it is an input, and its width in bits. */
    record Port(String name, boolean input, int width) {}

    /**
     * The design with the harness around {@code top} as its last module. Yosys reads the ports
     * (their widths after the parameters' defaults), in {@code dir}.
     */
    public static GeneratedDesign around(GeneratedDesign design, String top, Path dir) throws IOException {
        design.writeTo(dir);
        ExternalTool.Result y = ExternalTool.run(
                dir,
                600,
                "yosys",
                "-q",
                "-p",
                "read_verilog " + String.join(" ", design.sources()) + "; hierarchy -top " + top
                        + "; proc; write_json ports.json");
        if (y.exitCode() != 0) {
            throw new IOException("yosys failed: " + ExternalTool.lastLines(y.output(), 5));
        }
        JsonNode ports = new ObjectMapper()
                .readTree(Files.readString(dir.resolve("ports.json")))
                .path("modules")
                .path(top)
                .path("ports");
        List<Port> list = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = ports.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            String direction = e.getValue().path("direction").asText();
            if (direction.equals("inout")) {
                throw new IOException(top + " has an inout port, " + e.getKey() + ", which the harness cannot drive");
            }
            list.add(new Port(
                    e.getKey(),
                    direction.equals("input"),
                    e.getValue().path("bits").size()));
        }
        return design.withModule(TOP + ".v", text(top, list));
    }

    /** The harness's text around {@code top}, whose clock is {@code clk}. */
    static String text(String top, List<Port> ports) {
        int in = 0;
        int out = 0;
        StringBuilder connections = new StringBuilder();
        for (Port p : ports) {
            String signal;
            if (p.name().equals("clk")) {
                signal = "clk";
            } else if (p.input()) {
                signal = "in_q[" + (in + p.width() - 1) + ":" + in + "]";
                in += p.width();
            } else {
                signal = "out[" + (out + p.width() - 1) + ":" + out + "]";
                out += p.width();
            }
            connections
                    .append(connections.isEmpty() ? "" : ",\n")
                    .append("        .")
                    .append(p.name())
                    .append(" (")
                    .append(signal)
                    .append(")");
        }
        return "// " + TOP + ": " + top + " with every input from a shift register fed by pin si and every\n"
                + "// output into a shift register read at pin so, so that its paths start and end at flip-flops\n"
                + "// (for timing only).\n"
                + "module " + TOP + " (\n"
                + "    input  wire clk,\n"
                + "    input  wire si,\n"
                + "    output wire so\n"
                + ");\n"
                + "    reg  [" + in + ":0] in_q;\n"
                + "    wire [" + (out - 1) + ":0] out;\n"
                + "    reg  [" + out + ":0] out_q;\n\n"
                + "    always @(posedge clk) begin\n"
                + "        in_q  <= {in_q[" + (in - 1) + ":0], si};\n"
                + "        out_q <= {out ^ out_q[" + (out - 1) + ":0], 1'b0};\n"
                + "    end\n\n"
                + "    assign so = out_q[" + out + "];\n\n"
                + "    " + top + " u_design (\n" + connections + "\n    );\n"
                + "endmodule\n";
    }
}
