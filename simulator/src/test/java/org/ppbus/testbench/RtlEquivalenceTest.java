package org.ppbus.testbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.ppbus.testkit.Simulator;

/**
 * The generated RTL, run in Icarus on the req trace of a Java run, produces the same gnt in
 * every cycle and the same symbol on every channel in every cycle.
 */
@Simulator
class RtlEquivalenceTest {

    private static SimulationConfig cfg(int n, double load, long cycles, long seed, int latency) {
        return SimulationConfig.defaults().toBuilder()
                .nodes(n)
                .load(load)
                .cycles(cycles)
                .seed(seed)
                .latencyCycles(latency)
                .build();
    }

    @ParameterizedTest
    @CsvSource({"7,0.2,2,1", "7,1.0,3,2", "13,0.1,5,2", "1,0.5,7,1", "2,0.5,8,2", "3,0.3,9,1", "10,0.1,10,3"})
    void gntAndEverySymbolMatchTheJavaModel(int n, double load, long seed, int latency, @TempDir Path dir)
            throws IOException {
        RtlReplay replay = new RtlReplay(cfg(n, load, 10_000, seed, latency)).record();
        assertNull(replay.javaResult().violation());
        RtlReplay.Outcome o = replay.runIcarus(dir, "test");
        assertEquals(List.of(), o.mismatches());
        assertEquals(List.of(), o.rtlErrors());
        assertEquals(replay.javaResult().summary().entries(), o.grants());
    }

    /** The comparison can fail: an RTL arbiter without F1 diverges from the Java model on audit trace A1. */
    @Test
    void aMutatedRtlIsCaught(@TempDir Path dir) throws IOException {
        Path trace = Path.of("..", "docs", "traces", "a1.trace");
        RtlReplay replay = new RtlReplay(SimulationConfig.defaults().toBuilder()
                        .nodes(7)
                        .cycles(200)
                        .workload(trace.toString())
                        .build())
                .record();
        RtlReplay.Outcome good = replay.runIcarus(dir.resolve("good"), "test");
        assertTrue(good.equal(), good.mismatches().toString());
        RtlReplay.Outcome bad = replay.runIcarus(
                dir.resolve("bad"),
                "test",
                text -> text.replace("parameter integer F1 = 1", "parameter integer F1 = 0"));
        assertFalse(bad.mismatches().isEmpty(), "the F1 mutant went unnoticed");
        assertTrue(Files.exists(dir.resolve("bad").resolve("rtl.out")));
    }

    /** The central round-robin reference: its RTL grants exactly as its Java model does. */
    @ParameterizedTest
    @CsvSource({"1,0.5,1", "7,0.05,2", "7,1.0,3", "13,0.2,4", "57,0.01,5"})
    void roundRobinRtlMatchesItsJavaModel(int n, double load, long seed, @TempDir Path dir) throws IOException {
        RtlReplay replay = new RtlReplay(cfg(n, load, 20_000, seed, 1).toBuilder()
                        .algorithm("central-rr")
                        .build())
                .record();
        RtlReplay.Outcome o = replay.runIcarus(dir, "test");
        assertTrue(o.equal(), o.mismatches() + " " + o.rtlErrors());
        assertEquals(o.rises(), o.grants());
        assertEquals(replay.javaResult().summary().entries(), o.grants());
    }

    static Stream<Arguments> brokenUnits() {
        return Stream.of(
                // R5 keeps the fork it returns: arbiter's fork counted twice.
                Arguments.of("fork_d  = fork_recv & ~(r5 | r6 | r7);", "fork_d  = fork_recv & ~(r6 | r7);", "(I2)"),
                // R2 without the forks.
                Arguments.of("(state_d == HUNGRY) && (&fork_recv)", "(state_d == HUNGRY)", "more than one gnt"));
    }

    /** The RTL's own assertions fire on broken units: a client that keeps its fork, one that eats without forks. */
    @ParameterizedTest
    @MethodSource("brokenUnits")
    void rtlAssertionsCatchBrokenUnits(String from, String to, String message, @TempDir Path dir) throws IOException {
        RtlReplay replay = new RtlReplay(cfg(7, 0.3, 2_000, 3, 1)).record();
        boolean[] applied = {false};
        RtlReplay.Outcome o = replay.runIcarus(dir, "test", text -> {
            if (text.contains(from)) {
                applied[0] = true;
                return text.replace(from, to);
            }
            return text;
        });
        assertTrue(applied[0], "mutation not applied");
        assertTrue(
                o.rtlErrors().stream().anyMatch(e -> e.contains(message)),
                o.rtlErrors().toString());
    }
}
