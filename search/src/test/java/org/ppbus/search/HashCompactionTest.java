package org.ppbus.search;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.ppbus.protocol.RuleSet;
import org.ppbus.search.graph.FingerprintSet;
import org.ppbus.search.graph.ParentLog;
import org.ppbus.search.graph.SpillQueue;

/**
 * Hash compaction against the lossless search: the same states, transitions and verdicts
 * where no fingerprints collide (the bound says how unlikely a collision is at these sizes), never
 * reported as complete; and its disk parts, the queue of states to expand and the parents, give back
 * what was put in.
 */
class HashCompactionTest {
    @ParameterizedTest(name = "n = {0}, L = {1}, {2}")
    @CsvSource({"3, 1, fixed", "3, 2, fixed", "3, 1, literal", "3, 2, literal+F1"})
    void theSameSearchAsTheLosslessOne(int n, int latency, String rules) {
        SearchOptions lossless =
                SearchOptions.of(n, latency, RuleSet.parse(rules)).withoutLiveness();
        SearchResult a = new StateSearch(lossless).run(() -> 0);
        SearchResult h = new StateSearch(lossless.withHashCompaction()).run(() -> 0);
        assertEquals(a.states(), h.states());
        assertEquals(a.transitions(), h.transitions());
        assertEquals(a.depth(), h.depth());
        assertEquals(a.findings().size(), h.findings().size());
        for (int i = 0; i < a.findings().size(); i++) {
            assertEquals(a.findings().get(i).message(), h.findings().get(i).message());
            assertEquals(
                    a.findings().get(i).path().size(),
                    h.findings().get(i).path().size());
            for (int c = 0; c < a.findings().get(i).path().size(); c++) {
                assertArrayEquals(
                        a.findings().get(i).path().get(c),
                        h.findings().get(i).path().get(c));
            }
        }
        assertFalse(h.complete(), "hash compaction is never the complete search");
        assertNull(a.compaction());
        assertNotNull(h.compaction());
        if (a.complete()) {
            assertEquals(SearchEnd.Reason.HASH_COMPACTION, h.end().reason(), h.stoppedBecause());
        }
    }

    /** The bound from first principles: (N(N − 1)/2 + 2N) / 2^64. */
    @Test
    void theOmissionBound() {
        assertEquals(0.0, FingerprintSet.omissionBound(0));
        assertEquals((3426.0 * 3425 / 2 + 2 * 3426) / Math.pow(2, 64), FingerprintSet.omissionBound(3426), 1e-25);
        // 2^32 states: about 2^63 pairs, one half.
        assertEquals(0.5, FingerprintSet.omissionBound(1L << 32), 1e-6);
        assertEquals(1.0, FingerprintSet.omissionBound(1L << 40));
    }

    /** A fingerprint reads every word: two states that differ in any one word differ in it. */
    @Test
    void everyWordCounts() {
        // java.util.Random's bounded longs repeat after 16,384 states of 16 small words: SplittableRandom's do not.
        SplittableRandom r = new SplittableRandom(1);
        FingerprintSet set = new FingerprintSet();
        for (int t = 0; t < 20_000; t++) {
            long[] s = r.longs(16, 0, 4).toArray();
            s[0] = t; // distinct by construction
            long fp = FingerprintSet.fingerprint(s);
            for (int w = 0; w < s.length; w++) {
                long[] other = s.clone();
                other[w] ^= 1L << r.nextInt(64);
                assertTrue(fp != FingerprintSet.fingerprint(other), "word " + w);
            }
            set.add(fp);
        }
        assertEquals(20_000, set.size(), "20,000 distinct states, 20,000 fingerprints");
    }

    @Test
    void theQueueGivesBackEveryStateInOrderThroughTheDisk(@TempDir Path dir) throws IOException {
        Path folder = dir.resolve("q");
        long[][] states = new long[10_000][];
        Random r = new Random(2);
        try (SpillQueue q = new SpillQueue(5, folder, 64, 2)) {
            for (int i = 0; i < states.length; i++) {
                states[i] = r.longs(5).toArray();
                q.add(states[i]);
                if (i % 3 == 0) {
                    assertArrayEquals(states[i / 3], q.get(i / 3)); // reading while writing, as a search does
                }
            }
            assertTrue(q.spilledBytes() > 0, "the newest chunks went to disk");
            for (int i = states.length / 3 + 1; i < states.length; i++) {
                assertArrayEquals(states[i], q.get(i), "state " + i);
            }
            assertThrows(IllegalStateException.class, () -> q.get(0), "a state once expanded is gone");
        }
        try (Stream<Path> left = Files.list(folder)) {
            assertEquals(0, left.count(), "every chunk file deleted");
        }
    }

    @Test
    void theParentsComeBackFromTheDisk(@TempDir Path dir) {
        try (ParentLog log = new ParentLog(dir.resolve("p"), 100)) {
            for (int s = 0; s < 1000; s++) {
                log.add(s, s - 1, 3L * s << 40 | s);
            }
            assertTrue(log.diskBytes() > 0);
            for (int s : new int[] {0, 1, 7, 8, 9, 500, 998, 999}) {
                assertEquals(s - 1, log.parent(s));
                assertEquals(3L * s << 40 | s, log.action(s));
            }
        }
    }
}
