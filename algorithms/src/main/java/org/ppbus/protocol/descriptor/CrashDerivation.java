package org.ppbus.protocol.descriptor;

/**
 * A derivation's claims about the live processors that ask from a crash on: a run checks them
 * against what it measured.
 *
 * @param survive every request these make from the crash on is served
 * @param cutOff some request these make from the crash on is never served
 * @param atMostOneOf at most one of these survives
 * @param why the reason, in one line
 */
public record CrashDerivation(int[] survive, int[] cutOff, int[] atMostOneOf, String why) {
    public CrashDerivation {
        survive = survive.clone();
        cutOff = cutOff.clone();
        atMostOneOf = atMostOneOf.clone();
    }
}
