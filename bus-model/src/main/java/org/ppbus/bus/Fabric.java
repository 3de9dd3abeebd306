package org.ppbus.bus;

/** An arbitration network seen from the processors: req edges in, grant events out. */
public interface Fabric {
    int nodes();

    /** req[node] changes to {@code level} in this cycle (before {@link #step}). */
    void request(int node, boolean level, long cycle);

    /** Evaluates one clock cycle. Grant changes are reported to the sink given at construction. */
    void step(long cycle);

    /** No symbol in flight or queued anywhere and no unit due for evaluation. */
    boolean quiescent();

    /** Receives gnt changes: gnt(t+1) follows the client state after cycle t. */
    interface GrantSink {
        /** The client of node entered EATING in cycle t; gnt[node] is high from t+1. */
        void granted(int node, long cycle);

        /** The client of node left EATING in cycle t; gnt[node] is low from t+1. */
        void released(int node, long cycle);
    }
}
