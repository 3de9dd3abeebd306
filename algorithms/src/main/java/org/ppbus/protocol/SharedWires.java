package org.ppbus.protocol;

import java.util.function.ToDoubleBiFunction;
import org.ppbus.bus.Sharing;

/** Wires per node that grow with the sharing ({@link Algorithm.Wires#withSharing}). */
record SharedWires(ToDoubleBiFunction<Integer, Sharing> wires) implements Algorithm.Wires {
    @Override
    public double perNode(int nodes) {
        return wires.applyAsDouble(nodes, Sharing.SINGLE);
    }

    @Override
    public double perNode(int nodes, Sharing sharing) {
        return wires.applyAsDouble(nodes, sharing);
    }
}
