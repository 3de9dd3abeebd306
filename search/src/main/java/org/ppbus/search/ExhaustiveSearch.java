package org.ppbus.search;

import java.util.List;
import java.util.function.LongSupplier;
import org.ppbus.check.Finding;
import org.ppbus.search.graph.SearchProgress;
import org.ppbus.workload.RequestTrace;

/**
 * An exhaustive search as {@code ppbus verify} runs it: of the one-bus network ({@link
 * StateSearch}) or of campos-carvalho-k ({@link PlanesSearch}). Both run over a {@link StateGraph}
 * and report a {@link SearchResult} whose findings replay as request traces.
 */
public interface ExhaustiveSearch {
    /** Reports progress to {@code p} every few thousand expanded states. */
    ExhaustiveSearch progress(SearchProgress p);

    /** Runs until complete, a limit, a safety violation, or {@code stopRequested} returns non-zero. */
    SearchResult run(LongSupplier stopRequested);

    /** A request trace for {@code ppbus simulate} that does what a finding's actions do. */
    RequestTrace trace(List<int[]> actions, int openHold);

    /** The faults on a finding's path, as {@code ppbus simulate --fault} names them (none by default). */
    default List<String> faultsOn(Finding f) {
        return List.of();
    }
}
