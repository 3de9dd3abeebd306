package org.ppbus.check;

import java.util.List;

/**
 * The first broken invariant of a run: the cycle, which invariant (I1–I8, deadlock, livelock,
 * fairness, anomaly), a one-line message, and the states and recent symbols of the units involved.
 */
public record Violation(long cycle, String invariant, String message, List<String> details) {
    public String headline() {
        return "cycle " + cycle + ": " + invariant + ": " + message;
    }
}
