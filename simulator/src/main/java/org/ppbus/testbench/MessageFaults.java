package org.ppbus.testbench;

import java.util.SplittableRandom;
import java.util.function.BiPredicate;
import org.ppbus.check.Violation;
import org.ppbus.link.ChannelId;
import org.ppbus.link.FaultKind;
import org.ppbus.link.FaultPlan;
import org.ppbus.link.Lossy;
import org.ppbus.link.Message;
import org.ppbus.link.MessageChannels;
import org.ppbus.protocol.descriptor.Algorithm;

/**
 * Faults in the messages of a message-passing algorithm: one lost message ({@code drop:random}, a
 * cycle drawn from the run seed and then the first message sent; or {@code drop:CYCLE@m_FROM_TO}),
 * or one late message ({@code delay:CYCLE@m_FROM_TO+D}); a crashed node is the fabric's own
 * ({@link org.ppbus.bus.Fabric#crash}). The verdict reads the run as {@link FaultOutcome} does for
 * the symbol faults.
 */
final class MessageFaults {
    private final FaultPlan plan;
    private final MessageChannels channels;

    private MessageFaults(FaultPlan plan, MessageChannels channels) {
        this.plan = plan;
        this.channels = channels;
    }

    static MessageFaults inject(FaultPlan plan, Lossy fabric, long seed, long horizon) {
        MessageChannels ch = fabric.messageChannels();
        if (plan.random()) {
            long at = new SplittableRandom(seed ^ 0x6d657373L).nextLong(horizon);
            // A node's message to itself travels no channel, so no fault can lose it.
            ch.loseNext((m, cycle) -> cycle >= at && m.from() != m.to());
            return new MessageFaults(plan, ch);
        }
        int src = plan.messageNodes()[0];
        int dst = plan.messageNodes()[1];
        BiPredicate<Message, Long> which = (m, cycle) -> cycle >= plan.cycle() && m.from() == src && m.to() == dst;
        if (plan.kind() == FaultKind.DELAY) {
            ch.delayNext(which, plan.messageDelay());
        } else {
            ch.loseNext(which);
        }
        return new MessageFaults(plan, ch);
    }

    /**
     * The verdict; recoveredAt is the fabric's last repair ({@link org.ppbus.link.Recovering}), or -1.
     * A clean run whose lost message was followed by a repair has {@code recovered}, with the latency
     * from the loss to the repair; without a repair it has masked the loss.
     */
    FaultOutcome outcome(Algorithm algorithm, int nodes, Violation v, int ungranted, long recoveredAt) {
        String verdict = FaultOutcome.verdict(v, ungranted);
        long at = v == null ? -1 : v.cycle();
        Message m = channels.firstLost();
        if (m == null) {
            return FaultOutcome.notInjected(plan.toString());
        }
        long sent = channels.firstLostAt();
        String name = algorithm.messages().at(nodes).get(m.type()).name();
        String channel = new ChannelId.Between(m.from(), m.to()).toString();
        if (verdict.equals("masked") && recoveredAt >= sent) {
            return FaultOutcome.struck(
                    new FaultOutcome.Hit(plan.toString(), true, sent, channel, name, "nothing"),
                    "recovered",
                    recoveredAt);
        }
        String delivered =
                plan.kind() == FaultKind.DELAY ? name + " " + plan.messageDelay() + " cycles late" : "nothing";
        return FaultOutcome.struck(
                new FaultOutcome.Hit(plan.toString(), true, sent, channel, name, delivered), verdict, at);
    }
}
