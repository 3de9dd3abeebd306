package org.ppbus.verilog.proof;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.ppbus.plane.Wiring;
import org.ppbus.protocol.RuleSet;
import org.ppbus.registry.Algorithms;
import org.ppbus.verilog.Designs;
import org.ppbus.verilog.ExternalTool;
import org.ppbus.verilog.GeneratedDesign;

/**
 * The RTL proof of "at most one gnt": Yosys {@code sat -tempinduct -prove-asserts} on the generated
 * top inside {@link FormalHarness}, with the built-in SAT solver.
 */
public final class RtlProof {
    private RtlProof() {}

    /**
     * {@code proven}: the base case and the induction step hold; {@code baseCaseFailed}: a real
     * counterexample from reset (the design is wrong); otherwise induction did not close within
     * {@code maxSteps}. {@code inductionLength} is the k at which it closed.
     */
    public record Result(
            boolean proven,
            boolean baseCaseFailed,
            int inductionLength,
            boolean strengthened,
            double seconds,
            String log) {}

    public static Result run(int nodes, int latency, boolean strengthen, int maxSteps, Path dir, String toolVersion)
            throws IOException {
        return run(nodes, latency, RuleSet.FIXED, strengthen, maxSteps, dir, toolVersion);
    }

    /** The proof for the RTL of a rule set (the audit fixes as parameters, +heal's rules). */
    public static Result run(
            int nodes, int latency, RuleSet rules, boolean strengthen, int maxSteps, Path dir, String toolVersion)
            throws IOException {
        if (rules.reclaim()) {
            throw new IllegalArgumentException(
                    "the RTL proof takes no +reclaim: its crash recovery is checked by the state"
                            + " search (verify --faults crash) and against the Java model");
        }
        return run(
                Designs.generate(Algorithms.campos(), nodes, latency, rules, toolVersion),
                nodes,
                latency,
                rules.heal(),
                strengthen,
                maxSteps,
                dir);
    }

    /** The proof of a given design (tests pass mutants). */
    public static Result run(GeneratedDesign design, int nodes, int latency, boolean strengthen, int maxSteps, Path dir)
            throws IOException {
        return run(design, nodes, latency, false, strengthen, maxSteps, dir);
    }

    /** As above for a design with +heal's rules ({@code heal}), whose strengthening is {@link HealInvariants}. */
    public static Result run(
            GeneratedDesign design, int nodes, int latency, boolean heal, boolean strengthen, int maxSteps, Path dir)
            throws IOException {
        design.writeTo(dir);
        FormalHarness.Harness h = FormalHarness.of(Wiring.forNodes(nodes), latency, strengthen, heal);
        Files.writeString(dir.resolve("ppbus_formal.v"), h.verilog());
        StringBuilder script = new StringBuilder("read_verilog " + String.join(" ", design.sources()));
        script.append("; prep -top ppbus_top; flatten");
        for (String wire : h.exposed()) {
            // Brackets are glob classes in a selection; '?' matches them literally enough here.
            script.append("; expose w:").append(wire.replace('[', '?').replace(']', '?'));
        }
        script.append("; read_verilog -formal ppbus_formal.v; prep -top ppbus_formal; flatten; opt_clean")
                .append("; sat -tempinduct -prove-asserts -set-init-zero -set-assumes -maxsteps ")
                .append(maxSteps);
        Files.writeString(dir.resolve("proof.ys"), script.toString().replace("; ", "\n") + "\n");
        long t0 = System.nanoTime();
        ExternalTool.Result y = ExternalTool.run(dir, 7200, "yosys", "-s", "proof.ys");
        double secs = (System.nanoTime() - t0) / 1e9;
        Files.writeString(dir.resolve("proof.log"), y.output());
        if (y.exitCode() != 0) {
            throw new IOException("yosys failed on the proof script: " + ExternalTool.lastLines(y.output(), 1));
        }
        String out = y.output();
        boolean baseFailed = out.contains("model found for base case: FAIL");
        Matcher m = Pattern.compile("Induction step proven: SUCCESS").matcher(out);
        int k = -1;
        if (m.find()) {
            Matcher len = Pattern.compile("Trying induction with length (\\d+)").matcher(out.substring(0, m.start()));
            while (len.find()) {
                k = Integer.parseInt(len.group(1));
            }
        }
        return new Result(k > 0, baseFailed, k, strengthen, secs, out);
    }
}
