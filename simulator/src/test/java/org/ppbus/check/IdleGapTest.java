package org.ppbus.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.ppbus.protocol.descriptor.Algorithm;
import org.ppbus.registry.Algorithms;
import org.ppbus.testbench.Simulation;
import org.ppbus.testbench.SimulationConfig;
import org.ppbus.testbench.SimulationResult;

/**
 * A bus left idle longer than the watchdog is no livelock: progress is owed only while someone
 * waits. Random two-request traces, the second request after an idle gap of more than the watchdog,
 * for every algorithm of the registry: each must end with no violation and both requests served.
 * (Before the watchdog counted from the oldest waiting request, every one of these runs stopped on
 * "livelock" as soon as the second request rose.)
 */
class IdleGapTest {
    private static final long WATCHDOG = 600;

    static Stream<Arguments> traces() {
        List<Arguments> all = new ArrayList<>();
        SplittableRandom random = new SplittableRandom(20261126L);
        for (Algorithm a : Algorithms.all()) {
            for (int k = 0; k < 2; k++) {
                int nodes = 3 + random.nextInt(11);
                int latency = 1 + random.nextInt(4);
                int first = random.nextInt(nodes);
                int second = random.nextInt(nodes);
                long rise = 1 + random.nextInt(20);
                long gap = WATCHDOG + 1 + random.nextInt((int) (3 * WATCHDOG));
                int hold = 1 + random.nextInt(6);
                all.add(Arguments.of(a.name(), nodes, latency, first, rise, second, rise + gap, hold));
            }
        }
        return all.stream();
    }

    @ParameterizedTest(name = "{0} n={1} L={2}: {3}@{4}, {5}@{6}, hold {7}")
    @MethodSource("traces")
    void anIdleGapLongerThanTheWatchdogIsNoViolation(
            String algorithm,
            int nodes,
            int latency,
            int first,
            long rise,
            int second,
            long secondRise,
            int hold,
            @TempDir Path dir)
            throws IOException {
        Path trace = dir.resolve("gap.trace");
        Files.writeString(
                trace,
                "# ppbus request trace v1\n# nodes " + nodes + "\n" + rise + " " + first + " " + hold + "\n"
                        + secondRise + " " + second + " " + hold + "\n");
        SimulationConfig c = SimulationConfig.defaults().toBuilder()
                .algorithm(algorithm)
                .nodes(nodes)
                .latencyCycles(latency)
                .cycles(secondRise + 1)
                .watchdogCycles(WATCHDOG)
                .workload(trace.toString())
                .build();
        SimulationResult r = new Simulation(c).run();
        assertNull(r.violation(), () -> r.violation().headline());
        assertEquals(0, r.ungranted());
        assertEquals(2, r.summary().entries());
    }
}
