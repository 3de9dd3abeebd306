package org.ppbus.bus;

/**
 * What one request asks for (docs/SPEC.md, "More than one bus"): {@code buses} of the k buses at
 * once (h-out-of-k; 1 for k-exclusion and for one bus), and the session it belongs to for group
 * mutual exclusion, or {@link #NO_GROUP}. Processors of one group may hold the bus together; those
 * of different groups never do.
 */
public record Need(int buses, int group) {
    /** The group of a request that belongs to none. */
    public static final int NO_GROUP = -1;

    /** One bus, no group: what every request of a one-bus run asks for. */
    public static final Need ONE = new Need(1, NO_GROUP);

    public Need {
        if (buses < 1 || buses > BusSet.MAX_BUSES) {
            throw new IllegalArgumentException("a request needs 1 to " + BusSet.MAX_BUSES + " buses, got " + buses);
        }
        if (group < NO_GROUP) {
            throw new IllegalArgumentException("a group is 0 or more (or none), got " + group);
        }
    }

    public boolean grouped() {
        return group != NO_GROUP;
    }
}
