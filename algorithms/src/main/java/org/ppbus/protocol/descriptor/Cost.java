package org.ppbus.protocol.descriptor;

/** A claimed cost: the seed's formula and its value at the size asked for. */
public record Cost(String formula, String value, long low, long high) {
    /** A claim whose value is not a range of messages per entry (a bound, a formula at n): nothing to check it against. */
    public Cost(String formula, String value) {
        this(formula, value, -1, -1);
    }

    /** A claim of low to high messages per entry, which a measurement can be checked against. */
    public static Cost between(String formula, long low, long high) {
        return new Cost(formula, low + " … " + high, low, high);
    }

    public boolean isRange() {
        return low >= 0;
    }
}
