package org.ppbus.protocol.baseline;

import java.util.List;
import org.ppbus.bus.Fabric;
import org.ppbus.link.Message;
import org.ppbus.link.MessageObserver;
import org.ppbus.protocol.ClientState;
import org.ppbus.protocol.baseline.parts.MessagePassingFabric;
import org.ppbus.protocol.descriptor.Algorithm;
import org.ppbus.protocol.descriptor.Cost;
import org.ppbus.protocol.descriptor.Family;
import org.ppbus.protocol.descriptor.Feature;
import org.ppbus.protocol.descriptor.MessageKind;

/**
 * The circulating token ring (docs/SPEC.md §S1.4.3): one token goes round 0 → 1 → … → n−1 → 0.
 * A node that receives it eats if its processor is waiting, and passes it on when req falls;
 * otherwise it passes it on in the cycle it arrives. The token starts at node 0. It is the only
 * message: 1 bit (a valid bit; no payload).
 *
 * <p>The token keeps circulating when nobody asks, as in the seeds, so the network is never free of
 * messages; {@link #quiescent} therefore means "no processor is asking or eating", which is what
 * the deadlock and livelock watchdogs need to know.
 */
public final class TokenRing extends MessagePassingFabric {
    public static final Algorithm ALGORITHM = Algorithm.named(
                    "token-ring", "a token circulating on a ring: 1-bit TOKEN messages to the successor")
            .family(Family.TOKEN)
            .features(Feature.MESSAGE_FAULTS)
            .factory(s -> new TokenRing(s.nodes(), s.latencyCycles(), s.grants(), s.messages()))
            .messages(TokenRing::kinds)
            // A 1-bit token channel in from the predecessor and out to the successor.
            .wires(n -> 2)
            // The token serves each waiting processor once per round.
            .fairness((l, h) -> 1)
            .claim(n -> new Cost("d ≤ N − 1 hops; 1 per entry under saturation", "1 … " + (n - 1)))
            .build();

    private int holder = 0; // -1 while the token is in flight

    public TokenRing(int nodes, int latencyCycles, Fabric.GrantSink sink, MessageObserver observer) {
        super(nodes, latencyCycles, sink, observer, TokenRing::kinds);
    }

    /** The token, a valid bit alone. */
    static List<MessageKind> kinds(int n) {
        return List.of(MessageKind.token("TOKEN", 1));
    }

    @Override
    protected void react(long cycle) {
        for (Message m : channels.receive(cycle)) {
            holder = m.to();
        }
        if (holder < 0) {
            return;
        }
        switch (state[holder]) {
            case HUNGRY -> {
                state[holder] = ClientState.EATING;
                sink.granted(holder, cycle);
            }
            case THINKING -> {
                if (nodes > 1) {
                    send(holder, (holder + 1) % nodes, 0, 0, cycle);
                    holder = -1;
                }
            }
            default -> {} // eating: keeps the token until req falls
        }
    }

    @Override
    public boolean quiescent() {
        return busy() == 0;
    }
}
