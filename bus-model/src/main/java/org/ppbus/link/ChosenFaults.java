package org.ppbus.link;

import java.util.Arrays;
import java.util.StringJoiner;
import org.ppbus.bus.Positions;
import org.ppbus.bus.StateBits;

/**
 * Faults that the exhaustive search chooses, at most one of each kind in a run: before a cycle the
 * search arms one kind on one channel, and the symbol driven there in that cycle, if any, is lost
 * ({@code drop}) or arrives again one cycle after itself, or in the first idle cycle after that
 * ({@code duplicate}), as {@link FaultInjector} does in a run. Which kinds were used and the copy
 * still on its way are part of the saved state. Both banks of a network share one instance.
 */
public final class ChosenFaults {
    public static final int DROP = 1;
    public static final int DUPLICATE = 2;

    private static final FaultKind[] KINDS = {FaultKind.DROP, FaultKind.DUPLICATE}; // bit k stands for KINDS[k]

    /** The bit of a kind ({@link #DROP} or {@link #DUPLICATE}), or 0 for a kind the search does not choose. */
    public static int kind(FaultKind kind) {
        for (int k = 0; k < KINDS.length; k++) {
            if (KINDS[k] == kind) {
                return 1 << k;
            }
        }
        return 0;
    }

    /** A set of kinds by name, comma-separated: "drop", "duplicate" or "drop,duplicate". */
    public static String names(int kinds) {
        StringJoiner j = new StringJoiner(",");
        for (int k = 0; k < KINDS.length; k++) {
            if ((kinds >> k & 1) != 0) {
                j.add(KINDS[k].label());
            }
        }
        return j.toString();
    }

    private final int links;
    private boolean dropped;
    private boolean duplicated;
    private int armedKind; // for the next cycle only
    private int armedBank;
    private int armedChannel;
    private boolean fired;
    private int lateBank = -1; // the duplicate on its way: bank, channel, code, cycles to go
    private int lateChannel;
    private int lateCode;
    private int lateIn;

    public ChosenFaults(int links) {
        this.links = links;
    }

    /** Whether a fault of this kind was injected in the run so far. */
    public boolean used(int kind) {
        return kind == DROP ? dropped : duplicated;
    }

    /** Arms one fault for the next cycle: the symbol driven on that channel, if any. */
    public void arm(int kind, Direction direction, int channel) {
        armedKind = kind;
        armedBank = direction.ordinal();
        armedChannel = channel;
        fired = false;
    }

    /** Whether the fault armed for the cycle just run hit a symbol. */
    public boolean fired() {
        return fired;
    }

    /** Wraps one bank of a network. */
    public ChannelBank wrap(ChannelBank inner, Direction direction) {
        return new Bank(inner, direction.ordinal());
    }

    private final class Bank extends ForwardingChannels {
        private final int bank;
        private int countedCodes;

        Bank(ChannelBank inner, int bank) {
            super(inner);
            this.bank = bank;
        }

        @Override
        public void drive(int channel, long cycle, int code) {
            if (armedKind == 0 || bank != armedBank || channel != armedChannel) {
                inner.drive(channel, cycle, code);
                return;
            }
            fired = true;
            if (armedKind == DROP) {
                dropped = true;
            } else {
                duplicated = true;
                inner.drive(channel, cycle, code);
                lateBank = bank;
                lateChannel = channel;
                lateCode = code;
                lateIn = inner.latencyCycles() + 1;
            }
            armedKind = 0;
        }

        @Override
        public int take(int channel, long cycle) {
            int code = inner.take(channel, cycle);
            if (lateBank != bank || lateChannel != channel || lateIn != 0) {
                return code;
            }
            if (code != 0) {
                lateIn = 1; // the wire is busy: the copy comes in the next idle cycle
                return code;
            }
            lateBank = -1;
            return lateCode;
        }

        @Override
        public int[] inFlight(int channel, long cycle) {
            int[] r = inner.inFlight(channel, cycle);
            if (lateBank != bank || lateChannel != channel) {
                return r;
            }
            int[] all = Arrays.copyOf(r, r.length + 1);
            all[r.length] = lateCode;
            return all;
        }

        @Override
        public int inFlightTotal() {
            return inner.inFlightTotal() + (lateBank == bank ? 1 : 0);
        }

        @Override
        public void countCodes(int codeMask) {
            countedCodes = codeMask & ~1;
            inner.countCodes(codeMask);
        }

        @Override
        public int countedInFlight(int channel, long cycle) {
            int n = inner.countedInFlight(channel, cycle);
            return n + (lateBank == bank && lateChannel == channel && (countedCodes >>> lateCode & 1) != 0 ? 1 : 0);
        }

        /**
         * The c2a bank saves and restores the shared part, and counts the cycles down. Moved by a
         * symmetry ({@code from}: the channel written at each position), the copy on its way moves
         * with its channel; which kinds were used is the same in every image.
         */
        @Override
        public void save(long afterCycle, StateBits w, int[] from) {
            inner.save(afterCycle, w, from);
            if (bank == Direction.C2A.ordinal()) {
                saveShared(w, from);
            }
        }

        @Override
        public void load(long atCycle, StateBits r) {
            inner.load(atCycle, r);
            if (bank == Direction.C2A.ordinal()) {
                loadShared(r);
            }
        }

        @Override
        public void endOfCycle() {
            inner.endOfCycle();
            if (bank == Direction.C2A.ordinal()) {
                armedKind = 0;
                if (lateBank >= 0 && lateIn > 0) {
                    lateIn--;
                }
            }
        }
    }

    private void saveShared(StateBits w, int[] from) {
        w.write(dropped ? 1 : 0, 1);
        w.write(duplicated ? 1 : 0, 1);
        // Every field is written, zeros for none: a search stores states in a fixed number of words,
        // and a longer snapshot would lose its tail.
        boolean late = lateBank >= 0;
        w.write(lateBank + 1, 2);
        w.write(late ? Positions.where(from, lateChannel) : 0, StateBits.widthFor(links));
        w.write(late ? lateCode : 0, 2);
        w.write(late ? lateIn : 0, 8);
    }

    private void loadShared(StateBits r) {
        dropped = r.read(1) == 1;
        duplicated = r.read(1) == 1;
        lateBank = r.read(2) - 1;
        lateChannel = r.read(StateBits.widthFor(links));
        lateCode = r.read(2);
        lateIn = r.read(8);
        armedKind = 0;
    }
}
