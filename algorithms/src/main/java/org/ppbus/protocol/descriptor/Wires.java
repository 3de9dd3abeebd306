package org.ppbus.protocol.descriptor;

import java.util.function.ToDoubleBiFunction;
import org.ppbus.bus.Sharing;

/** Wires that leave a node at n nodes. */
public interface Wires {
    double perNode(int nodes);

    /** The wires for a run shared this way: the one-bus figure unless the design grows with k. */
    default double perNode(int nodes, Sharing sharing) {
        return perNode(nodes);
    }

    /** Wires that depend on the sharing as well ({@code perNode(n)} is their number on one bus). */
    static Wires withSharing(ToDoubleBiFunction<Integer, Sharing> wires) {
        return new SharedWires(wires);
    }
}
