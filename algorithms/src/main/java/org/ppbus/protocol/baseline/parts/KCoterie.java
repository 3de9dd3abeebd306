package org.ppbus.protocol.baseline.parts;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * A k-coterie over the nodes (docs/PROTOCOL.md, "More than one bus"): a set of quorums among which
 * any k + 1 contain two that intersect, so that at most k holders of a quorum each can be in at
 * once. The algorithms do not list the quorums (there are exponentially many): they ask for one
 * that avoids some nodes and reuses as many permissions as it can, and whether a set of nodes
 * contains a quorum.
 */
public interface KCoterie {
    /** How many nodes vote. */
    int places();

    /**
     * A quorum with no member in {@code avoid} and as few members outside {@code have} as possible
     * (ties broken from {@code requester} on, so that requests spread), or null if there is none.
     */
    int[] choose(int requester, BitSet have, BitSet avoid);

    /** Whether {@code set} contains a quorum. */
    boolean containsQuorum(BitSet set);

    /** The smallest quorum's size. */
    int smallest();

    /**
     * Quorums by classes (Agrawal et al.'s MAJ_r, Nielsen and Mizuno's weighted voting and
     * composition): the nodes fall into disjoint classes; class c, of s_c nodes, admits k_c holders,
     * and a quorum is any ⌊s_c/(k_c + 1)⌋ + 1 nodes of one class. Any k_c + 1 quorums of class c
     * hold more than s_c members, so two meet; quorums of different classes never meet, so the
     * coterie admits the sum of the k_c.
     *
     * @param classes each class's nodes
     * @param admits each class's k_c
     */
    static KCoterie byClasses(int places, List<int[]> classes, int[] admits) {
        return new Classes(places, classes, admits);
    }

    /**
     * MAJ_r for k-exclusion over n nodes: r classes of (nearly) equal size, each admitting k/r
     * (r divides k). r = 1 is MAJ, one class and quorums of ⌊n/(k + 1)⌋ + 1 (which is Nielsen and
     * Mizuno's weighted voting, q = ⌈(n + 1)/(k + 1)⌉); r = k is DIV, k classes with majorities.
     */
    static KCoterie majR(int n, int k, int r) {
        if (r < 1 || k % r != 0 || r > n) {
            throw new IllegalArgumentException(
                    "MAJ_r needs r dividing k and at most n classes: r = " + r + ", k = " + k + ", n = " + n);
        }
        List<int[]> classes = new ArrayList<>();
        int[] admits = new int[r];
        for (int c = 0; c < r; c++) {
            int from = c * n / r;
            int to = (c + 1) * n / r;
            int[] members = new int[to - from];
            for (int x = from; x < to; x++) {
                members[x - from] = x;
            }
            classes.add(members);
            admits[c] = k / r;
        }
        return byClasses(n, classes, admits);
    }

    /**
     * Jiang and Huang's cohorts Coh(k, l) over n ≥ k nodes: C_1 the first k nodes, then cohorts of
     * 2k − 1 nodes (2 when k = 1; the last takes the rest), each more than max(2k − 2, k) as the
     * structure asks; when fewer than that are left beyond C_1, C_1 alone votes. A quorum has a primary cohort C_i, all but k − 1 of its members, and exactly
     * one member of each later cohort.
     */
    static KCoterie cohorts(int n, int k) {
        if (n < k) {
            throw new IllegalArgumentException(
                    "cohorts for " + k + "-exclusion need at least " + k + " nodes, got " + n);
        }
        List<int[]> cohorts = new ArrayList<>();
        cohorts.add(range(0, k));
        int size = k == 1 ? 2 : 2 * k - 1;
        int from = k;
        while (n - from >= size) {
            int to = n - from < 2 * size ? n : from + size;
            cohorts.add(range(from, to));
            from = to;
        }
        // Fewer than 2k - 1 nodes beyond C_1 make no cohort: they ask, but do not vote.
        return new Cohorts(n, k, cohorts);
    }

    private static int[] range(int from, int to) {
        int[] r = new int[to - from];
        for (int x = from; x < to; x++) {
            r[x - from] = x;
        }
        return r;
    }

    /** The cohorts of {@link #cohorts}. */
    final class Cohorts implements KCoterie {
        private final int places;
        private final int k;
        private final List<int[]> cohorts;

        Cohorts(int places, int k, List<int[]> cohorts) {
            this.places = places;
            this.k = k;
            this.cohorts = List.copyOf(cohorts);
        }

        @Override
        public int places() {
            return places;
        }

        @Override
        public int smallest() {
            int best = Integer.MAX_VALUE;
            for (int i = 0; i < cohorts.size(); i++) {
                best = Math.min(best, cohorts.get(i).length - (k - 1) + cohorts.size() - 1 - i);
            }
            return best;
        }

        @Override
        public int[] choose(int requester, BitSet have, BitSet avoid) {
            int[] best = null;
            int bestNew = Integer.MAX_VALUE;
            for (int i = cohorts.size() - 1; i >= 0; i--) {
                List<Integer> q = new ArrayList<>();
                boolean ok = take(cohorts.get(i), cohorts.get(i).length - (k - 1), requester, have, avoid, q);
                for (int j = i + 1; ok && j < cohorts.size(); j++) {
                    ok = take(cohorts.get(j), 1, requester, have, avoid, q);
                }
                if (ok) {
                    int fresh = (int) q.stream().filter(x -> !have.get(x)).count();
                    if (fresh < bestNew) {
                        best = q.stream().mapToInt(Integer::intValue).toArray();
                        bestNew = fresh;
                    }
                }
            }
            return best;
        }

        /** Adds {@code count} members of the cohort outside avoid, those in have first; false if too few. */
        private static boolean take(
                int[] cohort, int count, int requester, BitSet have, BitSet avoid, List<Integer> q) {
            int taken = 0;
            for (int pass = 0; pass < 2 && taken < count; pass++) {
                for (int j = 0; j < cohort.length && taken < count; j++) {
                    int x = cohort[(j + Math.floorMod(requester, cohort.length)) % cohort.length];
                    if (!avoid.get(x) && have.get(x) == (pass == 0) && !q.contains(x)) {
                        q.add(x);
                        taken++;
                    }
                }
            }
            return taken == count;
        }

        @Override
        public boolean containsQuorum(BitSet set) {
            for (int i = cohorts.size() - 1; i >= 0; i--) {
                boolean ok = count(cohorts.get(i), set) >= cohorts.get(i).length - (k - 1);
                for (int j = i + 1; ok && j < cohorts.size(); j++) {
                    ok = count(cohorts.get(j), set) >= 1;
                }
                if (ok) {
                    return true;
                }
            }
            return false;
        }

        private static int count(int[] cohort, BitSet set) {
            int c = 0;
            for (int x : cohort) {
                c += set.get(x) ? 1 : 0;
            }
            return c;
        }
    }

    /** The classes of {@link #byClasses}. */
    final class Classes implements KCoterie {
        private final int places;
        private final List<int[]> classes;
        private final int[] quorum; // per class: its quorums' size

        Classes(int places, List<int[]> classes, int[] admits) {
            this.places = places;
            this.classes = List.copyOf(classes);
            this.quorum = new int[classes.size()];
            for (int c = 0; c < quorum.length; c++) {
                quorum[c] = classes.get(c).length / (admits[c] + 1) + 1;
            }
        }

        @Override
        public int places() {
            return places;
        }

        @Override
        public int smallest() {
            int s = Integer.MAX_VALUE;
            for (int q : quorum) {
                s = Math.min(s, q);
            }
            return s;
        }

        @Override
        public int[] choose(int requester, BitSet have, BitSet avoid) {
            int[] best = null;
            int bestNew = Integer.MAX_VALUE;
            for (int d = 0; d < classes.size(); d++) {
                int c = (requester + d) % classes.size();
                int[] q = pick(classes.get(c), quorum[c], requester, have, avoid);
                if (q != null) {
                    int fresh = 0;
                    for (int x : q) {
                        fresh += have.get(x) ? 0 : 1;
                    }
                    if (fresh < bestNew) {
                        best = q;
                        bestNew = fresh;
                    }
                }
            }
            return best;
        }

        /** q members of the class outside avoid: those in have first, then from the requester on. */
        private static int[] pick(int[] members, int q, int requester, BitSet have, BitSet avoid) {
            int[] out = new int[q];
            int taken = 0;
            for (int pass = 0; pass < 2 && taken < q; pass++) {
                for (int j = 0; j < members.length && taken < q; j++) {
                    int x = members[(j + Math.floorMod(requester, members.length)) % members.length];
                    if (!avoid.get(x) && have.get(x) == (pass == 0) && !contains(out, taken, x)) {
                        out[taken++] = x;
                    }
                }
            }
            return taken == q ? out : null;
        }

        private static boolean contains(int[] a, int n, int x) {
            for (int i = 0; i < n; i++) {
                if (a[i] == x) {
                    return true;
                }
            }
            return false;
        }

        @Override
        public boolean containsQuorum(BitSet set) {
            for (int c = 0; c < classes.size(); c++) {
                int in = 0;
                for (int x : classes.get(c)) {
                    in += set.get(x) ? 1 : 0;
                }
                if (in >= quorum[c]) {
                    return true;
                }
            }
            return false;
        }
    }
}
