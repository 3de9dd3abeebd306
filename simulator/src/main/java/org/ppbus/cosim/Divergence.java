package org.ppbus.cosim;

/**
 * The first cycle where the RTL and the Java model disagree.
 *
 * @param detail what the RTL printed when it stopped on an assertion, or empty
 */
public record Divergence(long cycle, String signal, int expected, int actual, long seed, String detail) {
    public Divergence(long cycle, String signal, int expected, int actual, long seed) {
        this(cycle, signal, expected, actual, seed, "");
    }

    public String describe() {
        return "cycle " + cycle + ": " + signal + " expected " + expected + " (Java model) but RTL has " + actual
                + " (seed " + seed + ")"
                + (detail.isBlank() ? "" : "; the RTL said: " + detail.strip().replace('\n', ';'));
    }
}
