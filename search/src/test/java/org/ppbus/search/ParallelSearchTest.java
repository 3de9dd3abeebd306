package org.ppbus.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.ppbus.link.ChosenFaults;
import org.ppbus.protocol.RuleSet;
import org.ppbus.testkit.Search;

/**
 * The search on several threads against the search on one: the same states in the same
 * order, the same transitions, the same verdict and the same shortest counterexample, for every kind
 * of search (complete with liveness, a safety finding, a liveness loop, asynchronous channels,
 * faults with a repair bound, a crash, the symmetry reduction, with faults too, a state limit).
 */
@Search
class ParallelSearchTest {
    static Stream<Arguments> searches() {
        RuleSet heal = RuleSet.parse("fixed+heal");
        return Stream.of(
                Arguments.of("n = 3, L = 1, complete with liveness", SearchOptions.of(3, 1, RuleSet.FIXED)),
                Arguments.of("n = 3, L = 2, literal: I3", SearchOptions.of(3, 2, RuleSet.LITERAL)),
                Arguments.of(
                        "n = 3, asynchronous",
                        SearchOptions.of(3, 1, RuleSet.FIXED).withFifo(4)),
                Arguments.of(
                        "n = 3, +heal, drop and duplicate: the repair bound",
                        SearchOptions.of(3, 1, heal)
                                .withActive(3L)
                                .withFaults(ChosenFaults.DROP | ChosenFaults.DUPLICATE)),
                Arguments.of(
                        "n = 3, fixed, a drop: never repaired",
                        SearchOptions.of(3, 1, RuleSet.FIXED).withFaults(ChosenFaults.DROP)),
                Arguments.of(
                        "n = 3, a crash without recovery",
                        SearchOptions.of(3, 1, RuleSet.FIXED).withCrash()),
                Arguments.of(
                        "n = 3, L = 2, symmetry",
                        SearchOptions.of(3, 2, RuleSet.FIXED).withSymmetry()),
                Arguments.of(
                        "n = 3, +heal, drop and duplicate, symmetry: the repair bound on orbits",
                        SearchOptions.of(3, 1, heal)
                                .withActive(3L)
                                .withFaults(ChosenFaults.DROP | ChosenFaults.DUPLICATE)
                                .withSymmetry()),
                Arguments.of(
                        "n = 7, fixed, a duplicate, symmetry: the renamed fault",
                        SearchOptions.of(7, 1, RuleSet.FIXED)
                                .withActive(0b1011)
                                .withFaults(ChosenFaults.DUPLICATE)
                                .withSymmetry()),
                Arguments.of(
                        "n = 7, literal+F1 in A2's scope: the fairness bound",
                        SearchOptions.of(7, 1, RuleSet.parse("literal+F1")).withActive(0b1010101)),
                Arguments.of(
                        "n = 3, literal+F1+F2, re-entry (A3), the bound on the graph: the same run over it",
                        SearchOptions.of(3, 2, RuleSet.parse("literal+F1+F2"))
                                .withReentry(2)
                                .withOvertakingOnGraph()),
                Arguments.of(
                        "n = 3, L = 2, fixed, the bound on the graph",
                        SearchOptions.of(3, 2, RuleSet.FIXED).withOvertakingOnGraph()),
                Arguments.of(
                        "n = 7, fixed+heal, a drop, idle places set aside, symmetry: the repair bound",
                        SearchOptions.of(7, 1, heal)
                                .withActive(0b101)
                                .withFaults(ChosenFaults.DROP)
                                .withIdleUnranked()
                                .withSymmetry()),
                Arguments.of(
                        "n = 3, L = 2, hash compaction",
                        SearchOptions.of(3, 2, RuleSet.FIXED).withHashCompaction()),
                Arguments.of(
                        "n = 7, every processor, stopped at 30,000 states",
                        SearchOptions.of(7, 1, RuleSet.FIXED).withMaxStates(30_000)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("searches")
    void anyNumberOfThreadsGivesTheSameSearch(String name, SearchOptions o) {
        StateSearch one = new StateSearch(o);
        SearchResult r1 = one.run(() -> 0);
        for (int threads : new int[] {2, 3}) {
            StateSearch many = new StateSearch(o).threads(threads);
            SearchResult r = many.run(() -> 0);
            assertEquals(summary(r1), summary(r), threads + " threads");
            if (!o.hashCompaction()) { // hash compaction keeps no state once expanded
                assertTrue(
                        sameStates(one.statesFound(), many.statesFound()),
                        threads + " threads: the same states in order");
            }
        }
    }

    /** Everything a result says but the time and the memory. */
    private static String summary(SearchResult r) {
        String findings = r.findings().stream()
                .map(f -> f.property() + " " + f.message() + " loop " + f.loopStart() + " "
                        + f.path().stream().map(Arrays::toString).collect(Collectors.joining()))
                .collect(Collectors.joining("; "));
        return r.states() + " states (" + r.unreducedStates() + " unreduced), " + r.transitions()
                + " transitions, depth " + r.depth() + "/"
                + r.exploredDepth() + ", " + r.stoppedBecause() + ", overtaking " + r.maxOvertakes() + "/"
                + r.overtakeBound() + ", repair " + r.repair() + ", findings: " + findings;
    }

    private static boolean sameStates(List<long[]> a, List<long[]> b) {
        if (a.size() != b.size()) {
            return false;
        }
        for (int i = 0; i < a.size(); i++) {
            if (!Arrays.equals(a.get(i), b.get(i))) {
                return false;
            }
        }
        return true;
    }
}
