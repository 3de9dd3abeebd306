package org.ppbus.cosim;

import java.util.SplittableRandom;
import org.ppbus.workload.Streams;

/**
 * A closed-loop testbench written only against {@link Dut}: processors that follow the req/gnt
 * handshake react to gnt every cycle. It runs unchanged on the Java model and on the RTL, and
 * returns a digest of everything the DUT showed, so two DUTs can be compared.
 *
 * <p>Per processor, in cycle t: thinking, req is low and with probability {@code load} it wants
 * the bus from the next cycle; wanting, req is high until gnt(t) is seen, which starts a
 * transaction of {@code hold} cycles (this one included); after it, req is low again.
 */
public final class HandshakeBench {
    /** What a run saw: grants, the worst number of simultaneous gnt bits, and a digest of gnt and symbols. */
    public record Outcome(long grants, int maxSimultaneousGnt, long digest) {}

    private HandshakeBench() {}

    public static Outcome run(Dut dut, long seed, double load, int hold, long cycles) {
        int n = dut.nodes();
        SplittableRandom[] rng = new SplittableRandom[n];
        for (int i = 0; i < n; i++) {
            rng[i] = new SplittableRandom(Streams.seedFor(seed, "bench", i));
        }
        int[] phase = new int[n]; // 0 think, 1 want, 2 hold
        int[] remaining = new int[n];
        long grants = 0;
        int worst = 0;
        long digest = 1125899906842597L;
        for (long t = 0; t < cycles; t++) {
            int high = 0;
            for (int i = 0; i < n; i++) {
                boolean g = dut.gnt(i);
                if (g) {
                    high++;
                    digest = 31 * digest + (t * n + i);
                }
                boolean req;
                switch (phase[i]) {
                    case 0 -> {
                        req = false;
                        if (rng[i].nextDouble() < load) {
                            phase[i] = 1;
                        }
                    }
                    case 1 -> {
                        req = true;
                        if (g) {
                            grants++;
                            remaining[i] = hold - 1;
                            phase[i] = remaining[i] == 0 ? 0 : 2;
                        }
                    }
                    default -> {
                        req = true;
                        if (--remaining[i] == 0) {
                            phase[i] = 0;
                        }
                    }
                }
                dut.poke(i, req);
            }
            worst = Math.max(worst, high);
            dut.step();
            for (int ch = 0; ch < dut.channels(); ch++) {
                int s = dut.symbol(ch);
                if (s != 0) {
                    digest = 31 * digest + (t * 4L * dut.channels() + 4L * ch + s);
                }
            }
        }
        return new Outcome(grants, worst, digest);
    }
}
