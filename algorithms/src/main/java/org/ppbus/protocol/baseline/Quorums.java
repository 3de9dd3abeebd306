package org.ppbus.protocol.baseline;

import java.util.ArrayList;
import java.util.List;
import org.ppbus.plane.Wiring;
import org.ppbus.protocol.baseline.parts.QuorumSystem;
import org.ppbus.protocol.descriptor.Algorithm;

/** The quorum constructions Maekawa's voting runs over, and the wires they need. */
public final class Quorums {
    private Quorums() {}

    /** Quorums on the projective plane of Campos–Carvalho: S_i, with stand-alone voters at fictitious points. */
    public static int[][] onPlane(Wiring w) {
        int[][] q = new int[w.nodes()][];
        for (int i = 0; i < q.length; i++) {
            q[i] = w.arbitersOf(i);
        }
        return q;
    }

    /**
     * Maekawa's square grid (docs/SPEC.md §S1.4.11): c = ⌈√n⌉ columns, node i at row i / c and
     * column i mod c; its quorum is its row and its column. The last row may be short; two quorums
     * still meet, because at least one of the two crossings (row of i, column of j) and (row of j,
     * column of i) lies in a full row, unless i and j share the last row.
     */
    public static int[][] onGrid(int n) {
        int c = (int) Math.ceil(Math.sqrt(n));
        while ((c - 1) * (c - 1) >= n) {
            c--;
        }
        int[][] q = new int[n][];
        for (int i = 0; i < n; i++) {
            List<Integer> members = new ArrayList<>();
            for (int j = 0; j < n; j++) {
                if (j / c == i / c || j % c == i % c) {
                    members.add(j);
                }
            }
            q[i] = members.stream().mapToInt(Integer::intValue).toArray();
        }
        return q;
    }

    /**
     * Wires leaving a node, averaged: every remote client–voter pair has a REQUEST-wide channel
     * towards the voter and a GRANT-wide one (type and clock) back.
     */
    public static double wiresPerNode(int[][] quorum, int stampBits) {
        return wiresPerNode(QuorumSystem.fixed(quorum), stampBits);
    }

    /** As above, over every voter a client may ask under any of its quorums. */
    public static double wiresPerNode(QuorumSystem quorums, int stampBits) {
        int n = quorums.clients();
        int idBits = Algorithm.idBits(n);
        long remote = 0;
        for (int i = 0; i < n; i++) {
            for (int v : quorums.voters(i)) {
                remote += v == i ? 0 : 1;
            }
        }
        return (double) remote * (Maekawa.TYPE_BITS + stampBits + idBits + Maekawa.TYPE_BITS + stampBits) / n;
    }
}
