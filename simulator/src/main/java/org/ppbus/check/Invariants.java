package org.ppbus.check;

import java.util.List;
import org.ppbus.bus.BusSet;
import org.ppbus.bus.Need;
import org.ppbus.plane.Wiring;
import org.ppbus.protocol.ClientState;
import org.ppbus.protocol.cc.LinkFlags;
import org.ppbus.protocol.cc.PrecedenceGraph;
import org.ppbus.protocol.cc.StateView;

/**
 * The invariants of docs/SPEC.md, written once: the Campos–Carvalho invariants of §4.2 over a
 * network's state, and the exclusion rules K1–K3 of a run with more than one bus or with groups
 * over its grants. The run's checker, the exhaustive search and full mode all call these; each
 * returns the violation it finds, or null. The watchdogs (I6, I7) and fairness need a run's history and live in
 * {@link Checker}; I1 over grant events too, for every algorithm.
 */
public final class Invariants {
    /** The most symbols an output queue may hold (E1 and the audit's A9). */
    public static final int QUEUE_BOUND = 2;

    private Invariants() {}

    /** I1 over the state: at most one client EATING. */
    public static Violation mutualExclusion(StateView v, long cycle) {
        return mutualExclusion(v, -1, cycle);
    }

    /**
     * I1 after a crash-stop: at most one live client EATING. The dead node's client may go on
     * "eating" on its own, but its processor has stopped and its outputs are silent.
     */
    public static Violation mutualExclusion(StateView v, int dead, long cycle) {
        int eaters = 0;
        for (int i = 0; i < v.wiring().nodes(); i++) {
            eaters += i != dead && v.clientState(i) == ClientState.EATING ? 1 : 0;
        }
        return eaters <= 1 ? null : eaters(eaters, cycle);
    }

    /** I1 as a count of eaters. */
    public static Violation eaters(int eaters, long cycle) {
        return new Violation(Property.MUTUAL_EXCLUSION, cycle, "bus", eaters + " clients are EATING", eaters);
    }

    /**
     * K1 for one grant: the buses it gives exist (index below k) and none is held by a processor
     * outside the grantee's group; {@code holderGroup[b]} is the group holding bus b, -2 while it is
     * free, {@link Need#NO_GROUP} while a processor without a group holds it.
     */
    public static Violation busExclusion(int node, BusSet set, Need need, int[] holderGroup, long cycle) {
        for (long m = set.mask(); m != 0; m &= m - 1) {
            int b = Long.numberOfTrailingZeros(m);
            if (b >= holderGroup.length) {
                return new Violation(
                        Property.BUS_EXCLUSION,
                        cycle,
                        "bus " + b,
                        "processor " + node + " was granted bus " + b + " of " + holderGroup.length,
                        b);
            }
            boolean shared = need.grouped() && holderGroup[b] == need.group();
            if (holderGroup[b] != FREE && !shared) {
                return new Violation(
                        Property.BUS_EXCLUSION,
                        cycle,
                        "bus " + b,
                        "processor " + node + " was granted bus " + b + ", which another processor holds",
                        2);
            }
        }
        return null;
    }

    /** The {@code holderGroup} of a bus nobody holds. */
    public static final int FREE = -2;

    /** K2 for one grant: an h-request gets exactly h buses. */
    public static Violation wholeDemand(int node, BusSet set, Need need, long cycle) {
        if (set.size() == need.buses()) {
            return null;
        }
        return new Violation(
                Property.WHOLE_DEMAND,
                cycle,
                "client " + node,
                "processor " + node + " asked for " + need.buses() + " buses and was granted " + set.size() + " " + set,
                set.size());
    }

    /** K3 for one grant: the grantee's group is the group of everyone else in. */
    public static Violation groupExclusion(int node, Need need, int groupIn, int others, long cycle) {
        if (others == 0 || groupIn == need.group()) {
            return null;
        }
        return new Violation(
                Property.GROUP_EXCLUSION,
                cycle,
                "client " + node,
                "processor " + node + " of group " + need.group() + " entered while " + others + " of group " + groupIn
                        + " were in",
                others + 1);
    }

    /** A link's share of I2: the client's fork flag and the forks in flight or queued either way. */
    public static int forksOn(StateView v, int link) {
        int k = v.wiring().lineSize();
        return ((v.clientFlags(link / k, link % k) & LinkFlags.FORK) != 0 ? 1 : 0) + v.forksInTransit(link);
    }

    /** I2 for one arbiter, summing its links. */
    public static Violation forkConservation(StateView v, int arbiter, long cycle) {
        Wiring w = v.wiring();
        int count = 0;
        for (int port = 0; port < w.ports(arbiter); port++) {
            count += forksOn(v, w.linkAtPort(arbiter, port));
        }
        return forkConservation(v, arbiter, count, cycle);
    }

    /** I2 for one arbiter, given its forks at clients or in transit: one exactly when OWNER is set. */
    public static Violation forkConservation(StateView v, int arbiter, int forks, long cycle) {
        int expected = v.ownerClient(arbiter) >= 0 ? 1 : 0;
        if (forks == expected) {
            return null;
        }
        return new Violation(
                Property.FORK_CONSERVATION,
                cycle,
                "arbiter " + arbiter,
                "arbiter " + arbiter + " has " + forks + " forks at clients or in flight, OWNER "
                        + (expected == 1 ? "is set" : "is NIL"),
                forks);
    }

    /**
     * Under +heal's repairs, the part of I2 that safety needs: a client that holds an arbiter's fork
     * is its OWNER. A second fork shows here as soon as a client holds it.
     */
    public static Violation forkHolder(StateView v, int arbiter, long cycle) {
        return forkHolder(v, arbiter, -1, cycle);
    }

    /**
     * The same after a crash-stop of node {@code dead}: the dead client's flags are no longer read,
     * since its arbiters take their forks back from it (+reclaim).
     */
    public static Violation forkHolder(StateView v, int arbiter, int dead, long cycle) {
        Wiring w = v.wiring();
        for (int port = 0; port < w.ports(arbiter); port++) {
            int link = w.linkAtPort(arbiter, port);
            int c = w.linkClient(link);
            if (c != dead
                    && (v.clientFlags(c, link % w.lineSize()) & LinkFlags.FORK) != 0
                    && v.ownerClient(arbiter) != c) {
                return new Violation(
                        Property.FORK_CONSERVATION,
                        cycle,
                        "arbiter " + arbiter,
                        "client " + c + " holds arbiter " + arbiter + "'s fork but OWNER is "
                                + (v.ownerClient(arbiter) < 0 ? "NIL" : "client " + v.ownerClient(arbiter)),
                        2);
            }
        }
        return null;
    }

    /** I3 for one link at quiescence: the client or the arbiter holds the request token, not both. */
    public static Violation requestTokens(StateView v, int link, long cycle) {
        Wiring w = v.wiring();
        int c = w.linkClient(link);
        int slot = link % w.lineSize();
        int a = w.linkArbiter(link);
        int tokens = ((v.clientFlags(c, slot) & LinkFlags.REQ) != 0 ? 1 : 0)
                + ((v.arbiterFlags(a, w.portAt(c, slot)) & LinkFlags.REQ) != 0 ? 1 : 0);
        if (tokens == 1) {
            return null;
        }
        return new Violation(
                Property.REQUEST_TOKENS,
                cycle,
                "link C" + c + "-A" + a,
                "link client " + c + " - arbiter " + a + " holds " + tokens + " request tokens at quiescence",
                tokens);
    }

    /** I4: the precedence graph H is acyclic. */
    public static Violation precedence(StateView v, long cycle) {
        return precedence(PrecedenceGraph.of(v).findCycle(), cycle);
    }

    /** I4 given a cycle of H (empty when there is none), as {@link PrecedenceGraph#findCycle} gives it. */
    public static Violation precedence(List<Integer> loop, long cycle) {
        if (loop.isEmpty()) {
            return null;
        }
        return new Violation(
                Property.PRECEDENCE, cycle, "clients " + loop, "precedence graph has the cycle " + loop, loop.size());
    }

    /** I5: right after R13 the client that returned a dirty fork is last in the arbiter's list. */
    public static Violation demotion(StateView v, int arbiter, int client, long cycle) {
        int[] order = v.priorityOrder(arbiter);
        if (order[order.length - 1] == client) {
            return null;
        }
        int rank = 0;
        while (order[rank] != client) {
            rank++;
        }
        return new Violation(
                Property.DEMOTION,
                cycle,
                "arbiter " + arbiter,
                "arbiter " + arbiter + " received DIRTY_FORK from " + client + " but ranks it " + rank + " of "
                        + order.length,
                rank);
    }

    /** I8: no output queue ever held more than {@link #QUEUE_BOUND} symbols. */
    public static Violation boundedQueues(int deepest, long cycle) {
        if (deepest <= QUEUE_BOUND) {
            return null;
        }
        return new Violation(
                Property.BOUNDED_QUEUES, cycle, "queues", "an output queue reached depth " + deepest, deepest);
    }

    /** Fairness: a client overtook a hungry one more often than the bound allows. */
    public static Violation fairness(Overtaking o, int hungry, int eater, long cycle) {
        return new Violation(
                Property.FAIRNESS,
                cycle,
                "client " + hungry,
                "client " + eater + " overtook hungry client " + hungry + " " + o.count(hungry, eater)
                        + " times in one hungry period (bound " + o.bound() + ")",
                o.count(hungry, eater));
    }

    /** I5 and I8 on one transition, given the demotions ({arbiter, client}) it made. */
    public static Violation ofTransition(StateView v, List<int[]> demotions, int deepestQueue, long cycle) {
        for (int[] d : demotions) {
            Violation bad = demotion(v, d[0], d[1], cycle);
            if (bad != null) {
                return bad;
            }
        }
        return boundedQueues(deepestQueue, cycle);
    }

    /** I1–I3 (and I4 with {@code checkH}) on a whole state; I3 only when {@code quiescent}. */
    public static Violation ofState(StateView v, boolean quiescent, boolean checkH, long cycle) {
        Violation bad = mutualExclusion(v, cycle);
        for (int a = 0; a < v.wiring().points() && bad == null; a++) {
            bad = forkConservation(v, a, cycle);
        }
        for (int link = 0; link < v.wiring().links() && bad == null && quiescent; link++) {
            bad = requestTokens(v, link, cycle);
        }
        return bad == null && checkH ? precedence(v, cycle) : bad;
    }
}
