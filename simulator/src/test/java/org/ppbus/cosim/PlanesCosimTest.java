package org.ppbus.cosim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.ppbus.bus.Sharing;
import org.ppbus.plane.Wiring;
import org.ppbus.protocol.cc.CcPlanes;
import org.ppbus.testbench.Simulation;
import org.ppbus.testbench.SimulationConfig;
import org.ppbus.testbench.SimulationResult;
import org.ppbus.testbench.SymbolTap;
import org.ppbus.testkit.Verilator;

/**
 * campos-carvalho-k in lockstep with its Verilated RTL: every gnt bit, every bus bit and every
 * channel symbol of every plane in every cycle; and two mutants, each caught at the cycle and on
 * the signal that a lone request predicts.
 */
@Verilator
class PlanesCosimTest {
    private static SimulationConfig cfg(int n, int k, int latency, double load, long seed, long cycles) {
        return SimulationConfig.defaults().toBuilder()
                .algorithm(CcPlanes.ALGORITHM.name())
                .sharing(new Sharing(k, 1, 0))
                .nodes(n)
                .latencyCycles(latency)
                .load(load)
                .seed(seed)
                .cycles(cycles)
                .build();
    }

    @ParameterizedTest(name = "n={0} k={1} L={2} load={3}")
    @CsvSource({"3,2,1,0.3", "7,2,1,0.2", "7,3,1,0.2", "13,2,2,0.2"})
    void lockstepHasNoDivergence(int n, int k, int latency, double load) throws IOException {
        Cosim.Result r = Cosim.run(Cosim.Request.of(cfg(n, k, latency, load, n, 20_000), VerilatorCache.defaultCache())
                .withoutTimings());
        assertNull(r.divergence(), () -> r.divergence().describe());
        assertTrue(r.cycles() >= 20_000);
    }

    /**
     * Processor 6 of n = 7 asks alone. From the cold start every client is alike (the forks at the
     * arbiters, every client with its request tokens), so each plane serves it as the one-bus
     * network serves a lone request: the same symbols, the grant in the same cycle. That run of the
     * one-bus model gives the predictions: the cycle of the first REQUEST and the cycle gnt rises.
     */
    private record LoneRequest(long firstRequest, long gntRises) {}

    private static LoneRequest oneBusPrediction(Path trace) throws IOException {
        long[] seen = {-1, -1};
        SimulationResult r = new Simulation(SimulationConfig.defaults().toBuilder()
                        .nodes(7)
                        .workload(trace.toString())
                        .cycles(60)
                        .build())
                .tap(new SymbolTap() {
                    @Override
                    public void symbol(org.ppbus.link.Direction d, int link, int code, long cycle) {
                        seen[0] = seen[0] < 0 ? cycle : seen[0];
                    }

                    @Override
                    public void grant(int node, boolean high, long cycle) {
                        seen[1] = seen[1] < 0 && high ? cycle + 1 : seen[1];
                    }
                })
                .run();
        assertNull(r.violation());
        return new LoneRequest(seen[0], seen[1]);
    }

    /** The chooser's bus output reversed: the lone processor, which keeps bus 0 (the lowest of two grants in one cycle), shows bus 1. */
    @Test
    void aReversedBusOutputIsCaughtWhenGntRises(@TempDir Path dir) throws IOException {
        LoneRequest p = oneBusPrediction(lone(dir));
        Cosim.Result r = mutant(dir, t -> t.replace("assign bus   = held;", "assign bus   = {held[0], held[K-1:1]};"));
        assertEquals(p.gntRises(), r.divergence().cycle(), r.divergence().describe());
        assertEquals("bus[12]", r.divergence().signal());
        assertEquals(1, r.divergence().expected());
        assertEquals(0, r.divergence().actual());
    }

    /**
     * Plane 1 seats processor 6 at client 0 instead of client (6 + 3) mod 7 = 2: its REQUESTs leave on
     * client 0's links of plane 1, whose first channel (the lowest that differs) is c2a to client
     * 0's first arbiter, in the cycle of the first REQUEST. Plane 0 agrees throughout.
     */
    @Test
    void aWrongSeatOnPlaneOneIsCaughtOnItsFirstRequest(@TempDir Path dir) throws IOException {
        LoneRequest p = oneBusPrediction(lone(dir));
        Cosim.Result r = mutant(
                dir,
                t -> t.replace("assign req_1[2] = preq[13];", "assign req_1[2] = preq[9];")
                        .replace("assign req_1[0] = preq[9];", "assign req_1[0] = preq[13];"));
        int firstArbiter = Wiring.forNodes(7).arbitersOf(0)[0];
        assertEquals(p.firstRequest(), r.divergence().cycle(), r.divergence().describe());
        assertEquals("u_plane_1.c2a_c0_a" + firstArbiter, r.divergence().signal());
        assertEquals(0, r.divergence().expected());
        assertEquals(3, r.divergence().actual(), "a REQUEST");
    }

    private static Path lone(Path dir) throws IOException {
        Path trace = dir.resolve("lone.trace");
        Files.writeString(trace, "# ppbus request trace v1\n# nodes 7\n5 6 8\n");
        return trace;
    }

    private static Cosim.Result mutant(Path dir, UnaryOperator<String> m) throws IOException {
        boolean[] changed = {false};
        Path lib = VerilatorLibrary.build(
                VerilatorLibrary.Build.of(CcPlanes.ALGORITHM, 7, 1).withBuses(2).withMutation(t -> {
                    String out = m.apply(t);
                    changed[0] |= !out.equals(t);
                    return out;
                }));
        assertTrue(changed[0], "mutation not applied");
        Cosim.Result r = Cosim.run(Cosim.Request.of(
                        cfg(7, 2, 1, 0, 1, 60).toBuilder()
                                .workload(lone(dir).toString())
                                .build(),
                        VerilatorCache.defaultCache())
                .withLibrary(lib)
                .withoutTimings());
        assertNotNull(r.divergence(), "the mutant agreed with the model");
        return r;
    }
}
