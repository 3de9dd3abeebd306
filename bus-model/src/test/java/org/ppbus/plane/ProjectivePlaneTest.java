package org.ppbus.plane;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class ProjectivePlaneTest {

    /** Prime powers up to 64 by trial division, independent of PrimePowers. */
    static IntStream ordersUpTo64() {
        return IntStream.concat(IntStream.of(1), IntStream.rangeClosed(2, 64).filter(q -> {
            int p = 2;
            while (q % p != 0) {
                p++;
            }
            int m = q;
            while (m % p == 0) {
                m /= p;
            }
            return m == 1;
        }));
    }

    @Test
    void thereAre27PrimePowersUpTo64PlusTheTriangle() {
        // 2,3,4,5,7,8,9,11,13,16,17,19,23,25,27,29,31,32,37,41,43,47,49,53,59,61,64
        assertEquals(28, ordersUpTo64().count());
    }

    @ParameterizedTest
    @MethodSource("ordersUpTo64")
    void axiomsHold(int q) {
        ProjectivePlane plane = ProjectivePlane.ofOrder(q);
        assertEquals(q * q + q + 1, plane.points());
        assertEquals(q + 1, plane.lineSize());
        assertEquals(List.of(), plane.verifyAxioms());
        assertPerfectDifferenceSet(plane.differenceSet(), plane.points());
    }

    /** Every non-zero residue mod N is a difference of exactly one ordered pair of D. */
    static void assertPerfectDifferenceSet(int[] d, int n) {
        int[] count = new int[n];
        for (int a : d) {
            for (int b : d) {
                if (a != b) {
                    count[Math.floorMod(a - b, n)]++;
                }
            }
        }
        for (int r = 1; r < n; r++) {
            assertEquals(1, count[r], "difference " + r + " mod " + n);
        }
    }

    @Test
    void fanoPlaneMatchesThePaper() {
        ProjectivePlane p = ProjectivePlane.ofOrder(2);
        // docs/SPEC.md §4.1: D = {0,1,3}, S_0 = {0,1,3}, R_0 = {0,4,6}; the paper's L1 = {1,2,4}.
        assertArrayEquals(new int[] {0, 1, 3}, p.differenceSet());
        assertArrayEquals(new int[] {0, 4, 6}, p.linesThrough(0));
        assertArrayEquals(new int[] {1, 2, 4}, p.line(1));
    }

    /** The sets listed in docs/SPEC.md §2.2, checked there by hand. */
    static int[][] specSets() {
        return new int[][] {
            {1, 0, 1},
            {2, 0, 1, 3},
            {3, 0, 1, 3, 9},
            {4, 0, 1, 4, 14, 16},
            {5, 0, 1, 3, 8, 12, 18},
            {7, 0, 1, 3, 13, 32, 36, 43, 52},
            {8, 0, 1, 3, 7, 15, 31, 36, 54, 63},
            {9, 0, 1, 3, 9, 27, 49, 56, 61, 77, 81},
            {11, 0, 1, 3, 17, 21, 58, 65, 73, 100, 105, 111, 124},
            {13, 0, 1, 3, 31, 45, 50, 56, 65, 77, 125, 143, 147, 160, 176}
        };
    }

    @ParameterizedTest
    @MethodSource("specSets")
    void specDifferenceSetsAreEquivalentToOurs(int[] row) {
        int q = row[0];
        int[] spec = Arrays.copyOfRange(row, 1, row.length);
        int n = q * q + q + 1;
        assertPerfectDifferenceSet(spec, n);
        int[] ours = ProjectivePlane.ofOrder(q).differenceSet();
        Set<Integer> target = new HashSet<>();
        for (int x : ours) {
            target.add(x);
        }
        boolean equivalent = false;
        for (int t = 1; t < n && !equivalent; t++) {
            for (int s = 0; s < n && !equivalent; s++) {
                Set<Integer> image = new HashSet<>();
                for (int x : spec) {
                    image.add((int) (((long) t * x + s) % n));
                }
                equivalent = image.equals(target);
            }
        }
        assertTrue(equivalent, "spec set for q=" + q + " is not t·D+s of ours");
    }

    @Test
    void rejectsOrdersThatAreNotPrimePowers() {
        assertThrows(IllegalArgumentException.class, () -> ProjectivePlane.ofOrder(6));
        assertThrows(IllegalArgumentException.class, () -> ProjectivePlane.ofOrder(10));
        assertThrows(IllegalArgumentException.class, () -> ProjectivePlane.ofOrder(0));
    }
}
