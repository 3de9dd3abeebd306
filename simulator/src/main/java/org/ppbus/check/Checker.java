package org.ppbus.check;

import java.util.ArrayList;
import java.util.List;
import org.ppbus.bus.BusSet;
import org.ppbus.bus.Fabric;
import org.ppbus.bus.Processors;
import org.ppbus.bus.Sharing;
import org.ppbus.protocol.ProtocolObserver;
import org.ppbus.protocol.cc.CcNetwork;
import org.ppbus.protocol.cc.CcPlanes;
import org.ppbus.protocol.descriptor.Algorithm;

/**
 * Checks a run at the end of every cycle and keeps the first violation. What every algorithm gets:
 * I1 (at most one processor granted, from the grant events), the watchdogs and the fairness bound.
 * A Campos–Carvalho network adds its own invariants ({@link CcChecks}, over {@link Invariants}).
 *
 * <ul>
 *   <li>I1 at most one client EATING;</li>
 *   <li>I6 no livelock: the protocol moves for {@code watchdog} cycles with no req edge and no meal;</li>
 *   <li>I7 / deadlock: someone hungry, nobody eating, nothing moving for {@code stallCycles};</li>
 *   <li>livelock under load: someone hungry and no meal for {@code watchdog} cycles;</li>
 *   <li>starvation, where no overtaking bound is checked ({@link #watchStarvation}): a processor
 *       has waited {@code watchdog} cycles while the others started at least n meals (the
 *       search's starvation loop, seen in a finite run; the meals keep one long hold from counting);</li>
 *   <li>fairness: no client overtakes a hungry client more often in one hungry period than the
 *       bound derived for the algorithm, the latency and the shortest hold ({@link Overtaking},
 *       {@link Algorithm#overtakeBound}).</li>
 * </ul>
 */
public final class Checker {
    private final Processors processors;
    private final NetworkChecks network;
    private final int nodes;
    private final long watchdogCycles;
    private final long stallCycles;
    private Overtaking overtaking;
    private int eaters;
    private long lastReleaseCycle;
    private long lastMealCycle;
    private long lastEdgeCycle;
    private long stalledSince = -1;
    private long firstCycle = -1; // the cycles seen, for which watchdogs could fire (checks())
    private long lastCycle = -1;
    private final Stalls stalls = new Stalls();
    /** The processor waiting longest, or -1: only its grant can make another the longest waiting. */
    private int oldestWaiter = -1;

    private boolean watchStarvation;
    private final boolean[] eating;
    /** The cycle of a crash, from which only safety is checked; -1 without one. */
    private long crashedAt = -1;

    private long meals;
    /** Meals started by anyone before each processor's current req edge. */
    private final long[] mealsAtRise;
    /** The most meals the others started while one processor waited, over the run. */
    private long maxServedWhileWaiting;

    private long starvationMeals = Long.MAX_VALUE;
    private Violation violation;
    private long mutexViolations;
    /** K1–K3 in a run with more than one bus, h-requests or groups; null for the single bus (I1). */
    private BusChecks shared;

    /** A Campos–Carvalho network with its invariants; {@code full} re-reads every unit every cycle. */
    public Checker(CcNetwork net, Processors processors, boolean full, long watchdogCycles, long stallCycles) {
        this(net, processors, full, watchdogCycles, stallCycles, net);
    }

    /**
     * A checker for any fabric: a {@link CcNetwork} gets its invariants too, any other the generic
     * checks alone.
     */
    public Checker(Fabric fabric, Processors processors, boolean full, long watchdogCycles, long stallCycles) {
        this(
                fabric,
                processors,
                full,
                watchdogCycles,
                stallCycles,
                fabric.part(CcNetwork.class).orElse(null));
    }

    private Checker(
            Fabric fabric, Processors processors, boolean full, long watchdogCycles, long stallCycles, CcNetwork net) {
        this.processors = processors;
        this.nodes = fabric.nodes();
        this.watchdogCycles = watchdogCycles;
        // A network that acts on timers (+heal's beat) is silent between them by design.
        this.stallCycles = Math.max(stallCycles, fabric.quietCycles() + 1L);
        this.eating = new boolean[nodes];
        this.mealsAtRise = new long[nodes];
        java.util.Optional<CcPlanes> planes = fabric.part(CcPlanes.class);
        this.network = net != null
                ? new CcChecks(net, full, this::fail)
                : planes.isPresent()
                        ? new PlanesChecks(planes.get(), full, this::fail)
                        : NetworkChecks.processorsOnly(fabric, processors);
    }

    /** Where the network's events go: its invariants' bookkeeping. */
    public ProtocolObserver protocolEvents() {
        return network;
    }

    /** Where plane b's events go, in a design with a plane per bus; the one network's otherwise. */
    public ProtocolObserver protocolEvents(int plane) {
        return network instanceof PlanesChecks p ? p.ofPlane(plane) : network;
    }

    // ---- handshake events ----

    public void requested(int node, long cycle) {
        lastEdgeCycle = cycle;
        mealsAtRise[node] = meals;
        if (overtaking != null) {
            overtaking.requested(node);
        }
    }

    /** The run shares its buses this way: K1–K3 are checked on every grant instead of I1. */
    public void sharing(Sharing s) {
        this.shared = s.shared() ? new BusChecks(s, nodes) : null;
    }

    public void released(int node, long cycle) {
        if (shared != null) {
            shared.released(node);
        }
        eating[node] = false;
        eaters--;
        lastEdgeCycle = cycle;
        lastReleaseCycle = cycle;
    }

    /** The client of node started eating in this cycle, on bus 0 (or its group's bus). */
    public void granted(int node, long cycle) {
        granted(node, BusSet.FIRST, cycle);
    }

    /** The client of node started eating in this cycle, holding these buses. */
    public void granted(int node, BusSet buses, long cycle) {
        if (shared != null) {
            Violation v = shared.granted(node, buses, processors.need(node), cycle);
            if (v != null) {
                fail(v);
            }
        }
        eating[node] = true;
        eaters++;
        maxServedWhileWaiting = Math.max(maxServedWhileWaiting, meals - mealsAtRise[node]);
        meals++;
        lastMealCycle = cycle;
        if (node == oldestWaiter) {
            oldestWaiter = -1;
        }
        if (overtaking != null) {
            int h = overtaking.granted(node);
            // After a crash a client cut off is overtaken at every grant: describe only what is kept.
            if (h >= 0 && violation == null && crashedAt < 0) {
                Violation v = Invariants.fairness(overtaking, h, node, cycle);
                if (!network.tolerates(v)) {
                    fail(v.withDetails(network.describeClients(new int[] {h, node})));
                }
            }
        }
    }

    // ---- end of cycle ----

    public void endOfCycle(long cycle) {
        if (firstCycle < 0) {
            firstCycle = cycle;
        }
        lastCycle = cycle;
        if (eaters > 1 && shared == null) {
            mutexViolations++;
            fail(Invariants.eaters(eaters, cycle).withDetails(network.describeEaters()));
        }
        network.endOfCycle(cycle);
        watchdogs(cycle, network.quiescent());
    }

    private void watchdogs(long cycle, boolean quiescent) {
        boolean someoneHungry = processors.waitingCount() > 0;
        boolean stalled = someoneHungry && eaters == 0 && quiescent;
        if (stalled && stalledSince < 0) {
            stalledSince = cycle;
        } else if (!stalled) {
            stalledSince = -1;
        }
        stalls.cycle(cycle, someoneHungry && eaters == 0);
        if (violation != null || crashedAt >= 0) {
            // Nothing they find would be kept, and their details cost O(n) a cycle: after a crash the
            // dead node's clients wait in every cycle (a 40,000-cycle crash run at n = 13 took 27 s).
            return;
        }
        if (stalled && cycle - stalledSince + 1 >= stallCycles) {
            fail(new Violation(
                    Property.DEADLOCK,
                    cycle,
                    "bus",
                    processors.waitingCount() + " processors wait, nobody " + "eats and nothing has moved for "
                            + stallCycles + " cycles (I7)",
                    processors.waitingCount(),
                    network.describeHungry()));
        }
        // Progress is owed only while someone waits: the count starts at the later of the last meal
        // (or release) and the rise of the oldest request still waiting, so an idle stretch before a
        // request never counts against the protocol.
        long sinceMeal = cycle - Math.max(lastMealCycle, lastReleaseCycle);
        if (someoneHungry && eaters == 0 && sinceMeal >= watchdogCycles && !quiescent) {
            long waited =
                    cycle - Math.max(Math.max(lastMealCycle, lastReleaseCycle), processors.riseCycle(oldestWaiter()));
            if (waited >= watchdogCycles) {
                fail(new Violation(
                        Property.LIVELOCK,
                        cycle,
                        "bus",
                        "symbols keep moving but nobody has eaten for " + waited + " cycles while a processor waited",
                        -1,
                        network.describeHungry()));
            }
        }
        starvation(cycle);
        long sinceEdge = cycle - Math.max(lastEdgeCycle, lastMealCycle);
        if (!quiescent && eaters == 0 && sinceEdge >= watchdogCycles) {
            fail(new Violation(
                    Property.IDLE_LIVELOCK,
                    cycle,
                    "bus",
                    "with no req edge and no meal for " + sinceEdge + " cycles the protocol is still not quiescent",
                    -1,
                    network.describeRecent()));
        }
    }

    /**
     * Nothing will move again by itself: a processor waits, nobody eats, and the network has been
     * quiet for the deadlock bound (its timers' silence included). After a crash, where a deadlock
     * is no violation, this is where a run's drain can stop.
     */
    public boolean stuck(long cycle) {
        return stalledSince >= 0 && cycle - stalledSince + 1 >= stallCycles;
    }

    /**
     * The processor waiting longest, or -1 when nobody waits. Only a grant of the oldest waiter (or
     * a crash) can make another the oldest, so the scan runs only then.
     */
    private int oldestWaiter() {
        if (oldestWaiter < 0 && processors.waitingCount() > 0) {
            long rise = Long.MAX_VALUE;
            for (int i = 0; i < nodes; i++) {
                if (processors.waiting(i) && processors.riseCycle(i) < rise) {
                    rise = processors.riseCycle(i);
                    oldestWaiter = i;
                }
            }
        }
        return oldestWaiter;
    }

    private void starvation(long cycle) {
        if (!watchStarvation || oldestWaiter() < 0) {
            return;
        }
        // The oldest waiter has seen the most meals of the others: its count is the run's worst.
        long rise = processors.riseCycle(oldestWaiter);
        long served = meals - mealsAtRise[oldestWaiter];
        boolean overMeals = served > starvationMeals;
        if (overMeals || (cycle - rise >= watchdogCycles && served >= nodes)) {
            fail(new Violation(
                    Property.STARVATION,
                    cycle,
                    "client " + oldestWaiter,
                    "processor " + oldestWaiter
                            + " has waited " + (cycle - rise) + " cycles since cycle " + rise
                            + " while the others started "
                            + served + " meals" + (overMeals ? " (bound " + starvationMeals + ")" : ""),
                    oldestWaiter,
                    network.describeClients(new int[] {oldestWaiter})));
        }
    }

    /**
     * A node crashed (crash-stop) in this cycle: if it was eating, it no longer is. From now on only
     * safety is checked (I1): the clients that need what the dead node took with it wait for ever,
     * and the run goes on to measure who is still served. The caller stops passing the dead node's
     * grant events on.
     */
    public void crashed(int node, long cycle) {
        if (eating[node]) {
            if (shared != null) {
                shared.released(node);
            }
            eating[node] = false;
            eaters--;
        }
        if (oldestWaiter == node) {
            oldestWaiter = -1;
        }
        crashedAt = cycle;
    }

    /**
     * Turns the starvation watchdog on, for runs that check no overtaking bound: the algorithms the
     * seeds promise freedom from starvation only, and runs with the check turned off. (A bound, when
     * checked, names a starving processor first.)
     */
    public void watchStarvation(boolean on) {
        this.watchStarvation = on;
    }

    /** Final checks when the run ends: I8 over the whole run. */
    public void endOfRun(long cycle) {
        stalls.end(cycle);
        network.endOfRun(cycle);
    }

    private void fail(Violation v) {
        if (crashedAt >= 0 && v.property() != Property.MUTUAL_EXCLUSION) {
            return;
        }
        if (violation == null) {
            violation = v;
        }
    }

    /**
     * Checks fairness with this bound on how often one client may enter while another stays hungry
     * ({@link Algorithm#overtakeBound}); without a call, or with {@link Algorithm#NO_BOUND}, fairness is not
     * checked (the algorithms that only promise freedom from starvation).
     */
    public void overtakeBound(int bound) {
        this.overtaking = bound == Algorithm.NO_BOUND ? null : new Overtaking(nodes, bound);
    }

    /**
     * Checks freedom from starvation with a bound in meals: no processor waits while the others start
     * more than {@code meals} meals ({@link Long#MAX_VALUE}: only the time watchdog).
     */
    public void starvationMeals(long meals) {
        this.starvationMeals = meals;
    }

    /** The stretches in which a processor waited and nobody ate. */
    public Stalls stalls() {
        return stalls;
    }

    /** The most meals the others started while one processor waited, over the run. */
    public long maxServedWhileWaiting() {
        return maxServedWhileWaiting;
    }

    /** The most meals one client started while another stayed hungry, or -1 when not checked. */
    public int maxOvertakes() {
        return overtaking == null ? -1 : overtaking.maxSeen();
    }

    /** Under a network's own recovery (+heal), the cycle its invariants held again, or -1. */
    public long recoveredAt() {
        return network.recoveredAt();
    }

    /**
     * Exactly the checks this run made, each with its bound, for the report: the ones every
     * algorithm gets, the network's own, and the fairness or starvation check that applies; the
     * watchdogs whose windows are longer than the cycles seen so far apart ({@link CheckList}).
     */
    public CheckList checks() {
        List<String> made = new ArrayList<>();
        List<String> outOfReach = new ArrayList<>();
        if (shared == null) {
            made.add(Property.MUTUAL_EXCLUSION.label());
        } else {
            made.add(Property.BUS_EXCLUSION.label() + " (at most " + shared.buses()
                    + (shared.buses() == 1 ? " bus" : " buses")
                    + " in use, none held by two processors but of one group)");
            made.add(Property.WHOLE_DEMAND.label() + " (each request holds all the buses it needs at once)");
            if (shared.grouped()) {
                made.add(Property.GROUP_EXCLUSION.label() + " (processors of different groups never in together)");
            }
        }
        made.addAll(network.checks());
        // I7 fires in the cycle that ends stallCycles cycles of standstill: it needs that many cycles.
        (reaches(stallCycles - 1) ? made : outOfReach)
                .add(Property.DEADLOCK.label() + " (I7: " + stallCycles
                        + " cycles with a waiter, no eater and nothing moving)");
        // The others count from a meal, a req edge or a rise, none before the first cycle seen.
        boolean watchdog = reaches(watchdogCycles);
        (watchdog ? made : outOfReach)
                .add(Property.LIVELOCK.label() + " (" + watchdogCycles
                        + " cycles with a waiter, symbols moving and no meal)");
        (watchdog ? made : outOfReach)
                .add(Property.IDLE_LIVELOCK.label() + " (" + watchdogCycles
                        + " cycles with no req edge or meal and still moving)");
        if (overtaking != null) {
            made.add(Property.FAIRNESS.label() + " (at most " + overtaking.bound()
                    + (overtaking.bound() == 1 ? " meal" : " meals") + " of one processor while another waits)");
        }
        if (watchStarvation) {
            if (starvationMeals != Long.MAX_VALUE) {
                made.add(Property.STARVATION.label() + " (at most " + starvationMeals
                        + " meals of the others while one processor waits)");
            }
            (watchdog ? made : outOfReach)
                    .add(Property.STARVATION.label() + " (" + watchdogCycles
                            + " cycles of waiting while the others start " + nodes + " meals)");
        }
        if (crashedAt >= 0) {
            made.add("from cycle " + crashedAt + " (the crash) "
                    + (shared == null ? Property.MUTUAL_EXCLUSION.label() : shared.grouped() ? "K1-K3" : "K1-K2")
                    + " only");
        }
        return new CheckList(made, outOfReach);
    }

    /** Whether the cycles seen span a window: some cycle came {@code window} cycles after the first. */
    private boolean reaches(long window) {
        return firstCycle >= 0 && lastCycle - Math.max(0, firstCycle) >= window;
    }

    public Violation violation() {
        return violation;
    }

    public long mutexViolations() {
        return mutexViolations;
    }

    public int eaters() {
        return eaters;
    }

    /** Grants that broke an exclusion rule: I1 on the single bus, K1–K3 where the buses are shared. */
    public long exclusionViolations() {
        return shared == null ? mutexViolations : shared.violations();
    }

    /** The most buses in use at once in a shared run (0 on the single bus, where I1 says it is 1). */
    public int maxInUse() {
        return shared == null ? 0 : shared.maxInUse();
    }
}
