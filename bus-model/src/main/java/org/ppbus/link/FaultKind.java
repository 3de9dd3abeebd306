package org.ppbus.link;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** What a fault does ({@link FaultPlan}): named once, printed and parsed here. */
public enum FaultKind {
    /** The symbol or message never arrives. */
    DROP,
    /** The symbol arrives, and again one cycle later. */
    DUPLICATE,
    /** The symbol's 2-bit code is XORed with a nonzero mask. */
    CORRUPT,
    /** The symbol or message arrives late, after those sent behind it. */
    DELAY,
    /** A node stops for good. */
    CRASH;

    /** The kinds that hit one symbol of the contract's channels (the fault matrix's). */
    public static final List<FaultKind> SYMBOL_KINDS = List.of(DROP, DUPLICATE, CORRUPT, DELAY);

    /** The kinds that hit one message of a message-passing algorithm at a random place (its fault matrix's). */
    public static final List<FaultKind> MESSAGE_KINDS = List.of(DROP);

    /** The name in {@code --fault} and {@code --kinds}, and in reports. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    @Override
    public String toString() {
        return label();
    }

    /** The kind a label names, ignoring case. */
    public static Optional<FaultKind> parse(String label) {
        for (FaultKind k : values()) {
            if (k.label().equalsIgnoreCase(label.trim())) {
                return Optional.of(k);
            }
        }
        return Optional.empty();
    }

    /** The labels of all kinds, comma-separated, for messages and help texts. */
    public static String labels(List<FaultKind> kinds) {
        return String.join(", ", kinds.stream().map(FaultKind::label).toList());
    }
}
