package org.ppbus.testbench;

import org.ppbus.bus.Fabric;
import org.ppbus.link.Direction;

/** Sees every symbol and gnt change of a run, for tests, VCD and co-simulation. */
public interface SymbolTap {
    /** The fabric the run taps, before its first cycle: a tap may read the units' state from it. */
    default void attached(Fabric fabric) {}

    /** A non-idle symbol driven on a link in this cycle. */
    void symbol(Direction direction, int link, int code, long cycle);

    /** gnt[node] becomes {@code high} from cycle + 1. */
    void grant(int node, boolean high, long cycle);

    /** req[node] changes to {@code level} in this cycle. */
    default void request(int node, boolean level, long cycle) {}

    /** Every event of this cycle has been reported. */
    default void endOfCycle(long cycle) {}
}
