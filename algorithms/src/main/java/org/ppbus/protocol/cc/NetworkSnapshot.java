package org.ppbus.protocol.cc;

import org.ppbus.bus.StateBits;
import org.ppbus.link.ChannelBank;

/**
 * The packed state of a {@link CcNetwork}: every client and arbiter, every symbol still in a
 * pipeline, and a crash-stop and how far its announcement ({@code +reclaim}) is. Times are saved
 * relative to the cycle, so that states a cycle apart compare equal.
 */
final class NetworkSnapshot {
    private NetworkSnapshot() {}

    /**
     * The packed state; with a renumbering r (a symmetry of the wiring, null for none), the state
     * moved by it: client c written is the original client r.clientFrom[c] with its slots moved,
     * arbiter j the original r.arbiterFrom[j] with its ports moved, link l the original
     * r.linkFrom[l]. A state with a crash is not moved (a crash ties a client to its node's arbiter).
     */
    static long[] save(
            ClientUnit[] clients,
            ArbiterUnit[] arbiters,
            ChannelBank a2c,
            ChannelBank c2a,
            CcCrash crash,
            int latencyCycles,
            long afterCycle,
            Renumbering r) {
        if (r != null && crash != null) {
            throw new UnsupportedOperationException("a state with a crash is not moved by a symmetry");
        }
        StateBits w = new StateBits();
        for (int to = 0; to < clients.length; to++) {
            int c = r == null ? to : r.clientFrom()[to];
            clients[c].save(w, afterCycle, r == null ? null : r.slotFrom()[c]);
        }
        for (int to = 0; to < arbiters.length; to++) {
            int j = r == null ? to : r.arbiterFrom()[to];
            arbiters[j].save(w, afterCycle, r == null ? null : r.portFrom()[j]);
        }
        a2c.save(afterCycle, w, r == null ? null : r.linkFrom());
        c2a.save(afterCycle, w, r == null ? null : r.linkFrom());
        CcCrash.save(crash, w, afterCycle, clients.length, latencyCycles);
        return w.toWords();
    }

    /** Restores the units and channels; returns the crash the state holds, or null. */
    static CcCrash load(
            long[] state,
            ClientUnit[] clients,
            ArbiterUnit[] arbiters,
            ChannelBank a2c,
            ChannelBank c2a,
            boolean recovers,
            int latencyCycles,
            long atCycle) {
        StateBits r = new StateBits(state);
        for (ClientUnit c : clients) {
            c.restore(r, atCycle);
        }
        for (ArbiterUnit a : arbiters) {
            a.restore(r, atCycle);
        }
        a2c.load(atCycle, r);
        c2a.load(atCycle, r);
        return CcCrash.load(r, atCycle, clients.length, latencyCycles, recovers);
    }
}
