package org.ppbus.search;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.ppbus.check.Finding;
import org.ppbus.check.Property;
import org.ppbus.protocol.ClientState;
import org.ppbus.protocol.RuleSet;
import org.ppbus.testkit.Search;

/**
 * The liveness analysis of the symmetry-reduced search ({@link QuotientLoops}) against
 * the complete search's, which follows each processor in the network's own states: the same
 * verdict on every configuration here, clean or not. A reduced loop is a loop of orbits, so its
 * trace is checked apart, on a model without the reduction: replayed from the cold start, the loop
 * must end in the very state it began in, keep one processor hungry throughout, and (for
 * starvation) let every other processor release somewhere in it.
 */
@Search
class QuotientLivenessTest {
    @ParameterizedTest(name = "n = {0}, L = {1}, {2}, active {3}, re-entry {4}, fairness counts {5}")
    @CsvSource({
        "3, 1, fixed, 7, 0, true",
        "3, 2, fixed, 7, 7, false",
        "3, 1, literal+F1, 7, 7, false",
        "3, 1, literal+F1, 7, 1, false",
        "3, 2, literal+F1, 7, 7, false",
        "3, 1, literal+F1+F2, 7, 7, false",
        "3, 1, literal+F1+F2, 7, 1, false",
        "3, 2, literal+F1+F2, 7, 2, false",
        "3, 1, literal+F1, 3, 3, false",
        "7, 1, literal+F1, 85, 0, false",
        "7, 1, literal+F1+F2, 5, 5, false",
        "7, 1, fixed, 5, 5, false",
    })
    void theReducedAnalysisGivesTheCompleteVerdict(
            int n, int latency, String rules, long active, long reentry, boolean counts) {
        SearchOptions o = SearchOptions.of(n, latency, RuleSet.parse(rules)).withActive(active);
        o = reentry == 0 ? o : o.withReentry(reentry);
        o = counts ? o : o.withoutOvertaking();
        SearchResult all = new StateSearch(o).run(() -> 0);
        SearchResult orbits = new StateSearch(o.withSymmetry()).run(() -> 0);
        assertTrue(all.complete() || !all.findings().isEmpty(), all.stoppedBecause());
        assertTrue(orbits.complete() || !orbits.findings().isEmpty(), orbits.stoppedBecause());
        assertEquals(verdict(all), verdict(orbits), "the same verdict");
        if (!orbits.findings().isEmpty() && orbits.findings().get(0).loopStart() >= 0) {
            assertIsALoopOfTheNetwork(o, orbits.findings().get(0));
        }
        System.out.printf(
                "quotient liveness: n = %d, L = %d, %s, active %d, re-entry %d: %d states, %d orbits, %s%n",
                n, latency, rules, active, reentry, all.states(), orbits.states(), verdict(orbits));
    }

    /**
     * With faults (fixed+heal, processors 0 and 1 asking, the symmetry that swaps them): the analysis
     * on the orbits covers the states after a fault as well, with the complete search's verdict and
     * repair bound.
     */
    @ParameterizedTest(name = "L = {0}, faults {1}")
    @CsvSource({"1, 3", "2, 2", "2, 1"})
    void withFaultsTheSameVerdictAndRepairBound(int latency, int faults) {
        SearchOptions o = SearchOptions.of(3, latency, RuleSet.parse("fixed+heal"))
                .withActive(3)
                .withFaults(faults);
        SearchResult all = new StateSearch(o).run(() -> 0);
        SearchResult orbits = new StateSearch(o.withSymmetry()).run(() -> 0);
        assertTrue(all.complete() && orbits.complete(), all.stoppedBecause() + " / " + orbits.stoppedBecause());
        assertEquals(verdict(all), verdict(orbits), "the same verdict");
        assertEquals(all.repair().boundCycles(), orbits.repair().boundCycles(), "the same repair bound");
        assertTrue(orbits.states() < all.states(), orbits.states() + " of " + all.states());
    }

    /**
     * Asynchronous channels: a fair loop must also let every channel empty, and the channels are
     * renamed along a loop of orbits as the processors are ({@code SearchStep.channelMoves}). The
     * reduced analysis gives the complete one's verdict on the triangle's asynchronous searches,
     * clean and not. (Their loops are reported, not replayed: a delivery is not part of a trace.)
     */
    @ParameterizedTest(name = "{0}, re-entry {1}, fifo {2}")
    @CsvSource({
        "fixed, 0, 4",
        "literal+F1, 0, 4",
        "literal+F1+F2, 0, 4",
        "literal+F1+F2, 1, 4",
        "literal+F1, 7, 2",
        "literal+F1+F2, 7, 4",
        "fixed, 7, 4",
    })
    void asynchronousChannelsAreFollowedThroughTheSymmetries(String rules, long reentry, int fifo) {
        SearchOptions o = SearchOptions.of(3, 1, RuleSet.parse(rules)).withFifo(fifo);
        o = reentry == 0 ? o : o.withReentry(reentry);
        SearchResult all = new StateSearch(o).run(() -> 0);
        SearchResult orbits = new StateSearch(o.withSymmetry()).run(() -> 0);
        assertTrue(all.complete() || !all.findings().isEmpty(), all.stoppedBecause());
        assertTrue(orbits.complete() || !orbits.findings().isEmpty(), orbits.stoppedBecause());
        assertEquals(verdict(all), verdict(orbits), "the same verdict");
        assertTrue(orbits.states() < all.states(), orbits.states() + " of " + all.states());
        for (SearchResult r : List.of(all, orbits)) {
            // A loop of at least one cycle, whose cycles (deliveries) the path does not record.
            r.findings().stream().filter(f -> f.loopStart() >= 0).forEach(f -> {
                assertTrue(f.loopCycles() >= 1, "a loop of " + f.loopCycles() + " cycles");
                assertEquals(f.loopStart(), f.path().size(), "the path ends where the loop begins");
            });
        }
        System.out.printf(
                "quotient liveness, asynchronous: %s, re-entry %d, fifo %d: %d states, %d orbits, %s%n",
                rules, reentry, fifo, all.states(), orbits.states(), verdict(orbits));
    }

    private static String verdict(SearchResult r) {
        return r.findings().isEmpty() ? "none" : r.findings().get(0).property().toString();
    }

    /** Replays the finding's actions on the unreduced model and checks its loop state by state. */
    private static void assertIsALoopOfTheNetwork(SearchOptions o, Finding f) {
        SearchModel m = new SearchModel(o);
        int n = o.nodes();
        List<long[]> states = new ArrayList<>(List.of(m.stepper.initial()));
        for (int[] a : f.path()) {
            long act = 0;
            for (int p = 0; p < n; p++) {
                act |= (long) a[p] << (2 * p);
            }
            int[] allowed = m.stepper.choices(states.get(states.size() - 1));
            for (int p = 0; p < n; p++) {
                assertTrue((allowed[p] >>> a[p] & 1) != 0, "processor " + p + " may do " + a[p]);
            }
            states.add(m.stepper.step(act));
        }
        int start = f.loopStart();
        assertTrue(start < f.path().size(), "a loop of at least one cycle");
        assertArrayEquals(states.get(start), states.get(states.size() - 1), "the loop ends where it began");
        int hungryThroughout = (1 << n) - 1;
        int releasing = 0;
        boolean someoneEats = false;
        for (long[] s : states.subList(start, states.size() - 1)) {
            m.stepper.restore(s);
            int hungry = 0;
            for (int p = 0; p < n; p++) {
                ClientState c = m.net.clientState(p);
                hungry |= c == ClientState.HUNGRY ? 1 << p : 0;
                boolean eats = c == ClientState.EATING;
                someoneEats |= eats;
                releasing |= !eats || (m.stepper.fresh(s) >>> p & 1) != 0 ? 1 << p : 0;
            }
            hungryThroughout &= hungry;
        }
        assertNotEquals(0, hungryThroughout, "some processor is hungry throughout the loop");
        if (f.property() == Property.STARVATION) {
            assertTrue(someoneEats, "others are served in the loop");
            int starving = Integer.numberOfTrailingZeros(hungryThroughout);
            int others = ((1 << n) - 1) & ~(1 << starving);
            assertEquals(others, releasing & others, "every other processor releases in the loop");
        }
    }
}
