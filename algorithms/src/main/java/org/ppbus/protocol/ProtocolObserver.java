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

    /**
     * A symbol driven on plane b of a design with one plane of units per bus (campos-carvalho-k):
     * the links are that plane's. An observer that does not tell planes apart hears it as any other.
     */
    default void symbolDriven(int plane, Direction direction, int link, int code, long cycle) {
        symbolDriven(direction, link, code, cycle);
    }

    /**
     * The observer of plane b's units in a design with a plane per bus: by default this one, hearing
     * each symbol with its plane ({@link #onPlane}). An observer that keeps something per plane (the
     * checkers' invariants, the statistics' pairing of symbols, the waveform's scopes) returns its own.
     */
    default ProtocolObserver ofPlane(int plane) {
        return onPlane(this, plane);
    }

    ProtocolObserver NONE = new ProtocolObserver() {};

    /** What plane b's units report, passed to {@code o} with the symbols naming their plane. */
    static ProtocolObserver onPlane(ProtocolObserver o, int plane) {
        return new ProtocolObserver() {
            @Override
            public void symbolDriven(Direction direction, int link, int code, long cycle) {
                o.symbolDriven(plane, direction, link, code, cycle);
            }

            @Override
            public void arbiterReceived(int arbiter, int client, int link, int code, long cycle) {
                o.arbiterReceived(arbiter, client, link, code, cycle);
            }

            @Override
            public void clientReceived(int client, int link, int code, long cycle) {
                o.clientReceived(client, link, code, cycle);
            }

            @Override
            public void anomaly(Unit unit, String what, long cycle) {
                o.anomaly(unit, what, cycle);
            }

            @Override
            public void healed(Direction direction, int link, int code, String what, long cycle) {
                o.healed(direction, link, code, what, cycle);
            }
        };
    }
}
