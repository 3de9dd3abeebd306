package org.ppbus.check;

import java.util.Arrays;
import org.ppbus.bus.BusSet;
import org.ppbus.bus.Need;
import org.ppbus.bus.Sharing;

/**
 * The bookkeeping behind K1–K3 ({@link Invariants}) in a run with more than one bus, h-requests
 * or groups: who holds which bus, in which group, and who is in. It replaces I1, which a shared
 * run breaks by design; a run of the paper's single bus never builds one.
 */
final class BusChecks {
    private final int[] holderGroup; // per bus: Invariants.FREE, or the group of its holders
    private final int[] holders; // per bus: how many processors hold it
    private final long[] held; // per node: the buses it holds
    private int groupIn = Need.NO_GROUP; // the group of those in, while someone is
    private int in; // processors in
    private int inUse; // buses held by someone
    private int maxInUse;
    private long violations;
    private final boolean grouped; // requests carry groups, so K3 applies

    BusChecks(Sharing sharing, int nodes) {
        this.grouped = sharing.groups() > 0;
        this.holderGroup = new int[sharing.buses()];
        Arrays.fill(holderGroup, Invariants.FREE);
        this.holders = new int[sharing.buses()];
        this.held = new long[nodes];
    }

    /** A grant: the first rule it breaks, or null; its buses are taken either way. */
    Violation granted(int node, BusSet set, Need need, long cycle) {
        Violation v = Invariants.wholeDemand(node, set, need, cycle);
        if (v == null) {
            v = Invariants.busExclusion(node, set, need, holderGroup, cycle);
        }
        if (v == null && need.grouped()) {
            v = Invariants.groupExclusion(node, need, groupIn, in, cycle);
        }
        violations += v == null ? 0 : 1;
        in++;
        groupIn = need.group();
        held[node] = set.mask();
        for (long m = set.mask(); m != 0; m &= m - 1) {
            int b = Long.numberOfTrailingZeros(m);
            if (b < holders.length) {
                inUse += holders[b]++ == 0 ? 1 : 0;
                holderGroup[b] = need.group();
            }
        }
        maxInUse = Math.max(maxInUse, inUse);
        return v;
    }

    /** The node's processor left: its buses are free unless others of its group still hold them. */
    void released(int node) {
        in--;
        for (long m = held[node]; m != 0; m &= m - 1) {
            int b = Long.numberOfTrailingZeros(m);
            if (b < holders.length && --holders[b] == 0) {
                holderGroup[b] = Invariants.FREE;
                inUse--;
            }
        }
        held[node] = 0;
    }

    /** Requests of this run carry groups: K3 is checked on their grants. */
    boolean grouped() {
        return grouped;
    }

    /** k, the buses of the run. */
    int buses() {
        return holders.length;
    }

    /** The most buses in use at once. */
    int maxInUse() {
        return maxInUse;
    }

    /** Grants that broke K1, K2 or K3. */
    long violations() {
        return violations;
    }
}
