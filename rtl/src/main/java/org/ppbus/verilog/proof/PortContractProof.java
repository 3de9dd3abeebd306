package org.ppbus.verilog.proof;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.ppbus.protocol.descriptor.Algorithm;
import org.ppbus.verilog.GeneratedDesign;

/**
 * The proof that a design keeps the named properties at its ports, the ones its {@code ppbus_top.v}
 * carries (a_one_gnt, a_gnt_to_requester, a_gnt_held, a_gnt_released and, where the design promises
 * one, a_bounded_wait), for every request sequence that keeps the user's side of the handshake,
 * from the cycle after its reset on. The properties proven are the file's own: the design is read
 * with {@code -formal}, so its assertions are the proof's outputs, and with
 * {@code PPBUS_ASSUME_INPUTS}, so that a_req_held (req held until gnt) is the one assumption. ABC's
 * pdr proves them for all time, or gives a counterexample that replays as a waveform
 * ({@link RtlFaultProof#counterexample}).
 */
public final class PortContractProof {
    private PortContractProof() {}

    /**
     * The design's properties in the order of the proof's outputs: Yosys orders them by the
     * assertions' labels, which sort as listed here.
     */
    public static List<String> properties(Algorithm algorithm) {
        List<String> p = new ArrayList<>();
        if (algorithm.overtakeBound(1, 0) != Algorithm.NO_BOUND) {
            p.add("a_bounded_wait");
        }
        p.addAll(List.of("a_gnt_held", "a_gnt_released", "a_gnt_to_requester", "a_one_gnt"));
        return List.copyOf(p);
    }

    /** The harness: the design with a reset in its first cycle and req free apart from a_req_held. */
    static String harness(int nodes) {
        String range = "[" + (nodes - 1) + ":0]";
        return "// ppbus_top's port properties after the reset, for any req that keeps a_req_held.\n"
                + "module ppbus_port_contract (\n"
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
                + "endmodule\n";
    }

    /** Proves the design's port properties at n processors in {@code dir}, within {@code timeoutSeconds}. */
    public static RtlFaultProof.Result run(
            GeneratedDesign design,
            Algorithm algorithm,
            int nodes,
            long timeoutSeconds,
            Path dir,
            Consumer<String> progress)
            throws IOException {
        return OneGrantProof.prove(
                design,
                "-formal -DPPBUS_ASSUME_INPUTS",
                "ppbus_port_contract",
                harness(nodes),
                properties(algorithm),
                timeoutSeconds,
                dir,
                progress,
                "fold\n");
    }
}
