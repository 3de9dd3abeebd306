package org.ppbus.stats;

import java.util.Arrays;
import java.util.Map;
import org.ppbus.bus.BusSet;
import org.ppbus.link.Direction;
import org.ppbus.link.Message;
import org.ppbus.plane.Wiring;
import org.ppbus.protocol.cc.Symbols;

/**
 * Counts what crosses the wires and what the processors see.
 *
 * <ul>
 *   <li>symbols: every non-idle 2-bit symbol; bits = 2 × symbols;</li>
 *   <li>messages: the paper's convention (§6; docs/SPEC.md §0 "combined"): a REQUEST driven on
 *       a channel in the cycle right after a DIRTY_FORK (client → arbiter) or a FORK (arbiter →
 *       client) on the same channel belongs to that fork's message (docs/SPEC.md (contract));</li>
 *   <li>each split into local (client i ↔ arbiter i) and inter-node, and their total.</li>
 * </ul>
 *
 * <p>A design with a plane of units per bus (campos-carvalho-k) is counted plane by plane: a REQUEST
 * joins the fork driven on the same channel of the same plane only, and a plane's symbol is charged
 * to the processor seated at the client whose link carries it ({@link Seats}).
 *
 * <p>Per entry, each symbol or message is charged to one entry, in the period that runs from a
 * processor's request to its next request (such a period holds exactly one entry): a symbol to the
 * processor at the client whose link carries it; a baseline's message to its receiver while the
 * receiver waits for the bus and the sender does not (an answer to a request) or when the sender has
 * not asked yet (a late answer), otherwise to its sender. Bits are charged with their symbol or message. The per-entry mean, max and histogram are
 * over the served entries' charges, so the mean never exceeds the max; traffic charged to no served
 * entry (before a processor's first request, or for a request still unserved when the run ended or
 * stopped at a violation) is counted in the totals and reported apart as outside any entry.
 */
public final class Statistics {
    private final int nodes;
    private final Wiring wiring;
    private final Seats seats;
    private final long[][] lastForkCycle; // [plane][2 * link + dir]
    private final long[][] periodCount; // [kind][client], kind = MSG_LOCAL.. SYM_INTER
    private final boolean[] periodHasEntry;
    private final boolean[] waiting; // between a processor's request and its grant
    private final long[] totals = new long[4];
    private final long[] messageBits = new long[2]; // baselines: local, inter-node
    private final Histogram[] perEntry = new Histogram[9];
    private final Histogram wait = new Histogram();
    private final Histogram syncDelay = new Histogram();
    private final long[] entriesOf;
    private final int[][] waitsOf; // per node, the wait of each entry (growable)
    private long entries;
    /** Per bus, the cycle it was released while someone waited, or -1: its next grant closes a sync delay. */
    private final long[] syncReleaseCycle = new long[BusSet.MAX_BUSES];

    private final int[] periodCleanYields;
    private final int[][] linkCleanYields; // [plane][link]
    private long cleanYields;
    private long maxCleanYieldsPerPeriod;
    private long maxCleanYieldsAtOneArbiter;

    private static final int MSG_LOCAL = 0;
    private static final int MSG_INTER = 1;
    private static final int SYM_LOCAL = 2;
    private static final int SYM_INTER = 3;
    private static final int BIT_LOCAL = 4;
    private static final int BIT_INTER = 5;

    public Statistics(Wiring wiring) {
        this(wiring, Seats.ONE);
    }

    /** The statistics of a design whose planes seat the processors as {@code seats} says. */
    public Statistics(Wiring wiring, Seats seats) {
        this.wiring = wiring;
        this.seats = seats;
        this.nodes = wiring.nodes();
        this.lastForkCycle = new long[seats.planes()][2 * wiring.links()];
        for (long[] l : lastForkCycle) {
            Arrays.fill(l, Long.MIN_VALUE / 2);
        }
        Arrays.fill(syncReleaseCycle, -1);
        this.periodCount = new long[6][nodes];
        this.periodHasEntry = new boolean[nodes];
        this.waiting = new boolean[nodes];
        for (int i = 0; i < perEntry.length; i++) {
            perEntry[i] = new Histogram();
        }
        this.periodCleanYields = new int[nodes];
        this.linkCleanYields = new int[seats.planes()][wiring.links()];
        this.entriesOf = new long[nodes];
        this.waitsOf = new int[nodes][];
    }

    /** A symbol of the one plane. */
    public void symbolDriven(Direction direction, int link, int code, long cycle) {
        symbolDriven(0, direction, link, code, cycle);
    }

    /** A symbol driven on plane {@code plane}'s link. */
    public void symbolDriven(int plane, Direction direction, int link, int code, long cycle) {
        boolean clientToArbiter = direction == Direction.C2A;
        int client = seats.processorAt(plane, wiring.linkClient(link)); // the processor charged
        boolean local = wiring.isLocal(link);
        int dirIdx = 2 * link + (clientToArbiter ? 1 : 0);
        boolean fork = clientToArbiter ? code == Symbols.DIRTY_FORK : code == Symbols.FORK;
        boolean request = clientToArbiter ? code == Symbols.C_REQUEST : code == Symbols.A_REQUEST;
        boolean joinsFork = request && lastForkCycle[plane][dirIdx] == cycle - 1;
        if (fork) {
            lastForkCycle[plane][dirIdx] = cycle;
        }
        if (clientToArbiter && code == Symbols.CLEAN_FORK) {
            // R7: a hungry client yields an unused fork. Counted per hungry period (CC-15).
            cleanYields++;
            maxCleanYieldsPerPeriod = Math.max(maxCleanYieldsPerPeriod, ++periodCleanYields[client]);
            maxCleanYieldsAtOneArbiter = Math.max(maxCleanYieldsAtOneArbiter, ++linkCleanYields[plane][link]);
        }
        int sym = local ? SYM_LOCAL : SYM_INTER;
        totals[sym]++;
        periodCount[sym][client]++;
        periodCount[local ? BIT_LOCAL : BIT_INTER][client] += 2;
        if (!joinsFork) {
            int msg = local ? MSG_LOCAL : MSG_INTER;
            totals[msg]++;
            periodCount[msg][client]++;
        }
    }

    /**
     * A message of a baseline algorithm: one message of its real width, charged to the entry it
     * serves (see above).
     */
    public void message(Message m, long cycle) {
        boolean local = m.from() == m.to();
        int msg = local ? MSG_LOCAL : MSG_INTER;
        totals[msg]++;
        messageBits[local ? 0 : 1] += m.bits();
        int charged = chargedTo(m.from(), m.to());
        if (charged >= 0) {
            periodCount[msg][charged]++;
            periodCount[local ? BIT_LOCAL : BIT_INTER][charged] += m.bits();
        }
    }

    /**
     * The processor whose entry a message serves, or -1 when it involves none: the receiver when it
     * waits and the sender does not (an answer), or when the sender has asked for nothing yet (a
     * late answer to a request already served); otherwise the sender.
     */
    private int chargedTo(int from, int to) {
        boolean toWaits = to < nodes && waiting[to];
        boolean fromWaits = from < nodes && waiting[from];
        boolean fromInAPeriod = from < nodes && (fromWaits || periodHasEntry[from]);
        if (to < nodes && (toWaits && !fromWaits || !fromInAPeriod)) {
            return to;
        }
        return from < nodes ? from : -1;
    }

    public void requested(int node, long cycle) {
        closePeriod(node);
        waiting[node] = true;
        periodCleanYields[node] = 0;
        int k = wiring.lineSize();
        for (int p = 0; p < linkCleanYields.length; p++) {
            int c = seats.clientOf(p, node);
            Arrays.fill(linkCleanYields[p], c * k, c * k + k, 0);
        }
    }

    private void closePeriod(int node) {
        if (periodHasEntry[node]) {
            long ml = periodCount[MSG_LOCAL][node];
            long mi = periodCount[MSG_INTER][node];
            long sl = periodCount[SYM_LOCAL][node];
            long si = periodCount[SYM_INTER][node];
            perEntry[0].add(ml);
            perEntry[1].add(mi);
            perEntry[2].add(ml + mi);
            perEntry[3].add(sl);
            perEntry[4].add(si);
            perEntry[5].add(sl + si);
            long bl = periodCount[BIT_LOCAL][node];
            long bi = periodCount[BIT_INTER][node];
            perEntry[6].add(bl);
            perEntry[7].add(bi);
            perEntry[8].add(bl + bi);
        }
        for (long[] c : periodCount) {
            c[node] = 0;
        }
        periodHasEntry[node] = false;
    }

    /** Processor node was granted bus 0: req rose in riseCycle, gnt is first high in firstGntCycle. */
    public void granted(int node, long riseCycle, long firstGntCycle) {
        granted(node, 1L, riseCycle, firstGntCycle);
    }

    /**
     * Processor node was granted the buses of {@code busMask} (bit b for bus b): req rose in
     * riseCycle, gnt is first high in firstGntCycle. Each of those buses released while someone
     * waited closes a sync delay: the cycles it stood idle from its release to this grant.
     */
    public void granted(int node, long busMask, long riseCycle, long firstGntCycle) {
        waiting[node] = false;
        entries++;
        entriesOf[node]++;
        periodHasEntry[node] = true;
        long w = firstGntCycle - riseCycle;
        wait.add(w);
        int count = (int) entriesOf[node] - 1;
        if (waitsOf[node] == null) {
            waitsOf[node] = new int[8];
        } else if (count == waitsOf[node].length) {
            waitsOf[node] = Arrays.copyOf(waitsOf[node], count * 2);
        }
        waitsOf[node][count] = (int) Math.min(Integer.MAX_VALUE, w);
        for (long m = busMask; m != 0; m &= m - 1) {
            int b = Long.numberOfTrailingZeros(m);
            if (syncReleaseCycle[b] >= 0) {
                // gnt fell in release+1 and rises in firstGnt: the bus was idle for this many cycles.
                syncDelay.add(firstGntCycle - (syncReleaseCycle[b] + 1));
                syncReleaseCycle[b] = -1;
            }
        }
    }

    /** A client left EATING on bus 0 in this cycle; someWaiting says whether another processor was waiting. */
    public void released(int node, long cycle, boolean someWaiting) {
        released(node, 1L, cycle, someWaiting);
    }

    /**
     * Processor node let go of the buses of {@code busMask} in this cycle; someWaiting says whether
     * another processor was waiting. The delay of each bus runs to its own next grant, whoever it
     * goes to: a release of bus b is never paired with a grant of another bus.
     */
    public void released(int node, long busMask, long cycle, boolean someWaiting) {
        if (someWaiting) {
            for (long m = busMask; m != 0; m &= m - 1) {
                syncReleaseCycle[Long.numberOfTrailingZeros(m)] = cycle;
            }
        }
    }

    public long entries() {
        return entries;
    }

    /**
     * Forgets everything counted so far: the warm-up is over. Requests still waiting are counted
     * when they are granted (their waits from their rise), with the messages of their period from
     * now on.
     */
    public void restart() {
        Arrays.fill(totals, 0);
        Arrays.fill(messageBits, 0);
        for (Histogram h : perEntry) {
            h.clear();
        }
        wait.clear();
        syncDelay.clear();
        for (long[] c : periodCount) {
            Arrays.fill(c, 0);
        }
        Arrays.fill(periodHasEntry, false);
        Arrays.fill(entriesOf, 0);
        Arrays.fill(waitsOf, null);
        entries = 0;
        Arrays.fill(syncReleaseCycle, -1);
        Arrays.fill(periodCleanYields, 0);
        for (int[] l : linkCleanYields) {
            Arrays.fill(l, 0);
        }
        cleanYields = 0;
        maxCleanYieldsPerPeriod = 0;
        maxCleanYieldsAtOneArbiter = 0;
    }

    public long entries(int node) {
        return entriesOf[node];
    }

    /** Closes every open period and summarises. */
    public Summary summarise(long cycles, long busyCycles, int[] activeNodes) {
        for (int i = 0; i < nodes; i++) {
            closePeriod(i);
        }
        double jain = jain(activeNodes);
        Count messages = count(totals[MSG_LOCAL], totals[MSG_INTER], perEntry[0], perEntry[1], perEntry[2]);
        Count symbols = count(totals[SYM_LOCAL], totals[SYM_INTER], perEntry[3], perEntry[4], perEntry[5]);
        // Campos-Carvalho symbols are 2 bits each; baseline messages carry their own widths.
        long bl = 2 * symbols.local() + messageBits[0];
        long bi = 2 * symbols.interNode() + messageBits[1];
        Count bits = count(bl, bi, perEntry[6], perEntry[7], perEntry[8]);
        long[] perNodeEntries = entriesOf.clone();
        Distribution[] perNodeWait = new Distribution[nodes];
        for (int i = 0; i < nodes; i++) {
            perNodeWait[i] = nodeWait(i);
        }
        return new Summary(
                entries,
                messages,
                symbols,
                bits,
                new Distribution(
                        wait.samples(),
                        wait.mean(),
                        wait.percentile(0.5),
                        wait.percentile(0.99),
                        wait.max(),
                        wait.bins()),
                new Distribution(
                        syncDelay.samples(),
                        syncDelay.mean(),
                        syncDelay.percentile(0.5),
                        syncDelay.percentile(0.99),
                        syncDelay.max(),
                        syncDelay.bins()),
                cycles == 0 ? 0 : (double) busyCycles / cycles,
                jain,
                perNodeEntries,
                perNodeWait,
                new CleanYields(cleanYields, maxCleanYieldsPerPeriod, maxCleanYieldsAtOneArbiter));
    }

    /** Mean, nearest-rank p50 and p99, and max of one node's waits. */
    private Distribution nodeWait(int node) {
        int count = (int) entriesOf[node];
        if (count == 0) {
            return new Distribution(0, 0, 0, 0, 0, null);
        }
        int[] w = Arrays.copyOf(waitsOf[node], count);
        Arrays.sort(w);
        long sum = 0;
        for (int x : w) {
            sum += x;
        }
        return new Distribution(
                count, (double) sum / count, w[rank(0.5, count)], w[rank(0.99, count)], w[count - 1], null);
    }

    private static int rank(double q, int count) {
        return Math.max(1, (int) Math.ceil(q * count)) - 1;
    }

    private Count count(long local, long inter, Histogram hl, Histogram hi, Histogram ht) {
        return new Count(
                local, inter, local + inter, local + inter - ht.sum(), perEntry(hl), perEntry(hi), perEntry(ht));
    }

    /** Every period with an entry is closed by now, so the histogram holds one sample per entry. */
    private static PerEntry perEntry(Histogram h) {
        return new PerEntry(h.mean(), h.max(), h.bins());
    }

    private double jain(int[] activeNodes) {
        double sum = 0;
        double sumSq = 0;
        for (int i : activeNodes) {
            sum += entriesOf[i];
            sumSq += (double) entriesOf[i] * entriesOf[i];
        }
        return sumSq == 0 ? 1.0 : sum * sum / (activeNodes.length * sumSq);
    }

    /** Mean and max of the served entries' charges, with their histogram. */
    public record PerEntry(double mean, long max, Map<Long, Long> histogram) {}

    /**
     * Totals over the run, split local / inter-node; of the total, the part charged to no served
     * entry; and per entry.
     */
    public record Count(
            long local,
            long interNode,
            long total,
            long outsideEntries,
            PerEntry localPerEntry,
            PerEntry interNodePerEntry,
            PerEntry totalPerEntry) {}

    /** A distribution of cycle counts. */
    public record Distribution(long samples, double mean, long p50, long p99, long max, Map<Long, Long> histogram) {}

    public record Summary(
            long entries,
            Count messages,
            Count symbols,
            Count bits,
            Distribution waitCycles,
            Distribution syncDelay,
            double busUtilization,
            double jainFairness,
            long[] entriesPerNode,
            Distribution[] waitPerNode,
            CleanYields cleanYields) {}

    /**
     * Clean yields (R7): in all, the most one client made in one hungry period, and the most it made
     * to one arbiter in one hungry period.
     */
    public record CleanYields(long total, long maxPerHungryPeriod, long maxAtOneArbiterPerHungryPeriod) {}
}
