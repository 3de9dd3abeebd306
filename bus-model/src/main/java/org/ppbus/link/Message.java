package org.ppbus.link;

/**
 * A message of a baseline algorithm: its type, its payload and its real width on the wire (type
 * field plus payload), which is what the statistics count as bits.
 */
public record Message(int from, int to, int type, long payload, int bits) {
    public Message {
        if (bits < 1) {
            throw new IllegalArgumentException("a message has at least 1 bit");
        }
    }
}
