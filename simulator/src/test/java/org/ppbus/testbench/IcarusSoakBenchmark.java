package org.ppbus.testbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.ppbus.testkit.Simulator;

/**
 * A soak of the generated RTL in Icarus, outside the suite (surefire runs no *Benchmark class):
 * RtlEquivalenceTest keeps the representative cases, 10^4 cycles at n = 1 to 13. Run it with
 * {@code mvn -B -pl simulator test -Dtest=IcarusSoakBenchmark -Dsurefire.failIfNoSpecifiedTests=false}
 * (about 70 s on the machine of docs/PERFORMANCE.md).
 */
@Simulator
class IcarusSoakBenchmark {
    /**
     * The Icarus run: n = 7 and 13, 10^5 cycles of random requests that obey the handshake. No
     * two gnt bits are ever high together and every request is granted (the run drains).
     */
    @ParameterizedTest
    @CsvSource({"7,0.05", "13,0.02"})
    void hundredThousandCyclesInIcarus(int n, double load, @TempDir Path dir) throws IOException {
        RtlReplay replay = new RtlReplay(SimulationConfig.defaults().toBuilder()
                        .nodes(n)
                        .load(load)
                        .cycles(100_000)
                        .seed(42)
                        .latencyCycles(1)
                        .build())
                .record();
        RtlReplay.Outcome o = replay.runIcarus(dir, "test");
        assertEquals(List.of(), o.rtlErrors(), "mutual exclusion or an RTL assertion");
        assertTrue(o.rises() > 1000);
        assertEquals(o.rises(), o.grants(), "every request granted");
        assertTrue(o.equal(), o.mismatches().toString());
    }
}
