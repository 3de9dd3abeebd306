package org.ppbus.stats;

import java.util.Arrays;
import org.ppbus.bus.BusSet;
import org.ppbus.bus.Sharing;

/**
 * How a run with more than one bus, h-requests or groups used its buses: the cycles each bus had
 * at least one holder (processors of one group may hold a bus together, so a bus's busy cycles are
 * the union of its grants' holds, not their sum).
 */
public final class BusUse {
    private final Sharing sharing;
    private final long[] busy; // per bus: cycles with a holder, from countFrom on
    private final long[] busyUntil; // per bus: the last cycle of the latest hold counted
    private long countFrom;

    /**
     * What a report gives: the sharing, the most buses in use at once, the processors in at once
     * (mean over the measured cycles, and most), each bus's utilisation and their mean, and the
     * grants that broke an exclusion rule.
     */
    public record Summary(
            Sharing sharing,
            int maxInUse,
            double concurrencyMean,
            int concurrencyMax,
            double[] utilization,
            double overall,
            long exclusionViolations) {
        /** The sum of the buses' utilisations: bus-cycles in use per cycle, at most k. */
        public double total() {
            return Arrays.stream(utilization).sum();
        }
    }

    public BusUse(Sharing sharing) {
        this.sharing = sharing;
        this.busy = new long[sharing.buses()];
        this.busyUntil = new long[sharing.buses()];
        Arrays.fill(busyUntil, -1);
    }

    /**
     * A grant's hold: the buses of {@code set} are in use from {@code firstGnt} for {@code hold}
     * cycles. Grants come in the order their holds start, so each adds what it does not share with
     * the last one counted on the same bus.
     */
    public void held(BusSet set, long firstGnt, int hold) {
        long last = firstGnt + hold - 1;
        for (long m = set.mask(); m != 0; m &= m - 1) {
            int b = Long.numberOfTrailingZeros(m);
            if (b < busy.length) {
                long from = Math.max(Math.max(firstGnt, busyUntil[b] + 1), countFrom);
                busy[b] += Math.max(0, last - from + 1);
                busyUntil[b] = Math.max(busyUntil[b], last);
            }
        }
    }

    /** The warm-up is over: count again from this cycle. */
    public void restart(long cycle) {
        Arrays.fill(busy, 0);
        countFrom = cycle;
    }

    /** The summary over {@code cycles} measured cycles, with the checker's and the processors' counts. */
    public Summary summarise(long cycles, long transactingCycles, int maxTransacting, int maxInUse, long violations) {
        double[] u = new double[busy.length];
        double sum = 0;
        for (int b = 0; b < busy.length; b++) {
            u[b] = cycles == 0 ? 0 : Math.min(1.0, (double) busy[b] / cycles);
            sum += u[b];
        }
        double mean = cycles == 0 ? 0 : (double) transactingCycles / cycles;
        return new Summary(sharing, maxInUse, mean, maxTransacting, u, sum / busy.length, violations);
    }
}
