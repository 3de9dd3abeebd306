package org.ppbus.protocol.baseline;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.ppbus.protocol.baseline.parts.QuorumSystem;
import org.ppbus.protocol.descriptor.Algorithm;
import org.ppbus.protocol.descriptor.Cost;

/**
 * Agrawal and El Abbadi's tree quorum (docs/PROTOCOL.md "Quorum family"): the nodes form a complete
 * binary tree in heap order (the children of i are 2i + 1 and 2i + 2), and a quorum is a path from the
 * root to a leaf; any two share the root. Client i takes the path from the root down to itself and on
 * through first children to a leaf, so it is its own voter on the way: about log₂ N voters.
 *
 * <p>The voting is Maekawa's: requests ordered by timestamp, permission to the oldest, and the
 * seed's recall ("mensaje de retorno") to the holder when an older request arrives, which is
 * INQUIRE; the holder gives the permission back (YIELD) unless it is eating, when its RELEASE
 * answers. Sanders' FAILED decides when a holder gives a permission back, as in {@link Maekawa}.
 *
 * <p>GETQUORUM's substitution: a client that hears nothing from a voter for the silence timeout
 * takes it for crashed and asks for the quorum GETQUORUM builds around every voter it has taken for
 * crashed in this request: a crashed node is replaced by quorums of both its subtrees, and a live
 * node whose subtree towards the client has none tries its other one. With the root crashed, a
 * quorum at N = 7 has 4 voters, the seed's ⌈(N + 1)/2⌉.
 */
public final class TreeQuorum {
    private TreeQuorum() {}

    public static final Algorithm ALGORITHM = Maekawa.overQuorums(
                    "tree-quorum",
                    "Agrawal and El Abbadi's tree quorum: a root-to-leaf path of a binary tree, about log N voters",
                    TreeQuorum::quorums)
            .claim(n -> {
                int h = height(n);
                return new Cost("3 log N without failures … 3(N + 1)/2", 3 * h + " … " + 3 * (n + 1) / 2);
            })
            .build();

    /** Levels of the tree: the voters on a path to a leaf of the last level. */
    public static int height(int n) {
        return 32 - Integer.numberOfLeadingZeros(n);
    }

    /** The path from the root to i, then down through first children to a leaf. */
    public static int[] path(int n, int i) {
        List<Integer> p = new ArrayList<>();
        for (int v = i; ; v = (v - 1) / 2) {
            p.add(0, v);
            if (v == 0) {
                break;
            }
        }
        for (int v = 2 * i + 1; v < n; v = 2 * v + 1) {
            p.add(v);
        }
        return p.stream().mapToInt(Integer::intValue).toArray();
    }

    public static QuorumSystem quorums(int n) {
        int[][] q = new int[n][];
        for (int i = 0; i < n; i++) {
            q[i] = path(n, i);
        }
        return QuorumSystem.fixed(q).withDetour((client, silent) -> avoiding(n, client, silent));
    }

    /**
     * GETQUORUM for client i, with the voters in {@code failed} taken for crashed: a live node joins
     * with a quorum of one of its subtrees (the one towards i first, so that i stays in its own
     * quorum), a leaf alone; a crashed node is replaced by quorums of both its subtrees. Null when
     * no quorum avoids them all.
     */
    public static int[] avoiding(int n, int i, Set<Integer> failed) {
        List<Integer> q = getQuorum(n, i, 0, failed);
        return q == null
                ? null
                : q.stream().mapToInt(Integer::intValue).sorted().toArray();
    }

    private static List<Integer> getQuorum(int n, int i, int v, Set<Integer> failed) {
        if (v >= n) {
            return null;
        }
        int left = 2 * v + 1;
        if (failed.contains(v)) {
            List<Integer> l = getQuorum(n, i, left, failed);
            List<Integer> r = getQuorum(n, i, left + 1, failed);
            if (l == null || r == null) {
                return null;
            }
            l.addAll(r);
            return l;
        }
        List<Integer> q = new ArrayList<>(List.of(v));
        if (left >= n) {
            return q;
        }
        int toward = below(i, v) ? childToward(i, v) : left;
        for (int c : new int[] {toward, toward == left ? left + 1 : left}) {
            List<Integer> sub = getQuorum(n, i, c, failed);
            if (sub != null) {
                q.addAll(sub);
                return q;
            }
        }
        return null;
    }

    /** True when i lies strictly below v. */
    private static boolean below(int i, int v) {
        for (int w = i; w > v; w = (w - 1) / 2) {
            if ((w - 1) / 2 == v) {
                return true;
            }
        }
        return false;
    }

    /** The child of v on the way down to i (i below v). */
    private static int childToward(int i, int v) {
        int w = i;
        while ((w - 1) / 2 != v) {
            w = (w - 1) / 2;
        }
        return w;
    }
}
