package org.ppbus.testbench;

import org.ppbus.bus.Fabric;
import org.ppbus.bus.Reentry;

/** Passes everything to a fabric and shows the req edges to a tap. */
final class TappedFabric implements Fabric, Reentry {
    private final Fabric inner;
    private final SymbolTap tap;

    TappedFabric(Fabric inner, SymbolTap tap) {
        this.inner = inner;
        this.tap = tap;
    }

    @Override
    public int nodes() {
        return inner.nodes();
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

    @Override
    public void step(long cycle) {
        inner.step(cycle);
    }

    @Override
    public boolean quiescent() {
        return inner.quiescent();
    }

    @Override
    public void crash(int node, long cycle) {
        inner.crash(node, cycle);
    }
}
