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
        return OneGrantProof.resetHarness(
                "ppbus_top's port properties after the reset, for any req that keeps a_req_held.",
                "ppbus_port_contract",
                nodes,
                "");
    }

    /**
     * What ABC runs before its strash, scorr and pdr on a port-property model: fold makes the
     * assumptions constraints; scorr, dc2 and dretime shrink the model first (merge equivalent
     * registers, rewrite the logic, retime the registers). Measured on Campos-Carvalho's: n = 4 went
     * from 48 s of pdr to 6 s, its starving mutant from 17 s to 3 s, and n = 8, undecided after 900
     * s, was proven in 357 s. Each step keeps the model's behaviour, so what pdr proves holds.
     */
    static final String PRELUDE = "fold\nstrash\nscorr\ndc2\ndretime\n";

    /** The harness, the Yosys script and the ABC script that {@code generate} writes beside a design. */
    public static final String HARNESS_FILE = "formal/ppbus_port_contract.v";

    public static final String YOSYS_SCRIPT = "formal/ppbus_contract.ys";
    public static final String ABC_SCRIPT = "formal/ppbus_contract.abc";

    /**
     * The same proof as {@link #run}, as files a user runs from the design's folder with the
     * installed tools: {@code yosys -q -s formal/ppbus_contract.ys && yosys-abc -f
     * formal/ppbus_contract.abc}. Yosys builds the model after the reset cycle, as the proof does
     * (the netlist flow of {@link RtlFaultProof#netlist}); ABC folds the assumption and runs pdr,
     * which counts the properties proved and disproved.
     */
    public static java.util.Map<String, String> userScripts(GeneratedDesign design, Algorithm algorithm, int nodes) {
        String order = String.join(", ", properties(algorithm));
        String ys = "# ppbus_top's named port properties, proven for all time after the reset with ABC's pdr, for any\n"
                + "# req that keeps a_req_held (assumed). Run from the design's folder:\n"
                + "#   yosys -q -s " + YOSYS_SCRIPT + " && yosys-abc -f " + ABC_SCRIPT + "\n"
                + "# The properties, in the model's order: " + order + ".\n"
                + "read_verilog -formal -DPPBUS_ASSUME_INPUTS " + String.join(" ", design.sources()) + "\n"
                + RtlFaultProof.netlist(HARNESS_FILE, "ppbus_port_contract")
                + "sim -clock clk -n 1 -w\nwrite_aiger -zinit formal/ppbus_contract.aig\n";
        String abc = "# The model Yosys wrote (formal/ppbus_contract.ys); fold makes a_req_held a constraint, scorr,\n"
                + "# dc2 and dretime shrink the model, and pdr proves each property (" + order + ")\n"
                + "# or gives the frame that breaks it.\n"
                + "read_aiger formal/ppbus_contract.aig\n" + PRELUDE + "strash\nscorr\npdr -a -v\n";
        return java.util.Map.of(HARNESS_FILE, harness(nodes), YOSYS_SCRIPT, ys, ABC_SCRIPT, abc);
    }

    /** The README's section on the scripts: what they prove, how to run them, how to read them. */
    public static String readmeSection(Algorithm algorithm) {
        return "\n## Proving the contract\n\n"
                + "    yosys -q -s " + YOSYS_SCRIPT + " && yosys-abc -f " + ABC_SCRIPT + "\n\n"
                + "proves the properties named at the end of `ppbus_top.v` (" + String.join(", ", properties(algorithm))
                + ")\nfor all time after the reset, for any req that keeps a_req_held, with ABC's pdr: no depth\n"
                + "bound. It ends with `Properties:  All = "
                + properties(algorithm).size() + ". Proved = "
                + properties(algorithm).size() + ". ...`; a broken property is\n"
                + "counted as Disproved, with the frame that breaks it. `" + HARNESS_FILE + "` drives the reset\n"
                + "and leaves req free. Measured here: a wired design at n = 8 in under 30 s; Campos-Carvalho's\n"
                + "at n = 4 in about 6 s and n = 8 in about 6 minutes.\n";
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
                PRELUDE);
    }
}
