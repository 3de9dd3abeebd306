package org.ppbus.testbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.ppbus.registry.Algorithms;
import org.ppbus.testkit.Formal;
import org.ppbus.testkit.Simulator;
import org.ppbus.testkit.Verilator;
import org.ppbus.verilog.Designs;
import org.ppbus.verilog.ExternalTool;
import org.ppbus.verilog.GeneratedDesign;
import org.ppbus.verilog.Testbench;
import org.ppbus.verilog.proof.OneGrantProof;
import org.ppbus.verilog.proof.RtlFaultProof;

/**
 * The wired designs' RTL: Icarus replays of the Java model's runs, and ABC's proof of at most one
 * gnt at n = 7 with req free, each with a mutant that grants twice and fails it with a waveform.
 */
@Formal
@Simulator
@Verilator
class WiredRtlTest {
    private static final long LIMIT = 600;

    /**
     * Each design with a mutant that can raise two gnt bits: a round robin that grants every
     * requester above the pointer, a matrix that grants every requester, a chain position that
     * passes on the grant it takes, contention that elects every competitor.
     */
    static Stream<Arguments> designs() {
        return Stream.of(
                Arguments.of(
                        "central-prefix-rr", (UnaryOperator<String>) t -> t.replace("(req_hi & ~below_hi)", "req_hi")),
                Arguments.of("central-matrix", (UnaryOperator<String>)
                        t -> t.replace("pick[j] = 1'b0;", "pick[j] = req[j];")),
                Arguments.of("daisy-chain", (UnaryOperator<String>)
                        t -> t.replace("bg_q  <= bg_in & ~ask;", "bg_q  <= bg_in;")),
                Arguments.of("daisy-chain-fair", (UnaryOperator<String>)
                        t -> t.replace("bg_q  <= bg_in & ~ask;", "bg_q  <= bg_in;")),
                Arguments.of("parallel-contention", (UnaryOperator<String>) t ->
                        t.replace("elect_q     <= competing_q && arb_lines == MINE;", "elect_q     <= competing_q;")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("designs")
    void atMostOneGntIsProvenAndAMutantThatGrantsTwiceFailsIt(
            String algorithm, UnaryOperator<String> mutate, @TempDir Path dir) throws IOException {
        GeneratedDesign design = Designs.generate(algorithm, 7, 1, "test");
        RtlFaultProof.Result r = OneGrantProof.run(design, 7, LIMIT, dir.resolve("good"), l -> {});
        assertTrue(r.proven(), algorithm + ": " + r.verdicts() + "\n" + r.log());
        GeneratedDesign bad = design.map(mutate);
        assertTrue(!bad.files().equals(design.files()), "mutation not applied");
        Path badDir = dir.resolve("bad");
        RtlFaultProof.Result b = OneGrantProof.run(bad, 7, LIMIT, badDir, l -> {});
        assertTrue(b.anyBroken(), algorithm + " mutant: " + b.verdicts());
        RtlFaultProof.Counterexample cex = RtlFaultProof.counterexample(badDir, b, LIMIT);
        assertEquals(List.of(OneGrantProof.ONE_GNT), cex.failing());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("designs")
    void icarusReplaysTheModelsRunsExactly(String algorithm, UnaryOperator<String> unused, @TempDir Path dir)
            throws IOException {
        assertTrue(Designs.algorithms().contains(Algorithms.named(algorithm)));
        for (int n : new int[] {7, 13}) {
            RtlReplay replay = new RtlReplay(SimulationConfig.defaults().toBuilder()
                            .nodes(n)
                            // Below saturation: the plain chain starves its far end there, and
                            // the run would stop at that finding.
                            .load(0.01)
                            .cycles(20_000)
                            .seed(n)
                            .algorithm(algorithm)
                            .build())
                    .record();
            assertNull(replay.javaResult().violation(), algorithm + " at n = " + n);
            RtlReplay.Outcome o = replay.runIcarus(dir.resolve("n" + n), "test");
            assertTrue(o.equal(), o.mismatches() + " " + o.rtlErrors());
            assertEquals(replay.javaResult().summary().entries(), o.grants());
            assertTrue(o.grants() > 50, "too few grants to mean anything: " + o.grants());
        }
    }

    /**
     * Lint-clean under Verilator -Wall at every size the designs are built for (n = 2 is the
     * smallest matrix, a one-line contention), and the generated self-checking testbench passes in
     * Icarus at n = 7.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("designs")
    void lintCleanAtEverySizeAndTheTestbenchPasses(String algorithm, UnaryOperator<String> unused, @TempDir Path dir)
            throws IOException {
        for (int n : new int[] {2, 3, 7, 31, 57}) {
            Path d = dir.resolve("n" + n);
            Designs.generate(algorithm, n, 1, "test").writeTo(d);
            ExternalTool.Result lint = ExternalTool.run(
                    d, 600, "verilator", "--lint-only", "-Wall", "-f", "files.f", "--top-module", "ppbus_top");
            assertEquals(0, lint.exitCode(), lint.output());
            assertEquals("", lint.output().trim(), algorithm + " n = " + n + ": verilator -Wall printed warnings");
        }
        Path d = dir.resolve("tb");
        GeneratedDesign design = Designs.generate(algorithm, 7, 1, "test");
        design.writeTo(d);
        Files.writeString(d.resolve(Testbench.FILE), Testbench.text(7, 5_000, 3, "test"));
        List<String> cmd = new ArrayList<>(List.of("iverilog", "-g2001", "-o", "tb.vvp"));
        cmd.addAll(design.sources());
        cmd.add(Testbench.FILE);
        ExternalTool.Result build = ExternalTool.run(d, 600, cmd.toArray(String[]::new));
        assertEquals(0, build.exitCode(), build.output());
        ExternalTool.Result run = ExternalTool.run(d, 600, "vvp", "-n", "tb.vvp");
        assertTrue(run.output().contains("PASS:"), run.output());
    }

    /**
     * The matrix's generated testbench ends at n = 64 (an Icarus run of 1,000 cycles took more than
     * 250 s when the pick was N * N one-bit assigns, each waking on every bit of the order; a few
     * seconds now). The outer guard only stops a run that would not end.
     */
    @Test
    void theMatrixTestbenchEndsAtSixtyFourProcessors(@TempDir Path dir) throws IOException {
        GeneratedDesign design = Designs.generate("central-matrix", 64, 1, "test");
        design.writeTo(dir);
        Files.writeString(dir.resolve(Testbench.FILE), Testbench.text(64, 1_000, 5, "test"));
        List<String> cmd = new ArrayList<>(List.of("iverilog", "-g2001", "-o", "tb.vvp"));
        cmd.addAll(design.sources());
        cmd.add(Testbench.FILE);
        ExternalTool.Result build = ExternalTool.run(dir, LIMIT, cmd.toArray(String[]::new));
        assertEquals(0, build.exitCode(), build.output());
        ExternalTool.Result run = ExternalTool.run(dir, LIMIT, "vvp", "-n", "tb.vvp");
        assertTrue(run.output().contains("PASS:"), run.output());
    }
}
