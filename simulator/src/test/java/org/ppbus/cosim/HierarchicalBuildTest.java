package org.ppbus.cosim;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.ppbus.testkit.Verilator;

/**
 * The hierarchical build (units verilated once per parameterisation, used at large n) must agree
 * with the Java model in lockstep like the flat build, and with its assertions on, the top level's
 * fork-conservation check must still see the units through their simulation-only ports. Tested at
 * small n, where it builds in seconds, by asking for it explicitly.
 */
@Verilator
class HierarchicalBuildTest {
    @ParameterizedTest
    @CsvSource({"13,0.2,3", "13,1.0,4"})
    void theHierarchicalBuildAgreesInLockstep(int n, double load, long seed) throws IOException {
        Path lib = VerilatorLibrary.build(VerilatorLibrary.Build.of("campos-carvalho", n, 1)
                .withChecked(false)
                .withHierarchical(true));
        assertTrue(lib.getParent().getFileName().toString().contains("-unchecked-hier-"), lib.toString());
        Cosim.Result r = Cosim.run(Cosim.Request.of(CosimTest.cfg(n, load, seed, 20_000), VerilatorCache.defaultCache())
                .withLibrary(lib)
                .withoutTimings()
                .unchecked());
        assertNull(r.divergence(), () -> r.divergence().describe());
        assertTrue(r.cycles() >= 20_000);
    }

    @Test
    void aCheckedHierarchicalBuildAgreesInLockstep() throws IOException {
        Path lib = VerilatorLibrary.build(
                VerilatorLibrary.Build.of("campos-carvalho", 13, 1).withHierarchical(true));
        String name = lib.getParent().getFileName().toString();
        assertTrue(name.contains("-hier-") && !name.contains("-unchecked"), name);
        Cosim.Result r = Cosim.run(Cosim.Request.of(CosimTest.cfg(13, 0.5, 6, 10_000), VerilatorCache.defaultCache())
                .withLibrary(lib)
                .withoutTimings()
                .unchecked());
        assertNull(r.divergence(), () -> r.divergence().describe());
    }

    /**
     * An arbiter that reports its fork as home while it is lent breaks I2 as soon as the first fork
     * leaves, with everybody asking from cycle 0; the check in ppbus_top, which reads that port
     * across the hierarchical boundary, must stop the run.
     */
    @Test
    void theForkConservationCheckSeesThroughTheHierarchy() throws IOException {
        boolean[] applied = {false};
        Path lib = VerilatorLibrary.build(VerilatorLibrary.Build.of("campos-carvalho", 7, 1)
                .withHierarchical(true)
                .withMutation(t -> {
                    String m = t.replace("assign lent = |owner_q;", "assign lent = 1'b0;");
                    applied[0] |= !m.equals(t);
                    return m;
                }));
        assertTrue(applied[0], "mutation not applied");
        try (RtlModel m = new RtlModel(lib)) {
            int k = 20;
            int[] req = new int[k];
            Arrays.fill(req, 0x7f);
            int done = m.run(k, req, new int[k], new int[k * m.symWords()]);
            assertTrue(done < k, "the I2 check did not stop the run");
            assertTrue(m.gotError());
        }
    }

    @Test
    void onlyLargeBuildsAreHierarchical() {
        assertFalse(VerilatorLibrary.hierarchicalPays(57));
        assertFalse(VerilatorLibrary.hierarchicalPays(273));
        assertTrue(VerilatorLibrary.hierarchicalPays(1057));
    }
}
