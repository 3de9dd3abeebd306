package org.ppbus.protocol.baseline;

import java.util.stream.IntStream;
import org.ppbus.plane.Wiring;
import org.ppbus.protocol.baseline.parts.QuorumSystem;
import org.ppbus.protocol.descriptor.Algorithm;
import org.ppbus.protocol.descriptor.Cost;
import org.ppbus.protocol.descriptor.Family;
import org.ppbus.protocol.descriptor.Feature;

/**
 * Sanders' information-structure algorithm (docs/PROTOCOL.md "Quorum family"): client i sends
 * REQUEST to its request set R_i and eats with a GRANT from each; the voters of its inform set
 * I_i ⊆ R_i lock for it (Maekawa's voting, with INQUIRE, YIELD and FAILED) and hear its RELEASE; a
 * member of R_i − I_i answers as a Ricart–Agrawala peer, deferring while it eats or asks with an
 * older stamp (then with FAILED). The structures are data ({@link QuorumSystem#information}):
 * the centralised one, Ricart–Agrawala's (I_i = {i}, R_i = everyone) and Maekawa's (R_i = I_i = S_i)
 * are all instances. {@code --algorithm sanders} runs Maekawa's sets on the projective plane, the
 * structure whose cost the seed bounds: |I_i − {i}| + 2|R_i − {i}| = 3(K − 1) messages at least.
 */
public final class Sanders {
    private Sanders() {}

    public static final Algorithm ALGORITHM = Algorithm.named(
                    "sanders",
                    "Sanders' information structures (R_i, I_i) as data; run on the plane's lines (R_i = I_i = S_i)")
            .family(Family.QUORUM)
            .features(Feature.MESSAGE_FAULTS)
            .factory(s -> new Maekawa(
                    s.nodes(), s.latencyCycles(), Algorithm.STAMP_BITS, onPlane(s.wiring()), s.grants(), s.messages()))
            .messages(Maekawa::kinds)
            .wires(n -> Quorums.wiresPerNode(onPlane(Wiring.forNodes(n)), Algorithm.STAMP_BITS))
            .claim(n -> {
                int k = Wiring.forNodes(n).lineSize();
                return new Cost(
                        "|I_i − {i}| + 2|R_i − {i}| … + 2ΣDM; 3(K − 1) remote with Maekawa sets",
                        3 * (k - 1) + " … " + (3 * (k - 1) + 8 * k));
            })
            .build();

    /** Maekawa's sets on the plane: R_i = I_i = the points of client i's line set S_i. */
    public static QuorumSystem onPlane(Wiring w) {
        int[][] s = Quorums.onPlane(w);
        return QuorumSystem.information(s, s);
    }

    /** Ricart–Agrawala's structure: I_i = {i}, R_i = every process. */
    public static QuorumSystem ricartAgrawala(int n) {
        int[][] r = new int[n][];
        int[][] in = new int[n][];
        for (int i = 0; i < n; i++) {
            r[i] = IntStream.range(0, n).toArray();
            in[i] = new int[] {i};
        }
        return QuorumSystem.information(r, in);
    }

    /** The centralised structure: R_i = I_i = {c, i}. */
    public static QuorumSystem centralised(int n, int c) {
        int[][] r = new int[n][];
        for (int i = 0; i < n; i++) {
            r[i] = i == c ? new int[] {c} : new int[] {Math.min(c, i), Math.max(c, i)};
        }
        return QuorumSystem.information(r, r);
    }
}
