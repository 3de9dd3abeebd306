package org.ppbus.cosim;

/** The first cycle where the RTL and the Java model disagree. */
public record Divergence(long cycle, String signal, int expected, int actual, long seed) {
    public String describe() {
        return "cycle " + cycle + ": " + signal + " expected " + expected + " (Java model) but RTL has " + actual
                + " (seed " + seed + ")";
    }
}
