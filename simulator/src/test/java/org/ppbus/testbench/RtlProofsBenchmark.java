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
}
