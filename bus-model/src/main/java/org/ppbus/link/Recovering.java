package org.ppbus.link;

/**
 * A fabric that repairs the loss of a message by itself, such as Misra's ring, which regenerates a
 * lost token. The fault verdicts read when it last did: a run whose lost message was followed by a
 * repair, and then served every request without a violation, has recovered rather than masked it.
 */
public interface Recovering {
    /** The cycle of the last repair (a regenerated token), or -1 if there has been none. */
    long recoveredAt();
}
