package org.ppbus.link;

import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * One fault to inject into the channels: {@code KIND:WHERE}, with KIND one of drop, duplicate,
 * corrupt, delay and WHERE either {@code random} (a cycle drawn from the run seed, then the first
 * symbol driven on any channel from that cycle on) or {@code CYCLE@CHANNEL} (the symbol driven on
 * that channel in that cycle, e.g. {@code 120@c2a_c0_a1}).
 *
 * <p>For the message-passing algorithms: {@code drop:random} or {@code drop:CYCLE@m_FROM_TO} loses
 * one message (the first one sent from FROM to TO at or after CYCLE), {@code delay:CYCLE@m_FROM_TO+D}
 * delivers that message D cycles late (4 without +D), after the messages sent behind it, as an
 * asynchronous channel may.
 *
 * <p>For every algorithm: {@code crash:NODE@CYCLE} stops the node for good from that cycle on
 * (crash-stop): its processor, and its units or its share of the algorithm, go silent. Whatever it
 * sends is lost, and so is whatever reaches it. {@code crash:nNODE} is the same from cycle 0, and
 * {@code crash:random} draws the node and the cycle from the run seed.
 *
 * <ul>
 * <li>drop: the symbol never arrives;</li>
 * <li>duplicate: it arrives, and again one cycle later;</li>
 * <li>corrupt: its 2-bit code is XORed with a nonzero mask, so it arrives as another symbol (or as
 * idle, which is a drop); the mask is drawn from the seed, or given as {@code CYCLE@CHANNEL^MASK}
 * (1, 2 or 3);</li>
 * <li>delay: it arrives D cycles late (D from the seed, 1..8, for random; 4 otherwise), after the
 * symbols sent behind it: the channel is no longer FIFO.</li>
 * </ul>
 */
public record FaultPlan(FaultKind kind, boolean random, long cycle, String channel, int mask) {
    /** A plan whose corruption mask, if any, is drawn from the run seed. */
    public FaultPlan(FaultKind kind, boolean random, long cycle, String channel) {
        this(kind, random, cycle, channel, 0);
    }

    /** Parses KIND:WHERE; "none" or empty gives null. Throws IllegalArgumentException with a one-line message. */
    public static FaultPlan parse(String text) {
        if (text == null || text.isBlank() || text.equalsIgnoreCase("none")) {
            return null;
        }
        String t = text.trim().toLowerCase(Locale.ROOT);
        int colon = t.indexOf(':');
        if (colon < 0) {
            throw new IllegalArgumentException(
                    "a fault is KIND:WHERE (KIND " + FaultKind.labels(List.of(FaultKind.values()))
                            + "; WHERE random or CYCLE@CHANNEL), got '" + text + "'");
        }
        String label = t.substring(0, colon);
        String where = t.substring(colon + 1);
        FaultKind kind = FaultKind.parse(label)
                .orElseThrow(() -> new IllegalArgumentException(
                        "unknown fault kind '" + label + "' (" + FaultKind.labels(List.of(FaultKind.values())) + ")"));
        if (kind == FaultKind.CRASH) {
            return crash(where, text);
        }
        if (where.equals("random")) {
            return new FaultPlan(kind, true, -1, null);
        }
        int mask = 0;
        int caret = where.indexOf('^');
        if (caret >= 0) {
            if (kind != FaultKind.CORRUPT || !where.substring(caret + 1).matches("[123]")) {
                throw new IllegalArgumentException(
                        "only a corruption takes ^MASK, a mask of 1, 2 or 3 (e.g. corrupt:100@c2a_c0_a1^3), got '"
                                + text + "'");
            }
            mask = Integer.parseInt(where.substring(caret + 1));
            where = where.substring(0, caret);
        }
        int at = where.indexOf('@');
        if (at < 0) {
            throw new IllegalArgumentException("a fault's WHERE must be random or CYCLE@CHANNEL, got '" + where + "'");
        }
        long cycle = cycle(where.substring(0, at));
        String channel = where.substring(at + 1);
        if (channel.contains("+") && !(kind == FaultKind.DELAY && channel.matches("m_\\d{1,5}_\\d{1,5}\\+\\d{1,6}"))) {
            throw new IllegalArgumentException(
                    "only a delayed message takes +CYCLES (e.g. delay:100@m_3_0+40), got '" + channel + "'");
        }
        if (!names(withoutDelay(channel))) {
            throw new IllegalArgumentException(
                    "a fault's channel must look like c2a_c0_a1, a2c_a1_c0 or (between the nodes of a"
                            + " message-passing algorithm) m_0_1, got '" + channel + "'");
        }
        FaultPlan plan = new FaultPlan(kind, false, cycle, channel, mask);
        if (plan.onMessages() && plan.messageNodes()[0] == plan.messageNodes()[1]) {
            // A node's message to itself is a step of its own state machine, on no wire.
            throw new IllegalArgumentException(plan.channelId() + " is a node's"
                    + " message to itself, which travels no channel: it can be neither lost nor delayed");
        }
        return plan;
    }

    private static long cycle(String text) {
        long cycle;
        try {
            cycle = Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("a fault's cycle is not a number: '" + text + "'");
        }
        if (cycle < 0) {
            throw new IllegalArgumentException("a fault's cycle must not be negative, got " + cycle);
        }
        return cycle;
    }

    /** crash:WHERE: random, nNODE (from the start) or NODE@CYCLE. */
    private static FaultPlan crash(String where, String text) {
        if (where.equals("random")) {
            return new FaultPlan(FaultKind.CRASH, true, -1, null);
        }
        if (where.matches("n\\d{1,5}")) {
            return new FaultPlan(FaultKind.CRASH, false, 0, where);
        }
        if (!where.matches("\\d{1,5}@\\d{1,12}")) {
            throw new IllegalArgumentException(
                    "a crash names its node and cycle, e.g. crash:3@5000 (crash:n3 from the start), got '" + text
                            + "'");
        }
        int at = where.indexOf('@');
        return new FaultPlan(
                FaultKind.CRASH, false, Long.parseLong(where.substring(at + 1)), "n" + where.substring(0, at));
    }

    /** The lateness of a delayed message, {@code +D} after its channel (4 cycles without it). */
    public int messageDelay() {
        int plus = channel == null ? -1 : channel.indexOf('+');
        return plus < 0 ? 4 : Integer.parseInt(channel.substring(plus + 1));
    }

    /** The nodes a message fault names: {FROM, TO} for m_FROM_TO, {NODE} for a crash. */
    public int[] messageNodes() {
        if (kind == FaultKind.CRASH) {
            return new int[] {crashedNode()};
        }
        ChannelId.Between b = (ChannelId.Between) channelId();
        return new int[] {b.from(), b.to()};
    }

    /** The channel a fault at CYCLE@CHANNEL names (not for a crash or a random fault). */
    public ChannelId channelId() {
        return ChannelId.parse(withoutDelay(channel));
    }

    /** A fault on the messages of a message-passing algorithm (a lost or late message). */
    public boolean onMessages() {
        return channel != null && !crash() && channelId() instanceof ChannelId.Between;
    }

    private static String withoutDelay(String channel) {
        int plus = channel.indexOf('+');
        return plus < 0 ? channel : channel.substring(0, plus);
    }

    private static boolean names(String channel) {
        try {
            ChannelId.parse(channel);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /** A crash-stop of one node: {@link #crashedNode()} from {@link #cycle()} on. */
    public boolean crash() {
        return kind == FaultKind.CRASH;
    }

    /** The crashed node of a crash (not of {@code crash:random}, which {@link #resolveCrash} makes concrete). */
    public int crashedNode() {
        return Integer.parseInt(channel.substring(1));
    }

    /**
     * {@code crash:random} made concrete for one run: a node drawn from the seed, in a cycle drawn from
     * [lastCycle / 10, lastCycle / 2], as the random symbol faults are. Another plan is returned as it is.
     */
    public FaultPlan resolveCrash(int nodes, long seed, long lastCycle) {
        if (!crash() || !random) {
            return this;
        }
        SplittableRandom rnd = new SplittableRandom(seed ^ 0x63726173L);
        long lo = Math.max(1, lastCycle / 10);
        long hi = Math.max(lo + 1, lastCycle / 2);
        int node = rnd.nextInt(nodes);
        return new FaultPlan(kind, false, lo + rnd.nextLong(hi - lo), "n" + node);
    }

    @Override
    public String toString() {
        if (kind == FaultKind.CRASH) {
            return kind + ":" + (random ? "random" : cycle == 0 ? channel : channel.substring(1) + "@" + cycle);
        }
        return kind + ":" + (random ? "random" : cycle + "@" + channel + (mask == 0 ? "" : "^" + mask));
    }
}
