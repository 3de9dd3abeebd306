package org.ppbus.protocol.cc;

/**
 * An arbiter's priority list over its ports: a total order where rank 0 is the highest priority.
 * GiveLeastPriorityTo moves a port to the bottom, which is the update of a least-recently-used
 * matrix arbiter (docs/SPEC.md §3.4, hardware notes); the RTL keeps the same order as a
 * precedence matrix.
 */
public final class PriorityList {
    private final int[] rank;

    /** Initial order: port index order, which is ascending client id (the global order). */
    PriorityList(int ports) {
        rank = new int[ports];
        for (int m = 0; m < ports; m++) {
            rank[m] = m;
        }
    }

    /** True if port a has a higher priority than port b. */
    public boolean outranks(int a, int b) {
        return rank[a] < rank[b];
    }

    public int rank(int port) {
        return rank[port];
    }

    public int size() {
        return rank.length;
    }

    void giveLeastPriorityTo(int port) {
        int r = rank[port];
        for (int m = 0; m < rank.length; m++) {
            if (rank[m] > r) {
                rank[m]--;
            }
        }
        rank[port] = rank.length - 1;
    }

    /** Ports from highest to lowest priority. */
    public int[] order() {
        int[] order = new int[rank.length];
        for (int m = 0; m < rank.length; m++) {
            order[rank[m]] = m;
        }
        return order;
    }

    /** Sets the order: {@code order[0]} is the highest-priority port. */
    void load(int[] order) {
        if (order.length != rank.length) {
            throw new IllegalArgumentException(
                    "priority order has " + order.length + " ports, expected " + rank.length);
        }
        boolean[] seen = new boolean[rank.length];
        for (int r = 0; r < order.length; r++) {
            if (order[r] < 0 || order[r] >= rank.length || seen[order[r]]) {
                throw new IllegalArgumentException("priority order is not a permutation of the ports");
            }
            seen[order[r]] = true;
            rank[order[r]] = r;
        }
    }
}
