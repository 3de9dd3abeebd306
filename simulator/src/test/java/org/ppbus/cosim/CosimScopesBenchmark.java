package org.ppbus.cosim;

import java.io.IOException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.ppbus.testkit.Verilator;

/**
 * The larger scopes of the co-simulation tests, outside the suite (surefire runs no *Benchmark
 * class): each repeats a suite test's check on sizes, rule sets or latencies whose Verilator builds
 * the suite does not pay for. Run with
 * {@code mvn -B -pl simulator test -Dtest=CosimScopesBenchmark -Dsurefire.failIfNoSpecifiedTests=false}.
 */
@Verilator
class CosimScopesBenchmark {
    /** The rule sets CosimTest leaves out: the literal rules on a full plane, F1+F2 padded, F3 alone. */
    @ParameterizedTest(name = "rules={0} n={1} L={2}")
    @CsvSource({"literal, 7, 1", "literal+F1+F2, 9, 1", "literal+F3, 13, 1"})
    void moreRuleSetsRunInLockstep(String rules, int n, int latency) throws IOException {
        new CosimTest().everyRuleSetRunsInLockstep(rules, n, latency);
    }

    /** campos-carvalho-k at L = 2 near saturation, and on the plane of order 4 (n = 21). */
    @ParameterizedTest(name = "n={0} k={1} L={2} load={3}")
    @CsvSource({"7,2,2,0.9", "21,2,1,0.05"})
    void morePlanesRunInLockstep(int n, int k, int latency, double load) throws IOException {
        new PlanesCosimTest().lockstepHasNoDivergence(n, k, latency, load);
    }

    /** A hierarchical build of a padded plane (n = 10). */
    @ParameterizedTest(name = "n={0} load={1} seed={2}")
    @CsvSource({"10,0.3,5"})
    void aPaddedHierarchicalBuildAgreesInLockstep(int n, double load, long seed) throws IOException {
        new HierarchicalBuildTest().theHierarchicalBuildAgreesInLockstep(n, load, seed);
    }

    /** n = 40 pads the plane of order 7: arbiters of several port counts, so several classes, each shared. */
    @ParameterizedTest(name = "n={0}")
    @ValueSource(ints = {40})
    void everyUnitClassOfAPaddedPlaneNamesOneInstance(int n) throws IOException {
        UnitCodeSharingTest.everyUnitClassNamesOneInstance(n);
    }
}
