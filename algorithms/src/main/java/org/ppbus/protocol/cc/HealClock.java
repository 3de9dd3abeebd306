package org.ppbus.protocol.cc;

import java.util.Arrays;
import org.ppbus.bus.Positions;
import org.ppbus.bus.StateBits;

/**
 * One unit's {@code +heal} clock: per link, the cycle it last drove a fork (a client's return, an
 * arbiter's grant) and the parity of one cycle kept for good (a client's last FORK received, an
 * arbiter's last grant), which alternates between the grants to one client; and a beat every
 * {@link Healing#period} cycles from reset, the same in every unit, on which waiting units ask
 * again. Ages are read capped at {@link Healing#cap}, beyond which no bound tells them apart, so
 * that a saved state is small.
 */
final class HealClock {
    private static final long NEVER = Long.MIN_VALUE / 4;
    static final int NO_PARITY = 2;

    private final Healing healing;
    private final long[] forkAt;
    private final byte[] parity;
    private long born;

    HealClock(Healing healing, int links) {
        this.healing = healing;
        this.forkAt = new long[links];
        this.parity = new byte[links];
        Arrays.fill(forkAt, NEVER);
        Arrays.fill(parity, (byte) NO_PARITY);
    }

    Healing healing() {
        return healing;
    }

    /** A fork driven on the link in this cycle. */
    void droveFork(int link, long cycle) {
        forkAt[link] = cycle;
    }

    /** Forgets the link's fork age (an arbiter's former OWNER, whose age no rule reads). */
    void forget(int link) {
        forkAt[link] = NEVER;
    }

    void markParity(int link, long cycle) {
        parity[link] = (byte) (cycle & 1);
    }

    /** The marked cycle's parity, 0 or 1, or {@link #NO_PARITY}. */
    int parity(int link) {
        return parity[link];
    }

    int sinceFork(int link, long cycle) {
        return (int) Math.min(cycle - forkAt[link], healing.cap());
    }

    /** Whether this cycle is a beat: a multiple of the period since reset. */
    boolean onBeat(long cycle) {
        return Math.floorMod(cycle - born, healing.period()) == 0;
    }

    /** Saves the ages as seen from the end of {@code afterCycle}, the parities and the beat's phase. */
    void save(StateBits w, long afterCycle) {
        save(w, afterCycle, null);
    }

    /** The same with the links renumbered: link q is saved where link {@code from[q]} is (null: in order). */
    void save(StateBits w, long afterCycle, int[] from) {
        int width = StateBits.widthFor(healing.cap());
        for (int q = 0; q < forkAt.length; q++) {
            int k = Positions.at(from, q);
            w.write(sinceFork(k, afterCycle), width);
            // Parity relative to the cycle, so that states a cycle apart compare equal.
            w.write(parity[k] == NO_PARITY ? NO_PARITY : parity[k] ^ (int) (afterCycle & 1), 2);
        }
        w.write((int) Math.floorMod(afterCycle - born, healing.period()), StateBits.widthFor(healing.period()));
    }

    /** Restores what {@link #save} wrote so that {@code atCycle} is the next cycle evaluated. */
    void restore(StateBits r, long atCycle) {
        int width = StateBits.widthFor(healing.cap());
        long after = atCycle - 1;
        for (int k = 0; k < forkAt.length; k++) {
            int age = r.read(width);
            forkAt[k] = age >= healing.cap() ? NEVER : after - age;
            int p = r.read(2);
            parity[k] = (byte) (p == NO_PARITY ? NO_PARITY : p ^ (int) (after & 1));
        }
        born = after - r.read(StateBits.widthFor(healing.period()));
    }
}
