package org.ppbus.protocol.cc;

import org.ppbus.link.Direction;
import org.ppbus.plane.Wiring;
import org.ppbus.protocol.ClientState;

/**
 * The state of a running network at the end of one cycle, as the checkers and H read it. The cycle
 * is part of the view because the pipelines are read at a cycle; a new view is taken for each.
 */
final class CcView implements StateView {
    private final CcNetwork net;
    private final long cycle;

    CcView(CcNetwork net, long cycle) {
        this.net = net;
        this.cycle = cycle;
    }

    @Override
    public Wiring wiring() {
        return net.wiring();
    }

    @Override
    public ClientState clientState(int client) {
        return net.client(client).state();
    }

    @Override
    public int clientFlags(int client, int slot) {
        return net.client(client).flags(slot);
    }

    @Override
    public int ownerClient(int arbiter) {
        ArbiterUnit a = net.arbiter(arbiter);
        int p = a.owner();
        return p == ArbiterUnit.NIL ? -1 : a.clients()[p];
    }

    @Override
    public int arbiterFlags(int arbiter, int port) {
        return net.arbiter(arbiter).flags(port);
    }

    @Override
    public int[] priorityOrder(int arbiter) {
        int[] ports = net.arbiter(arbiter).priority().order();
        int[] cs = net.arbiter(arbiter).clients();
        int[] r = new int[ports.length];
        for (int i = 0; i < r.length; i++) {
            r[i] = cs[ports[i]];
        }
        return r;
    }

    @Override
    public int forkReturning(int link) {
        if (!net.forkOnItsWayToTheArbiter(link, cycle)) {
            return 0; // most links most of the time: decided from the counts, with nothing listed
        }
        for (int code : net.queued(Direction.C2A, link)) {
            if (Symbols.carriesFork(Direction.C2A, code)) {
                return code;
            }
        }
        for (int code : net.inFlight(Direction.C2A, link, cycle)) {
            if (Symbols.carriesFork(Direction.C2A, code)) {
                return code;
            }
        }
        return 0;
    }

    @Override
    public boolean forkGranting(int link) {
        for (int code : net.queued(Direction.A2C, link)) {
            if (code == Symbols.FORK) {
                return true;
            }
        }
        for (int code : net.inFlight(Direction.A2C, link, cycle)) {
            if (code == Symbols.FORK) {
                return true;
            }
        }
        return false;
    }

    /**
     * The forks on a link outside both units at the end of the cycle: in flight either way and
     * waiting in either output queue, read from counters without a scan.
     */
    @Override
    public int forksInTransit(int link) {
        return net.forksInTransit(link, cycle);
    }
}
