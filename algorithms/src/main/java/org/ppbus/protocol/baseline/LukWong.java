package org.ppbus.protocol.baseline;

import java.util.ArrayList;
import java.util.List;
import org.ppbus.protocol.baseline.parts.QuorumSystem;
import org.ppbus.protocol.descriptor.Algorithm;
import org.ppbus.protocol.descriptor.Cost;

/**
 * Luk and Wong's triangular grid (docs/PROTOCOL.md "Quorum family"): Maekawa's voting, with
 * REQUEST, GRANT, RELEASE, INQUIRE, YIELD and FAILED, over the lines of a triangle of places.
 *
 * <p>Row r (1-based, r = 1..k) holds r places, (r, 1) .. (r, r), numbered row by row. The row line
 * of row r runs along the row and then down from (r + 1, r + 1) through column r + 1 to the bottom:
 * {(r, c) : c ≤ r} ∪ {(s, r + 1) : s > r}. Together with column 1, these k + 1 lines have k places
 * each and any two meet in exactly one place. A client at (r, c) owns two quorums: its row's line
 * F, and the line through its column C (column 1 itself for c = 1; the row line of row c − 1
 * otherwise, which runs down column c). It takes them in turn, F first, which evens out how many
 * quorums hold each place: 2k in a full triangle (each of the seed's N = 10 places in 8).
 *
 * <p>k is the smallest with k(k + 1)/2 ≥ n; the places beyond n are stand-alone voters, as a
 * fictitious point's arbiter is in Campos–Carvalho.
 */
public final class LukWong {
    private LukWong() {}

    public static final Algorithm ALGORITHM = Maekawa.overQuorums(
                    "luk-wong",
                    "Luk and Wong's triangular grid: row and column quorums of about √(2N), taken in turn; Maekawa's messages",
                    LukWong::quorums)
            .claim(n -> {
                int k = side(n);
                return new Cost("≈ 3√(2N) … 5√(2N); 3k with k places per line", 3 * k + " … " + 5 * k);
            })
            .build();

    /** The side k of the smallest triangle with n places. */
    public static int side(int n) {
        int k = 1;
        while (k * (k + 1) / 2 < n) {
            k++;
        }
        return k;
    }

    /** The place of (row, column), both 1-based. */
    private static int place(int row, int column) {
        return (row - 1) * row / 2 + (column - 1);
    }

    /** The line of row r: along the row, then down column r + 1. */
    static int[] rowLine(int k, int r) {
        List<Integer> line = new ArrayList<>();
        for (int c = 1; c <= r; c++) {
            line.add(place(r, c));
        }
        for (int s = r + 1; s <= k; s++) {
            line.add(place(s, r + 1));
        }
        return line.stream().mapToInt(Integer::intValue).toArray();
    }

    /** Column 1 from top to bottom. */
    static int[] firstColumn(int k) {
        int[] line = new int[k];
        for (int s = 1; s <= k; s++) {
            line[s - 1] = place(s, 1);
        }
        return line;
    }

    /** Each client's row quorum F and column quorum C, taken in turn. */
    public static QuorumSystem quorums(int n) {
        int k = side(n);
        int[][][] c = new int[n][][];
        int i = 0;
        for (int r = 1; r <= k && i < n; r++) {
            for (int col = 1; col <= r && i < n; col++, i++) {
                int[] f = rowLine(k, r);
                int[] cq = col == 1 ? firstColumn(k) : rowLine(k, col - 1);
                c[i] = new int[][] {f, cq};
            }
        }
        return new QuorumSystem(c, true);
    }
}
