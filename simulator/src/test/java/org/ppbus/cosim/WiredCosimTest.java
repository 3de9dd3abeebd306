package org.ppbus.cosim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.ppbus.testbench.SimulationConfig;
import org.ppbus.testkit.Verilator;

/**
 * The wired arbiters' RTL in lockstep with their Java models, and one mutant of each caught at the
 * cycle its design's derived latencies predict (docs/PROTOCOL.md, "Wired arbiters").
 */
@Verilator
class WiredCosimTest {
    @ParameterizedTest
    @ValueSource(
            strings = {"central-prefix-rr", "central-matrix", "daisy-chain", "daisy-chain-fair", "parallel-contention"})
    void theRtlAgreesWithTheModelInEveryCycle(String algorithm) throws IOException {
        for (double load : new double[] {0.02, 0.5}) {
            SimulationConfig c = CosimTest.cfg(13, load, 3, 50_000).toBuilder()
                    .algorithm(algorithm)
                    .build();
            Cosim.Result r =
                    Cosim.run(Cosim.Request.of(c, VerilatorCache.defaultCache()).withoutTimings());
            assertNull(r.divergence(), () -> r.divergence().describe());
        }
    }

    /**
     * Each mutant on a scripted trace at n = 7 (lines "cycle node hold"), with the cycle where gnt
     * first differs:
     * - prefix round robin without the rotation (the mask stays all ones: fixed priority). Node 1
     *   is served at cycle 1; in cycle 10 nodes 1 and 2 ask: the model grants 2 (first after 1),
     *   the mutant 1, so gnt[1] rises in cycle 11 where it should not;
     * - matrix without the column set (the one granted does not go behind those below its id): 0 is
     *   served, then 2; in cycle 10 both ask and 0, granted longer ago, should win, gnt in 11;
     * - daisy chain whose positions pass the grant they take: 2 and 4 ask in cycle 1; 2 takes the
     *   grant in cycle 4 (issued in 1, at position 0 in 2), the mutant passes it on, and 4 takes it
     *   in 6: gnt[4] rises in 7;
     * - fair daisy chain without the served mark: 0 and 3 ask in cycle 1, 0 is granted (gnt rises
     *   in 3), lowers req 2 cycles later, in 5, when the arbiter sends the next grant, and asks again
     *   in 6, when that grant reaches position 0; fair, 0 lets it pass to 3; the mutant takes it:
     *   gnt[0] rises in 7;
     * - parallel contention without withdrawal (every competitor drives its whole number): 2 and 5
     *   ask in cycle 1, the lines hold 7, which is nobody's, so 5 is never granted: gnt[5] should
     *   rise in 1 + m + 2 = 6 (m = 3).
     */
    static Stream<Arguments> mutants() {
        return Stream.of(
                Arguments.of(
                        "central-prefix-rr",
                        "1 1 1\n10 1 1\n10 2 1\n",
                        (UnaryOperator<String>) t -> t.replace("mask_q <= after_pick;", "mask_q <= {N{1'b1}};"),
                        11L,
                        "gnt[1]"),
                Arguments.of(
                        "central-matrix",
                        "1 0 1\n5 2 1\n10 0 1\n10 2 1\n",
                        (UnaryOperator<String>)
                                t -> t.replace(
                                        "end else if (pick[b]) begin\n                        tri_q[a*N - a*(a+1)/2 + b - a - 1] <= 1'b1;",
                                        "end else if (1'b0) begin\n                        tri_q[a*N - a*(a+1)/2 + b - a - 1] <= 1'b1;"),
                        11L,
                        "gnt[0]"),
                Arguments.of(
                        "daisy-chain",
                        "1 2 3\n1 4 3\n",
                        (UnaryOperator<String>) t -> t.replace("bg_q  <= bg_in & ~ask;", "bg_q  <= bg_in;"),
                        7L,
                        "gnt[4]"),
                Arguments.of(
                        "daisy-chain-fair",
                        "1 0 2\n1 3 2\n6 0 2\n",
                        (UnaryOperator<String>) t ->
                                t.replace("served_q <= take | (served_q & br_line);", "served_q <= 1'b0 & br_line;"),
                        7L,
                        "gnt[0]"),
                Arguments.of(
                        "parallel-contention",
                        "1 2 2\n1 5 2\n",
                        (UnaryOperator<String>)
                                t -> t.replace("beaten = beaten | (lines[k] & ~MINE[k]);", "beaten = 1'b0 & lines[k];"),
                        6L,
                        "gnt[5]"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("mutants")
    void aMutantIsCaughtAtThePredictedCycle(
            String algorithm, String trace, UnaryOperator<String> mutate, long cycle, String signal, @TempDir Path dir)
            throws IOException {
        Path file = dir.resolve("scenario.trace");
        Files.writeString(file, "# ppbus request trace v1\n# nodes 7\n# cycle node hold\n" + trace);
        SimulationConfig c = CosimTest.cfg(7, 0, 1, 60).toBuilder()
                .algorithm(algorithm)
                .workload(file.toString())
                .build();
        Cosim.Result clean =
                Cosim.run(Cosim.Request.of(c, VerilatorCache.defaultCache()).withoutTimings());
        assertNull(clean.divergence(), () -> clean.divergence().describe());
        boolean[] changed = {false};
        Path lib = VerilatorLibrary.build(
                VerilatorLibrary.Build.of(algorithm, 7, 1).withMutation(t -> {
                    String m = mutate.apply(t);
                    changed[0] |= !m.equals(t);
                    return m;
                }));
        assertTrue(changed[0], "mutation not applied");
        Cosim.Result r = Cosim.run(Cosim.Request.of(c, VerilatorCache.defaultCache())
                .withLibrary(lib)
                .withoutTimings());
        assertNotNull(r.divergence(), "mutant of " + algorithm + " not caught");
        assertEquals(cycle, r.divergence().cycle(), r.divergence().describe());
        assertEquals(signal, r.divergence().signal(), r.divergence().describe());
    }
}
