package org.ppbus.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The histogram against an independent model, a sorted list of the samples: percentiles by nearest
 * rank, bins, mean and max, with samples on both sides of the dense range and far beyond it.
 */
class HistogramTest {
    @Test
    void agreesWithASortedListOfTheSamples() {
        SplittableRandom random = new SplittableRandom(33);
        Histogram h = new Histogram();
        List<Long> all = new ArrayList<>();
        for (int i = 0; i < 5_000; i++) {
            long v = switch (random.nextInt(3)) {
                case 0 -> random.nextInt(100);
                case 1 -> Histogram.DENSE - 3 + random.nextInt(6);
                default -> random.nextLong(Integer.MAX_VALUE * 4L);
            };
            h.add(v);
            all.add(v);
        }
        all.sort(null);
        for (double q : new double[] {0.01, 0.25, 0.5, 0.9, 0.99, 1.0}) {
            long rank = Math.max(1, (long) Math.ceil(q * all.size()));
            assertEquals(all.get((int) rank - 1), h.percentile(q), "q = " + q);
        }
        Map<Long, Long> bins = new TreeMap<>();
        all.forEach(v -> bins.merge(v, 1L, Long::sum));
        assertEquals(bins, new TreeMap<>(h.bins()));
        assertEquals(all.get(all.size() - 1), h.max());
        assertEquals(all.stream().mapToLong(Long::longValue).sum(), h.sum());
    }

    /** A wait of 2^31 cycles costs one map entry, not a 16 GB array. */
    @Test
    void aHugeSampleCostsOneEntry() {
        Histogram h = new Histogram();
        h.add(5);
        h.add(Integer.MAX_VALUE * 3L);
        assertEquals(Map.of(5L, 1L, Integer.MAX_VALUE * 3L, 1L), h.bins());
        assertEquals(Integer.MAX_VALUE * 3L, h.percentile(1.0));
        h.clear();
        assertEquals(Map.of(), h.bins());
    }
}
