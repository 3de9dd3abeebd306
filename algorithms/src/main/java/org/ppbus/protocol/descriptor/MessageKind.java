package org.ppbus.protocol.descriptor;

/**
 * A message kind and its width on the wire (type field and payload); {@code token} when the
 * message carries a token, the right to the bus that only its holder has (the view draws it apart).
 */
public record MessageKind(String name, int bits, boolean token) {
    public MessageKind(String name, int bits) {
        this(name, bits, false);
    }

    /** A kind whose message carries a token. */
    public static MessageKind token(String name, int bits) {
        return new MessageKind(name, bits, true);
    }
}
