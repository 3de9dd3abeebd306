package org.ppbus.bus;

/**
 * How a state is saved moved by a renumbering (a symmetry of the plane, for the state search):
 * {@code from[k]} is the old position (slot, port, link or channel) that is written at new position
 * k; a null {@code from} leaves every position where it is. One home for the two directions every
 * unit and channel bank reads it in.
 */
public final class Positions {
    private Positions() {}

    /** The old position saved at new position k. */
    public static int at(int[] from, int k) {
        return from == null ? k : from[k];
    }

    /** The new position of old position p. */
    public static int where(int[] from, int p) {
        if (from == null) {
            return p;
        }
        for (int k = 0; k < from.length; k++) {
            if (from[k] == p) {
                return k;
            }
        }
        throw new IllegalArgumentException("position " + p + " is not moved anywhere");
    }
}
