package org.ppbus.protocol.baseline;

import org.ppbus.protocol.baseline.parts.QuorumSystem;
import org.ppbus.protocol.descriptor.Algorithm;
import org.ppbus.protocol.descriptor.Cost;

/**
 * Maekawa's voting on a square grid (docs/PROTOCOL.md): the quorum of node i is its row and its
 * column, {@link Quorums#onGrid}; the messages are {@link Maekawa}'s.
 */
public final class MaekawaGrid {
    private MaekawaGrid() {}

    public static final Algorithm ALGORITHM = Maekawa.overQuorums(
                    "maekawa-grid",
                    "Maekawa's quorums on a square grid (row and column), the same messages",
                    n -> QuorumSystem.fixed(Quorums.onGrid(n)))
            .claim(n -> {
                int c = (int) Math.ceil(Math.sqrt(n));
                return new Cost("6√N − 3 … 10√N − 5 (√N := c)", (6 * c - 3) + " … " + (10 * c - 5));
            })
            .build();
}
