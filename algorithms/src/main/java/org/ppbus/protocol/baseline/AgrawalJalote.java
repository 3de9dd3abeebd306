package org.ppbus.protocol.baseline;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.ppbus.protocol.baseline.parts.QuorumSystem;
import org.ppbus.protocol.descriptor.Algorithm;
import org.ppbus.protocol.descriptor.Cost;

/**
 * Agrawal and Jalote's groups (docs/PROTOCOL.md "Quorum family"): Maekawa's voting over m groups
 * of m − 1 places. The places map one to one onto the pairs {a, b} of 1..m, in lexicographic order;
 * the place of {a, b} belongs to groups a and b and to no other, so any two groups share exactly one
 * place. A client uses its lower group (a) as its quorum, and turns to the other (b) when a voter of
 * a stays silent for the silence timeout: the seed's fallback for the crash of a place (and back to
 * a, when a voter of b falls silent too and a has none it suspects). One crashed
 * place is survived, since the place of {c, d} lies in groups c and d only, and a client's pair
 * {a, b} other than {c, d} shares at most one of them.
 *
 * <p>m is the smallest with m(m − 1)/2 ≥ n; the places beyond n are stand-alone voters. n = 1 is a
 * lone client and its own voter.
 */
public final class AgrawalJalote {
    private AgrawalJalote() {}

    public static final Algorithm ALGORITHM = Maekawa.overQuorums(
                    "agrawal-jalote",
                    "Agrawal and Jalote's m groups of m - 1 over pairs of 1..m, quorum about √(2N); Maekawa's messages",
                    AgrawalJalote::quorums)
            .claim(n -> {
                int g = Math.max(1, groups(n) - 1);
                return new Cost("3√(2N) best; 3(m − 1) with groups of m − 1", Integer.toString(3 * g));
            })
            .build();

    /** m: the smallest number of groups whose pairs cover n places (at least 2). */
    public static int groups(int n) {
        int m = 2;
        while (m * (m - 1) / 2 < n) {
            m++;
        }
        return m;
    }

    /** The pairs {a, b} (1-based, a < b) in lexicographic order: place p is pairs().get(p). */
    static List<int[]> pairs(int m) {
        List<int[]> p = new ArrayList<>();
        for (int a = 1; a <= m; a++) {
            for (int b = a + 1; b <= m; b++) {
                p.add(new int[] {a, b});
            }
        }
        return p;
    }

    /** Group g (1-based): the places whose pair contains g. */
    public static int[] group(int m, int g) {
        List<int[]> pairs = pairs(m);
        List<Integer> members = new ArrayList<>();
        for (int p = 0; p < pairs.size(); p++) {
            if (pairs.get(p)[0] == g || pairs.get(p)[1] == g) {
                members.add(p);
            }
        }
        return members.stream().mapToInt(Integer::intValue).toArray();
    }

    /** Each client's quorum: the group of the lower number of its pair. */
    public static QuorumSystem quorums(int n) {
        if (n == 1) {
            return QuorumSystem.fixed(new int[][] {{0}});
        }
        int m = groups(n);
        List<int[]> pairs = pairs(m);
        // Both groups are the client's choices (so that its wires reach both), the first one kept.
        int[][][] c = new int[n][][];
        for (int i = 0; i < n; i++) {
            c[i] = new int[][] {group(m, pairs.get(i)[0]), group(m, pairs.get(i)[1])};
        }
        return new QuorumSystem(c, false).withDetour((client, silent) -> {
            for (int[] group : c[client]) {
                if (Arrays.stream(group).noneMatch(silent::contains)) {
                    return group;
                }
            }
            return null;
        });
    }
}
