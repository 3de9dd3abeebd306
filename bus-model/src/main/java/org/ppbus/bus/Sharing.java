package org.ppbus.bus;

/**
 * How a run's processors share its buses (docs/SPEC.md, "More than one bus"): {@code buses}
 * identical buses (k), each request needing {@code demand} of them at once (h ≤ k), and requests
 * drawn from {@code groups} groups (0 for none), of which one at a time may hold the bus.
 */
public record Sharing(int buses, int demand, int groups) {
    /** One bus, one per request, no groups: the system of the paper. */
    public static final Sharing SINGLE = new Sharing(1, 1, 0);

    public Sharing {
        if (buses < 1 || buses > BusSet.MAX_BUSES) {
            throw new IllegalArgumentException("--buses must be 1 to " + BusSet.MAX_BUSES + ", got " + buses);
        }
        if (demand < 1 || demand > buses) {
            throw new IllegalArgumentException(
                    "--demand must be 1 to the number of buses (" + buses + "), got " + demand);
        }
        if (groups < 0) {
            throw new IllegalArgumentException("--groups must be 1 or more (or 0 for none), got " + groups);
        }
    }

    /** Anything but the single bus of the paper: the run checks K1–K3 instead of I1. */
    public boolean shared() {
        return !equals(SINGLE);
    }
}
