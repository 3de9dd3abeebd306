package org.ppbus.protocol.cc;

import static org.ppbus.protocol.cc.LinkFlags.DIRTY;
import static org.ppbus.protocol.cc.LinkFlags.FORK;
import static org.ppbus.protocol.cc.LinkFlags.REQ;
import static org.ppbus.protocol.cc.LinkFlags.SREQ;

import java.util.Arrays;
import org.ppbus.bus.Fabric;
import org.ppbus.bus.Positions;
import org.ppbus.bus.StateBits;
import org.ppbus.link.ChannelBank;
import org.ppbus.link.Direction;
import org.ppbus.link.PortQueues;
import org.ppbus.protocol.ClientState;
import org.ppbus.protocol.ProtocolObserver;
import org.ppbus.protocol.RuleSet;
import org.ppbus.protocol.Unit;

/**
 * Client C_i: rules R1–R11 in the cycle order of docs/SPEC.md §3.4. Slot k is the link to
 * arbiter S_i[k]; link id = linkBase + k in both channel banks.
 *
 * <p>One evaluation: (0) the environment, R1 or R3 from req; (1) receive at most one symbol per link;
 * (2) eat, and if so skip (3); (3) per link at most one of R5, R6, R7, R4; (4) drive the head of each
 * output queue. Eating and yielding in one cycle is therefore impossible (A4).
 */
final class ClientUnit {
    private static final ClientState[] STATES = ClientState.values(); // values() copies on every call

    private final int id;
    private final int linkBase;
    private final byte[] flags;
    private final PortQueues out;
    private final RuleSet rules;
    private ClientState state = ClientState.THINKING;
    private boolean reqIn;
    private boolean directReentry;
    private int deadSlot = -1; // +reclaim: the slot of a crashed arbiter
    private boolean doomed; // +reclaim: it needs that arbiter's fork and does not hold it
    private final HealClock clock; // +heal only, else null
    private final byte[] lastReturn; // +heal: the code of the last return per link, 0 before any
    private final byte[] regen; // +heal: a return to send again, 0 for none

    ClientUnit(int id, int slots, RuleSet rules, Healing healing) {
        this.id = id;
        this.linkBase = id * slots;
        this.flags = new byte[slots];
        this.out = new PortQueues(slots);
        this.rules = rules;
        this.clock = healing == null ? null : new HealClock(healing, slots);
        this.lastReturn = new byte[slots];
        this.regen = new byte[slots];
    }

    void setReq(boolean level) {
        reqIn = level;
    }

    void requestDirectReentry() {
        directReentry = true;
    }

    /** Returns true if the unit changed state or drove a symbol, so it must run next cycle too. */
    boolean evaluate(long cycle, ChannelBank a2c, ChannelBank c2a, Fabric.GrantSink sink, ProtocolObserver observer) {
        ClientState before = state;
        boolean active = false;
        // (0) Environment: R1 / R3 act on req(t) before the rules (docs/SPEC.md (contract) timing).
        if (state == ClientState.THINKING && reqIn) {
            state = ClientState.HUNGRY;
        } else if (state == ClientState.EATING && !reqIn) {
            state = ClientState.THINKING;
        }
        if (doomed && state == ClientState.HUNGRY) {
            state = ClientState.THINKING; // it can never eat: it behaves as thinking, so its forks go back
        }
        if (directReentry) {
            directReentry = false;
            if (state == ClientState.EATING) {
                state = ClientState.HUNGRY; // R3 then R1 with no THINKING evaluation: outside the contract
            }
        }
        active |= receive(cycle, a2c, observer);
        boolean ate = eat();
        if (!ate && state != ClientState.EATING) {
            applyLinkRules(cycle);
        }
        active |= drive(cycle, c2a, observer);
        if (state != before || ate) {
            active = true;
            // A direct re-entry (A3 only) can leave EATING and eat again in one cycle: report both.
            if (before == ClientState.EATING) {
                sink.released(id, cycle);
            }
            if (ate) {
                sink.granted(id, cycle);
            }
        }
        return active || out.anyPending();
    }

    /** (1) Receive: R8, R9, R10/R11. Returns whether any symbol arrived. */
    private boolean receive(long cycle, ChannelBank a2c, ProtocolObserver observer) {
        boolean active = false;
        for (int k = 0; k < flags.length; k++) {
            int code = a2c.take(linkBase + k, cycle);
            if (code == Symbols.IDLE) {
                continue;
            }
            active = true;
            int f = flags[k];
            if (clock != null && healed(k, code, cycle, observer)) {
                continue;
            }
            observer.clientReceived(id, linkBase + k, code, cycle);
            switch (code) {
                case Symbols.FORK -> {
                    if ((f & FORK) != 0) {
                        observer.anomaly(Unit.client(id), "FORK received on slot " + k + " while holding it", cycle);
                    }
                    f = (f | FORK) & ~DIRTY;
                }
                case Symbols.A_REQUEST -> f |= REQ;
                case Symbols.STRONG_REQUEST -> {
                    if ((f & FORK) != 0) {
                        f |= REQ | SREQ;
                    }
                }
                default -> throw new AssertionError(code);
            }
            flags[k] = (byte) f;
        }
        return active;
    }

    /**
     * +heal, before R8–R11: drops a FORK the client holds or that came too soon after its return (a
     * duplicate). A (Strong)REQUEST that finds no fork long after the last return means that a fork
     * is lost, the one the client sent back or the one sent to it: the client sends its last return
     * again ({@link #regenerate}). A REQUEST without the fork sooner than that is an echo and
     * dropped; a StrongREQUEST then is R11. Returns whether the symbol was consumed here.
     */
    private boolean healed(int k, int code, long cycle, ProtocolObserver observer) {
        Healing h = clock.healing();
        boolean fork = (flags[k] & FORK) != 0;
        int sinceReturn = clock.sinceFork(k, cycle);
        String what;
        if (code == Symbols.FORK) {
            if (!fork && !h.forkEcho(sinceReturn)) {
                clock.markParity(k, cycle);
                return false;
            }
            what = "duplicate FORK dropped";
        } else if (fork) {
            return false;
        } else if (h.requestEcho(sinceReturn) || regen[k] != 0) {
            if (code == Symbols.STRONG_REQUEST) {
                return false;
            }
            what = "REQUEST without the fork dropped as an echo";
        } else {
            regen[k] = lastReturn[k] == Symbols.DIRTY_FORK ? (byte) Symbols.DIRTY_FORK : (byte) Symbols.CLEAN_FORK;
            what = "fork lost: " + Symbols.c2aName(regen[k]) + " to be sent again";
        }
        observer.healed(Direction.A2C, linkBase + k, code, what, cycle);
        return true;
    }

    /**
     * +heal: a return waits for its cycle. It leaves behind nothing, and a DirtyFORK in a cycle of
     * the same parity as the FORK's arrival, so that the arbiter, whose grants to one client
     * alternate in parity, can tell a repeated return of the previous fork (whose first return did
     * arrive: the grant after it is what was lost) from a return of the current one.
     */
    private boolean mayReturn(int k, int code, long cycle) {
        if (clock == null) {
            return true;
        }
        if (out.depth(k) != 0) {
            return false;
        }
        return code != Symbols.DIRTY_FORK || clock.parity(k) == (int) (cycle & 1);
    }

    /** +heal: sends the last return again, in its cycle. Returns whether one is pending. */
    private boolean regenerate(int k, long cycle) {
        if (regen[k] == 0) {
            return false;
        }
        if (mayReturn(k, regen[k], cycle)) {
            out.push(k, regen[k]);
            regen[k] = 0;
        }
        return true;
    }

    /** (2) Eat: R2, with F3's guard when enabled. Returns whether the client began to eat. */
    private boolean eat() {
        if (state != ClientState.HUNGRY || !mayEat()) {
            return false;
        }
        state = ClientState.EATING;
        for (int k = 0; k < flags.length; k++) {
            flags[k] |= DIRTY;
        }
        return true;
    }

    /**
     * +reclaim: the arbiter of this slot has crashed. Holding its fork, the client keeps it for good
     * (nobody can ask for it back) and goes on; without it, the client can never eat again, and from
     * now on behaves as a thinking client, so that the forks it holds go back when they are asked for.
     */
    void arbiterDead(int slot) {
        deadSlot = slot;
        doomed = (flags[slot] & FORK) == 0;
        // A request from the dead arbiter will never be answered, and must not hold R2 back (F3).
        flags[slot] = (byte) (flags[slot] & ~(REQ | SREQ));
    }

    /**
     * (3) Per link, at most one of R5, R6, R7, R4; under +heal, a hungry client that waits for a fork
     * without its request token asks again every {@link Healing#period} cycles.
     */
    private void applyLinkRules(long cycle) {
        for (int k = 0; k < flags.length; k++) {
            if (k == deadSlot || clock != null && regenerate(k, cycle)) {
                continue; // +reclaim: nothing goes to a crashed arbiter, and its fork is kept
            }
            int f = flags[k];
            boolean fork = (f & FORK) != 0;
            boolean req = (f & REQ) != 0;
            if (state == ClientState.THINKING) {
                if (fork && req && mayReturn(k, Symbols.DIRTY_FORK, cycle)) { // R5
                    out.push(k, Symbols.DIRTY_FORK);
                    flags[k] = (byte) (f & ~(FORK | SREQ | DIRTY));
                }
            } else if (fork && req && (f & DIRTY) != 0) { // R6
                if (!mayReturn(k, Symbols.DIRTY_FORK, cycle)) {
                    continue;
                }
                out.push(k, Symbols.DIRTY_FORK);
                out.push(k, Symbols.C_REQUEST);
                flags[k] = (byte) (f & ~(FORK | REQ | SREQ | DIRTY));
            } else if (fork && (f & SREQ) != 0 && (f & DIRTY) == 0) { // R7
                if (!mayReturn(k, Symbols.CLEAN_FORK, cycle)) {
                    continue;
                }
                out.push(k, Symbols.CLEAN_FORK);
                flags[k] = (byte) (f & ~(FORK | REQ | SREQ));
            } else if (!fork && req) { // R4
                out.push(k, Symbols.C_REQUEST);
                flags[k] = (byte) (f & ~REQ);
            } else if (!fork && clock != null && waitedLong(k, cycle)) {
                out.push(k, Symbols.C_REQUEST);
            }
        }
    }

    /** +heal: a beat, and the last return long past. */
    private boolean waitedLong(int k, long cycle) {
        return clock.onBeat(cycle) && !clock.healing().requestEcho(clock.sinceFork(k, cycle));
    }

    /** (4) Drive one queued symbol per link. Returns whether anything was queued. */
    private boolean drive(long cycle, ChannelBank c2a, ProtocolObserver observer) {
        if (!out.anyPending()) {
            return false;
        }
        for (int k = 0; k < flags.length; k++) {
            int code = out.pop(k);
            if (code != Symbols.IDLE) {
                if (clock != null && Symbols.carriesFork(Direction.C2A, code)) {
                    clock.droveFork(k, cycle);
                    lastReturn[k] = (byte) code;
                }
                c2a.drive(linkBase + k, cycle, code);
                observer.symbolDriven(Direction.C2A, linkBase + k, code, cycle);
            }
        }
        return true;
    }

    private boolean mayEat() {
        if (doomed) {
            return false;
        }
        for (byte f : flags) {
            if ((f & FORK) == 0) {
                return false;
            }
            if (rules.f3() && (f & REQ) != 0 && (f & DIRTY) != 0) {
                return false;
            }
        }
        return true;
    }

    ClientState state() {
        return state;
    }

    int flags(int slot) {
        return flags[slot];
    }

    PortQueues queues() {
        return out;
    }

    /** Saves the unit's state: the state, the req input, each link's flags, the queues and timers. */
    void save(StateBits w, long afterCycle) {
        save(w, afterCycle, null);
    }

    /**
     * The same with the slots renumbered: slot k is saved where slot {@code from[k]} is (a symmetry
     * of the search's states moves a client's arbiters; null keeps the order).
     */
    void save(StateBits w, long afterCycle, int[] from) {
        w.write(state.ordinal(), 2);
        w.write(reqIn ? 1 : 0, 1);
        w.write(directReentry ? 1 : 0, 1);
        for (int k = 0; k < flags.length; k++) {
            w.write(flags[Positions.at(from, k)], 4);
        }
        out.save(w, from);
        if (clock != null) {
            clock.save(w, afterCycle, from);
            for (int k = 0; k < flags.length; k++) {
                w.write(lastReturn[Positions.at(from, k)], 2);
                w.write(regen[Positions.at(from, k)], 2);
            }
        }
        if (rules.reclaim()) {
            w.write(deadSlot < 0 ? 0 : Positions.where(from, deadSlot) + 1, StateBits.widthFor(flags.length));
            w.write(doomed ? 1 : 0, 1);
        }
    }

    /**
     * A value that every symmetry carries with the unit unchanged: the state, the req and
     * re-entry bits, and per slot its flags and queue, taken as a multiset since a symmetry
     * renumbers the slots. A reduced search orders a state's images by these keys before it writes
     * any image out; equal keys need not mean equal units.
     */
    long symmetricKey() {
        long[] perSlot = new long[flags.length];
        for (int k = 0; k < flags.length; k++) {
            perSlot[k] = flags[k] | (long) out.key(k) << 4;
        }
        Arrays.sort(perSlot);
        long key = state.ordinal() << 2 | (reqIn ? 2 : 0) | (directReentry ? 1 : 0);
        for (long v : perSlot) {
            key = SymmetricKeys.mix(key, v);
        }
        return key;
    }

    void restore(StateBits r, long atCycle) {
        state = STATES[r.read(2)];
        reqIn = r.read(1) == 1;
        directReentry = r.read(1) == 1;
        for (int k = 0; k < flags.length; k++) {
            flags[k] = (byte) r.read(4);
        }
        out.load(r);
        if (clock != null) {
            clock.restore(r, atCycle);
            for (int k = 0; k < flags.length; k++) {
                lastReturn[k] = (byte) r.read(2);
                regen[k] = (byte) r.read(2);
            }
        }
        if (rules.reclaim()) {
            deadSlot = r.read(StateBits.widthFor(flags.length)) - 1;
            doomed = r.read(1) == 1;
        }
    }

    boolean req() {
        return reqIn;
    }

    /** +reclaim: whether the client gave up for good, its crashed arbiter's fork out of reach. */
    boolean doomed() {
        return doomed;
    }

    /** Loads a state (for initial states other than the cold start). */
    void load(ClientState s, byte[] linkFlags) {
        this.state = s;
        System.arraycopy(linkFlags, 0, flags, 0, flags.length);
    }
}
