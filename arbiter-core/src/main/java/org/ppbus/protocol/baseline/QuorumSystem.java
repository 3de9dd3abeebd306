package org.ppbus.protocol.baseline;

import java.util.Arrays;
import java.util.TreeSet;

/**
 * The quorums a client may lock, as data: for each client one or more quorums, and whether it keeps
 * to its first or takes them in turn, one per request (Luk and Wong alternate a row and a column
 * quorum to even out the voters' load). Voter ids ≥ n are stand-alone voters with no client.
 *
 * @param choices per client, its quorums; each sorted, without repeats
 * @param alternate true: request r of a client uses choice r mod (its number of choices)
 */
public record QuorumSystem(int[][][] choices, boolean alternate) {
    public QuorumSystem {
        choices = choices.clone();
        for (int i = 0; i < choices.length; i++) {
            if (choices[i].length == 0) {
                throw new IllegalArgumentException("client " + i + " has no quorum");
            }
            choices[i] = choices[i].clone();
            for (int k = 0; k < choices[i].length; k++) {
                choices[i][k] = new TreeSet<>(Arrays.stream(choices[i][k]).boxed().toList()).stream()
                        .mapToInt(Integer::intValue).toArray();
            }
        }
    }

    /** One fixed quorum per client. */
    public static QuorumSystem fixed(int[][] quorum) {
        int[][][] c = new int[quorum.length][][];
        for (int i = 0; i < c.length; i++) {
            c[i] = new int[][] {quorum[i]};
        }
        return new QuorumSystem(c, false);
    }

    public int clients() {
        return choices.length;
    }

    /** The quorum client i locks for its request number r (0, 1, ...). */
    public int[] quorum(int i, long r) {
        int[][] c = choices[i];
        return c[alternate ? (int) (r % c.length) : 0].clone();
    }

    /** Every voter client i may ever ask: the union of its quorums. */
    public int[] voters(int i) {
        TreeSet<Integer> all = new TreeSet<>();
        for (int[] q : choices[i]) {
            for (int v : q) {
                all.add(v);
            }
        }
        return all.stream().mapToInt(Integer::intValue).toArray();
    }

    /** One more than the largest voter id, at least n. */
    public int places() {
        int p = clients();
        for (int[][] c : choices) {
            for (int[] q : c) {
                for (int v : q) {
                    p = Math.max(p, v + 1);
                }
            }
        }
        return p;
    }

    /** True when every two quorums, of any clients and any choices, share a voter: mutual exclusion needs it. */
    public boolean intersecting() {
        java.util.List<int[]> all = new java.util.ArrayList<>();
        for (int[][] c : choices) {
            all.addAll(Arrays.asList(c));
        }
        for (int a = 0; a < all.size(); a++) {
            for (int b = a + 1; b < all.size(); b++) {
                if (!meet(all.get(a), all.get(b))) {
                    return false;
                }
            }
        }
        return true;
    }

    private static boolean meet(int[] x, int[] y) {
        int i = 0;
        int j = 0;
        while (i < x.length && j < y.length) {
            if (x[i] == y[j]) {
                return true;
            }
            if (x[i] < y[j]) {
                i++;
            } else {
                j++;
            }
        }
        return false;
    }
}
