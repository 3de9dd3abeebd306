package org.ppbus.protocol.baseline;

import org.ppbus.protocol.descriptor.Algorithm;
import org.ppbus.protocol.descriptor.Claim;
import org.ppbus.protocol.descriptor.Cost;
import org.ppbus.protocol.descriptor.Family;
import org.ppbus.protocol.descriptor.Feature;

/**
 * Raymond's k-exclusion (docs/PROTOCOL.md, "More than one bus"; the thesis §4.3.5, after Raymond
 * 1989): Ricart and Agrawala's algorithm in which a node enters after N − k replies instead of
 * N − 1, so that at most k are in at once. A hungry node sends a stamped REQUEST to the N − 1
 * others; a node replies at once unless it is in, or asks itself with the older request (stamp,
 * then id), and then replies when it leaves.
 *
 * <p>The k − 1 replies a node entered without still come, later: each node counts the replies it
 * is owed over all its requests, adds N − 1 with each new one, and enters while at most k − 1 are
 * outstanding (Raymond's outstanding-reply count). That count is {@link RicartAgrawala}'s too, which
 * is this algorithm on one bus: one implementation, and this is its descriptor for k buses. A late reply to an old request therefore
 * counts as what it is, a node that has left since. Every request costs N − 1 REQUESTs and
 * N − 1 REPLYs, 2(N − 1) per entry in all; 2N − k − 1 of them come before the node can enter.
 * Widths as Ricart–Agrawala's: REQUEST = 1 type bit + W + ⌈log₂ n⌉ id bits, REPLY = 1 bit.
 */
public final class RaymondK {
    public static final Algorithm ALGORITHM = Algorithm.named(
                    "raymond-k",
                    "Raymond's k-exclusion: Ricart-Agrawala entering after N - k replies, at most k in at once")
            .family(Family.PERMISSION)
            .features(Feature.MESSAGE_FAULTS, Feature.K_BUSES)
            .factory(s -> new RicartAgrawala(s, Algorithm.STAMP_BITS))
            .messages(n -> RicartAgrawala.kinds(n, Algorithm.STAMP_BITS))
            // A REQUEST-wide channel each way to every other node, each counted once.
            .wires(n -> (double) RicartAgrawala.requestWidth(n) * (n - 1))
            .claim(Claim.withSharing(
                    (n, s) -> Cost.between("2N − k − 1 … 2(N − 1)", 2 * n - Math.min(s.buses(), n) - 1, 2 * (n - 1))))
            .build();

    private RaymondK() {}
}
