package example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.ppbus.registry.Algorithms;
import org.ppbus.testbench.Simulation;
import org.ppbus.testbench.SimulationConfig;
import org.ppbus.testbench.SimulationResult;

/** ppbus from the outside: configure a run, run it, read the result. */
class LibraryUseTest {
    @Test
    void aCamposCarvalhoRunServesEveryRequestWithoutAViolation() throws Exception {
        SimulationConfig config = SimulationConfig.defaults().toBuilder()
                .nodes(13).cycles(20_000).load(0.05).latencyCycles(2).seed(7)
                .build().validated();
        SimulationResult result = new Simulation(config).run();

        assertNull(result.violation());
        assertEquals(0, result.ungranted());
        assertTrue(result.summary().entries() > 100, "served " + result.summary().entries());
        // The plane of order 3 has 13 points, so no fictitious arbiter.
        assertEquals(13, result.points());
    }

    @Test
    void everyRegisteredAlgorithmRunsOnTheSameBus() throws Exception {
        for (String name : Algorithms.names()) {
            SimulationConfig config = SimulationConfig.defaults().toBuilder()
                    .algorithm(name).nodes(7).cycles(5_000).load(0.05).build().validated();
            SimulationResult result = new Simulation(config).run();
            assertNull(result.violation(), name);
            assertTrue(result.summary().entries() > 0, name);
        }
    }
}
