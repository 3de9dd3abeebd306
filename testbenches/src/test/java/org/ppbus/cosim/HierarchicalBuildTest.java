package org.ppbus.cosim;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The hierarchical build (units verilated once per parameterisation, used without assertions at
 * large n) must agree with the Java model in lockstep like the flat build. Tested at small n,
 * where it builds in seconds, by asking for it explicitly.
 */
class HierarchicalBuildTest {
    @BeforeAll
    static void tools() {
        CosimTest.requireVerilator();
    }

    @ParameterizedTest
    @CsvSource({"13,0.2,3", "13,1.0,4", "10,0.3,5"})
    void theHierarchicalBuildAgreesInLockstep(int n, double load, long seed) throws IOException {
        Path lib = VerilatorLibrary.build("campos-carvalho", n, 1, VerilatorLibrary.defaultCache(), false, true,
                UnaryOperator.identity());
        assertTrue(lib.getParent().getFileName().toString().contains("-unchecked-hier-"), lib.toString());
        Cosim.Result r = Cosim.run(CosimTest.cfg(n, load, seed, 20_000), VerilatorLibrary.defaultCache(), null, 0, lib,
                false, false);
        assertNull(r.divergence(), () -> r.divergence().describe());
        assertTrue(r.cycles() >= 20_000);
    }

    @Test
    void onlyLargeUncheckedBuildsAreHierarchical() {
        assertFalse(VerilatorLibrary.hierarchicalPays(57, false));
        assertFalse(VerilatorLibrary.hierarchicalPays(133, true));
        assertTrue(VerilatorLibrary.hierarchicalPays(133, false));
    }
}
