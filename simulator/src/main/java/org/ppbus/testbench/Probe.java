package org.ppbus.testbench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.ppbus.bus.BusSet;
import org.ppbus.bus.Fabric;
import org.ppbus.bus.Need;
import org.ppbus.bus.Processors;
import org.ppbus.check.Checker;
import org.ppbus.link.Direction;
import org.ppbus.link.Message;
import org.ppbus.link.MessageObserver;
import org.ppbus.protocol.ProtocolObserver;
import org.ppbus.protocol.Unit;
import org.ppbus.stats.BusUse;
import org.ppbus.stats.Statistics;
import org.ppbus.workload.RequestTrace;

/** Fans the network's and the processors' events out to the checker, statistics and recorder. */
final class Probe implements ProtocolObserver, Fabric.GrantSink, Processors.HandshakeListener, MessageObserver {
    private final Statistics stats;
    private final List<long[]> requests = new ArrayList<>(); // {cycle, node, hold}
    private final List<Need> needs = new ArrayList<>(); // what each of them needed
    private final int[] openRequest;
    private final SymbolTap tap;
    private Checker checker;
    private Processors processors;
    private CrashAccount crash;
    private int dead = -1;
    private BusUse busUse; // a shared run's bus accounting, or null
    private final long[] grantedSet; // each node's buses, bit i for bus i, as last granted

    Probe(Statistics stats, int nodes, SymbolTap tap) {
        this.stats = stats;
        this.openRequest = new int[nodes];
        Arrays.fill(openRequest, -1);
        this.tap = tap;
        this.grantedSet = new long[nodes];
    }

    /** A run that shares its buses: each grant's buses are accounted. */
    BusUse account(BusUse use) {
        this.busUse = use;
        return use;
    }

    void connect(Checker c, Processors p) {
        this.checker = c;
        this.processors = p;
    }

    /** Accounts for a crash-stop of node in cycle, once it happens ({@link #crashNow}). */
    void expectCrash(int node, long cycle) {
        this.crash = new CrashAccount(openRequest.length, node, cycle);
    }

    /** The crash happens: the dead node's grant events go nowhere from now on. */
    void crashNow(int node, long cycle) {
        dead = node;
        crash.crash(processors);
        checker.crashed(node, cycle);
    }

    /** Who was still served after the crash, or null without one. */
    FaultOutcome.Survival survival() {
        return crash == null ? null : crash.survival();
    }

    /** The one-bus network's symbols are plane 0's. */
    @Override
    public void symbolDriven(Direction direction, int link, int code, long cycle) {
        symbolDriven(0, direction, link, code, cycle);
    }

    @Override
    public void symbolDriven(int plane, Direction direction, int link, int code, long cycle) {
        stats.symbolDriven(plane, direction, link, code, cycle);
        checker.protocolEvents(plane).symbolDriven(direction, link, code, cycle);
        if (tap != null) {
            tap.symbol(plane, direction, link, code, cycle);
        }
    }

    /**
     * Plane b's units, in a design with a plane per bus: its symbols are counted and recorded as
     * plane b's, and every event goes to plane b's invariants, never to another plane's.
     */
    @Override
    public ProtocolObserver ofPlane(int plane) {
        return new ProtocolObserver() {
            @Override
            public void symbolDriven(Direction direction, int link, int code, long cycle) {
                Probe.this.symbolDriven(plane, direction, link, code, cycle);
            }

            @Override
            public void arbiterReceived(int arbiter, int client, int link, int code, long cycle) {
                checker.protocolEvents(plane).arbiterReceived(arbiter, client, link, code, cycle);
            }

            @Override
            public void clientReceived(int client, int link, int code, long cycle) {
                checker.protocolEvents(plane).clientReceived(client, link, code, cycle);
            }

            @Override
            public void anomaly(Unit unit, String what, long cycle) {
                checker.protocolEvents(plane).anomaly(unit, what, cycle);
            }

            @Override
            public void healed(Direction direction, int link, int code, String what, long cycle) {
                checker.protocolEvents(plane).healed(direction, link, code, what, cycle);
            }
        };
    }

    @Override
    public void sent(Message m, long cycle) {
        stats.message(m, cycle);
    }

    @Override
    public void sent(Message m, long cycle, long arrives) {
        stats.message(m, cycle);
        if (tap != null) {
            tap.message(m, cycle, arrives);
        }
    }

    @Override
    public void arbiterReceived(int arbiter, int client, int link, int code, long cycle) {
        checker.protocolEvents().arbiterReceived(arbiter, client, link, code, cycle);
    }

    @Override
    public void clientReceived(int client, int link, int code, long cycle) {
        checker.protocolEvents().clientReceived(client, link, code, cycle);
    }

    @Override
    public void anomaly(Unit unit, String what, long cycle) {
        checker.protocolEvents().anomaly(unit, what, cycle);
    }

    @Override
    public void healed(Direction direction, int link, int code, String what, long cycle) {
        checker.protocolEvents().healed(direction, link, code, what, cycle);
    }

    @Override
    public void granted(int node, long cycle) {
        granted(node, BusSet.FIRST, cycle);
    }

    @Override
    public void granted(int node, BusSet buses, long cycle) {
        if (node == dead) {
            return;
        }
        grantedSet[node] = buses.mask();
        checker.granted(node, buses, cycle);
        processors.granted(node, cycle);
        if (tap != null) {
            tap.grant(node, buses, cycle);
        }
    }

    @Override
    public void released(int node, long cycle) {
        if (node == dead) {
            return;
        }
        checker.released(node, cycle);
        stats.released(node, grantedSet[node], cycle, processors.waitingCount() > 0);
        processors.released(node, cycle);
        if (tap != null) {
            tap.grant(node, false, cycle);
        }
    }

    @Override
    public void requested(int node, long cycle) {
        if (crash != null) {
            crash.requested(node);
        }
        stats.requested(node, cycle);
        checker.requested(node, cycle);
        openRequest[node] = requests.size();
        requests.add(new long[] {cycle, node, 1});
        if (busUse != null) {
            needs.add(processors.need(node)); // a single-bus run's are all one bus, no group
        }
    }

    @Override
    public void granted(int node, long riseCycle, long firstGntCycle, int holdCycles) {
        if (crash != null) {
            crash.granted(node);
        }
        stats.granted(node, grantedSet[node], riseCycle, firstGntCycle);
        if (busUse != null) {
            busUse.held(new BusSet(grantedSet[node]), firstGntCycle, holdCycles);
        }
        if (openRequest[node] >= 0) {
            requests.get(openRequest[node])[2] = holdCycles;
            openRequest[node] = -1;
        }
    }

    @Override
    public void releasedBus(int node, long cycle) {
        // The client's R3 is reported by released(node, cycle).
    }

    /** Every request raised so far, as a replayable trace. */
    RequestTrace trace(int nodes) {
        List<RequestTrace.Entry> e = new ArrayList<>(requests.size());
        for (long[] r : requests) {
            Need need = busUse == null ? Need.ONE : needs.get(e.size());
            e.add(new RequestTrace.Entry(r[0], (int) r[1], (int) r[2], false, need));
        }
        return new RequestTrace(nodes, e);
    }
}
