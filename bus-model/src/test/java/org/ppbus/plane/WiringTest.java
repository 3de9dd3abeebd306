package org.ppbus.plane;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class WiringTest {

    static IntStream oneTo300() {
        return IntStream.rangeClosed(1, 300);
    }

    @ParameterizedTest
    @MethodSource("oneTo300")
    void paddedWiringKeepsTheAxiomsForRealClients(int n) {
        Wiring w = Wiring.forNodes(n);
        int q = w.plane().order();
        int bigN = q * q + q + 1;
        assertEquals(bigN, w.points());
        assertTrue(bigN >= n);
        // Smallest: no smaller admissible order (1 or a prime power) reaches n.
        for (int smaller = 1; smaller < q; smaller++) {
            if (smaller == 1 || isPrimePowerByTrial(smaller)) {
                assertTrue(smaller * smaller + smaller + 1 < n, "order " + smaller + " would do for n=" + n);
            }
        }
        List<Integer> fict = new ArrayList<>();
        for (int p = n; p < bigN; p++) {
            fict.add(p);
        }
        assertEquals(fict, w.fictitious());
        for (int i = 0; i < n; i++) {
            int[] s = w.arbitersOf(i);
            assertEquals(q + 1, s.length);
            assertTrue(contains(s, i), "i ∈ S_i");
            for (int slot = 0; slot < s.length; slot++) {
                int[] clients = w.clientsOf(s[slot]);
                assertEquals(i, clients[w.portAt(i, slot)]);
                assertEquals(slot, w.slotOf(i, s[slot]));
                assertEquals(w.portAt(i, slot), w.portOf(s[slot], i));
                int link = w.link(i, slot);
                assertEquals(i, w.linkClient(link));
                assertEquals(s[slot], w.linkArbiter(link));
                assertEquals(s[slot] == i, w.isLocal(link));
            }
            for (int j = i + 1; j < n; j++) {
                int shared = 0;
                for (int a : s) {
                    if (contains(w.arbitersOf(j), a)) {
                        shared++;
                    }
                }
                assertEquals(1, shared, "clients " + i + " and " + j);
            }
        }
        for (int j = 0; j < bigN; j++) {
            for (int c : w.clientsOf(j)) {
                assertTrue(c < n, "fictitious client " + c + " at arbiter " + j);
                assertTrue(contains(w.arbitersOf(c), j));
            }
        }
    }

    private static boolean isPrimePowerByTrial(int q) {
        return ProjectivePlaneTest.ordersUpTo64().anyMatch(x -> x == q);
    }

    private static boolean contains(int[] a, int x) {
        for (int y : a) {
            if (y == x) {
                return true;
            }
        }
        return false;
    }

    @Test
    void degenerateSizesUseTheTriangle() {
        Wiring one = Wiring.forNodes(1);
        assertEquals(3, one.points());
        assertArrayEquals(new int[] {0, 1}, one.arbitersOf(0));
        assertEquals(List.of(1, 2), one.fictitious());
        Wiring two = Wiring.forNodes(2);
        assertEquals(List.of(2), two.fictitious());
        assertEquals(1, two.commonArbiter(0, 1));
    }

    @Test
    void paddingTableOfTheSpec() {
        // docs/SPEC.md §2.2 padding table.
        int[][] rows = {
            {3, 1}, {4, 2}, {7, 2}, {8, 3}, {13, 3}, {14, 4}, {21, 4}, {22, 5}, {31, 5}, {32, 7}, {57, 7}, {58, 8},
            {73, 8}, {74, 9}, {91, 9}
        };
        for (int[] r : rows) {
            assertEquals(r[1], Wiring.forNodes(r[0]).plane().order(), "n=" + r[0]);
        }
        assertEquals(5, Wiring.forNodes(8).fictitious().size());
        assertEquals(25, Wiring.forNodes(32).fictitious().size());
        assertEquals(9, Wiring.forNodes(64).fictitious().size());
    }

    @Test
    void neighboursOfZeroOnTheFanoPlane() {
        Wiring w = Wiring.forNodes(7);
        List<Integer> nb = new ArrayList<>();
        for (int j = 0; j < 7; j++) {
            if (w.neighbours(0, j)) {
                nb.add(j);
            }
        }
        assertEquals(List.of(1, 3, 4, 6), nb); // docs/SPEC.md §4.1
        assertFalse(w.neighbours(0, 2));
    }

    @Test
    void rejectsNonPositiveNodeCounts() {
        assertThrows(IllegalArgumentException.class, () -> Wiring.forNodes(0));
        assertThrows(IllegalArgumentException.class, () -> Wiring.forNodes(-3));
    }
}
