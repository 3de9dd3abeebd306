package org.ppbus.bus;

import java.util.Optional;

/** An arbitration network seen from the processors: req edges in, grant events out. */
public interface Fabric {
    int nodes();

    /** req[node] changes to {@code level} in this cycle (before {@link #step}). */
    void request(int node, boolean level, long cycle);

    /** Evaluates one clock cycle. Grant changes are reported to the sink given at construction. */
    void step(long cycle);

    /** No symbol in flight or queued anywhere and no unit due for evaluation. */
    boolean quiescent();

    /**
     * The longest a network that is not stuck may stay {@link #quiescent} while a processor waits:
     * a deadlock check must wait longer than this. Zero unless the network acts on timers.
     */
    default int quietCycles() {
        return 0;
    }

    /**
     * Crash-stop, from this cycle on: node's share of the network (its units, or its part of the
     * algorithm) stops for good. What it would send is lost, and what reaches it has no effect on
     * anyone. Its processor is stopped by the caller. A fabric that does not model it refuses.
     */
    default void crash(int node, long cycle) {
        throw new UnsupportedOperationException("crash-stop is not modelled for this fabric");
    }

    /**
     * The part of this fabric that plays a role a tool knows how to use (for example the unit
     * states the VCD and the invariant checkers read), or empty. Tools ask for a role instead of
     * testing the fabric's class, and a fabric that wraps another decides whether to pass it on.
     */
    default <T> Optional<T> part(Class<T> role) {
        return role.isInstance(this) ? Optional.of(role.cast(this)) : Optional.empty();
    }

    /** Receives gnt changes: gnt(t+1) follows the client state after cycle t. */
    interface GrantSink {
        /** The client of node entered EATING in cycle t; gnt[node] is high from t+1. */
        void granted(int node, long cycle);

        /**
         * The same, naming the buses the grant gives (a fabric of more than one bus). A sink that
         * does not care about which buses hears {@link #granted(int, long)}.
         */
        default void granted(int node, BusSet buses, long cycle) {
            granted(node, cycle);
        }

        /** The client of node left EATING in cycle t; gnt[node] is low from t+1. */
        void released(int node, long cycle);
    }
}
