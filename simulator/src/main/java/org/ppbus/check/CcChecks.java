package org.ppbus.check;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.ppbus.link.Direction;
import org.ppbus.plane.Wiring;
import org.ppbus.protocol.ClientState;
import org.ppbus.protocol.Unit;
import org.ppbus.protocol.cc.CcNetwork;
import org.ppbus.protocol.cc.LinkFlags;
import org.ppbus.protocol.cc.PrecedenceGraph;
import org.ppbus.protocol.cc.StateView;
import org.ppbus.protocol.cc.Symbols;

/**
 * The Campos–Carvalho network's invariants during a run ({@link Invariants}), at a cost that follows
 * the activity. I2 is checked for every arbiter whose links saw a fork move. Each link's forks (at
 * the client, in flight, queued) are kept and re-read only when a fork moves on that link, so the
 * check costs O(1) per symbol. Without faults a link's forks change only with a fork symbol on it;
 * with a fault injector, every link of a touched arbiter is re-read. I3 is checked at each quiescent cycle for every link that carried a symbol since
 * the last check. In full mode every arbiter and link is re-read every cycle, and H (I4) and I8 are
 * checked too.
 */
final class CcChecks implements NetworkChecks {
    private final CcNetwork net;
    private StateView view; // the state at the end of the cycle being checked
    private final Wiring wiring;
    private final boolean full;
    private final Consumer<Violation> fail;
    private final SymbolHistory history = new SymbolHistory();
    private final BitSet touchedArbiters = new BitSet();
    private final BitSet linksSinceQuiescence = new BitSet();
    private final LinkSet forkLinks; // links on which a fork moved this cycle
    private final List<int[]> demotions = new ArrayList<>();
    private int[] linkForks; // per link: forks at its client, in flight or queued
    private int[] arbiterForks; // per arbiter: the sum over its links
    private long lastDeviation = -1; // +heal under a fault: the last cycle I2, I3 or I5 failed

    CcChecks(CcNetwork net, boolean full, Consumer<Violation> fail) {
        this.net = net;
        this.view = net.view(0);
        this.wiring = net.wiring();
        this.full = full;
        this.fail = fail;
        this.forkLinks = new LinkSet(wiring.links());
    }

    // ---- events ----

    @Override
    public void symbolDriven(Direction direction, int link, int code, long cycle) {
        history.add(direction, link, code, cycle);
        linksSinceQuiescence.set(link);
        if (Symbols.carriesFork(direction, code)) {
            forkLinks.add(link);
        }
    }

    @Override
    public void clientReceived(int client, int link, int code, long cycle) {
        if (code == Symbols.FORK) {
            forkLinks.add(link);
        }
    }

    @Override
    public void arbiterReceived(int arbiter, int client, int link, int code, long cycle) {
        if (Symbols.carriesFork(Direction.C2A, code)) {
            forkLinks.add(link);
        }
        if (code == Symbols.DIRTY_FORK) {
            demotions.add(new int[] {arbiter, client});
        }
    }

    /** A healed symbol can change OWNER or drop a fork: recount the link's arbiter. */
    @Override
    public void healed(Direction direction, int link, int code, String what, long cycle) {
        forkLinks.add(link);
    }

    @Override
    public void anomaly(Unit unit, String what, long cycle) {
        fail.accept(new Violation(Property.ANOMALY, cycle, unit.toString(), unit + ": " + what, -1));
    }

    // ---- end of cycle ----

    @Override
    public void endOfCycle(long cycle) {
        view = net.view(cycle);
        countForks();
        for (int a = touchedArbiters.nextSetBit(0); a >= 0; a = touchedArbiters.nextSetBit(a + 1)) {
            int arbiter = a;
            report(Invariants.forkConservation(view, a, arbiterForks[a], cycle), () -> describeArbiter(arbiter));
            if (healing()) {
                hard(Invariants.forkHolder(view, a, cycle), () -> describeArbiter(arbiter));
            }
        }
        touchedArbiters.clear();
        for (int[] d : demotions) {
            report(Invariants.demotion(view, d[0], d[1], cycle), () -> describeArbiter(d[0]));
        }
        demotions.clear();
        if (net.quiescent()) {
            if (full) {
                linksSinceQuiescence.set(0, wiring.links());
            }
            for (int l = linksSinceQuiescence.nextSetBit(0); l >= 0; l = linksSinceQuiescence.nextSetBit(l + 1)) {
                int arbiter = wiring.linkArbiter(l);
                report(Invariants.requestTokens(view, l, cycle), () -> describeArbiter(arbiter));
            }
            linksSinceQuiescence.clear();
        }
        if (full) {
            List<Integer> loop = PrecedenceGraph.of(view).findCycle();
            report(
                    Invariants.precedence(loop, cycle),
                    () -> describeClients(
                            loop.stream().mapToInt(Integer::intValue).toArray()));
            report(Invariants.boundedQueues(net.maxQueueDepth(), cycle), List::of);
        }
    }

    @Override
    public List<String> checks() {
        List<String> out = new ArrayList<>(List.of(
                Property.FORK_CONSERVATION.label(),
                Property.REQUEST_TOKENS.label(),
                Property.DEMOTION.label(),
                Property.BOUNDED_QUEUES.label()));
        if (full) {
            out.add(Property.PRECEDENCE.label());
        }
        if (healing()) {
            out.add(
                    "after the fault (+heal repairs it): a fork held only by its arbiter's OWNER in every cycle, and the"
                            + " invariants above again by the end of the run");
        }
        return out;
    }

    @Override
    public void endOfRun(long cycle) {
        report(Invariants.boundedQueues(net.maxQueueDepth(), cycle), List::of);
        if (healing()) {
            // Whatever failed during the recovery must hold again at the end.
            view = net.view(cycle);
            hard(Invariants.ofState(view, net.quiescent(), false, cycle), List::of);
        }
    }

    @Override
    public long recoveredAt() {
        return lastDeviation < 0 ? -1 : lastDeviation + 1;
    }

    /**
     * +heal under a fault: the fork and token counts may be off while the network repairs them, so
     * their failures are recorded, not reported; a fork held by a client other than OWNER (the
     * token made twice) and mutual exclusion stay hard, and everything must hold at the end.
     */
    private boolean healing() {
        return net.rules().heal() && net.injected();
    }

    @Override
    public boolean quiescent() {
        return net.quiescent();
    }

    /** Describes the units only when something failed: the descriptions are not free. */
    private void report(Violation v, Supplier<List<String>> details) {
        if (v != null && !tolerates(v)) {
            hard(v, details);
        }
    }

    /** What a one-symbol fault may upset until +heal has repaired it (the fairness bound too). */
    private static final Set<Property> REPAIRED = EnumSet.of(
            Property.FORK_CONSERVATION,
            Property.REQUEST_TOKENS,
            Property.PRECEDENCE,
            Property.DEMOTION,
            Property.FAIRNESS);

    @Override
    public boolean tolerates(Violation v) {
        if (!healing() || !REPAIRED.contains(v.property())) {
            return false;
        }
        lastDeviation = Math.max(lastDeviation, v.cycle());
        return true;
    }

    private void hard(Violation v, Supplier<List<String>> details) {
        if (v != null) {
            fail.accept(v.withDetails(details.get()));
        }
    }

    /**
     * Re-reads the forks of the links on which a fork moved (all links the first time and in full
     * mode) and marks their arbiters for I2.
     */
    private void countForks() {
        if (linkForks == null || full) {
            linkForks = new int[wiring.links()];
            arbiterForks = new int[wiring.points()];
            for (int link = 0; link < wiring.links(); link++) {
                forkLinks.add(link);
            }
        }
        for (int i = 0; i < forkLinks.size(); i++) {
            touchedArbiters.set(wiring.linkArbiter(forkLinks.get(i)));
        }
        if (net.injected()) {
            // A fault can change a channel with no event on its link: read every link of each
            // arbiter a fork event touched, as a full scan would.
            for (int a = touchedArbiters.nextSetBit(0); a >= 0; a = touchedArbiters.nextSetBit(a + 1)) {
                for (int port = 0; port < wiring.ports(a); port++) {
                    forkLinks.add(wiring.linkAtPort(a, port));
                }
            }
        }
        for (int i = 0; i < forkLinks.size(); i++) {
            int link = forkLinks.get(i);
            int now = Invariants.forksOn(view, link);
            arbiterForks[wiring.linkArbiter(link)] += now - linkForks[link];
            linkForks[link] = now;
        }
        forkLinks.clear();
    }

    // ---- reports ----

    private List<String> describeArbiter(int a) {
        List<String> out = new ArrayList<>();
        int owner = view.ownerClient(a);
        out.add("arbiter " + a + ": OWNER " + (owner < 0 ? "NIL" : owner) + ", priority "
                + Arrays.toString(view.priorityOrder(a)));
        int[] clients = wiring.clientsOf(a);
        for (int m = 0; m < clients.length; m++) {
            int c = clients[m];
            out.add("  port " + c + ": arbiter " + LinkFlags.describe(view.arbiterFlags(a, m)) + "; client " + c + " "
                    + net.clientState(c) + " " + LinkFlags.describe(view.clientFlags(c, wiring.slotOf(c, a))));
        }
        out.add("recent symbols on arbiter " + a + "'s links:");
        out.addAll(history.recent(l -> wiring.linkArbiter(l) == a, 24, this::linkName));
        return out;
    }

    @Override
    public List<String> describeClients(int[] cs) {
        List<String> out = new ArrayList<>();
        int k = wiring.lineSize();
        for (int c : cs) {
            StringBuilder sb = new StringBuilder("client " + c + " " + net.clientState(c) + ":");
            int[] s = wiring.arbitersOf(c);
            for (int slot = 0; slot < k; slot++) {
                sb.append(" [arbiter ")
                        .append(s[slot])
                        .append(": ")
                        .append(LinkFlags.describe(view.clientFlags(c, slot)))
                        .append(']');
            }
            out.add(sb.toString());
        }
        out.add("recent symbols on their links:");
        out.addAll(history.recent(l -> Arrays.stream(cs).anyMatch(x -> x == l / k), 32, this::linkName));
        return out;
    }

    @Override
    public List<String> describeEaters() {
        List<Integer> e = new ArrayList<>();
        for (int i = 0; i < wiring.nodes(); i++) {
            if (net.clientState(i) == ClientState.EATING) {
                e.add(i);
            }
        }
        return describeClients(e.stream().mapToInt(Integer::intValue).toArray());
    }

    /** Up to 8 hungry clients, then the arbiters whose forks the first of them lacks. */
    @Override
    public List<String> describeHungry() {
        List<Integer> h = new ArrayList<>();
        for (int i = 0; i < wiring.nodes() && h.size() < 8; i++) {
            if (net.clientState(i) == ClientState.HUNGRY) {
                h.add(i);
            }
        }
        List<String> out =
                describeClients(h.stream().mapToInt(Integer::intValue).toArray());
        if (!h.isEmpty()) {
            int c = h.get(0);
            int[] s = wiring.arbitersOf(c);
            for (int slot = 0; slot < s.length; slot++) {
                if ((view.clientFlags(c, slot) & LinkFlags.FORK) == 0) {
                    out.addAll(describeArbiter(s[slot]));
                }
            }
        }
        return out;
    }

    @Override
    public List<String> describeRecent() {
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
