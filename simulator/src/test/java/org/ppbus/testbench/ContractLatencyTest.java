package org.ppbus.testbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.ppbus.plane.Wiring;
import org.ppbus.protocol.RuleSet;
import org.ppbus.registry.Algorithms;
import org.ppbus.stats.Statistics;
import org.ppbus.verilog.Contract;
import org.ppbus.verilog.Designs;
import org.ppbus.verilog.WiredVerilogGenerator;

/**
 * The latencies the generated ppbus_top.v states are the simulation's (the Java model, which
 * RtlEquivalenceTest and CosimTest keep cycle-equal to the RTL): processor 0 asks first after
 * reset, then again with nobody else asking, then processor j, whose line meets 0's at one arbiter,
 * asks while that arbiter's fork is parked at 0.
 */
class ContractLatencyTest {
    @ParameterizedTest
    @CsvSource({"3,1,1", "7,1,3", "7,2,5", "13,3,6", "31,5,17", "2,4,1"})
    void theStatedLatenciesAreTheSimulated(int n, int latency, int j, @TempDir Path dir) throws IOException {
        Path trace = dir.resolve("t.trace");
        Files.writeString(trace, "# ppbus request trace v1\n# nodes " + n + "\n1 0 4\n300 0 4\n600 " + j + " 4\n");
        SimulationConfig c = SimulationConfig.defaults().toBuilder()
                .nodes(n)
                .latencyCycles(latency)
                .cycles(900)
                .workload(trace.toString())
                .build()
                .validated();
        SimulationResult r = new Simulation(c).run();
        assertNull(r.violation());
        Statistics.Distribution first = r.summary().waitPerNode()[0];
        assertEquals(2, first.samples());
        // Node 0: the first request after reset, and asking again with its forks still parked at it.
        assertEquals(Contract.firstAfterReset(latency), first.max());
        assertEquals(Contract.reentry(), (long) (2 * first.mean() - first.max()));
        assertEquals(
                Contract.parkedElsewhere(latency), r.summary().waitPerNode()[j].max());
        String top = Designs.generate(Algorithms.campos(), n, latency, RuleSet.FIXED, "test")
                .files()
                .get("ppbus_top.v");
        assertTrue(top.contains("2L + 1 = " + Contract.firstAfterReset(latency) + " cycles"), top);
        assertTrue(top.contains("4L + 1 = " + Contract.parkedElsewhere(latency) + " cycles"), top);
        assertTrue(top.contains("req[" + (n - 1) + ":0] in; gnt[" + (n - 1) + ":0] out"), top);
        assertTrue(Contract.lines(Wiring.forNodes(n), latency, RuleSet.FIXED).stream()
                .allMatch(l -> top.contains("// " + l)));
    }

    /**
     * campos-carvalho-k states the one-bus first-request latency: a lone request from the cold start
     * is served alike by every plane. Processor n - 1 asks alone; its wait is 2L + 1, and the top's
     * contract says so.
     */
    @ParameterizedTest
    @CsvSource({"3,2,1", "7,2,2", "13,3,1", "21,2,3"})
    void theKBusFirstRequestLatencyIsTheSimulated(int n, int k, int latency, @TempDir Path dir) throws IOException {
        Path trace = dir.resolve("t.trace");
        Files.writeString(trace, "# ppbus request trace v1\n# nodes " + n + "\n1 " + (n - 1) + " 4\n");
        SimulationConfig c = SimulationConfig.defaults().toBuilder()
                .algorithm(org.ppbus.protocol.cc.CcPlanes.ALGORITHM.name())
                .sharing(new org.ppbus.bus.Sharing(k, 1, 0))
                .nodes(n)
                .latencyCycles(latency)
                .cycles(200)
                .workload(trace.toString())
                .build()
                .validated();
        SimulationResult r = new Simulation(c).run();
        assertNull(r.violation());
        assertEquals(
                Contract.firstAfterReset(latency),
                r.summary().waitPerNode()[n - 1].max());
        String top = new org.ppbus.verilog.PlanesVerilogGenerator("test")
                .generate(n, latency, k)
                .files()
                .get("ppbus_top.v");
        assertTrue(top.contains("2L + 1 = " + Contract.firstAfterReset(latency) + " cycles"), top);
    }

    static java.util.stream.Stream<org.junit.jupiter.params.provider.Arguments> wiredSizes() {
        java.util.stream.Stream.Builder<org.junit.jupiter.params.provider.Arguments> b =
                java.util.stream.Stream.builder();
        for (org.ppbus.protocol.descriptor.Algorithm a : WiredVerilogGenerator.algorithms()) {
            for (int n : new int[] {4, 8}) {
                for (int i : new int[] {0, n - 1}) {
                    b.add(org.junit.jupiter.params.provider.Arguments.of(a.name(), n, i));
                }
            }
        }
        return b.build();
    }

    /**
     * A wired design's lone request waits what its contract states (the derivation beside each
     * design's {@code LoneWait}): processor i asks alone at cycle 1 in the model, which the
     * co-simulation keeps cycle-equal to the RTL, and the design's ppbus_top.v states that wait.
     */
    @ParameterizedTest(name = "{0} n={1} processor {2}")
    @org.junit.jupiter.params.provider.MethodSource("wiredSizes")
    void aWiredDesignsLoneWaitIsTheStated(String algorithm, int n, int i, @TempDir Path dir) throws IOException {
        Path trace = dir.resolve("t.trace");
        Files.writeString(trace, "# ppbus request trace v1\n# nodes " + n + "\n1 " + i + " 4\n");
        SimulationConfig c = SimulationConfig.defaults().toBuilder()
                .algorithm(algorithm)
                .nodes(n)
                .cycles(100)
                .workload(trace.toString())
                .build()
                .validated();
        SimulationResult r = new Simulation(c).run();
        assertNull(r.violation());
        int stated = WiredVerilogGenerator.loneWait(Algorithms.named(algorithm)).of(n, i);
        assertEquals(1, r.summary().waitPerNode()[i].samples());
        assertEquals(stated, r.summary().waitPerNode()[i].max());
        String top = Designs.generate(algorithm, n, 1, "test").files().get("ppbus_top.v");
        assertTrue(
                top.contains("here "
                        + WiredVerilogGenerator.loneWait(Algorithms.named(algorithm))
                                .of(n, 0)
                        + " for processor 0 and "
                        + WiredVerilogGenerator.loneWait(Algorithms.named(algorithm))
                                .of(n, n - 1)
                        + " for processor " + (n - 1)),
                top);
    }
}
