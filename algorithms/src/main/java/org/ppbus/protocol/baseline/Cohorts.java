package org.ppbus.protocol.baseline;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.ppbus.protocol.baseline.parts.QuorumSystem;
import org.ppbus.protocol.descriptor.Algorithm;
import org.ppbus.protocol.descriptor.Cost;

/**
 * Jiang's cohort coterie (docs/PROTOCOL.md "Quorum family"): Maekawa's voting over quorums built
 * from cohorts C_1 .. C_k, |C_1| = 1 and |C_i| ≥ 2 beyond, none inside another. A quorum is the whole
 * of one cohort C_i (its primary) and one member of every later cohort; any two meet, since the one
 * with the earlier primary takes a member of the other's primary.
 *
 * <p>ppbus's cohorts for n nodes: C_1 = {0}, then consecutive pairs {1, 2}, {3, 4}, ..., the last
 * one a triple when the pairs do not come out even (n ≤ 2: C_1 alone, a central voter). A client in
 * C_i takes C_i as its primary and, from each later cohort, the member at its own id modulo that
 * cohort's size. The last cohort's clients need only their own cohort (2 or 3 voters, the seed's
 * best case |C_k|); node 0 needs one voter of every cohort (about n/2, its O(N) worst case). Not
 * "fully distributed": the later cohorts are in more quorums.
 */
public final class Cohorts {
    private Cohorts() {}

    public static final Algorithm ALGORITHM = Maekawa.overQuorums(
                    "cohorts",
                    "Jiang's cohorts: a primary cohort and one member of each later one; quorum |C_k| best, O(N) worst",
                    Cohorts::quorums)
            .claim(n -> {
                int[][] c = cohorts(n);
                int best = c[c.length - 1].length;
                int worst = c.length;
                return new Cost("3|C_k| best … 3·(quorum of C_1) worst", 3 * best + " … " + 3 * worst);
            })
            .build();

    /** ppbus's cohorts for n nodes. */
    public static int[][] cohorts(int n) {
        List<int[]> c = new ArrayList<>();
        c.add(new int[] {0});
        int next = 1;
        while (n - next >= 2) {
            c.add(n - next == 3 ? new int[] {next, next + 1, next + 2} : new int[] {next, next + 1});
            next += c.get(c.size() - 1).length;
        }
        return c.toArray(new int[0][]);
    }

    /** The cohort of each client, and its quorum. */
    public static QuorumSystem quorums(int n) {
        int[][] c = cohorts(n);
        int[][] q = new int[n][];
        for (int p = 0; p < n; p++) {
            int primary = c.length - 1;
            for (int i = 0; i < c.length; i++) {
                for (int m : c[i]) {
                    if (m == p) {
                        primary = i;
                    }
                }
            }
            if (p >= 1 && c.length == 1) {
                primary = 0; // n = 2: node 1 is in no cohort and asks the central voter
            }
            TreeSet<Integer> quorum = new TreeSet<>();
            for (int m : c[primary]) {
                quorum.add(m);
            }
            for (int j = primary + 1; j < c.length; j++) {
                quorum.add(c[j][p % c[j].length]);
            }
            q[p] = quorum.stream().mapToInt(Integer::intValue).toArray();
        }
        return QuorumSystem.fixed(q);
    }

    /**
     * Every minimal quorum of a cohort structure, by the definition alone (whole primary, one member
     * of each later cohort), as sorted lists: the seed's example checks the definition.
     */
    public static List<List<Integer>> minimalQuorums(int[][] cohorts) {
        List<TreeSet<Integer>> all = new ArrayList<>();
        for (int i = 0; i < cohorts.length; i++) {
            List<TreeSet<Integer>> partial = new ArrayList<>();
            TreeSet<Integer> base = new TreeSet<>();
            for (int m : cohorts[i]) {
                base.add(m);
            }
            partial.add(base);
            for (int j = i + 1; j < cohorts.length; j++) {
                List<TreeSet<Integer>> grown = new ArrayList<>();
                for (TreeSet<Integer> q : partial) {
                    for (int m : cohorts[j]) {
                        TreeSet<Integer> g = new TreeSet<>(q);
                        g.add(m);
                        grown.add(g);
                    }
                }
                partial = grown;
            }
            all.addAll(partial);
        }
        List<List<Integer>> minimal = new ArrayList<>();
        for (TreeSet<Integer> q : all) {
            boolean hasSmaller = all.stream().anyMatch(o -> o.size() < q.size() && q.containsAll(o));
            List<Integer> l = new ArrayList<>(q);
            if (!hasSmaller && !minimal.contains(l)) {
                minimal.add(l);
            }
        }
        return minimal;
    }
}
