package org.ppbus.verilog.proof;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import org.ppbus.verilog.ExternalTool;
import org.ppbus.verilog.GeneratedDesign;

/**
 * The proof that a design behind the {@code ppbus_top} contract never raises two gnt bits at once,
 * for every input sequence after its reset: req is left entirely free, so the proof holds even for
 * processors that break the handshake. It needs no invariant from us: ABC's pdr finds its own (a
 * daisy chain's single grant in flight, parallel contention's single winner), which is why it
 * serves every wired design unchanged. The model is built as the fault proofs build theirs
 * ({@link RtlFaultProof#netlist}, started after the reset cycle), so a broken proof's
 * counterexample replays the same way ({@link RtlFaultProof#counterexample}).
 */
public final class OneGrantProof {
    /** The property, as reports name it. */
    public static final String ONE_GNT = "at most one gnt";

    private OneGrantProof() {}

    /** The harness: the design with a reset in its first cycle, req free, the property after it. */
    static String harness(int nodes) {
        return resetHarness(
                "At most one gnt after the reset, whatever req does.",
                "ppbus_one_gnt",
                nodes,
                "    always @(posedge clk) begin\n"
                        + "        if (started) begin\n"
                        + "            " + FaultHarness.label(0) + ": assert((gnt & (gnt - 1'b1)) == " + nodes
                        + "'d0);\n"
                        + "        end\n"
                        + "    end\n");
    }

    /**
     * A harness module {@code module} around ppbus_top at n processors: the reset in its first cycle
     * ({@code started} low), req an input left free, gnt a wire; {@code body} goes before endmodule.
     */
    static String resetHarness(String comment, String module, int nodes, String body) {
        String range = "[" + (nodes - 1) + ":0]";
        return "// " + comment + "\n"
                + "module " + module + " (\n"
                + "    input wire       clk,\n"
                + "    input wire " + range + " req\n"
                + ");\n"
                + "    reg started = 1'b0;\n"
                + "    wire " + range + " gnt;\n"
                + "    always @(posedge clk) begin\n"
                + "        started <= 1'b1;\n"
                + "    end\n"
                + "    ppbus_top dut (\n"
                + "        .clk (clk),\n"
                + "        .rst (!started),\n"
                + "        .req (req),\n"
                + "        .gnt (gnt)\n"
                + "    );\n"
                + body
                + "endmodule\n";
    }

    /** Proves the design at n processors in {@code dir} within {@code timeoutSeconds}. */
    public static RtlFaultProof.Result run(
            GeneratedDesign design, int nodes, long timeoutSeconds, Path dir, Consumer<String> progress)
            throws IOException {
        return prove(design, "ppbus_one_gnt", harness(nodes), List.of(ONE_GNT), timeoutSeconds, dir, progress);
    }

    /**
     * The same flow for any harness module (written to {@code top}.v) whose assertions are labelled
     * p0, p1, ... in the order of {@code properties}.
     */
    static RtlFaultProof.Result prove(
            GeneratedDesign design,
            String top,
            String harness,
            List<String> properties,
            long timeoutSeconds,
            Path dir,
            Consumer<String> progress)
            throws IOException {
        return prove(design, "-DSYNTHESIS", top, harness, properties, timeoutSeconds, dir, progress, "");
    }

    /**
     * The same with the design read under {@code readOptions}: {@code -DSYNTHESIS} leaves its own
     * checks out; {@code -formal} makes its named port properties assertions of the proof. {@code
     * prelude} runs in ABC before pdr: {@code fold} where the model has assumptions, which Yosys
     * writes as AIGER constraints and which pdr would otherwise take for properties.
     */
    static RtlFaultProof.Result prove(
            GeneratedDesign design,
            String readOptions,
            String top,
            String harness,
            List<String> properties,
            long timeoutSeconds,
            Path dir,
            Consumer<String> progress,
            String prelude)
            throws IOException {
        design.writeTo(dir);
        Files.writeString(dir.resolve(top + ".v"), harness);
        String read = "read_verilog " + readOptions + " " + String.join(" ", design.sources()) + "\n";
        String ys = read + RtlFaultProof.netlist(top + ".v", top);
        Files.writeString(dir.resolve("proof.ys"), ys + RtlFaultProof.models());
        Files.writeString(
                dir.resolve("replay.ys"),
                ys + "sim -q -r " + RtlFaultProof.WITNESS + " -map proof.aim -clock clk -vcd " + RtlFaultProof.VCD
                        + "\n");
        long t0 = System.nanoTime();
        ExternalTool.Result y;
        try {
            y = ExternalTool.run(dir, timeoutSeconds, "yosys", "-q", "-s", "proof.ys", "-l", "aiger.log");
        } catch (ExternalTool.TimedOut e) {
            return PdrLog.parse("", properties, (System.nanoTime() - t0) / 1e9); // undecided at the outer guard
        }
        if (y.killed()) {
            return PdrLog.stoppedBefore(properties, (System.nanoTime() - t0) / 1e9); // an interrupt
        }
        if (y.exitCode() != 0) {
            throw new IOException("yosys failed on the proof's script: " + ExternalTool.lastLines(y.output(), 1));
        }
        return RtlFaultProof.pdr(dir, prelude, "", properties, t0, timeoutSeconds, progress);
    }
}
