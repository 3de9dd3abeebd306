package org.ppbus.search.graph;

/**
 * Receives a {@link StateSearch}'s progress now and then: states found, the depth reached,
 * transitions; and, once every state is found, what the search does next (its liveness analysis).
 */
@FunctionalInterface
public interface SearchProgress {
    void update(long states, int depth, long transitions);

    /** A step after the states are found, described, called again now and then while it runs. */
    default void phase(String what) {}
}
