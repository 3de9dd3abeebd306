package org.ppbus.protocol.baseline;

import java.util.ArrayList;
import java.util.List;
import org.ppbus.protocol.Algorithm;

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
 * GETQUORUM's substitution of a failed node by paths through both its children needs crashed
 * nodes, which ppbus does not model yet.
 */
public final class TreeQuorum {
    private TreeQuorum() {
    }

    public static final Algorithm ALGORITHM = Algorithm.named("tree-quorum",
                    "Agrawal and El Abbadi's tree quorum: a root-to-leaf path of a binary tree, about log N voters")
            .family(Algorithm.Family.QUORUM)
            .factory(s -> new Maekawa(s.nodes(), s.latencyCycles(), Algorithm.STAMP_BITS, quorums(s.nodes()), s.grants(),
                    s.messages()))
            .messages(Maekawa::kinds)
            .wires(n -> Maekawa.wiresPerNode(quorums(n), Algorithm.STAMP_BITS))
            .claim(n -> {
                int h = height(n);
                return new Algorithm.Cost("3 log N without failures … 3(N + 1)/2", 3 * h + " … " + 3 * (n + 1) / 2);
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
        return QuorumSystem.fixed(q);
    }
}
