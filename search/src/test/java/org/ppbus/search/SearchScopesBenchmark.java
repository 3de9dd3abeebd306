package org.ppbus.search;

import org.junit.jupiter.api.Test;
import org.ppbus.protocol.RuleSet;
import org.ppbus.testkit.Search;

/**
 * The larger scopes of the search tests, outside the suite (surefire runs no *Benchmark class): each
 * repeats, at n = 7 in A2's scope (literal+F1, processors 0, 2, 4 and 6 asking), a check the suite
 * makes on smaller scopes; StateSearchTest and QuotientLivenessTest keep A2's scope in CI. Run with
 * {@code mvn -B -pl search test -Dtest=SearchScopesBenchmark -Dsurefire.failIfNoSpecifiedTests=false}
 * (about 40 s on the machine of docs/PERFORMANCE.md).
 */
@Search
class SearchScopesBenchmark {
    private static final long A2_SCOPE = 0b1010101;

    /** The deadlock loop of A2, found the same on 1, 2 and 3 threads. */
    @Test
    void theDeadlockLoopOnAnyNumberOfThreads() {
        new ParallelSearchTest()
                .anyNumberOfThreadsGivesTheSameSearch(
                        "n = 7, literal+F1 in A2's scope, no fairness: the deadlock loop",
                        SearchOptions.of(7, 1, RuleSet.parse("literal+F1"))
                                .withActive(A2_SCOPE)
                                .withoutOvertaking());
    }

    /** The overtaking bound decided on A2's graph gives the counts' verdict. */
    @Test
    void theBoundOnTheGraphInA2sScope() {
        new OvertakingOnGraphTest().theGraphGivesTheCountsVerdict(7, 1, "literal+F1", A2_SCOPE, 0);
    }
}
