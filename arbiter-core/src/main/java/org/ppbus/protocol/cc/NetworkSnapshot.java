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
