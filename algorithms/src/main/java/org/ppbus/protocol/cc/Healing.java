package org.ppbus.protocol.cc;

/**
 * The timing that {@code +heal} reads from the synchronous contract: every channel is FIFO with the
 * same latency L, so each end of a link knows how soon the other end can answer. From those bounds
 * alone a unit tells an echo (a duplicate, or a symbol that crossed its own) from a lost fork.
 * docs/PROTOCOL.md "Healing" derives each bound; the exhaustive search checks them
 * (docs/VERIFICATION.md).
 *
 * <ul>
 *   <li>A new FORK reaches a client at least 2L + 1 cycles after the client sent the previous one
 *       back (L there, at least one cycle before the arbiter may grant it again, L back); one
 *       sooner is a duplicate.</li>
 *   <li>Without faults an arbiter's REQUEST always finds its fork at the client, and a
 *       StrongREQUEST without it crossed a return sent at most 2L − 1 cycles before. Either one
 *       arriving more than 2L + 1 cycles after the last return (a duplicate comes at most 3
 *       cycles behind its original) means that a fork of the link is lost.</li>
 *   <li>A client sends a REQUEST only without the fork, so one from OWNER 2L + 2 or more cycles
 *       after the grant means that OWNER has no fork; a sooner one crossed the FORK, or is a
 *       duplicate.</li>
 *   <li>A return reaches the arbiter at least 2L cycles after the grant; one from a client that is
 *       not OWNER, or sooner, is a duplicate.</li>
 *   <li>On a beat, every {@link #period} cycles from reset, a unit that waits asks again (a client
 *       waiting for a fork, an arbiter waiting for OWNER): that restores a lost request, and makes
 *       the other end speak up.</li>
 * </ul>
 */
record Healing(int latency) {
    /** The beat: every this many cycles from reset, a waiting unit asks again. */
    int period() {
        return 4 * latency + 4;
    }

    /** The cap of every age a unit keeps: every bound below is at most this. */
    int cap() {
        return 2 * latency + 2;
    }

    /** Client: a FORK this many cycles after the last return cannot be a new grant. */
    boolean forkEcho(int sinceReturn) {
        return sinceReturn <= 2 * latency;
    }

    /** Client, without the fork: a (Strong)REQUEST this soon after a return is not news. */
    boolean requestEcho(int sinceReturn) {
        return sinceReturn <= 2 * latency + 1;
    }

    /** Arbiter: a REQUEST from OWNER this long after the grant means that OWNER has no fork. */
    boolean ownerAsks(int sinceGrant) {
        return sinceGrant >= 2 * latency + 2;
    }

    /** Arbiter: a return from OWNER this soon after the grant is a duplicate. */
    boolean returnEcho(int sinceGrant) {
        return sinceGrant < 2 * latency;
    }
}
