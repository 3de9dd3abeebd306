package org.ppbus.testbench;

import org.ppbus.bus.Fabric;
import org.ppbus.bus.ForwardingFabric;
import org.ppbus.bus.Reentry;

/** Passes everything to a fabric and shows the req edges to a tap. */
final class TappedFabric extends ForwardingFabric implements Reentry {
    private final SymbolTap tap;

    TappedFabric(Fabric inner, SymbolTap tap) {
        super(inner);
        this.tap = tap;
    }

    @Override
    public void request(int node, boolean level, long cycle) {
        tap.request(node, level, cycle);
        inner.request(node, level, cycle);
    }

    @Override
    public void reenterWithoutThinking(int node, long cycle) {
        ((Reentry) inner).reenterWithoutThinking(node, cycle);
    }
}
