package org.ppbus.search;

import java.util.ArrayList;
import java.util.List;
import org.ppbus.bus.Fabric;
import org.ppbus.check.Property;
import org.ppbus.check.Violation;
import org.ppbus.link.Direction;
import org.ppbus.protocol.ProtocolObserver;
import org.ppbus.protocol.Unit;
import org.ppbus.protocol.cc.Symbols;

/** Events of one cycle: grants (for the fresh bits), demotions (I5) and anomalies. */
final class SearchRecorder implements Fabric.GrantSink, ProtocolObserver {
    long granted;
    Violation problem;
    final List<int[]> demotions = new ArrayList<>();
    final List<int[]> driven = new ArrayList<>(); // {direction, link} of every symbol driven, when recorded
    boolean recordDriven; // only a search with faults needs them
    int dead = -1; // a crashed node, whose units' reports are nobody's

    void reset() {
        granted = 0;
        problem = null;
        demotions.clear();
        driven.clear();
    }

    @Override
    public void symbolDriven(Direction direction, int link, int code, long cycle) {
        if (recordDriven) {
            driven.add(new int[] {direction.ordinal(), link});
        }
    }

    @Override
    public void granted(int node, long cycle) {
        granted |= 1L << node;
    }

    @Override
    public void released(int node, long cycle) {}

    @Override
    public void arbiterReceived(int arbiter, int client, int link, int code, long cycle) {
        if (code == Symbols.DIRTY_FORK && arbiter != dead) {
            demotions.add(new int[] {arbiter, client});
        }
    }

    @Override
    public void anomaly(Unit unit, String what, long cycle) {
        if (problem == null && unit.node() != dead) {
            problem = new Violation(Property.ANOMALY, cycle, unit.toString(), unit + ": " + what, -1);
        }
    }
}
