package org.ppbus.protocol.cc;

import org.ppbus.bus.StateBits;
import org.ppbus.link.ChannelBank;
import org.ppbus.plane.Collineations;
import org.ppbus.plane.Wiring;

/**
 * The packed state of a {@link CcNetwork}: every client and arbiter, every symbol still in a
 * pipeline, and a crash-stop and how far its announcement ({@code +reclaim}) is. Times are saved
 * relative to the cycle, so that states a cycle apart compare equal.
 */
final class NetworkSnapshot {
    private NetworkSnapshot() {}

    static long[] save(
            ClientUnit[] clients,
            ArbiterUnit[] arbiters,
            ChannelBank a2c,
            ChannelBank c2a,
            CcCrash crash,
            int latencyCycles,
            long afterCycle) {
        StateBits w = new StateBits();
        for (ClientUnit c : clients) {
            c.save(w, afterCycle);
        }
        for (ArbiterUnit a : arbiters) {
            a.save(w, afterCycle);
        }
        a2c.save(afterCycle, w);
        c2a.save(afterCycle, w);
        CcCrash.save(crash, w, afterCycle, clients.length, latencyCycles);
        return w.toWords();
    }

    /**
     * The snapshot of the state moved by a symmetry g of the wiring: what {@link #save} writes for the
     * network in which client g(c) is client c with its slots moved to g's arbiters, arbiter g(j) is
     * arbiter j with its ports moved to g's clients, and link g(l) carries link l's symbols. Not for
     * a state with a crash (a crash ties a client to its node's arbiter).
     */
    static long[] saveMoved(
            ClientUnit[] clients,
            ArbiterUnit[] arbiters,
            ChannelBank a2c,
            ChannelBank c2a,
            CcCrash crash,
            int latencyCycles,
            long afterCycle,
            Wiring wiring,
            Collineations.Collineation g) {
        if (crash != null) {
            throw new UnsupportedOperationException("a state with a crash is not moved by a symmetry");
        }
        int n = wiring.nodes();
        int k = wiring.lineSize();
        StateBits w = new StateBits();
        int[] clientFrom = inverse(g.client());
        for (int to = 0; to < n; to++) {
            int c = clientFrom[to];
            int[] from = new int[k];
            for (int slot = 0; slot < k; slot++) {
                from[g.slot(wiring, c, slot)] = slot;
            }
            clients[c].save(w, afterCycle, from);
        }
        int[] arbiterFrom = inverse(g.point());
        for (int to = 0; to < arbiters.length; to++) {
            int j = arbiterFrom[to];
            int[] from = new int[wiring.ports(j)];
            for (int port = 0; port < from.length; port++) {
                from[g.port(wiring, j, port)] = port;
            }
            arbiters[j].save(w, afterCycle, from);
        }
        int[] linkFrom = new int[wiring.links()];
        for (int link = 0; link < linkFrom.length; link++) {
            linkFrom[g.link(wiring, link)] = link;
        }
        a2c.save(afterCycle, w, linkFrom);
        c2a.save(afterCycle, w, linkFrom);
        CcCrash.save(null, w, afterCycle, n, latencyCycles);
        return w.toWords();
    }

    private static int[] inverse(int[] map) {
        int[] inv = new int[map.length];
        for (int i = 0; i < map.length; i++) {
            inv[map[i]] = i;
        }
        return inv;
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
