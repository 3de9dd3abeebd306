package org.ppbus.link;

import java.util.List;
import java.util.Locale;

/**
 * One fault to inject into the channels: {@code KIND:WHERE}, with KIND one of drop, duplicate,
 * corrupt, delay and WHERE either {@code random} (a cycle drawn from the run seed, then the first
 * symbol driven on any channel from that cycle on) or {@code CYCLE@CHANNEL} (the symbol driven on
 * that channel in that cycle, e.g. {@code 120@c2a_c0_a1}).
 *
 * <ul>
 * <li>drop: the symbol never arrives;</li>
 * <li>duplicate: it arrives, and again one cycle later;</li>
 * <li>corrupt: its 2-bit code is XORed with a nonzero mask, so it arrives as another symbol (or as
 * idle, which is a drop);</li>
 * <li>delay: it arrives D cycles late (D from the seed, 1..8, for random; 4 otherwise), after the
 * symbols sent behind it: the channel is no longer FIFO.</li>
 * </ul>
 */
public record FaultPlan(String kind, boolean random, long cycle, String channel) {
    public static final List<String> KINDS = List.of("drop", "duplicate", "corrupt", "delay");

    /** Parses KIND:WHERE; "none" or empty gives null. Throws IllegalArgumentException with a one-line message. */
    public static FaultPlan parse(String text) {
        if (text == null || text.isBlank() || text.equalsIgnoreCase("none")) {
            return null;
        }
        String t = text.trim().toLowerCase(Locale.ROOT);
        int colon = t.indexOf(':');
        if (colon < 0) {
            throw new IllegalArgumentException("a fault is KIND:WHERE (KIND " + String.join(", ", KINDS)
                    + "; WHERE random or CYCLE@CHANNEL), got '" + text + "'");
        }
        String kind = t.substring(0, colon);
        String where = t.substring(colon + 1);
        if (!KINDS.contains(kind)) {
            throw new IllegalArgumentException("unknown fault kind '" + kind + "' (" + String.join(", ", KINDS) + ")");
        }
        if (where.equals("random")) {
            return new FaultPlan(kind, true, -1, null);
        }
        int at = where.indexOf('@');
        if (at < 0) {
            throw new IllegalArgumentException("a fault's WHERE must be random or CYCLE@CHANNEL, got '" + where + "'");
        }
        long cycle;
        try {
            cycle = Long.parseLong(where.substring(0, at));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("a fault's cycle is not a number: '" + where.substring(0, at) + "'");
        }
        if (cycle < 0) {
            throw new IllegalArgumentException("a fault's cycle must not be negative, got " + cycle);
        }
        String channel = where.substring(at + 1);
        if (!channel.matches("(c2a_c\\d{1,5}_a\\d{1,5}|a2c_a\\d{1,5}_c\\d{1,5})")) {
            throw new IllegalArgumentException("a fault's channel must look like c2a_c0_a1 or a2c_a1_c0, got '" + channel + "'");
        }
        return new FaultPlan(kind, false, cycle, channel);
    }

    @Override
    public String toString() {
        return kind + ":" + (random ? "random" : cycle + "@" + channel);
    }
}
