package org.ppbus.cosim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.ppbus.testkit.Verilator;

/** One testbench, written against Dut, runs unchanged on the Java model and on the RTL. */
@Verilator
class DutTest {

    @ParameterizedTest
    @CsvSource({"campos-carvalho,7,0.1,1", "campos-carvalho,13,0.5,2", "campos-carvalho,3,1.0,1", "central-rr,7,0.3,1"})
    void theSameBenchSeesTheSameThingOnBothDuts(String algorithm, int n, double load, int latency) throws IOException {
        HandshakeBench.Outcome java;
        HandshakeBench.Outcome rtl;
        try (Dut d = new JavaDut(algorithm, n, latency)) {
            java = HandshakeBench.run(d, 5, load, 3, 5_000);
        }
        try (Dut d = new VerilatorDut(algorithm, n, latency, VerilatorCache.defaultCache())) {
            rtl = HandshakeBench.run(d, 5, load, 3, 5_000);
        }
        assertTrue(java.grants() > 50, "the bench exercised the bus: " + java.grants());
        assertEquals(1, java.maxSimultaneousGnt());
        assertEquals(java, rtl);
    }
}
