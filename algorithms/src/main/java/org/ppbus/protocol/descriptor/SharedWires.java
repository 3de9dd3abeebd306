package org.ppbus.protocol.descriptor;

import java.util.function.ToDoubleBiFunction;
import org.ppbus.bus.Sharing;

/** Wires per node that grow with the sharing ({@link Wires#withSharing}). */
record SharedWires(ToDoubleBiFunction<Integer, Sharing> wires) implements Wires {
    @Override
    public double perNode(int nodes) {
        return wires.applyAsDouble(nodes, Sharing.SINGLE);
    }

    @Override
    public double perNode(int nodes, Sharing sharing) {
        return wires.applyAsDouble(nodes, sharing);
    }
}
