package org.ppbus.check;

/** Receives a {@link StateSearch}'s progress now and then: states found, the depth reached, transitions. */
@FunctionalInterface
public interface SearchProgress {
    void update(long states, int depth, long transitions);
}
