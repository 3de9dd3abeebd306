package org.ppbus.protocol.wired;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import org.junit.jupiter.api.Test;
import org.ppbus.bus.Fabric;

/**
 * The grant latencies docs/PROTOCOL.md derives for the wired arbiters, against scripted runs: a
 * first request on an idle bus, a re-entry, and every processor asking at once. Each expected value
 * is the derivation's formula, computed here; the wait of a request is the cycle its gnt rises minus
 * the cycle its req rose.
 */
class WiredLatencyTest {
    /**
     * Raises req at scripted cycles and lowers it {@code hold} cycles after its gnt rose, as the
     * simulator's processors do.
     */
    private static final class Script implements Fabric.GrantSink {
        final List<long[]> grants = new ArrayList<>(); // {node, cycle gnt rises}
        private final List<long[]> rises = new ArrayList<>(); // {node, cycle}
        private final List<long[]> falls = new ArrayList<>();
        private final int hold;
        private final Fabric fabric;
        private int eating = -1;

        Script(int hold, BiFunction<Integer, Fabric.GrantSink, Fabric> make, int nodes) {
            this.hold = hold;
            this.fabric = make.apply(nodes, this);
        }

        Script ask(int node, long cycle) {
            rises.add(new long[] {node, cycle});
            return this;
        }

        Script run(long cycles) {
            for (long t = 0; t < cycles; t++) {
                for (long[] r : List.copyOf(rises)) {
                    if (r[1] == t) {
                        fabric.request((int) r[0], true, t);
                    }
                }
                for (long[] f : List.copyOf(falls)) {
                    if (f[1] == t) {
                        fabric.request((int) f[0], false, t);
                    }
                }
                fabric.step(t);
            }
            return this;
        }

        @Override
        public void granted(int node, long cycle) {
            if (eating >= 0) {
                throw new AssertionError("cycle " + cycle + ": " + node + " granted while " + eating + " eats");
            }
            eating = node;
            grants.add(new long[] {node, cycle + 1});
            falls.add(new long[] {node, cycle + 1 + hold});
        }

        @Override
        public void released(int node, long cycle) {
            eating = -1;
        }

        /** The cycle gnt rose for the k-th grant (0-based) of node, or -1. */
        long rise(int node, int k) {
            return grants.stream()
                    .filter(g -> g[0] == node)
                    .skip(k)
                    .mapToLong(g -> g[1])
                    .findFirst()
                    .orElse(-1);
        }
    }

    private static final BiFunction<Integer, Fabric.GrantSink, Fabric> RR = CentralRoundRobin::new;
    private static final BiFunction<Integer, Fabric.GrantSink, Fabric> MATRIX = CentralMatrix::new;
    private static final BiFunction<Integer, Fabric.GrantSink, Fabric> CHAIN = (n, s) -> new DaisyChain(n, false, s);
    private static final BiFunction<Integer, Fabric.GrantSink, Fabric> FAIR = (n, s) -> new DaisyChain(n, true, s);
    private static final BiFunction<Integer, Fabric.GrantSink, Fabric> CONTENTION = ParallelContention::new;

    /** First request on an idle bus and a re-entry after a think of 2 cycles, node by node. */
    @Test
    void anIdleBusGrantsWithinTheDerivedLatency() {
        for (int n : new int[] {1, 2, 7, 13, 31}) {
            int m = Math.max(1, 32 - Integer.numberOfLeadingZeros(n - 1));
            for (int i = 0; i < n; i++) {
                // Central: req seen in t, gnt in t + 1. Chain: issued in t, at position 0 in t + 1, at
                // position i in t + 1 + i, taken there: gnt in t + 2 + i. Contention: the round starts
                // in t, decides in t + m, the winner is granted in t + m + 1: gnt in t + m + 2.
                check(RR, n, i, 1);
                check(MATRIX, n, i, 1);
                check(CHAIN, n, i, i + 2);
                check(FAIR, n, i, i + 2);
                check(CONTENTION, n, i, m + 2);
            }
        }
    }

    private static void check(BiFunction<Integer, Fabric.GrantSink, Fabric> make, int n, int node, long wait) {
        int hold = 3;
        long first = 5;
        Script s = new Script(hold, make, n).ask(node, first);
        s.run(first + wait + hold + 1);
        assertEquals(first + wait, s.rise(node, 0), "first request of " + node + " at n = " + n);
        // req fell hold cycles after gnt rose; it rises again in the next cycle.
        long again = s.rise(node, 0) + hold + 1;
        Script r = new Script(hold, make, n).ask(node, first).ask(node, again);
        r.run(again + wait + 2);
        assertEquals(again + wait, r.rise(node, 1), "re-entry of " + node + " at n = " + n);
    }

    /**
     * Every processor asks in cycle 0 and holds for h cycles; the grants follow each design's
     * order, and the k-th grant's cycle is the derivation's recurrence.
     */
    @Test
    void everyProcessorAskingIsServedInTheDerivedOrderAndCycles() {
        for (int n : new int[] {2, 7, 13}) {
            for (int h : new int[] {1, 2, 6}) {
                int m = Math.max(1, 32 - Integer.numberOfLeadingZeros(n - 1));
                long[] central = new long[n];
                long[] chain = new long[n];
                long[] contention = new long[n];
                // A grant in cycle g: gnt rises in g + 1 and req falls in g + 1 + h. Central: the next
                // is granted in the cycle req falls. Chain: the arbiter sends a grant in that cycle;
                // it reaches position k + 1 after k + 2 more cycles. Contention: the next round starts
                // the cycle after a grant and decides m cycles later, so grants are max(h + 1, m + 2)
                // apart, highest number first.
                long gChain = 1;
                long gContention = m + 1;
                for (int k = 0; k < n; k++) {
                    central[k] = k * (long) (h + 1) + 1;
                    chain[k] = gChain + 1;
                    gChain += h + 1 + k + 2;
                    contention[n - 1 - k] = gContention + 1;
                    gContention += Math.max(h + 1, m + 2);
                }
                all(RR, n, h, central);
                all(MATRIX, n, h, central);
                all(CHAIN, n, h, chain);
                all(FAIR, n, h, chain);
                all(CONTENTION, n, h, contention);
            }
        }
    }

    private static void all(BiFunction<Integer, Fabric.GrantSink, Fabric> make, int n, int hold, long[] rise) {
        Script s = new Script(hold, make, n);
        for (int i = 0; i < n; i++) {
            s.ask(i, 0);
        }
        s.run(rise[n - 1] + rise[0] + 2 * (long) n * (hold + n + 2));
        for (int i = 0; i < n; i++) {
            assertEquals(rise[i], s.rise(i, 0), "gnt of " + i + " at n = " + n + ", hold " + hold);
        }
        assertEquals(n, s.grants.size(), "each served once");
    }

    /**
     * The contention lines settle in m - 1 cycles of withdrawal, and no fewer when every m-bit
     * number is in use: from the OR of any set of numbers, repeated rounds of
     * {@link ParallelContention#drive} reach the highest within m - 1 rounds, and at n = 2^m some set
     * needs all m - 1 (below that fewer may do, at n = 5 one, but the design keeps m - 1 for every n).
     */
    @Test
    void theContentionLinesSettleOnTheHighestNumberInMMinusOneCycles() {
        for (int n = 2; n <= 16; n++) {
            int m = Math.max(1, 32 - Integer.numberOfLeadingZeros(n - 1));
            int worst = 0;
            for (int set = 1; set < 1 << n; set++) {
                int lines = 0;
                int max = 0;
                for (int i = 0; i < n; i++) {
                    if ((set >> i & 1) != 0) {
                        lines |= i;
                        max = i;
                    }
                }
                int rounds = 0;
                while (lines != max && rounds < m) {
                    int next = 0;
                    for (int i = 0; i < n; i++) {
                        if ((set >> i & 1) != 0) {
                            next |= ParallelContention.drive(i, lines, m);
                        }
                    }
                    lines = next;
                    rounds++;
                }
                assertEquals(max, lines, "n = " + n + ", competitors " + Integer.toBinaryString(set));
                worst = Math.max(worst, rounds);
            }
            assertTrue(worst <= m - 1, "n = " + n + " needed " + worst + " rounds");
            if (n == 1 << m) {
                assertEquals(m - 1, worst, "n = " + n);
            }
        }
    }
}
