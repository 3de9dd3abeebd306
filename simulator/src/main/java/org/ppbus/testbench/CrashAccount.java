package org.ppbus.testbench;

import java.util.stream.IntStream;
import org.ppbus.bus.Processors;

/**
 * Who is still served after a crash-stop. From the crash on, every live processor's requests are the
 * load it offers (those waiting at the crash included), and its grants what it got. A survivor had
 * every such request served; a processor cut off has one that never was.
 */
final class CrashAccount {
    private final int crashed;
    private final long cycle;
    private final long[] asked;
    private final long[] served;
    private boolean active;

    CrashAccount(int nodes, int crashed, long cycle) {
        this.crashed = crashed;
        this.cycle = cycle;
        this.asked = new long[nodes];
        this.served = new long[nodes];
    }

    /** The crash happens now: whoever waits has offered a request the crash may cut off. */
    void crash(Processors processors) {
        active = true;
        for (int i = 0; i < asked.length; i++) {
            if (i != crashed && processors.waiting(i)) {
                asked[i]++;
            }
        }
    }

    void requested(int node) {
        if (active && node != crashed) {
            asked[node]++;
        }
    }

    void granted(int node) {
        if (active && node != crashed) {
            served[node]++;
        }
    }

    FaultOutcome.Survival survival() {
        int[] live = IntStream.range(0, asked.length)
                .filter(i -> i != crashed && asked[i] > 0)
                .toArray();
        long offered = IntStream.of(live).mapToLong(i -> asked[i]).sum();
        long got = IntStream.of(live).mapToLong(i -> served[i]).sum();
        return new FaultOutcome.Survival(
                crashed,
                cycle,
                IntStream.of(live).filter(i -> served[i] == asked[i]).toArray(),
                IntStream.of(live).filter(i -> served[i] < asked[i]).toArray(),
                offered == 0 ? 1.0 : (double) got / offered,
                null);
    }
}
