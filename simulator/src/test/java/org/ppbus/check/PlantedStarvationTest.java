package org.ppbus.check;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.ppbus.bus.Fabric;
import org.ppbus.bus.ForwardingFabric;
import org.ppbus.protocol.descriptor.Algorithm;
import org.ppbus.registry.Algorithms;
import org.ppbus.testbench.Simulation;
import org.ppbus.testbench.SimulationConfig;
import org.ppbus.testbench.SimulationResult;

/**
 * Every algorithm's starving mutant is caught within a run as long as CI's light soak (20,000
 * cycles): the variant of its network that never hears processor {@value #VICTIM}'s req. The others
 * keep the bus busy, so the victim waits while they eat: the overtaking bound fires where the
 * algorithm has one, the starvation bound in meals where it has none. Before that bound, the only
 * starvation check was a 100,000-cycle watchdog, and the thirteen algorithms without an overtaking
 * bound ran these 20,000 cycles clean.
 */
class PlantedStarvationTest {
    private static final int VICTIM = 3;
    private static final long CYCLES = 20_000;

    /** Those that promise freedom from starvation: the plain daisy chain does not, and is not held to it. */
    static Stream<Arguments> runs() {
        return Algorithms.all().stream()
                .filter(Algorithm::starvationFree)
                .flatMap(a -> Stream.of(
                        Arguments.of(a.name(), 7, 1), Arguments.of(a.name(), 13, 4), Arguments.of(a.name(), 5, 16)));
    }

    @ParameterizedTest(name = "{0} n={1} L={2}")
    @MethodSource("runs")
    void theCheckerCatchesAProcessorNeverServed(String algorithm, int nodes, int latency) throws IOException {
        SimulationConfig c = SimulationConfig.defaults().toBuilder()
                .algorithm(algorithm)
                .nodes(nodes)
                .latencyCycles(latency)
                .cycles(CYCLES)
                .load(0.3)
                .holdCycles(4)
                .seed(5)
                .build();
        SimulationResult r = new Simulation(c).variant(Deaf::new).run();
        assertNotNull(r.violation(), "the starved processor went unnoticed for " + r.cycles() + " cycles");
        assertTrue(
                Set.of(Property.FAIRNESS, Property.STARVATION)
                        .contains(r.violation().property()),
                r.violation().headline());
        assertTrue(r.violation().cycle() < CYCLES, r.violation().headline());
    }

    /** The same runs without the mutant are clean: what fires above is the mutant, not the settings. */
    @ParameterizedTest(name = "{0} n={1} L={2}")
    @MethodSource("runs")
    void theSameRunsWithoutTheMutantAreClean(String algorithm, int nodes, int latency) throws IOException {
        SimulationConfig c = SimulationConfig.defaults().toBuilder()
                .algorithm(algorithm)
                .nodes(nodes)
                .latencyCycles(latency)
                .cycles(CYCLES)
                .load(0.3)
                .holdCycles(4)
                .seed(5)
                .build();
        SimulationResult r = new Simulation(c).run();
        assertNull(r.violation(), () -> r.violation().headline());
    }

    /** The network of the algorithm, deaf to the victim's req. */
    private static final class Deaf extends ForwardingFabric {
        Deaf(Fabric inner) {
            super(inner);
        }

        @Override
        public void request(int node, boolean level, long cycle) {
            if (node != VICTIM) {
                inner.request(node, level, cycle);
            }
        }
    }
}
