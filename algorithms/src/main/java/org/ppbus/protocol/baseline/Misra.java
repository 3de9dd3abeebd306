package org.ppbus.protocol.baseline;

import java.util.Arrays;
import java.util.List;
import org.ppbus.bus.Fabric;
import org.ppbus.link.Message;
import org.ppbus.link.MessageObserver;
import org.ppbus.link.Recovering;
import org.ppbus.protocol.ClientState;
import org.ppbus.protocol.baseline.parts.MessagePassingFabric;
import org.ppbus.protocol.descriptor.Algorithm;
import org.ppbus.protocol.descriptor.Cost;
import org.ppbus.protocol.descriptor.Family;
import org.ppbus.protocol.descriptor.Feature;
import org.ppbus.protocol.descriptor.MessageKind;

/**
 * Misra's ring with two complementary tokens (seed 003, slides 10–12; docs/PROTOCOL.md). PING is
 * the token ring's token; PONG circulates the same way and is never held. Both carry a counter
 * mod N + 1, and every node remembers the last token it saw, kind and counter. When the two meet at a
 * node, the counter of both goes up by one. A node that receives a token equal to the one it saw last
 * knows that the other token has not passed it for a whole round, so it is lost: it regenerates it
 * there. Between two visits of one token a node sees the tokens meet at most N times, so the counter
 * mod N + 1 never comes back to the same value without a meeting (the seed's reason for N + 1).
 *
 * <p>The seed's values are t and −t; a kind bit and one counter say the same in ⌈log₂(N+1)⌉ + 1 bits.
 * A PING and a PONG arriving in one cycle are taken PING first: then a node that sees the tokens
 * travel together remembers PONG, and a PING that comes back alone with the same counter is the only
 * way to a repeat.
 *
 * <p>The tokens circulate when nobody asks, as in the token ring; {@link #quiescent} means that no
 * processor asks or eats and both tokens exist, so a run with a lost token goes on until the ring has
 * repaired it.
 */
public final class Misra extends MessagePassingFabric implements Recovering {
    static final int PING = 0;
    static final int PONG = 1;

    public static final Algorithm ALGORITHM = Algorithm.named(
                    "misra",
                    "Misra's ring: the token (PING) and a checker (PONG) with counters mod N+1; regenerates a lost token")
            .family(Family.TOKEN)
            .features(Feature.MESSAGE_FAULTS)
            .factory(s -> new Misra(s.nodes(), s.latencyCycles(), s.grants(), s.messages()))
            .messages(Misra::kinds)
            // One token channel in from the predecessor and one out to the successor.
            .wires(n -> 2.0 * width(n))
            // As the token ring: PING serves each waiting processor once per round.
            .fairness((l, h) -> 1)
            .claim(n ->
                    new Cost("as the ring, plus PONG's N hops per round; one lost token regenerated", "1 … " + (n - 1)))
            .build();

    /** The kind bit and a counter mod N + 1. */
    static int width(int n) {
        return 1 + Math.max(1, 32 - Integer.numberOfLeadingZeros(n));
    }

    static List<MessageKind> kinds(int n) {
        // PING is the ring's token, the right to the bus; PONG only detects a loss and is never held.
        return List.of(MessageKind.token("PING", width(n)), new MessageKind("PONG", width(n)));
    }

    private final int modulus;
    private final int[] seen; // per node: kind * modulus + counter of the last token seen, -1 before the first
    private int pingAt = 0; // the node holding PING, -1 while it travels or is lost
    private int pongAt = 0;
    private int ping; // the counters the tokens carry
    private int pong;
    private long recoveredAt = -1;
    private long regenerations;

    public Misra(int nodes, int latencyCycles, Fabric.GrantSink sink, MessageObserver observer) {
        super(nodes, latencyCycles, sink, observer, Misra::kinds);
        this.modulus = nodes + 1;
        this.seen = new int[nodes];
        Arrays.fill(seen, -1);
    }

    @Override
    protected void react(long cycle) {
        Message pingIn = null;
        Message pongIn = null;
        for (Message m : channels.receive(cycle)) {
            if ((m.type() == PING ? pingIn : pongIn) != null) {
                throw new IllegalStateException(
                        "two " + (m.type() == PING ? "PING" : "PONG") + " tokens arrived in cycle " + cycle);
            }
            if (m.type() == PING) {
                pingIn = m;
            } else {
                pongIn = m;
            }
        }
        if (pingIn != null) {
            arrive(PING, pingIn.to(), (int) pingIn.payload(), cycle);
        }
        if (pongIn != null) {
            arrive(PONG, pongIn.to(), (int) pongIn.payload(), cycle);
        }
        if (pingAt >= 0 && pingAt == pongAt) {
            ping = (ping + 1) % modulus; // the tokens meet
            pong = ping;
        }
        // PING first: when both leave a node in one cycle, the token that grants goes first and PONG
        // takes the channel's next cycle.
        if (pingAt >= 0) {
            serve(cycle);
        }
        if (pongAt >= 0 && nodes > 1) {
            send(pongAt, (pongAt + 1) % nodes, PONG, pong, cycle);
            pongAt = -1;
        }
    }

    /** A token reaches node i: the check, then node i holds it. */
    private void arrive(int kind, int i, int counter, long cycle) {
        int key = kind * modulus + counter;
        if (seen[i] == key) {
            // The other token has not passed node i for a whole round: it is lost, and node i makes it again.
            hold(kind == PING ? PONG : PING, i, counter);
            recoveredAt = cycle;
            regenerations++;
        } else {
            seen[i] = key;
        }
        hold(kind, i, counter);
    }

    /** Node i holds the token of this kind, with this counter. */
    private void hold(int kind, int i, int counter) {
        if (kind == PING) {
            pingAt = i;
            ping = counter;
        } else {
            pongAt = i;
            pong = counter;
        }
    }

    private void serve(long cycle) {
        switch (state[pingAt]) {
            case HUNGRY -> {
                state[pingAt] = ClientState.EATING;
                sink.granted(pingAt, cycle);
            }
            case THINKING -> {
                if (nodes > 1) {
                    send(pingAt, (pingAt + 1) % nodes, PING, ping, cycle);
                    pingAt = -1;
                }
            }
            default -> {} // eating: keeps PING until req falls
        }
    }

    @Override
    public long recoveredAt() {
        return recoveredAt;
    }

    /** Tokens regenerated so far. */
    public long regenerations() {
        return regenerations;
    }

    @Override
    public boolean quiescent() {
        return busy() == 0 && tokensExist();
    }

    /** Both tokens are held or in flight: what the model knows and the nodes do not. */
    private boolean tokensExist() {
        return (pingAt >= 0 || channels.inFlight(m -> m.type() == PING))
                && (pongAt >= 0 || channels.inFlight(m -> m.type() == PONG));
    }
}
