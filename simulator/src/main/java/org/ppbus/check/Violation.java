package org.ppbus.check;

import java.util.List;

/**
 * The first broken property of a run: which one, the cycle, where (the unit or link), a one-line
 * message, the count that broke it where there is one (forks or request tokens found, clients
 * eating), and the states and recent symbols of the units involved.
 *
 * @param found the count the property constrains, or -1 where it has none
 */
public record Violation(Property property, long cycle, String where, String message, int found, List<String> details) {
    /** Where a run refused because an output queue would overflow. */
    public static final String OUTPUT_QUEUE = "output queue";

    public Violation {
        details = List.copyOf(details);
    }

    public Violation(Property property, long cycle, String where, String message, int found) {
        this(property, cycle, where, message, found, List.of());
    }

    /** The property's label, e.g. "I3 request tokens". */
    public String invariant() {
        return property.label();
    }

    public String headline() {
        return "cycle " + cycle + ": " + invariant() + ": " + message;
    }

    public Violation withDetails(List<String> more) {
        return new Violation(property, cycle, where, message, found, more);
    }
}
