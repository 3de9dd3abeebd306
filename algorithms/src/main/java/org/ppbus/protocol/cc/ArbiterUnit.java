package org.ppbus.protocol.cc;

import static org.ppbus.protocol.cc.LinkFlags.REQ;
import static org.ppbus.protocol.cc.LinkFlags.SREQ;

import org.ppbus.bus.Positions;
import org.ppbus.bus.StateBits;
import org.ppbus.link.ChannelBank;
import org.ppbus.link.Direction;
import org.ppbus.link.PortQueues;
import org.ppbus.protocol.ProtocolObserver;
import org.ppbus.protocol.RuleSet;
import org.ppbus.protocol.Unit;

/**
 * Arbiter A_j: rules R12–R17 in the cycle order of docs/SPEC.md §3.4. Port m is the m-th real
 * client of R_j in ascending order; its link id is {@code linkOfPort[m]}.
 *
 * <p>One evaluation: (1) receive at most one symbol per port (R12, R13, R14); (2) grant to the
 * highest-priority requester when the resource is home (R15); (3) reclaim from the owner, R17 before
 * R16 so that a StrongRequest subsumes the weak one; (4) drive the head of each output queue. A
 * FORK followed by a reclaim Request on one link leaves in two consecutive cycles (E1).
 */
final class ArbiterUnit {
    static final int NIL = -1;

    private final int id;
    private final int[] clients;
    private final int[] linkOfPort;
    private final byte[] flags;
    private final PriorityList priority;
    private final PortQueues out;
    private final RuleSet rules;
    private final boolean[] dead; // +reclaim: ports whose client has crashed
    private final HealClock clock; // +heal only, else null
    private int owner = NIL;
    private int unranked; // ports the state does not rank (IdleRanks), bit m for port m; a setting, not state
    private int returned; // +heal, within one evaluation: the port whose return arrived
    private boolean probe; // +heal, within one evaluation: ask OWNER for its fork

    ArbiterUnit(int id, int[] clients, int[] linkOfPort, RuleSet rules, Healing healing) {
        this.id = id;
        this.clients = clients;
        this.linkOfPort = linkOfPort;
        this.flags = new byte[clients.length];
        this.priority = new PriorityList(clients.length);
        this.out = new PortQueues(clients.length);
        this.rules = rules;
        this.dead = new boolean[clients.length];
        this.clock = healing == null ? null : new HealClock(healing, clients.length);
    }

    /**
     * +reclaim: the client of this port has crashed. If it held the fork, the arbiter takes it back
     * (the dead client will never use it, and whatever it sent before is ignored from now on, so the
     * fork is not made twice); its request is forgotten.
     */
    void clientDead(int port) {
        dead[port] = true;
        flags[port] = 0;
        if (owner == port) {
            owner = NIL;
        }
    }

    boolean evaluate(long cycle, ChannelBank a2c, ChannelBank c2a, ProtocolObserver observer) {
        returned = NIL;
        probe = false;
        boolean active = receive(cycle, c2a, observer);
        active |= grant(cycle);
        active |= reclaim(cycle);
        active |= drive(cycle, a2c, observer);
        return active || out.anyPending();
    }

    /** (1) Receives a symbol on each port. Returns whether any arrived. */
    private boolean receive(long cycle, ChannelBank c2a, ProtocolObserver observer) {
        boolean active = false;
        int ports = clients.length;
        for (int m = 0; m < ports; m++) {
            int code = c2a.take(linkOfPort[m], cycle);
            if (code == Symbols.IDLE || dead[m]) {
                continue;
            }
            active = true;
            if (clock != null && healed(m, code, cycle, observer)) {
                continue;
            }
            observer.arbiterReceived(id, clients[m], linkOfPort[m], code, cycle);
            switch (code) {
                case Symbols.C_REQUEST -> flags[m] |= REQ | SREQ; // R12
                case Symbols.DIRTY_FORK -> { // R13
                    checkOwner(m, code, cycle, observer);
                    forkHome(m);
                    priority.giveLeastPriorityTo(m);
                }
                case Symbols.CLEAN_FORK -> { // R14 (+ F2)
                    checkOwner(m, code, cycle, observer);
                    forkHome(m);
                    flags[m] |= rules.f2() ? REQ | SREQ : REQ;
                }
                default -> throw new AssertionError(code);
            }
        }
        return active;
    }

    /** (2) Grants the fork: R15. req and sreq of the new owner stay set. Returns whether anything happened or waits. */
    private boolean grant(long cycle) {
        boolean active = false;
        int ports = clients.length;
        if (owner == NIL) {
            int best = NIL;
            for (int m = 0; m < ports; m++) {
                if ((flags[m] & REQ) != 0 && (best == NIL || priority.outranks(m, best))) {
                    best = m;
                }
            }
            if (best != NIL && mayGrant(best, cycle)) {
                owner = best;
                out.push(best, Symbols.FORK);
                active = true;
            } else if (best != NIL) {
                active = true; // +heal: the grant waits for its cycle
            }
        }
        return active;
    }

    /** (3) Reclaims the fork: R17 (+ F1), else R16. Returns whether a request was queued. */
    private boolean reclaim(long cycle) {
        boolean active = false;
        int ports = clients.length;
        if (owner != NIL) {
            boolean higherWaiting = false;
            boolean lowerWaiting = false;
            for (int m = 0; m < ports; m++) {
                if (m != owner && (flags[m] & REQ) != 0) {
                    if (priority.outranks(m, owner)) {
                        higherWaiting = true;
                    } else {
                        lowerWaiting = true;
                    }
                }
            }
            int fo = flags[owner];
            if ((fo & SREQ) != 0 && higherWaiting) {
                out.push(owner, Symbols.STRONG_REQUEST);
                flags[owner] = (byte) (rules.f1() ? fo & ~(SREQ | REQ) : fo & ~SREQ);
                active = true;
            } else if ((fo & REQ) != 0 && lowerWaiting) {
                out.push(owner, Symbols.A_REQUEST);
                flags[owner] = (byte) (fo & ~REQ);
                active = true;
            } else if (clock != null && (probe || (higherWaiting || lowerWaiting) && waitedLong(owner, cycle))) {
                // +heal: OWNER has no fork, or has been asked and silent for a period: ask again,
                // as R17 or R16 would.
                out.push(owner, higherWaiting ? Symbols.STRONG_REQUEST : Symbols.A_REQUEST);
                active = true;
            }
        }
        return active;
    }

    /** (4) Drives the head of each output queue. Returns whether anything was queued. */
    private boolean drive(long cycle, ChannelBank a2c, ProtocolObserver observer) {
        if (!out.anyPending()) {
            return false;
        }
        for (int m = 0; m < clients.length; m++) {
            int code = out.pop(m);
            if (code != Symbols.IDLE) {
                if (clock != null && code == Symbols.FORK) {
                    clock.droveFork(m, cycle);
                    clock.markParity(m, cycle);
                }
                a2c.drive(linkOfPort[m], cycle, code);
                observer.symbolDriven(Direction.A2C, linkOfPort[m], code, cycle);
            }
        }
        return true;
    }

    /**
     * +heal, before R12–R14. A REQUEST from OWNER long after the grant means that OWNER has no fork:
     * it waits (R12), and is asked for the fork, which makes it send its last return again. A sooner
     * one crossed the FORK, or is a duplicate, and is dropped. A return from a client that is not
     * OWNER, or too soon after the grant, is a duplicate and dropped. A DirtyFORK whose parity
     * belongs to the previous grant repeats a return that did arrive: the FORK of this grant was
     * lost, so the fork is home and the client, which did not eat with it, waits (R14 with F2).
     * Returns whether the symbol was consumed here.
     */
    private boolean healed(int m, int code, long cycle, ProtocolObserver observer) {
        Healing h = clock.healing();
        int sinceGrant = clock.sinceFork(m, cycle);
        String what;
        if (code == Symbols.C_REQUEST) {
            if (m != owner) {
                return false;
            }
            if (h.ownerAsks(sinceGrant)) {
                flags[m] |= REQ | SREQ;
                probe = true;
                what = "REQUEST from OWNER: its fork is lost";
            } else {
                what = "REQUEST from OWNER dropped as an echo";
            }
        } else if (m != owner || h.returnEcho(sinceGrant)) {
            what = "duplicate " + Symbols.c2aName(code) + " dropped";
        } else {
            returned = m;
            if (code == Symbols.CLEAN_FORK || clock.parity(m) == (int) (cycle & 1)) {
                return false;
            }
            forkHome(m);
            flags[m] |= REQ | SREQ;
            what = "DirtyFORK of the previous grant: the FORK was lost";
        }
        observer.healed(Direction.C2A, linkOfPort[m], code, what, cycle);
        return true;
    }

    /**
     * +heal: a grant leaves at once, behind nothing, in a cycle whose parity differs from the
     * previous grant's to that client, and not in the cycle its return arrived.
     */
    private boolean mayGrant(int m, long cycle) {
        return clock == null || out.depth(m) == 0 && m != returned && clock.parity(m) != (int) (cycle & 1);
    }

    /** +heal: a beat, and the grant long past. */
    private boolean waitedLong(int m, long cycle) {
        return clock.onBeat(cycle) && clock.healing().ownerAsks(clock.sinceFork(m, cycle));
    }

    /** The fork is home from client port m: OWNER is NIL, and under +heal m's grant age is forgotten. */
    private void forkHome(int m) {
        owner = NIL;
        if (clock != null) {
            clock.forget(m);
        }
    }

    private void checkOwner(int port, int code, long cycle, ProtocolObserver observer) {
        if (owner != port) {
            observer.anomaly(
                    Unit.arbiter(id),
                    Symbols.c2aName(code) + " from client " + clients[port] + " which is not OWNER ("
                            + (owner == NIL ? "NIL" : "client " + clients[owner]) + ")",
                    cycle);
        }
    }

    int id() {
        return id;
    }

    int[] clients() {
        return clients;
    }

    int linkOfPort(int port) {
        return linkOfPort[port];
    }

    /** OWNER as a port index, or {@link #NIL}. */
    int owner() {
        return owner;
    }

    int flags(int port) {
        return flags[port];
    }

    PriorityList priority() {
        return priority;
    }

    /** Ports whose places in the list no rule reads, kept first ({@link IdleRanks}); bit m for port m. */
    void setUnranked(int ports) {
        this.unranked = ports;
    }

    PortQueues queues() {
        return out;
    }

    /** Saves OWNER, each port's flags, the priority order, the output queues and timers. */
    void save(StateBits w, long afterCycle) {
        save(w, afterCycle, null);
    }

    /**
     * The same with the ports renumbered: port m is saved where port {@code from[m]} is (a symmetry
     * of the search's states moves an arbiter's clients; null keeps the order).
     */
    void save(StateBits w, long afterCycle, int[] from) {
        int width = StateBits.widthFor(clients.length);
        w.write(owner == NIL ? 0 : Positions.where(from, owner) + 1, width);
        for (int m = 0; m < flags.length; m++) {
            w.write(flags[Positions.at(from, m)], 4);
        }
        int[] order = priority.order();
        if (unranked != 0) {
            // The ports set aside stand first (IdleRanks); written in the order of the ports they are
            // saved as, so that a state and its images under a symmetry agree on them.
            int idle = Integer.bitCount(unranked);
            for (int i = 0; i < idle; i++) {
                for (int j = i + 1; j < idle; j++) {
                    if (Positions.where(from, order[j]) < Positions.where(from, order[i])) {
                        int t = order[i];
                        order[i] = order[j];
                        order[j] = t;
                    }
                }
            }
        }
        for (int p : order) {
            w.write(Positions.where(from, p), width);
        }
        out.save(w, from);
        if (clock != null) {
            clock.save(w, afterCycle, from);
        }
        for (int m = 0; rules.reclaim() && m < dead.length; m++) {
            w.write(dead[Positions.at(from, m)] ? 1 : 0, 1);
        }
    }

    /**
     * A value that every symmetry carries with the unit unchanged: OWNER's rank, and each
     * port's flags and queue in priority order. A symmetry renumbers the ports but keeps the order
     * they stand in, so the sequence does not depend on how the ports are numbered.
     */
    long symmetricKey() {
        long key = owner == NIL ? 0 : priority.rank(owner) + 1;
        for (int p : priority.order()) {
            key = SymmetricKeys.mix(key, flags[p] | (long) out.key(p) << 4 | (dead[p] ? 1L << 40 : 0));
        }
        return key;
    }

    void restore(StateBits r, long atCycle) {
        int width = StateBits.widthFor(clients.length);
        owner = r.read(width) - 1;
        for (int m = 0; m < flags.length; m++) {
            flags[m] = (byte) r.read(4);
        }
        int[] order = new int[clients.length];
        for (int i = 0; i < order.length; i++) {
            order[i] = r.read(width);
        }
        priority.load(order);
        out.load(r);
        if (clock != null) {
            clock.restore(r, atCycle);
        }
        for (int m = 0; rules.reclaim() && m < dead.length; m++) {
            dead[m] = r.read(1) == 1;
        }
    }

    void load(int ownerPort, byte[] portFlags, int[] order) {
        this.owner = ownerPort;
        System.arraycopy(portFlags, 0, flags, 0, flags.length);
        priority.load(order);
    }
}
