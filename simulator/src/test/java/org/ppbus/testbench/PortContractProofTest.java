package org.ppbus.testbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.ppbus.protocol.descriptor.Algorithm;
import org.ppbus.registry.Algorithms;
import org.ppbus.testkit.Formal;
import org.ppbus.verilog.Designs;
import org.ppbus.verilog.GeneratedDesign;
import org.ppbus.verilog.WiredVerilogGenerator;
import org.ppbus.verilog.proof.PortContractProof;
import org.ppbus.verilog.proof.RtlFaultProof;

/**
 * Every design keeps the named properties its ppbus_top.v carries, a_bounded_wait among them where
 * it promises a bound, proven for all time by ABC's pdr with only the user's side of the handshake
 * assumed: each wired design and Campos-Carvalho at n = 4 and 8 (Campos-Carvalho's n = 8 takes about
 * 6 minutes of pdr, the rest seconds). Each design that promises a bound has a starving mutant,
 * which breaks a_bounded_wait with a counterexample that Yosys's simulator replays.
 */
@Formal
class PortContractProofTest {
    /** An outer guard only (the verdicts are pdr's): Campos-Carvalho at n = 8 takes about 6 minutes. */
    private static final long LIMIT = 1800;

    static Stream<Arguments> designs() {
        Stream.Builder<Arguments> b = Stream.builder();
        for (Algorithm a : WiredVerilogGenerator.algorithms()) {
            for (int n : new int[] {4, 8}) {
                b.add(Arguments.of(a.name(), n));
            }
        }
        b.add(Arguments.of(Algorithms.campos().name(), 4));
        b.add(Arguments.of(Algorithms.campos().name(), 8));
        return b.build();
    }

    @ParameterizedTest(name = "{0} n={1}")
    @MethodSource("designs")
    void everyPortPropertyIsProven(String algorithm, int n, @TempDir Path dir) throws IOException {
        Algorithm a = Algorithms.named(algorithm);
        GeneratedDesign d = Designs.generate(algorithm, n, 1, "test");
        RtlFaultProof.Result r = PortContractProof.run(d, a, n, LIMIT, dir, line -> {});
        assertEquals(
                PortContractProof.properties(a),
                r.verdicts().stream().map(RtlFaultProof.Verdict::property).toList());
        assertTrue(r.proven(), r.verdicts() + "\n" + RtlProofTest.tail(r.log()));
        assertEquals(
                a.overtakeBound(1, 0) != Algorithm.NO_BOUND,
                d.files().get("ppbus_top.v").contains("`PPBUS_ASSERT(a_bounded_wait"),
                "a_bounded_wait is in the file exactly where the design promises a bound");
    }

    /**
     * A starving mutant of each design with a bound: round robins whose pointer never moves and a
     * matrix whose order never changes (fixed priority), a fair chain without its fair-request rule,
     * parallel contention whose winner is never held back, and Campos-Carvalho's arbiters with a
     * priority list that never demotes the last owner (R13 undone).
     */
    static Stream<Arguments> starving() {
        return Stream.of(
                Arguments.of("central-rr", (UnaryOperator<String>)
                        t -> t.replace("mask_q <= ~((pick << 1) - ONE);", "mask_q <= {N{1'b1}};")),
                Arguments.of("central-prefix-rr", (UnaryOperator<String>)
                        t -> t.replace("mask_q <= after_pick;", "mask_q <= {N{1'b1}};")),
                Arguments.of("central-matrix", (UnaryOperator<String>) t -> t.replace(
                        "tri_q[a*N - a*(a+1)/2 + b - a - 1] <= 1'b0;", "tri_q[a*N - a*(a+1)/2 + b - a - 1] <= 1'b1;")),
                Arguments.of("daisy-chain-fair", (UnaryOperator<String>) t -> t.replace(".FAIR (1)", ".FAIR (0)")),
                Arguments.of("parallel-contention", (UnaryOperator<String>)
                        t -> t.replace("inhibit_q <= 1'b1;", "inhibit_q <= 1'b0;")),
                Arguments.of("campos-carvalho", (UnaryOperator<String>) t -> t.replace(
                        "prio_d[m] = (prio_q[m] & ~{P{demote[m]}}) | ((demote >> (m + 1)) & span);",
                        "prio_d[m] = prio_q[m];")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("starving")
    void aStarvingMutantBreaksTheBoundWithAWaveform(String algorithm, UnaryOperator<String> mutation, @TempDir Path dir)
            throws IOException {
        int n = 4;
        GeneratedDesign d = Designs.generate(algorithm, n, 1, "test");
        GeneratedDesign mutant = d.map(mutation);
        assertFalse(mutant.files().equals(d.files()), "mutation not applied");
        RtlFaultProof.Result r = PortContractProof.run(mutant, Algorithms.named(algorithm), n, LIMIT, dir, line -> {});
        assertTrue(r.of("a_bounded_wait").broken(), r.verdicts() + "\n" + RtlProofTest.tail(r.log()));
        RtlFaultProof.Counterexample cex = RtlFaultProof.counterexample(dir, r, LIMIT);
        assertTrue(cex.failing().contains("a_bounded_wait"), cex.failing().toString());
        assertTrue(cex.vcd().contains("gnt"), "the waveform shows gnt");
        assertEquals(
                List.of(),
                cex.failing().stream().filter(p -> p.equals("a_one_gnt")).toList());
    }
}
