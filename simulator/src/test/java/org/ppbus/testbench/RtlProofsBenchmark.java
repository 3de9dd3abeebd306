package org.ppbus.testbench;

import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.ppbus.testkit.Formal;

/**
 * The larger scopes of the RTL proofs, outside the suite (surefire runs no *Benchmark class): each
 * repeats a suite proof at a latency or size the suite does not pay for. Run with
 * {@code mvn -B -pl simulator test -Dtest=RtlProofsBenchmark -Dsurefire.failIfNoSpecifiedTests=false}.
 */
@Formal
class RtlProofsBenchmark {
    /** +heal's "at most one gnt" by induction at L = 2 and on the padded plane n = 4 (RtlProofTest proves n = 3, L = 1). */
    @ParameterizedTest(name = "n={0} latency={1}")
    @CsvSource({"3,2", "4,1"})
    void atMostOneGntIsProvenForTheHealingRtl(int n, int latency, @TempDir Path dir) throws IOException {
        new RtlProofTest().atMostOneGntIsProvenForTheHealingRtl(n, latency, dir);
    }

    /**
     * The wait bound ppbus_top.v states at n = 7, L = 1 for holds of at most one cycle
     * (ProvenWaitBounds), proven again: about 25 minutes on the machine of docs/PERFORMANCE.md.
     */
    @org.junit.jupiter.api.Test
    void theSevenProcessorWaitBoundIsTheStated(@TempDir Path dir) throws IOException {
        org.ppbus.verilog.proof.LivenessProof.Result r = org.ppbus.verilog.proof.LivenessProof.run(
                7, 1, org.ppbus.protocol.RuleSet.FIXED, 1, 64, 7200, dir, "test", line -> {});
        org.junit.jupiter.api.Assertions.assertTrue(
                r.proof().proven(), RtlProofTest.tail(r.proof().log()));
        org.junit.jupiter.api.Assertions.assertEquals(
                org.ppbus.verilog.ProvenWaitBounds.of(7, 1, org.ppbus.protocol.RuleSet.FIXED)
                        .orElseThrow()
                        .cycles(),
                r.bound().cycles());
    }
}
