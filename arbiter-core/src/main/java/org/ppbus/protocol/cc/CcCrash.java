package org.ppbus.protocol.cc;

import org.ppbus.bus.Scheduler;
import org.ppbus.plane.Wiring;

/**
 * A crash-stop in a Campos–Carvalho network under {@code +reclaim}. The network silences the dead
 * node's client and arbiter at once; this is the model's failure detector, which tells the dead
 * node's neighbours a round trip (2L) after the crash, when whatever the node sent before has
 * arrived. Then the clients of the dead arbiter give up what they cannot use, and the arbiters on the
 * dead client's line take their forks back from it.
 */
final class CcCrash {
    private final int node;
    private final long knownAt;

    CcCrash(int node, long knownAt) {
        this.node = node;
        this.knownAt = knownAt;
    }

    /** In the cycle the crash becomes known, before the units evaluate. */
    void announce(long cycle, Wiring wiring, ClientUnit[] clients, ArbiterUnit[] arbiters, Scheduler scheduler) {
        if (cycle != knownAt) {
            return;
        }
        for (int c : wiring.clientsOf(node)) {
            if (c != node) {
                clients[c].arbiterDead(wiring.slotOf(c, node));
                scheduler.wake(c, cycle);
            }
        }
        for (int a : wiring.arbitersOf(node)) {
            if (a != node) {
                arbiters[a].clientDead(wiring.portOf(a, node));
                scheduler.wake(clients.length + a, cycle);
            }
        }
    }
}
