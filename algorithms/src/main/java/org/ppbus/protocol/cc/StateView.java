package org.ppbus.protocol.cc;

import org.ppbus.plane.Wiring;
import org.ppbus.protocol.ClientState;

/** Read access to a (possibly not yet running) network state, for H and the checkers. */
public interface StateView {
    Wiring wiring();

    ClientState clientState(int client);

    /** {@link LinkFlags} of client's link to its slot-th arbiter. */
    int clientFlags(int client, int slot);

    /** The client that is OWNER of arbiter j's resource, or -1 (NIL). */
    int ownerClient(int arbiter);

    /** {@link LinkFlags} (REQ, SREQ) that arbiter j keeps for its port-th client. */
    int arbiterFlags(int arbiter, int port);

    /** Arbiter j's clients from highest to lowest priority. */
    int[] priorityOrder(int arbiter);

    /** The fork symbol on its way from the client to the arbiter on this link (queued or in flight), or 0. */
    int forkReturning(int link);

    /** True if a FORK is on its way from the arbiter to the client on this link. */
    boolean forkGranting(int link);

    /** How many forks are on this link outside both units: queued or in flight, either way (I2). */
    int forksInTransit(int link);
}
