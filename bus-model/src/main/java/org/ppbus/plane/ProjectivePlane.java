package org.ppbus.plane;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * PG(2,q) in its cyclic form: point and line indices 0..N−1, line S_i = {i + d mod N : d ∈ D},
 * so that i ∈ S_i because 0 ∈ D. R_j = {i : j ∈ S_i} = {j − d mod N}.
 */
public final class ProjectivePlane {
    private final int order;
    private final int points;
    private final int[] differenceSet;
    private final int[][] lines;
    private final int[][] dual;

    private ProjectivePlane(int order, int[] differenceSet) {
        this.order = order;
        this.points = (int) PrimePowers.points(order);
        this.differenceSet = differenceSet.clone();
        this.lines = new int[points][];
        this.dual = new int[points][];
        for (int i = 0; i < points; i++) {
            lines[i] = shifted(differenceSet, i, 1);
            dual[i] = shifted(differenceSet, i, -1);
        }
    }

    /** The plane of order q: 1 (the triangle) or a prime power up to 64 (larger works, slower). */
    public static ProjectivePlane ofOrder(int q) {
        if (q != 1 && !PrimePowers.isPrimePower(q)) {
            throw new IllegalArgumentException("plane order must be 1 or a prime power, got " + q);
        }
        return new ProjectivePlane(q, SingerDifferenceSet.of(q));
    }

    private int[] shifted(int[] d, int base, int sign) {
        int[] r = new int[d.length];
        for (int k = 0; k < d.length; k++) {
            r[k] = Math.floorMod(base + sign * d[k], points);
        }
        Arrays.sort(r);
        return r;
    }

    public int order() {
        return order;
    }

    public int points() {
        return points;
    }

    /** K = q + 1 points per line and lines per point. */
    public int lineSize() {
        return order + 1;
    }

    public int[] differenceSet() {
        return differenceSet.clone();
    }

    /** S_i, sorted ascending. */
    public int[] line(int i) {
        return lines[i].clone();
    }

    /** R_j = {i : j ∈ S_i}, sorted ascending. */
    public int[] linesThrough(int j) {
        return dual[j].clone();
    }

    /**
     * Checks the axioms the protocol needs and returns the failures (empty when the plane is valid):
     * every line has q+1 points and contains its own index; two distinct points lie on exactly one
     * common line; two distinct lines meet in exactly one point; R_j is the dual of S_i.
     */
    public List<String> verifyAxioms() {
        List<String> failures = new ArrayList<>();
        int k = lineSize();
        for (int i = 0; i < points; i++) {
            if (lines[i].length != k) {
                failures.add("line " + i + " has " + lines[i].length + " points, expected " + k);
            }
            if (Arrays.binarySearch(lines[i], i) < 0) {
                failures.add("line " + i + " does not contain point " + i);
            }
            for (int x = 1; x < lines[i].length; x++) {
                if (lines[i][x] == lines[i][x - 1]) {
                    failures.add("line " + i + " repeats point " + lines[i][x]);
                }
            }
        }
        // Pairs of points covered by lines, and pairs of lines sharing a point: each exactly once.
        checkPairsOnce(lines, "points", "line", failures);
        checkPairsOnce(dual, "lines", "point", failures);
        for (int j = 0; j < points && failures.size() < 20; j++) {
            for (int i : dual[j]) {
                if (Arrays.binarySearch(lines[i], j) < 0) {
                    failures.add("R_" + j + " lists " + i + " but S_" + i + " lacks " + j);
                }
            }
        }
        return failures;
    }

    private void checkPairsOnce(int[][] sets, String what, String container, List<String> failures) {
        // Counts saturate at 2; a byte matrix of N² is 17 MB at q = 64, which is fine for a check.
        byte[] seen = new byte[points * points];
        for (int[] set : sets) {
            for (int a = 0; a < set.length; a++) {
                for (int b = a + 1; b < set.length; b++) {
                    int idx = set[a] * points + set[b];
                    if (seen[idx] < 2) {
                        seen[idx]++;
                    }
                }
            }
        }
        for (int a = 0; a < points; a++) {
            for (int b = a + 1; b < points; b++) {
                int c = seen[a * points + b];
                if (c != 1) {
                    failures.add(what + " " + a + " and " + b + " share " + (c == 0 ? "no" : "more than one") + " "
                            + container);
                    if (failures.size() >= 20) {
                        return;
                    }
                }
            }
        }
    }
}
