package org.ppbus.protocol.cc;

import java.util.Arrays;
import org.ppbus.bus.StateBits;

/**
 * One unit's {@code +heal} timers: per link, the cycle it last drove a fork (a client's return, an
 * arbiter's grant), the cycle it last drove anything, and the parity of one cycle for good (a
 * client's last FORK received, an arbiter's last grant), which alternates between the grants to
 * one client. Ages are read capped at {@link Healing#period}, beyond which no bound tells them apart,
 * so that a saved state is finite.
 */
final class HealClock {
    private static final long NEVER = Long.MIN_VALUE / 4;
    static final int NO_PARITY = 2;

    private final Healing healing;
    private final long[] forkAt;
    private final long[] sentAt;
    private final byte[] parity;

    HealClock(Healing healing, int links) {
        this.healing = healing;
        this.forkAt = new long[links];
        this.sentAt = new long[links];
        this.parity = new byte[links];
        Arrays.fill(forkAt, NEVER);
        Arrays.fill(sentAt, NEVER);
        Arrays.fill(parity, (byte) NO_PARITY);
    }

    Healing healing() {
        return healing;
    }

    /** A symbol driven on the link in this cycle. */
    void drove(int link, boolean fork, long cycle) {
        sentAt[link] = cycle;
        if (fork) {
            forkAt[link] = cycle;
        }
    }

    void markParity(int link, long cycle) {
        parity[link] = (byte) (cycle & 1);
    }

    /** The marked cycle's parity, 0 or 1, or {@link #NO_PARITY}. */
    int parity(int link) {
        return parity[link];
    }

    int sinceFork(int link, long cycle) {
        return age(forkAt[link], cycle);
    }

    int sinceSent(int link, long cycle) {
        return age(sentAt[link], cycle);
    }

    private int age(long at, long cycle) {
        return (int) Math.min(cycle - at, healing.period());
    }

    /** Saves the ages as seen from the end of {@code afterCycle}, and the parities. */
    void save(StateBits w, long afterCycle) {
        int width = StateBits.widthFor(healing.period());
        for (int k = 0; k < forkAt.length; k++) {
            w.write(age(forkAt[k], afterCycle), width);
            w.write(age(sentAt[k], afterCycle), width);
            // Parity relative to the cycle, so that states a cycle apart compare equal.
            w.write(parity[k] == NO_PARITY ? NO_PARITY : parity[k] ^ (int) (afterCycle & 1), 2);
        }
    }

    /** Restores saved ages so that {@code atCycle} is the next cycle evaluated. */
    void restore(StateBits r, long atCycle) {
        int width = StateBits.widthFor(healing.period());
        long after = atCycle - 1;
        for (int k = 0; k < forkAt.length; k++) {
            forkAt[k] = stamp(r.read(width), after);
            sentAt[k] = stamp(r.read(width), after);
            int p = r.read(2);
            parity[k] = (byte) (p == NO_PARITY ? NO_PARITY : p ^ (int) (after & 1));
        }
    }

    private long stamp(int age, long afterCycle) {
        return age >= healing.period() ? NEVER : afterCycle - age;
    }
}
