package org.ppbus.testbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
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
import org.ppbus.verilog.WorstWait;
import org.ppbus.verilog.proof.RtlFaultProof;
import org.ppbus.verilog.proof.WaitBoundProof;

/**
 * Every wired design whose contract states a derived worst wait B: ABC's pdr proves that no
 * request waits more than B cycles for holds of at most H, and refutes B - 1, so B is reached; at
 * the two sizes the contract names (n = 4 and 8, or 5 for the matrix), H = 0 and 2. The contract's
 * text carries the same B.
 */
@Formal
class WaitBoundProofTest {
    private static final long LIMIT = 600;

    static Stream<Arguments> cases() {
        Stream.Builder<Arguments> b = Stream.builder();
        for (Algorithm a : WiredVerilogGenerator.algorithms()) {
            if (WiredVerilogGenerator.worstWait(a) instanceof WorstWait.Derived d) {
                for (int n : d.provenAt()) {
                    for (int h : new int[] {0, 2}) {
                        b.add(Arguments.of(a.name(), n, h));
                    }
                }
            }
        }
        return b.build();
    }

    @ParameterizedTest(name = "{0} n={1} H={2}")
    @MethodSource("cases")
    void theStatedWorstWaitIsProvenAndReached(String algorithm, int n, int hold, @TempDir Path dir) throws IOException {
        Algorithm a = Algorithms.named(algorithm);
        WorstWait.Derived worst = (WorstWait.Derived) WiredVerilogGenerator.worstWait(a);
        int bound = worst.of(n, hold);
        GeneratedDesign d = Designs.generate(algorithm, n, 1, "test");
        RtlFaultProof.Result proven = WaitBoundProof.run(d, a, n, hold, bound, LIMIT, dir.resolve("b"), line -> {});
        assertEquals(
                WaitBoundProof.properties(a),
                proven.verdicts().stream().map(RtlFaultProof.Verdict::property).toList());
        assertTrue(proven.proven(), proven.verdicts() + "\n" + RtlProofTest.tail(proven.log()));
        RtlFaultProof.Result reached =
                WaitBoundProof.run(d, a, n, hold, bound - 1, LIMIT, dir.resolve("b-1"), line -> {});
        assertTrue(reached.of(WaitBoundProof.WAIT).broken(), reached.verdicts().toString());
        if (hold == 0) {
            assertTrue(
                    d.files().get("ppbus_top.v").contains("here " + bound + " for H = 0"),
                    "the header states B = " + bound);
        }
    }
}
