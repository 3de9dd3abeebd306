package org.ppbus.cosim;

import java.io.IOException;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.ppbus.testkit.Verilator;

/**
 * The lockstep soak: n ∈ {3, 7, 13, 31, 57} × load ∈ {0.01, 0.2, 1.0} × seeds 1–10, 10^5 cycles
 * each (150 runs, 15 million cycles), no divergence. Not part of the suite (CI runs one seed per
 * point of n ≤ 13 in CosimTest); run it with
 * {@code mvn -B -pl simulator test -Dtest=CosimSoakBenchmark -Dsurefire.failIfNoSpecifiedTests=false}.
 */
@Verilator
class CosimSoakBenchmark {
    static Stream<Arguments> matrix() {
        Stream.Builder<Arguments> b = Stream.builder();
        for (int n : new int[] {3, 7, 13, 31, 57}) {
            for (double load : new double[] {0.01, 0.2, 1.0}) {
                for (long seed = 1; seed <= 10; seed++) {
                    b.add(Arguments.of(n, load, seed));
                }
            }
        }
        return b.build();
    }

    @ParameterizedTest(name = "n={0} load={1} seed={2}")
    @MethodSource("matrix")
    void lockstepHasNoDivergence(int n, double load, long seed) throws IOException {
        CosimTest.assertNoDivergence(n, load, seed);
    }
}
