package org.ppbus.protocol;

import org.ppbus.link.Direction;

/** What the network reports as it runs, for statistics, traces and checkers. All no-ops by default. */
public interface ProtocolObserver {
    /** A non-idle symbol driven on a link in this cycle (it arrives L cycles later). */
    default void symbolDriven(Direction direction, int link, int code, long cycle) {}

    /** An arbiter consumed a symbol from one of its clients, on that client's link. */
    default void arbiterReceived(int arbiter, int client, int link, int code, long cycle) {}

    /** A client consumed a symbol from one of its arbiters on this link. */
    default void clientReceived(int client, int link, int code, long cycle) {}

    /** Something the protocol says cannot happen did (a fork from a non-owner, a second fork...). */
    default void anomaly(Unit unit, String what, long cycle) {}

    /**
     * A +heal rule consumed this symbol differently from the base rules: it dropped it as an echo,
     * or read it as the sign of a lost fork (docs/PROTOCOL.md "Healing").
     */
    default void healed(Direction direction, int link, int code, String what, long cycle) {}

    ProtocolObserver NONE = new ProtocolObserver() {};
}
