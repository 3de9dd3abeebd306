package org.ppbus.search.graph;

/**
 * The layout of a transition's action word, as the graph stores it and the search builds it: bits
 * 0 to 2n − 1 hold each processor's action (2 bits each), bits 48 to 55 the crashed node + 1 (0:
 * none) and bits 56 to 63 the injected fault's code (0: none).
 */
public final class Actions {
    /** Where the crashed node + 1 starts. */
    public static final int CRASH_SHIFT = 48;
    /** Where the fault's code starts. */
    public static final int FAULT_SHIFT = 56;

    private Actions() {}

    /** The node that crashed in this cycle, or −1. */
    public static int crashOf(long act) {
        return (int) (act >>> CRASH_SHIFT & 0xFF) - 1;
    }

    /** The fault's code in this cycle, 0 for none. */
    public static int faultOf(long act) {
        return (int) (act >>> FAULT_SHIFT);
    }
}
