package org.ppbus.search.graph;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.ppbus.testkit.Search;

@Search
class StateTableTest {

    /**
     * The tree-compressed table against a plain map of the same states: the same index for every
     * state (dense, in insertion order), and every state read back word for word. The states mix
     * words drawn from a few values (as units that did not move) with free ones, so inner nodes are
     * shared and the tables grow through several resizes.
     */
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 7, 8, 16, 17})
    void agreesWithAMapOfTheSameStates(int words) {
        StateTable t = new StateTable(words);
        Map<List<Long>, Integer> ref = new HashMap<>();
        List<long[]> byIndex = new ArrayList<>();
        Random rnd = new Random(words);
        for (int k = 0; k < 200_000; k++) {
            long[] s = new long[words];
            for (int w = 0; w < words; w++) {
                s[w] = w % 2 == 0 ? rnd.nextInt(5) - 2L : rnd.nextLong() >>> rnd.nextInt(64);
            }
            List<Long> key = Arrays.stream(s).boxed().toList();
            Integer expected = ref.get(key);
            int got = t.addOrFind(s);
            if (expected == null) {
                assertEquals(ref.size(), got, "a new state gets the next index");
                ref.put(key, got);
                byIndex.add(s);
            } else {
                assertEquals(expected, got);
            }
        }
        assertEquals(ref.size(), t.size());
        for (int i = 0; i < byIndex.size(); i += 97) {
            assertArrayEquals(byIndex.get(i), t.get(i));
        }
    }

    /** The leaves hold the state's two halves interleaved, a permutation of the words for every width. */
    @Test
    void theLeavesInterleaveTheHalves() {
        assertArrayEquals(
                new int[] {0, 8, 1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15}, StateTable.interleavedHalves(16));
        assertArrayEquals(new int[] {0, 3, 1, 4, 2}, StateTable.interleavedHalves(5));
        assertArrayEquals(new int[] {0}, StateTable.interleavedHalves(1));
        for (int words = 1; words <= 64; words++) {
            int[] order = StateTable.interleavedHalves(words).clone();
            Arrays.sort(order);
            for (int i = 0; i < words; i++) {
                assertEquals(i, order[i], "a permutation of " + words + " words");
            }
        }
    }

    @Test
    void refusesAStateOfTheWrongWidthAndAnIndexNotStored() {
        StateTable t = new StateTable(3);
        t.addOrFind(new long[] {1, 2, 3});
        assertThrows(IllegalArgumentException.class, () -> t.addOrFind(new long[] {1, 2}));
        assertThrows(IndexOutOfBoundsException.class, () -> t.get(1));
    }

    /** Keys that differ in one bit or collide in the low bits still get distinct ids, past every resize. */
    @Test
    void longIdsKeepsNearKeysApart() {
        LongIds ids = new LongIds();
        for (long k = 0; k < 100_000; k++) {
            assertEquals((int) k, ids.addOrFind(k << 32));
        }
        for (long k = 0; k < 100_000; k++) {
            assertEquals((int) k, ids.addOrFind(k << 32));
            assertEquals(k << 32, ids.key((int) k));
        }
        assertEquals(100_000, ids.size());
    }
}
