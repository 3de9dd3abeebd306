package org.ppbus.testbench;

import org.ppbus.bus.BusSet;
import org.ppbus.bus.Fabric;
import org.ppbus.check.Violation;
import org.ppbus.link.Direction;
import org.ppbus.link.Message;

/** Sees every symbol and gnt change of a run, for tests, VCD and co-simulation. */
public interface SymbolTap {
    /** The fabric the run taps, before its first cycle: a tap may read the units' state from it. */
    default void attached(Fabric fabric) {}

    /** A non-idle symbol driven on a link in this cycle. */
    void symbol(Direction direction, int link, int code, long cycle);

    /** The same on plane b of a design with a plane per bus; a tap that does not tell planes apart hears it alike. */
    default void symbol(int plane, Direction direction, int link, int code, long cycle) {
        symbol(direction, link, code, cycle);
    }

    /** gnt[node] becomes {@code high} from cycle + 1. */
    void grant(int node, boolean high, long cycle);

    /** gnt[node] rises from cycle + 1 with these buses (bus[i*k + b] in a k-bus design's RTL). */
    default void grant(int node, BusSet buses, long cycle) {
        grant(node, true, cycle);
    }

    /** A message of a message-passing algorithm, sent in cycle {@code sent}, received in {@code arrives} (-1: lost). */
    default void message(Message m, long sent, long arrives) {}

    /** req[node] changes to {@code level} in this cycle. */
    default void request(int node, boolean level, long cycle) {}

    /**
     * The checker found this violation in the cycle about to end: the run stops after its
     * {@link #endOfCycle}. A tap that holds the run at the end of a cycle (the web view's live
     * mode) hears it before it holds, so that the cycle's reply can carry it.
     */
    default void violated(Violation v) {}

    /** Every event of this cycle has been reported. */
    default void endOfCycle(long cycle) {}
}
