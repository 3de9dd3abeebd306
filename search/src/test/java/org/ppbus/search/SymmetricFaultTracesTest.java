package org.ppbus.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.ppbus.check.Finding;
import org.ppbus.check.Invariants;
import org.ppbus.check.Violation;
import org.ppbus.protocol.RuleSet;
import org.ppbus.protocol.cc.StateView;

/**
 * A reduced search with faults names its faults as the cold start's links: each cycle of
 * its path was taken on a representative, so a fault it found on the representative's link l hits,
 * in the run from the cold start, the link that the symmetries chosen so far map onto l. The trace
 * is checked apart, on a model without the reduction: replayed from the cold start with each fault
 * armed where the trace says, every fault fires and the last cycle breaks what the search reported,
 * as the complete search finds it, with a path as short.
 */
class SymmetricFaultTracesTest {
    @ParameterizedTest(name = "n = {0}, L = {1}, {2}, active {3}, faults {4}")
    @CsvSource({
        "3, 1, fixed, 7, 1",
        "3, 1, fixed, 7, 2",
        "3, 2, fixed, 7, 3",
        "3, 1, fixed, 3, 2",
        "7, 1, fixed, 7, 1",
        "7, 1, fixed, 11, 2"
    })
    void theRenamedTraceBreaksTheSameThingUnreduced(int n, int latency, String rules, long active, int faults) {
        SearchOptions o = SearchOptions.of(n, latency, RuleSet.parse(rules))
                .withActive(active)
                .withFaults(faults)
                .withoutLiveness()
                .withMaxStates(2_000_000);
        SearchResult all = new StateSearch(o).run(() -> 0);
        SearchResult orbits = new StateSearch(o.withSymmetry()).run(() -> 0);
        assertFalse(all.findings().isEmpty(), "the complete search finds a break: " + all.stoppedBecause());
        Finding f = orbits.findings().get(0);
        assertEquals(all.findings().get(0).property(), f.property());
        assertEquals(all.findings().get(0).path().size(), f.path().size(), "the shortest counterexample is as long");
        assertEquals(f.property(), replayed(o, f).property(), "the replay breaks the same property");
    }

    /** Runs the trace's actions and faults on the unreduced model; what its last cycle breaks. */
    private static Violation replayed(SearchOptions o, Finding f) {
        SearchModel m = new SearchModel(o);
        int n = o.nodes();
        long[] state = m.stepper.initial();
        for (int[] a : f.path()) {
            int[] allowed = m.stepper.choices(state); // restores the state
            long act = 0;
            for (int p = 0; p < n; p++) {
                assertTrue((allowed[p] >>> a[p] & 1) != 0, "processor " + p + " may do " + a[p]);
                act |= (long) a[p] << (2 * p);
            }
            m.faults.arm(a[n]);
            state = m.stepper.step(act);
        }
        assertTrue(m.faults.anyUsed(), "the trace's fault fired");
        StateView v = m.net.view(0);
        Violation bad = m.rec.problem != null
                ? m.rec.problem
                : Invariants.ofTransition(v, m.rec.demotions, m.net.maxQueueDepth(), 0);
        if (bad == null) {
            bad = m.faults.afterFault(m.net, o.checkH()).bad();
        }
        assertNotNull(bad, "the last cycle of the replay breaks something");
        return bad;
    }
}
