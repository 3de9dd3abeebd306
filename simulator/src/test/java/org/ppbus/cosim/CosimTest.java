package org.ppbus.cosim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.ppbus.testbench.SimulationConfig;
import org.ppbus.testkit.Verilator;

/** Lockstep co-simulation of the Java model and the Verilated RTL through JNA. */
@Verilator
class CosimTest {

    static SimulationConfig cfg(int n, double load, long seed, long cycles) {
        return SimulationConfig.defaults().toBuilder()
                .nodes(n)
                .load(load)
                .seed(seed)
                .cycles(cycles)
                .build();
    }

    /**
     * One seed per size and load: the planes of order 1 to 3, below, near and at saturation. The
     * larger planes (n = 31 and 57) are in CosimSoakBenchmark: their builds took 80 s of the suite.
     */
    static Stream<Arguments> matrix() {
        Stream.Builder<Arguments> b = Stream.builder();
        for (int n : new int[] {3, 7, 13}) {
            for (double load : new double[] {0.01, 0.2, 1.0}) {
                b.add(Arguments.of(n, load, (long) n));
            }
        }
        return b.build();
    }

    /**
     * n ∈ {3, 7, 13} × load ∈ {0.01, 0.2, 1.0}, 10^5 cycles each: no divergence. The soak over ten
     * seeds per point and n = 31 and 57 is CosimSoakBenchmark.
     */
    @ParameterizedTest(name = "n={0} load={1} seed={2}")
    @MethodSource("matrix")
    void lockstepHasNoDivergence(int n, double load, long seed) throws IOException {
        assertNoDivergence(n, load, seed);
    }

    static void assertNoDivergence(int n, double load, long seed) throws IOException {
        Cosim.Result r = Cosim.run(Cosim.Request.of(cfg(n, load, seed, 100_000), VerilatorCache.defaultCache())
                .withoutTimings());
        assertNull(r.divergence(), () -> r.divergence().describe());
        assertTrue(r.cycles() >= 100_000);
    }

    /**
     * Mutants on audit trace A1 (client 6 eats at cycle 1, client 4 asks at cycle 20), each caught at
     * the cycle the protocol predicts:
     * - without F1, arbiter 0 keeps client 6's token when it strong-requests (cycle 21). After 6's
     *   DIRTY_FORK arrives (cycle 23) it grants 4 and, since 6 seems to wait, reclaims at once: a
     *   REQUEST on a2c_a0_c4 in cycle 24, where the model sends nothing;
     * - with the client's CLEAN_FORK and DIRTY_FORK codes swapped, client 6's first DIRTY_FORK
     *   (cycle 22) shows up as code 1 instead of 2.
     */
    static Stream<Arguments> mutants() {
        return Stream.of(
                Arguments.of(
                        "F1",
                        (UnaryOperator<String>) t -> t.replace("parameter integer F1 = 1", "parameter integer F1 = 0"),
                        24L,
                        "a2c_a0_c4",
                        0,
                        2),
                Arguments.of(
                        "swap",
                        (UnaryOperator<String>)
                                t -> t.replace(
                                                "localparam [1:0] C_CLEAN   = 2'd1;  // client -> arbiter codes",
                                                "localparam [1:0] C_CLEAN   = 2'd2;")
                                        .replace(
                                                "localparam [1:0] C_DIRTY   = 2'd2;\n    localparam [1:0] C_REQUEST = 2'd3;\n\n    generate\n        if (K < 2)",
                                                "localparam [1:0] C_DIRTY   = 2'd1;\n    localparam [1:0] C_REQUEST = 2'd3;\n\n    generate\n        if (K < 2)"),
                        22L,
                        "c2a_c6_a0",
                        2,
                        1));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("mutants")
    void aMutantIsCaughtAtTheRightCycle(
            String name,
            UnaryOperator<String> mutate,
            long cycle,
            String signal,
            int expected,
            int actual,
            @TempDir Path dir)
            throws IOException {
        Path trace = Path.of("..", "docs", "traces", "a1.trace");
        SimulationConfig c = cfg(7, 0, 1, 200).withWorkload(trace.toString());
        boolean[] changed = {false};
        Path lib = VerilatorLibrary.build(
                VerilatorLibrary.Build.of("campos-carvalho", 7, 1).withMutation(t -> {
                    String m = mutate.apply(t);
                    changed[0] |= !m.equals(t);
                    return m;
                }));
        assertTrue(changed[0], "mutation not applied");
        Cosim.Result r = Cosim.run(Cosim.Request.of(c, VerilatorCache.defaultCache())
                .withVcds(dir.resolve("div"), 10)
                .withLibrary(lib)
                .withoutTimings());
        assertNotNull(r.divergence(), "mutant " + name + " not caught");
        assertEquals(cycle, r.divergence().cycle(), r.divergence().describe());
        assertEquals(signal, r.divergence().signal());
        assertEquals(expected, r.divergence().expected());
        assertEquals(actual, r.divergence().actual());
        assertEquals(1, r.divergence().seed());
        // Both waveforms exist and name the diverging signal alike.
        String javaVcd = Files.readString(r.javaVcd());
        String rtlVcd = Files.readString(r.rtlVcd());
        assertTrue(javaVcd.contains(" " + signal + " [1:0] $end"), "java VCD lacks " + signal);
        assertTrue(rtlVcd.contains(" " + signal + " [1:0] $end"), "rtl VCD lacks " + signal);
        assertTrue(javaVcd.contains("#" + (10 * cycle) + "\n") && rtlVcd.contains("#" + (10 * cycle) + "\n"));
    }

    /**
     * The rule set reaches the RTL through the units' parameters. On audit trace A1 without F1 the
     * model's arbiter 0 reclaims at once after granting client 4: a REQUEST (code 2) on a2c_a0_c4 in
     * cycle 24 (see the F1 mutant above). The RTL generated with the same rules agrees in every
     * cycle; the fixed RTL sends nothing there.
     */
    @Test
    void theRuleSetReachesTheRtl(@TempDir Path dir) throws IOException {
        Path trace = Path.of("..", "docs", "traces", "a1.trace");
        SimulationConfig c = cfg(7, 0, 1, 200).withWorkload(trace.toString()).withRules("literal+F2+F3");
        Cosim.Result same = Cosim.run(Cosim.Request.of(c, VerilatorCache.defaultCache())
                .withVcds(dir.resolve("same"), 10)
                .withoutTimings());
        assertNull(same.divergence(), () -> same.divergence().describe());
        Path fixed = VerilatorLibrary.build(VerilatorLibrary.Build.of("campos-carvalho", 7, 1));
        Cosim.Result other = Cosim.run(Cosim.Request.of(c, VerilatorCache.defaultCache())
                .withVcds(dir.resolve("other"), 10)
                .withLibrary(fixed)
                .withoutTimings());
        assertNotNull(other.divergence(), "the fixed RTL agreed with a model without F1");
        assertEquals(24, other.divergence().cycle(), other.divergence().describe());
        assertEquals("a2c_a0_c4", other.divergence().signal());
        assertEquals(2, other.divergence().expected());
        assertEquals(0, other.divergence().actual());
    }

    /**
     * A divergence writes the requests that led to it; replayed as the workload (as the printed
     * `ppbus cosim ... --workload PREFIX.trace --cycles D+1` does), they diverge at the same cycle, on
     * the same signal, with the same values, although the first run drew its requests at random.
     * The RTL is the swapped-codes mutant above, which diverges at the first dirty fork.
     */
    @Test
    void aDivergenceReplaysFromItsTrace(@TempDir Path dir) throws IOException {
        SimulationConfig c = cfg(7, 0.3, 5, 2000);
        @SuppressWarnings("unchecked")
        UnaryOperator<String> swap = (UnaryOperator<String>) mutants()
                .filter(a -> a.get()[0].equals("swap"))
                .findFirst()
                .orElseThrow()
                .get()[1];
        Path fixed = VerilatorLibrary.build(
                VerilatorLibrary.Build.of("campos-carvalho", 7, 1).withMutation(swap));
        Cosim.Result first = Cosim.run(Cosim.Request.of(c, VerilatorCache.defaultCache())
                .withVcds(dir.resolve("div"), 10)
                .withLibrary(fixed)
                .withoutTimings());
        assertNotNull(first.divergence(), "the swapped-codes mutant agreed with the model for 2000 random cycles");
        assertEquals(dir.resolve("div.trace"), first.trace());
        // Each waveform has its GTKWave save file; the RTL's names only what Verilator traced, the
        // Java model's also the units' states.
        assertTrue(Files.readString(dir.resolve("div-rtl.gtkw")).contains("TOP.ppbus_top.c2a_c"));
        assertTrue(!Files.readString(dir.resolve("div-rtl.gtkw")).contains("TOP.model."));
        assertTrue(Files.readString(dir.resolve("div-java.gtkw")).contains("TOP.model.client"));
        assertTrue(Files.readString(first.trace()).startsWith("# ppbus request trace v1\n# requests of ppbus cosim"));
        SimulationConfig replay = c.withWorkload(first.trace().toString())
                .withCycles(Math.min(c.cycles(), first.divergence().cycle() + 1));
        Cosim.Result again = Cosim.run(Cosim.Request.of(replay, VerilatorCache.defaultCache())
                .withVcds(dir.resolve("again"), 10)
                .withLibrary(fixed)
                .withoutTimings());
        assertNotNull(again.divergence(), "the replay agreed");
        assertEquals(first.divergence().cycle(), again.divergence().cycle());
        assertEquals(first.divergence().signal(), again.divergence().signal());
        assertEquals(first.divergence().expected(), again.divergence().expected());
        assertEquals(first.divergence().actual(), again.divergence().actual());
    }

    /**
     * Each of the audit's fixes in lockstep with its own RTL, on a full plane and on padded ones
     * (n = 9 has single-client arbiters), at two latencies. More combinations are in
     * CosimScopesBenchmark.
     */
    @ParameterizedTest(name = "rules={0} n={1} L={2}")
    @CsvSource({"literal, 9, 2", "literal+F1+F2, 7, 1", "literal+F1+F3, 10, 1"})
    void everyRuleSetRunsInLockstep(String rules, int n, int latency) throws IOException {
        SimulationConfig c = cfg(n, 0.2, 5, 20_000).withRules(rules).withLatency(latency);
        Cosim.Result r =
                Cosim.run(Cosim.Request.of(c, VerilatorCache.defaultCache()).withoutTimings());
        assertNull(r.divergence(), () -> r.divergence().describe());
        assertTrue(r.cycles() >= 20_000);
    }

    /**
     * An RTL assertion stops the lockstep, and its message reaches the divergence instead of the
     * JVM's standard output. Here the clients claim to hold no fork (the simulation-only port I2
     * reads), so ppbus_top's I2 check fires as soon as a fork leaves an arbiter, while gnt and
     * every symbol still agree with the model.
     */
    @Test
    void anRtlAssertionIsReportedWithItsMessage(@TempDir Path dir) throws IOException {
        Path lib = VerilatorLibrary.build(VerilatorLibrary.Build.of("campos-carvalho", 7, 1)
                .withMutation(
                        t -> t.replace("assign held = fork_q | (queued_b0 ^ queued_b1);", "assign held = {K{1'b0}};")));
        Cosim.Result r = Cosim.run(Cosim.Request.of(cfg(7, 0.2, 1, 2000), VerilatorCache.defaultCache())
                .withVcds(dir.resolve("div"), 5)
                .withLibrary(lib)
                .withoutTimings());
        assertNotNull(r.divergence(), "the I2 assertion did not fire");
        assertEquals("RTL assertion ($stop)", r.divergence().signal());
        assertTrue(
                r.divergence().detail().contains("ASSERTION a_fork_conservation FAILED in ppbus_top: arbiter "),
                r.divergence().detail());
        assertTrue(r.divergence().detail().contains("(I2)"), r.divergence().detail());
        assertTrue(
                r.divergence().describe().contains("the RTL said: ASSERTION a_fork_conservation FAILED"),
                r.divergence().describe());
    }

    /**
     * Two sizes loaded in one JVM and used alternately. Client 0 asks in cycle 2: its K Requests leave
     * at once (channels 0, 2, 4, ...: 0x333 for K = 3, 0x3333 for K = 4), its FORKs return in cycle 3
     * (L = 1) and gnt[0] rises in cycle 5. If the two libraries bound to each other's code, the
     * widths and patterns would be wrong.
     */
    @Test
    void twoSizesInOneJvm() throws IOException {
        Path lib7 = VerilatorLibrary.build(VerilatorLibrary.Build.of("campos-carvalho", 7, 1));
        Path lib13 = VerilatorLibrary.build(VerilatorLibrary.Build.of("campos-carvalho", 13, 1));
        try (RtlModel a = new RtlModel(lib7);
                RtlModel b = new RtlModel(lib13)) {
            assertEquals(7, a.nodes());
            assertEquals(13, b.nodes());
            for (int t = 0; t < 8; t++) {
                int[] ga = new int[1];
                int[] gb = new int[1];
                int[] sa = new int[a.symWords()];
                int[] sb = new int[b.symWords()];
                a.run(1, new int[] {t >= 2 ? 1 : 0}, ga, sa);
                b.run(1, new int[] {t >= 2 ? 1 : 0}, gb, sb);
                assertEquals(t >= 5 ? 1 : 0, ga[0], "n=7 gnt in cycle " + t);
                assertEquals(t >= 5 ? 1 : 0, gb[0], "n=13 gnt in cycle " + t);
                assertEquals(t == 2 ? 0x333 : t == 3 ? 0x444 : 0, sa[0], "n=7 symbols in cycle " + t);
                assertEquals(t == 2 ? 0x3333 : t == 3 ? 0x4444 : 0, sb[0], "n=13 symbols in cycle " + t);
            }
        }
    }

    /**
     * The shim evaluates a cycle once (its edge detector re-armed) unless a trace is open, when the
     * cycle first settles with clk low. Both ways must give the same gnt and symbols in every
     * cycle: the same design run twice on the same requests (processors that keep the handshake:
     * ask at random when idle, release three cycles after their grant), the second time tracing. A
     * missed clock edge, or symbols read before the edge, would differ in the first cycle a client
     * asks. On the Verilator that CI installs the fast way must be the one in use. (One model at a
     * time: with two live models of one library, one of them traced, ppbus_free hung here.) The
     * processors are written out here rather than taken from {@link HandshakeBench}: through
     * {@link VerilatorDut} every gnt read is a peek that evaluates with clk low, which would arm
     * the edge detector itself and hide a re-arming that does not work.
     */
    @Test
    void oneEvalPerCycleAgreesWithTheSettledCycle(@TempDir Path dir) throws IOException {
        Path lib = VerilatorLibrary.build(VerilatorLibrary.Build.of("campos-carvalho", 13, 2));
        int cycles = 3000;
        int[] req = new int[cycles];
        int[] gnt = new int[cycles];
        int[] sym;
        int meals = 0;
        try (RtlModel fast = new RtlModel(lib)) {
            assertTrue(fast.oneEvalPerCycle(), "this Verilator's edge detector could not be re-armed");
            sym = new int[cycles * fast.symWords()];
            Random rnd = new Random(5);
            int r = 0;
            int[] held = new int[13];
            int[] g = new int[1];
            int[] s = new int[fast.symWords()];
            for (int t = 0; t < cycles; t++) {
                for (int i = 0; i < 13; i++) {
                    boolean asking = (r >>> i & 1) != 0;
                    boolean granted = (g[0] >>> i & 1) != 0;
                    if (!asking && !granted && rnd.nextInt(8) == 0) {
                        r |= 1 << i;
                    } else if (asking && granted && ++held[i] >= 3) {
                        r &= ~(1 << i);
                        held[i] = 0;
                        meals++;
                    }
                }
                req[t] = r;
                fast.run(1, new int[] {r}, g, s);
                gnt[t] = g[0];
                System.arraycopy(s, 0, sym, t * s.length, s.length);
            }
        }
        assertTrue(meals > 300, "too few meals to mean anything: " + meals);
        try (RtlModel settled = new RtlModel(lib)) {
            settled.traceTo(dir.resolve("settled.vcd"));
            int[] g = new int[1];
            int[] s = new int[settled.symWords()];
            for (int t = 0; t < cycles; t++) {
                settled.run(1, new int[] {req[t]}, g, s);
                assertEquals(g[0], gnt[t], "gnt in cycle " + t);
                assertArrayEquals(
                        s, Arrays.copyOfRange(sym, t * s.length, (t + 1) * s.length), "symbols in cycle " + t);
            }
            settled.closeTrace();
        }
    }

    @Test
    void centralRoundRobinRunsInLockstepToo() throws IOException {
        SimulationConfig c =
                cfg(13, 0.1, 3, 50_000).toBuilder().algorithm("central-rr").build();
        Cosim.Result r =
                Cosim.run(Cosim.Request.of(c, VerilatorCache.defaultCache()).withoutTimings());
        assertNull(r.divergence());
    }

    /**
     * An RTL assertion must not kill the JVM: with clients that eat without their forks and every
     * processor asking, two gnt bits rise together, ppbus_top's "more than one gnt" assertion calls
     * $stop, and the native call returns early with the error flag set.
     */
    @Test
    void anRtlAssertionEndsTheCallNotTheJvm() throws IOException {
        Path lib = VerilatorLibrary.build(VerilatorLibrary.Build.of("campos-carvalho", 7, 1)
                .withMutation(t -> t.replace("(state_d == HUNGRY) && (&fork_recv)", "(state_d == HUNGRY)")));
        try (RtlModel m = new RtlModel(lib)) {
            int k = 20;
            int[] req = new int[k];
            Arrays.fill(req, 0x7f);
            int done = m.run(k, req, new int[k], new int[k * m.symWords()]);
            assertTrue(done < k, "the assertion did not stop the run");
            assertTrue(m.gotError());
        }
        // The JVM is alive and a clean model of the same size still works.
        try (RtlModel clean =
                new RtlModel(VerilatorLibrary.build(VerilatorLibrary.Build.of("campos-carvalho", 7, 1)))) {
            assertEquals(7, clean.nodes());
        }
    }
}
