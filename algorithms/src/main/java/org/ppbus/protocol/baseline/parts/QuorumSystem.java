package org.ppbus.protocol.baseline.parts;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The quorums a client may lock, as data: for each client one or more quorums, and whether it keeps
 * to its first or takes them in turn, one per request (Luk and Wong alternate a row and a column
 * quorum to even out the voters' load). Voter ids ≥ n are stand-alone voters with no client.
 *
 * <p>Sanders' information structures generalise a quorum into a request set R_i (the voters asked)
 * and an inform set I_i ⊆ R_i (the voters that lock for the client and hear its RELEASE); a voter
 * of R_i − I_i answers as a Ricart–Agrawala peer instead. Without inform sets every voter locks.
 *
 * @param choices per client, its quorums (request sets); each sorted, without repeats
 * @param alternate true: request r of a client uses choice r mod (its number of choices)
 * @param inform per client, its inform set, or null when it is every voter it asks
 * @param detour the quorum a client turns to when voters stay silent (crashed nodes), or null when
 *     the system has none: then a client waits for ever, as Maekawa's does
 */
public record QuorumSystem(int[][][] choices, boolean alternate, int[][] inform, Detour detour) {
    /** A quorum for the client that avoids every voter taken for crashed, or null when there is none. */
    @FunctionalInterface
    public interface Detour {
        int[] avoiding(int client, Set<Integer> silent);
    }

    public QuorumSystem(int[][][] choices, boolean alternate) {
        this(choices, alternate, null, null);
    }

    public QuorumSystem(int[][][] choices, boolean alternate, int[][] inform) {
        this(choices, alternate, inform, null);
    }

    /** The same quorums, with a detour around a crashed voter. */
    public QuorumSystem withDetour(Detour d) {
        return new QuorumSystem(choices, alternate, inform, d);
    }

    /**
     * How long a client waits without a word from a voter before it takes that voter for crashed:
     * far longer than any answer takes while the voter lives, as for Nesterenko and Mizuno's timeout.
     */
    public static long silence(int latencyCycles) {
        return 8192L + 64L * latencyCycles;
    }

    public QuorumSystem {
        choices = choices.clone();
        for (int i = 0; i < choices.length; i++) {
            if (choices[i].length == 0) {
                throw new IllegalArgumentException("client " + i + " has no quorum");
            }
            choices[i] = choices[i].clone();
            for (int k = 0; k < choices[i].length; k++) {
                choices[i][k] = new TreeSet<>(
                                Arrays.stream(choices[i][k]).boxed().toList())
                        .stream().mapToInt(Integer::intValue).toArray();
            }
        }
    }

    /**
     * Sanders' structure: client i asks R_i and locks I_i ⊆ R_i, with i ∈ I_i. Mutual exclusion needs,
     * for every two clients, I_i ∩ I_j ≠ ∅, or each in the other's request set (his Theorem 4.4).
     */
    public static QuorumSystem information(int[][] request, int[][] inform) {
        int[][][] c = new int[request.length][][];
        int[][] in = new int[inform.length][];
        for (int i = 0; i < c.length; i++) {
            c[i] = new int[][] {request[i]};
            in[i] = inform[i].clone();
            Arrays.sort(in[i]);
            for (int v : in[i]) {
                if (Arrays.stream(request[i]).noneMatch(x -> x == v)) {
                    throw new IllegalArgumentException("I_" + i + " has " + v + ", which R_" + i + " lacks");
                }
            }
            if (Arrays.binarySearch(in[i], i) < 0) {
                throw new IllegalArgumentException("I_" + i + " lacks " + i);
            }
            for (int v : request[i]) {
                if (v >= request.length && Arrays.binarySearch(in[i], v) < 0) {
                    throw new IllegalArgumentException("R_" + i + " asks " + v + " as a peer, but it is no process");
                }
            }
        }
        return new QuorumSystem(c, false, in);
    }

    /** True when voter v locks for client i (v ∈ I_i), false when it answers as a peer. */
    public boolean locks(int i, int v) {
        return inform == null || Arrays.binarySearch(inform[i], v) >= 0;
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

    /**
     * True when mutual exclusion is guaranteed by the structure: every two quorums, of any clients and
     * any choices, share a voter; with inform sets, Sanders' condition for every two clients.
     */
    public boolean intersecting() {
        if (inform != null) {
            for (int i = 0; i < clients(); i++) {
                for (int j = i + 1; j < clients(); j++) {
                    boolean peers =
                            Arrays.binarySearch(choices[i][0], j) >= 0 && Arrays.binarySearch(choices[j][0], i) >= 0;
                    if (!meet(inform[i], inform[j]) && !peers) {
                        return false;
                    }
                }
            }
            return true;
        }
        List<int[]> all = new ArrayList<>();
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
