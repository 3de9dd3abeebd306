package org.ppbus.search;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.ppbus.protocol.RuleSet;
import org.ppbus.testkit.Search;

/**
 * The search reduced by the plane's symmetries against the complete one: it finds
 * exactly one state per orbit of the states the complete search finds (the distinct
 * representatives of those states, computed apart), and the same verdict. Its count is then the
 * complete count divided by the orbit sizes, which is what "the unreduced equivalent" means.
 */
@Search
class SymmetryReductionTest {
    @ParameterizedTest(name = "n = {0}, L = {1}, active {2}")
    @CsvSource({"3, 1, 7", "3, 2, 7", "7, 1, 7", "7, 1, 11"})
    void oneStatePerOrbitOfTheCompleteSearch(int n, int latency, long active) {
        SearchOptions complete =
                SearchOptions.of(n, latency, RuleSet.FIXED).withActive(active).withoutLiveness();
        SearchResult orbits = assertOneStatePerOrbit(complete, n == 3);
        System.out.printf("symmetry: n = %d, L = %d, active %d: %d orbits%n", n, latency, active, orbits.states());
    }

    /**
     * With faults: the duplicate still on its way moves with its channel, so a state and its images
     * again fall into one orbit, and the repair bound is the complete search's. The longest run of
     * broken states maps onto a run of broken orbits as long and back (being broken is a property of
     * the orbit), and a cycle of broken orbits unrolls into a cycle of broken states.
     */
    @ParameterizedTest(name = "{0}, L = {1}, active {2}, faults {3}")
    @CsvSource({
        "fixed+heal, 1, 1, 3",
        "fixed+heal, 1, 3, 3",
        "fixed+heal, 2, 1, 3",
        "fixed+heal, 1, 3, 2",
        "fixed+heal, 2, 3, 2"
    })
    void oneStatePerOrbitWithFaults(String rules, int latency, long active, int faults) {
        SearchOptions complete = SearchOptions.of(3, latency, RuleSet.parse(rules))
                .withActive(active)
                .withFaults(faults)
                .withoutLiveness();
        SearchResult all = new StateSearch(complete).run(() -> 0);
        // With one processor asking, the idle ones' arbiters keep the cold start's lists, as at n = 7.
        SearchResult orbits = assertOneStatePerOrbit(complete, Long.bitCount(active) > 1);
        assertEquals(all.repair().boundCycles(), orbits.repair().boundCycles(), "the repair bound");
        assertTrue(all.repair().boundCycles() > 0, "a fault was injected and repaired");
        System.out.printf(
                "symmetry with faults %d: %s, L = %d, active %d: %d states, %d orbits, repair bound %d%n",
                faults,
                rules,
                latency,
                active,
                all.states(),
                orbits.states(),
                orbits.repair().boundCycles());
    }

    /** The reduced search of a complete one finds one state per orbit of its states, and their number. */
    private static SearchResult assertOneStatePerOrbit(SearchOptions complete, boolean statesFallTogether) {
        StateSearch full = new StateSearch(complete);
        SearchResult all = full.run(() -> 0);
        StateSearch reduced = new StateSearch(complete.withSymmetry());
        SearchResult orbits = reduced.run(() -> 0);
        assertTrue(all.complete() && orbits.complete(), all.stoppedBecause() + " / " + orbits.stoppedBecause());
        assertEquals(all.findings().size(), orbits.findings().size(), "the same verdict");
        Set<String> representatives = new HashSet<>();
        for (long[] s : full.statesFound()) {
            representatives.add(Arrays.toString(reduced.representative(s)));
        }
        assertEquals(representatives.size(), orbits.states(), "one state per orbit");
        Set<String> found = new HashSet<>();
        for (long[] s : reduced.statesFound()) {
            found.add(Arrays.toString(s));
        }
        assertEquals(representatives, found, "the same orbits");
        // The unreduced equivalent: the states of those orbits, every image of every state found by
        // the complete search, counted apart from the reduced search's orbit sizes.
        Set<String> union = new HashSet<>();
        for (long[] s : full.statesFound()) {
            union.add(Arrays.toString(s));
            for (long[] image : reduced.images(s)) {
                union.add(Arrays.toString(image));
            }
        }
        assertEquals(union.size(), orbits.unreducedStates(), "the orbits' states");
        // On the triangle states do fall together; in a scope of the Fano plane the idle processors'
        // arbiters keep the cold start's id-ordered lists, so no two states found are images of
        // each other (docs/VERIFICATION.md, "Symmetry").
        assertTrue(
                statesFallTogether ? orbits.states() < all.states() : orbits.states() == all.states(),
                orbits.states() + " of " + all.states());
        return orbits;
    }

    /**
     * The representative is a function of the orbit: every image of a state has the same one. At
     * n = 7 the symmetric keys order the images before any is written out, so a key that a
     * symmetry changed (a client's per-slot flags read in slot order, say) would break this.
     */
    @Test
    void everyImageOfAStateHasItsRepresentative() {
        SearchOptions o = SearchOptions.of(7, 1, RuleSet.FIXED).withMaxDepth(5).withoutLiveness();
        StateSearch full = new StateSearch(o);
        full.run(() -> 0);
        List<long[]> states = full.statesFound();
        StateSearch reduced = new StateSearch(o.withSymmetry());
        int checked = 0;
        for (int t = 0; t < 200; t++) {
            long[] state = states.get(t * states.size() / 200);
            long[] representative = reduced.representative(state);
            for (long[] image : reduced.images(state)) {
                assertArrayEquals(representative, reduced.representative(image));
                checked++;
            }
        }
        assertEquals(200 * 167, checked, "every symmetry of the Fano plane, on 200 states");
    }

    /** A reduced search can still fail: the literal rules break I3 on the triangle (audit A1) in both. */
    @Test
    void theLiteralRulesStillBreakI3() {
        SearchOptions o = SearchOptions.of(3, 1, RuleSet.LITERAL).withoutLiveness();
        SearchResult all = new StateSearch(o).run(() -> 0);
        SearchResult orbits = new StateSearch(o.withSymmetry()).run(() -> 0);
        assertEquals(1, orbits.findings().size());
        assertEquals(all.findings().get(0).property(), orbits.findings().get(0).property());
        assertEquals(
                all.findings().get(0).path().size(),
                orbits.findings().get(0).path().size(),
                "the shortest counterexample is as long");
    }

    /** The scope keeps only the symmetries that map the processors that ask onto themselves. */
    @Test
    void theScopeKeepsItsStabiliser() {
        org.ppbus.plane.Wiring w = org.ppbus.plane.Wiring.forNodes(7);
        assertEquals(
                167,
                SearchStep.symmetries(SearchOptions.of(7, 1, RuleSet.FIXED), w).size());
        List<org.ppbus.plane.Collineations.Collineation> pair =
                SearchStep.symmetries(SearchOptions.of(7, 1, RuleSet.FIXED).withActive(3), w);
        // The lines of clients 0 and 1 meet in one point; the maps that keep the pair {0, 1} fix that
        // point and the pair's other points as sets: 168 / 21 pairs of lines = 8, the identity left out.
        assertEquals(7, pair.size());
    }
}
