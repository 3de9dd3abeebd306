package org.ppbus.protocol;

/**
 * One unit of a node: its client (the processor's side) or its arbiter. Printed as "client 3" or
 * "arbiter 5" in reports; compared as a value.
 */
public record Unit(Kind kind, int node) {
    public enum Kind {
        CLIENT,
        ARBITER
    }

    public static Unit client(int node) {
        return new Unit(Kind.CLIENT, node);
    }

    public static Unit arbiter(int node) {
        return new Unit(Kind.ARBITER, node);
    }

    @Override
    public String toString() {
        return (kind == Kind.CLIENT ? "client " : "arbiter ") + node;
    }
}
