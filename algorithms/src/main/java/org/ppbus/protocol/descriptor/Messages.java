package org.ppbus.protocol.descriptor;

import java.util.List;

/** The message kinds at n nodes, indexed by the type code the fabric sends. */
public interface Messages {
    List<MessageKind> at(int nodes);
}
