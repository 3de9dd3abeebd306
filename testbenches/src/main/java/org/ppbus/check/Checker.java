package org.ppbus.check;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import org.ppbus.bus.Fabric;
import org.ppbus.bus.Processors;
import org.ppbus.plane.Wiring;
import org.ppbus.protocol.Algorithm;
import org.ppbus.protocol.ClientState;
import org.ppbus.protocol.cc.CcNetwork;
import org.ppbus.protocol.cc.LinkFlags;
import org.ppbus.protocol.cc.PrecedenceGraph;
import org.ppbus.protocol.cc.Symbols;

/**
 * Checks the invariants of docs/SPEC.md §4.2 at the end of every cycle and keeps the first
 * violation. What a cycle can change is known from its events, so the per-cycle cost follows the
 * activity: I2 is checked for every arbiter whose links saw a fork move, I3 at each quiescent cycle
 * for every link that carried a symbol since the last check. For I2 each link's forks (at the
 * client, in flight, queued) are kept and re-read only when a fork moves on that link, so a check
 * costs O(1) per symbol; a link whose state changed with no symbol on it is caught when it is next
 * touched. In full mode every arbiter and link is re-read every cycle, and H (I4) is computed too.
 *
 * <ul>
 *   <li>I1 at most one client EATING;</li>
 *   <li>I2 per arbiter: forks at clients + forks in flight or queued = [OWNER ≠ NIL];</li>
 *   <li>I3 at quiescence, per link: client req + arbiter req = 1;</li>
 *   <li>I4 H acyclic (full mode);</li>
 *   <li>I5 right after R13 the returning client is last in the arbiter's list;</li>
 *   <li>I6 no livelock: the protocol moves for {@code watchdog} cycles with no req edge and no meal;</li>
 *   <li>I7 / deadlock: someone hungry, nobody eating, nothing moving for {@code stallCycles};</li>
 *   <li>livelock under load: someone hungry and no meal for {@code watchdog} cycles;</li>
 *   <li>I8 no output queue deeper than 2;</li>
 *   <li>fairness: no client overtakes a hungry client more often in one hungry period than the
 *       bound derived for the algorithm, the latency and the shortest hold ({@link Overtaking},
 *       {@link Algorithm#overtakeBound}).</li>
 * </ul>
 */
public final class Checker {
    private final CcNetwork net;      // null for algorithms other than Campos-Carvalho
    private final Fabric fabric;
    private final Wiring wiring;
    private final Processors processors;
    private final boolean full;
    private final long watchdogCycles;
    private final long stallCycles;
    private final SymbolHistory history = new SymbolHistory();
    private final BitSet touchedArbiters = new BitSet();
    private final LinkSet forkLinks;          // links on which a fork moved this cycle
    private int[] linkForks;                  // per link: forks at its client, in flight or queued
    private int[] arbiterForks;               // per arbiter: the sum over its links
    private final BitSet linksSinceQuiescence = new BitSet();
    private final List<int[]> demotions = new ArrayList<>();
    private Overtaking overtaking;
    private int eaters;
    private long lastReleaseCycle;
    private long lastMealCycle;
    private long lastEdgeCycle;
    private long stalledSince = -1;
    private Violation violation;
    private long mutexViolations;

    public Checker(CcNetwork net, Processors processors, boolean full, long watchdogCycles, long stallCycles) {
        this(net, net, net.wiring(), processors, full, watchdogCycles, stallCycles);
    }

    /**
     * A checker for any fabric: mutual exclusion, the watchdogs and the fairness bound. The
     * Campos–Carvalho invariants (I2–I5, I8, H) need {@code net}; pass null for other algorithms.
     */
    public Checker(CcNetwork net, Fabric fabric, Wiring wiring, Processors processors, boolean full,
                   long watchdogCycles, long stallCycles) {
        this.net = net;
        this.fabric = fabric;
        this.wiring = wiring;
        this.processors = processors;
        this.full = full;
        this.watchdogCycles = watchdogCycles;
        this.stallCycles = stallCycles;
        this.overtaking = null;
        this.forkLinks = net == null ? null : new LinkSet(wiring.links());
    }

    // ---- events ----

    public void symbolDriven(boolean clientToArbiter, int link, int code, long cycle) {
        history.add(clientToArbiter, link, code, cycle);
        linksSinceQuiescence.set(link);
        if (Symbols.carriesFork(clientToArbiter, code)) {
            forkLinks.add(link);
        }
    }

    public void clientReceived(int client, int link, int code, long cycle) {
        if (code == Symbols.FORK) {
            forkLinks.add(link);
        }
    }

    public void arbiterReceived(int arbiter, int client, int link, int code, long cycle) {
        if (Symbols.carriesFork(true, code)) {
            forkLinks.add(link);
        }
        if (code == Symbols.DIRTY_FORK) {
            demotions.add(new int[] {arbiter, client});
        }
    }

    public void anomaly(String unit, String what, long cycle) {
        fail(cycle, "anomaly", unit + ": " + what, List.of());
    }

    public void requested(int node, long cycle) {
        lastEdgeCycle = cycle;
        if (overtaking != null) {
            overtaking.requested(node);
        }
    }

    public void released(int node, long cycle) {
        eaters--;
        lastEdgeCycle = cycle;
        lastReleaseCycle = cycle;
    }

    /** The client of node started eating in this cycle. */
    public void granted(int node, long cycle) {
        eaters++;
        lastMealCycle = cycle;
        if (overtaking != null) {
            int h = overtaking.granted(node);
            if (h >= 0) {
                fail(cycle, "fairness", "client " + node + " overtook hungry client " + h + " " + overtaking.count(h, node)
                        + " times in one hungry period (bound " + overtaking.bound() + ")", describeClients(new int[] {h, node}, cycle));
            }
        }
    }

    // ---- end of cycle ----

    public void endOfCycle(long cycle) {
        if (eaters > 1) {
            mutexViolations++;
            fail(cycle, "I1 mutual exclusion", eaters + " clients are EATING", net == null ? List.of() : describeEaters(cycle));
        }
        if (net == null) {
            watchdogs(cycle, fabric.quiescent());
            return;
        }
        net.viewAt(cycle);
        countForks(cycle);
        for (int a = touchedArbiters.nextSetBit(0); a >= 0; a = touchedArbiters.nextSetBit(a + 1)) {
            checkForks(a, cycle);
        }
        touchedArbiters.clear();
        for (int[] d : demotions) {
            int[] order = net.priorityOrder(d[0]);
            if (order[order.length - 1] != d[1]) {
                fail(cycle, "I5 demotion", "arbiter " + d[0] + " received DIRTY_FORK from " + d[1]
                        + " but ranks it " + indexOf(order, d[1]) + " of " + order.length, describeArbiter(d[0], cycle));
            }
        }
        demotions.clear();
        boolean quiescent = net.quiescent();
        if (quiescent) {
            if (full) {
                linksSinceQuiescence.set(0, wiring.links());
            }
            for (int l = linksSinceQuiescence.nextSetBit(0); l >= 0; l = linksSinceQuiescence.nextSetBit(l + 1)) {
                checkTokens(l, cycle);
            }
            linksSinceQuiescence.clear();
        }
        if (full) {
            List<Integer> cycleInH = PrecedenceGraph.of(net).findCycle();
            if (!cycleInH.isEmpty()) {
                fail(cycle, "I4 H acyclic", "precedence graph has the cycle " + cycleInH,
                        describeClients(cycleInH.stream().mapToInt(Integer::intValue).toArray(), cycle));
            }
            if (net.maxQueueDepth() > 2) {
                fail(cycle, "I8 bounded queues", "an output queue reached depth " + net.maxQueueDepth(), List.of());
            }
        }
        watchdogs(cycle, quiescent);
    }

    private void watchdogs(long cycle, boolean quiescent) {
        boolean someoneHungry = processors.waitingCount() > 0;
        if (someoneHungry && eaters == 0 && quiescent) {
            if (stalledSince < 0) {
                stalledSince = cycle;
            }
            if (cycle - stalledSince + 1 >= stallCycles) {
                fail(cycle, "deadlock", processors.waitingCount() + " processors wait, nobody eats and nothing has moved for "
                        + stallCycles + " cycles (I7)", describeHungry(cycle));
            }
        } else {
            stalledSince = -1;
        }
        long sinceMeal = cycle - Math.max(lastMealCycle, lastReleaseCycle);
        if (someoneHungry && eaters == 0 && sinceMeal >= watchdogCycles && !quiescent) {
            fail(cycle, "livelock", "symbols keep moving but nobody has eaten for " + sinceMeal + " cycles",
                    describeHungry(cycle));
        }
        long sinceEdge = cycle - Math.max(lastEdgeCycle, lastMealCycle);
        if (!quiescent && eaters == 0 && sinceEdge >= watchdogCycles) {
            fail(cycle, "I6 livelock", "with no req edge and no meal for " + sinceEdge
                    + " cycles the protocol is still not quiescent", describeRecent(cycle));
        }
    }

    /** Final checks when the run ends: I8 over the whole run. */
    public void endOfRun(long cycle) {
        if (net != null && net.maxQueueDepth() > 2) {
            fail(cycle, "I8 bounded queues", "an output queue reached depth " + net.maxQueueDepth(), List.of());
        }
    }

    /**
     * Re-reads the forks of the links on which a fork moved (all links the first time and in full
     * mode) and marks their arbiters for I2.
     */
    private void countForks(long cycle) {
        if (linkForks == null || full) {
            linkForks = new int[wiring.links()];
            arbiterForks = new int[wiring.points()];
            for (int link = 0; link < wiring.links(); link++) {
                forkLinks.add(link);
            }
        }
        for (int i = 0; i < forkLinks.size(); i++) {
            int link = forkLinks.get(i);
            int now = forksOn(link, cycle);
            int a = wiring.linkArbiter(link);
            arbiterForks[a] += now - linkForks[link];
            linkForks[link] = now;
            touchedArbiters.set(a);
        }
        forkLinks.clear();
    }

    /** A link's share of I2: the client's fork flag and the forks in flight or queued either way. */
    private int forksOn(int link, long cycle) {
        int k = wiring.lineSize();
        return ((net.clientFlags(link / k, link % k) & LinkFlags.FORK) != 0 ? 1 : 0) + net.forksInTransit(link, cycle);
    }

    /** I2 for one arbiter, from the kept sum over its links. */
    private void checkForks(int a, long cycle) {
        int count = arbiterForks[a];
        int expected = net.ownerClient(a) >= 0 ? 1 : 0;
        if (count != expected) {
            fail(cycle, "I2 fork conservation", "arbiter " + a + " has " + count + " forks at clients or in flight, OWNER "
                    + (expected == 1 ? "is set" : "is NIL"), describeArbiter(a, cycle));
        }
    }

    private void checkTokens(int link, long cycle) {
        int k = wiring.lineSize();
        int c = link / k;
        int slot = link % k;
        int a = wiring.linkArbiter(link);
        int port = wiring.portOf(a, c);
        int tokens = ((net.clientFlags(c, slot) & LinkFlags.REQ) != 0 ? 1 : 0)
                + ((net.arbiterFlags(a, port) & LinkFlags.REQ) != 0 ? 1 : 0);
        if (tokens != 1) {
            fail(cycle, "I3 request tokens", "link client " + c + " - arbiter " + a + " holds " + tokens
                    + " request tokens at quiescence", describeArbiter(a, cycle));
        }
    }

    private static int indexOf(int[] a, int x) {
        for (int i = 0; i < a.length; i++) {
            if (a[i] == x) {
                return i;
            }
        }
        return -1;
    }

    private void fail(long cycle, String invariant, String message, List<String> details) {
        if (violation == null) {
            violation = new Violation(cycle, invariant, message, List.copyOf(details));
        }
    }

    /**
     * Checks fairness with this bound on how often one client may enter while another stays hungry
     * ({@link Algorithm#overtakeBound}); without a call, or with {@link Algorithm#NO_BOUND}, fairness is not
     * checked (the algorithms that only promise freedom from starvation).
     */
    public void overtakeBound(int bound) {
        this.overtaking = bound == Algorithm.NO_BOUND ? null : new Overtaking(wiring.nodes(), bound);
    }

    /** The most meals one client started while another stayed hungry, or -1 when not checked. */
    public int maxOvertakes() {
        return overtaking == null ? -1 : overtaking.maxSeen();
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

    // ---- reports ----

    private List<String> describeArbiter(int a, long cycle) {
        List<String> out = new ArrayList<>();
        int owner = net.ownerClient(a);
        out.add("arbiter " + a + ": OWNER " + (owner < 0 ? "NIL" : owner) + ", priority " + Arrays.toString(net.priorityOrder(a)));
        int[] clients = wiring.clientsOf(a);
        for (int m = 0; m < clients.length; m++) {
            int c = clients[m];
            out.add("  port " + c + ": arbiter " + LinkFlags.describe(net.arbiterFlags(a, m)) + "; client " + c + " "
                    + net.clientState(c) + " " + LinkFlags.describe(net.clientFlags(c, wiring.slotOf(c, a))));
        }
        out.add("recent symbols on arbiter " + a + "'s links:");
        out.addAll(history.recent(l -> wiring.linkArbiter(l) == a, 24, this::linkName));
        return out;
    }

    private List<String> describeClients(int[] cs, long cycle) {
        List<String> out = new ArrayList<>();
        if (net == null) {
            for (int c : cs) {
                out.add("processor " + c + (processors.waiting(c) ? " waiting since cycle " + processors.riseCycle(c) : ""));
            }
            return out;
        }
        int k = wiring.lineSize();
        for (int c : cs) {
            StringBuilder sb = new StringBuilder("client " + c + " " + net.clientState(c) + ":");
            int[] s = wiring.arbitersOf(c);
            for (int slot = 0; slot < k; slot++) {
                sb.append(" [arbiter ").append(s[slot]).append(": ").append(LinkFlags.describe(net.clientFlags(c, slot))).append(']');
            }
            out.add(sb.toString());
        }
        out.add("recent symbols on their links:");
        out.addAll(history.recent(l -> {
            int c = l / k;
            for (int x : cs) {
                if (x == c) {
                    return true;
                }
            }
            return false;
        }, 32, this::linkName));
        return out;
    }

    private List<String> describeEaters(long cycle) {
        List<Integer> e = new ArrayList<>();
        for (int i = 0; i < wiring.nodes(); i++) {
            if (net.clientState(i) == ClientState.EATING) {
                e.add(i);
            }
        }
        return describeClients(e.stream().mapToInt(Integer::intValue).toArray(), cycle);
    }

    /** Up to 8 hungry clients, then the arbiters whose forks the first of them lacks. */
    private List<String> describeHungry(long cycle) {
        List<Integer> h = new ArrayList<>();
        for (int i = 0; i < wiring.nodes() && h.size() < 8; i++) {
            if (net == null ? processors.waiting(i) : net.clientState(i) == ClientState.HUNGRY) {
                h.add(i);
            }
        }
        List<String> out = describeClients(h.stream().mapToInt(Integer::intValue).toArray(), cycle);
        if (!h.isEmpty() && net != null) {
            int c = h.get(0);
            int[] s = wiring.arbitersOf(c);
            for (int slot = 0; slot < s.length; slot++) {
                if ((net.clientFlags(c, slot) & LinkFlags.FORK) == 0) {
                    out.addAll(describeArbiter(s[slot], cycle));
                }
            }
        }
        return out;
    }

    private List<String> describeRecent(long cycle) {
        List<String> out = new ArrayList<>();
        out.add("most recent symbols:");
        out.addAll(history.recent(l -> true, 24, this::linkName));
        return out;
    }

    private String linkName(int link) {
        return "C" + (link / wiring.lineSize()) + "-A" + wiring.linkArbiter(link);
    }

    /** A set of links kept as a list, so that a cycle visits only the links it touched. */
    private static final class LinkSet {
        private final boolean[] member;
        private int[] items = new int[64];
        private int size;

        LinkSet(int links) {
            member = new boolean[links];
        }

        void add(int link) {
            if (!member[link]) {
                member[link] = true;
                if (size == items.length) {
                    items = Arrays.copyOf(items, 2 * size);
                }
                items[size++] = link;
            }
        }

        int size() {
            return size;
        }

        int get(int i) {
            return items[i];
        }

        void clear() {
            for (int i = 0; i < size; i++) {
                member[items[i]] = false;
            }
            size = 0;
        }
    }
}
