package org.ppbus.testbench;

import java.util.List;
import org.ppbus.bus.BusSet;
import org.ppbus.bus.Fabric;
import org.ppbus.check.Violation;
import org.ppbus.link.Direction;
import org.ppbus.link.Message;

/** Several taps on one run (a VCD and a web page, say), each hearing every event in order. */
record Taps(List<SymbolTap> taps) implements SymbolTap {
    /** {@code a} then {@code b}; either may be null. */
    static SymbolTap both(SymbolTap a, SymbolTap b) {
        if (a == null || b == null) {
            return a == null ? b : a;
        }
        return new Taps(List.of(a, b));
    }

    @Override
    public void attached(Fabric fabric) {
        taps.forEach(t -> t.attached(fabric));
    }

    @Override
    public void symbol(Direction direction, int link, int code, long cycle) {
        taps.forEach(t -> t.symbol(direction, link, code, cycle));
    }

    @Override
    public void symbol(int plane, Direction direction, int link, int code, long cycle) {
        taps.forEach(t -> t.symbol(plane, direction, link, code, cycle));
    }

    @Override
    public void grant(int node, boolean high, long cycle) {
        taps.forEach(t -> t.grant(node, high, cycle));
    }

    @Override
    public void grant(int node, BusSet buses, long cycle) {
        taps.forEach(t -> t.grant(node, buses, cycle));
    }

    @Override
    public void message(Message m, long sent, long arrives) {
        taps.forEach(t -> t.message(m, sent, arrives));
    }

    @Override
    public void request(int node, boolean level, long cycle) {
        taps.forEach(t -> t.request(node, level, cycle));
    }

    @Override
    public void violated(Violation v) {
        taps.forEach(t -> t.violated(v));
    }

    @Override
    public void endOfCycle(long cycle) {
        taps.forEach(t -> t.endOfCycle(cycle));
    }
}
