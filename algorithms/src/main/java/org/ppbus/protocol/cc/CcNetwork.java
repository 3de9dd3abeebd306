package org.ppbus.protocol.cc;

import java.util.List;
import java.util.function.BiFunction;
import org.ppbus.bus.Fabric;
import org.ppbus.bus.Reentry;
import org.ppbus.bus.Scheduler;
import org.ppbus.link.ChannelBank;
import org.ppbus.link.Direction;
import org.ppbus.link.FaultInjector;
import org.ppbus.link.FifoChannels;
import org.ppbus.link.PortQueues;
import org.ppbus.plane.Collineations;
import org.ppbus.plane.Wiring;
import org.ppbus.protocol.ClientState;
import org.ppbus.protocol.ProtocolObserver;
import org.ppbus.protocol.RuleSet;
import org.ppbus.protocol.descriptor.Algorithm;
import org.ppbus.protocol.descriptor.AlgorithmOptions;
import org.ppbus.protocol.descriptor.Cost;
import org.ppbus.protocol.descriptor.Family;
import org.ppbus.protocol.descriptor.Feature;
import org.ppbus.protocol.descriptor.MessageKind;
import org.ppbus.protocol.descriptor.RunInputs;
import org.ppbus.protocol.descriptor.Setting;

/**
 * The Campos–Carvalho network: n clients and N arbiters wired by a padded projective plane, each
 * client–arbiter pair joined by a c2a and an a2c channel of latency L. Unit ids: clients 0..n−1,
 * arbiters n..n+N−1. Link ids: client i's slot k is i·K + k in both channel banks.
 */
public final class CcNetwork implements Fabric, Reentry, UnitStates {
    /**
     * Campos–Carvalho: the 2-bit symbols of the hardware contract on a client–arbiter link per line
     * of the plane. Its factory reads its {@link Settings} (the rule set, the initial state, the
     * {@link ProtocolObserver}, whether every unit is evaluated), by default the fixed rules from
     * the cold start.
     */
    public static final Algorithm ALGORITHM = Algorithm.named(
                    "campos-carvalho",
                    "Campos and Carvalho's arbiters on a projective plane: 2-bit fork and request symbols")
            .family(Family.FORKS)
            .factory(CcNetwork::create)
            .messages(n -> List.of(
                    new MessageKind("CleanFORK", 2),
                    new MessageKind("DirtyFORK", 2),
                    new MessageKind("Request (client)", 2),
                    new MessageKind("FORK", 2),
                    new MessageKind("Request (arbiter)", 2),
                    new MessageKind("StrongRequest", 2)))
            .wires(Symbols::wiresPerNode)
            // The reclaim reaches the neighbour 2L cycles after the req edge; until then it re-enters
            // on parked forks once per period H + 2, and after it it cannot start another meal
            // (docs/ERRATA.md L1).
            .fairness((l, h) -> Math.max(1, Algorithm.ceilDiv(2L * l, h + 2L)))
            .claim(n -> {
                int k = Wiring.forNodes(n).lineSize();
                return new Cost("0 … 4√n (√n := K)", "0 … " + 4 * k);
            })
            .features(Feature.SYMBOLS, Feature.RULES, Feature.FAULTS, Feature.REENTRY, Feature.RTL)
            .options(Settings::from)
            .survival(CcCrash::survivors)
            .build();

    /**
     * Campos–Carvalho's own settings: the rule set, the state to start from (null: the cold start),
     * who hears the symbols, and whether every unit is evaluated every cycle.
     */
    public record Settings(RuleSet rules, InitialState initial, ProtocolObserver observer, boolean evaluateEveryUnit)
            implements AlgorithmOptions {
        static Settings from(RunInputs in) {
            return new Settings(in.rules(), null, in.observer(), in.evaluateEveryUnit());
        }
    }

    private static CcNetwork create(Setting s) {
        Settings cs = s.options(Settings.class, () -> Settings.from(RunInputs.defaults()));
        return new CcNetwork(
                s.wiring(),
                new Options(s.latencyCycles(), cs.rules(), cs.evaluateEveryUnit()),
                cs.initial() != null ? cs.initial() : InitialState.coldStart(s.wiring()),
                s.grants(),
                cs.observer());
    }

    /** The codes that carry a fork, as bit masks (bit c for code c) in each direction. */
    private static final int C2A_FORKS = Symbols.forkCodes(Direction.C2A);

    private static final int A2C_FORKS = Symbols.forkCodes(Direction.A2C);

    private final Wiring wiring;
    private final RuleSet rules;
    private final int latencyCycles;
    private final Scheduler scheduler;
    private ChannelBank a2c; // wrapped when a fault is injected
    private ChannelBank c2a;
    private final ClientUnit[] clients;
    private final ArbiterUnit[] arbiters;
    private final Fabric.GrantSink sink;
    private final ProtocolObserver observer;
    private final int[] linkPort;
    private int unitsWithQueuedOutput;
    private boolean injected; // a fault or crash wrapper may change what the channels carry
    private CcCrash crash; // null until a node crashes
    private boolean silencing; // the channels drop what a crashed node's units drive

    /**
     * Options that do not change the protocol. {@code fifoCapacity} > 0 makes every channel an
     * asynchronous FIFO whose deliveries the caller chooses ({@link #deliver}); for the search only.
     */
    public record Options(int latencyCycles, RuleSet rules, boolean evaluateEveryUnit, int fifoCapacity) {
        public Options(int latencyCycles, RuleSet rules, boolean evaluateEveryUnit) {
            this(latencyCycles, rules, evaluateEveryUnit, 0);
        }

        public static Options of(int latencyCycles, RuleSet rules) {
            return new Options(latencyCycles, rules, false);
        }
    }

    public CcNetwork(
            Wiring wiring, Options options, InitialState initial, Fabric.GrantSink sink, ProtocolObserver observer) {
        requireValid(initial, wiring);
        this.wiring = wiring;
        this.rules = options.rules();
        this.latencyCycles = options.latencyCycles();
        this.sink = sink;
        this.observer = observer;
        int n = wiring.nodes();
        int bigN = wiring.points();
        int k = wiring.lineSize();
        int links = n * k;
        // +heal's timers act on silence, so every unit is evaluated every cycle.
        this.scheduler = new Scheduler(n + bigN, latencyCycles, options.evaluateEveryUnit() || rules.heal());
        Healing healing = rules.heal() ? new Healing(latencyCycles) : null;
        int[] toClient = new int[links];
        int[] toArbiter = new int[links];
        linkPort = new int[links];
        for (int link = 0; link < links; link++) {
            toClient[link] = wiring.linkClient(link);
            toArbiter[link] = n + wiring.linkArbiter(link);
            linkPort[link] = wiring.portAt(wiring.linkClient(link), link % k);
        }
        if (options.fifoCapacity() > 0) {
            if (!options.evaluateEveryUnit()) {
                throw new IllegalArgumentException("asynchronous channels need every unit evaluated every cycle");
            }
            this.a2c = ChannelBank.fifo(links, options.fifoCapacity());
            this.c2a = ChannelBank.fifo(links, options.fifoCapacity());
        } else {
            this.a2c = ChannelBank.timed(links, latencyCycles, toClient, scheduler);
            this.c2a = ChannelBank.timed(links, latencyCycles, toArbiter, scheduler);
        }
        a2c.countCodes(A2C_FORKS);
        c2a.countCodes(C2A_FORKS);
        this.clients = clients(initial, rules, healing);
        this.arbiters = arbiters(initial, rules, healing);
        // A loaded state may enable rules before any input arrives: evaluate everyone once.
        for (int u = 0; u < n + bigN; u++) {
            scheduler.wake(u, 0);
        }
    }

    private static void requireValid(InitialState initial, Wiring wiring) {
        if (initial.wiring() != wiring) {
            throw new IllegalArgumentException("initial state is for another wiring");
        }
        List<String> errors = initial.validate();
        if (!errors.isEmpty() && !initial.forced()) {
            throw new IllegalArgumentException("invalid initial state: " + errors.get(0));
        }
    }

    /** Every client, loaded from the initial state. */
    private static ClientUnit[] clients(InitialState initial, RuleSet rules, Healing healing) {
        Wiring wiring = initial.wiring();
        ClientUnit[] clients = new ClientUnit[wiring.nodes()];
        for (int i = 0; i < clients.length; i++) {
            clients[i] = new ClientUnit(i, wiring.lineSize(), rules, healing);
            clients[i].load(initial.clientState(i), initial.clientFlagsOf(i));
        }
        return clients;
    }

    /** Every arbiter, its ports in the order of its clients, loaded from the initial state. */
    private static ArbiterUnit[] arbiters(InitialState initial, RuleSet rules, Healing healing) {
        Wiring wiring = initial.wiring();
        ArbiterUnit[] arbiters = new ArbiterUnit[wiring.points()];
        for (int j = 0; j < arbiters.length; j++) {
            int[] cs = wiring.clientsOf(j);
            int[] portLinks = new int[cs.length];
            for (int m = 0; m < cs.length; m++) {
                portLinks[m] = wiring.linkAtPort(j, m);
            }
            arbiters[j] = new ArbiterUnit(j, cs, portLinks, rules, healing);
            arbiters[j].load(initial.ownerPort(j), initial.arbiterFlagsOf(j), initial.orderPorts(j));
        }
        return arbiters;
    }

    /** The contract's reset state. */
    public static CcNetwork coldStart(
            Wiring wiring, Options options, Fabric.GrantSink sink, ProtocolObserver observer) {
        return new CcNetwork(wiring, options, InitialState.coldStart(wiring), sink, observer);
    }

    @Override
    public int nodes() {
        return wiring.nodes();
    }

    @Override
    public void request(int node, boolean level, long cycle) {
        clients[node].setReq(level);
        scheduler.wake(node, cycle);
    }

    @Override
    public void reenterWithoutThinking(int node, long cycle) {
        clients[node].requestDirectReentry();
        scheduler.wake(node, cycle);
    }

    @Override
    public void step(long cycle) {
        if (crash != null) {
            crash.announce(cycle, wiring, clients, arbiters, scheduler);
        }
        scheduler.drain(cycle, u -> evaluate(u, cycle));
        c2a.endOfCycle();
        a2c.endOfCycle();
    }

    /**
     * Asynchronous channels: the search chooses which channel delivers next. Only for a network
     * built with {@code fifoCapacity} > 0.
     */
    public AsyncDelivery asyncDelivery() {
        if (!(c2a instanceof FifoChannels c) || !(a2c instanceof FifoChannels a)) {
            throw new IllegalStateException("deliveries are chosen only on asynchronous channels");
        }
        return new AsyncDelivery(wiring.links(), c, a);
    }

    private void evaluate(int unit, long cycle) {
        int n = clients.length;
        PortQueues q = unit < n ? clients[unit].queues() : arbiters[unit - n].queues();
        boolean pendingBefore = q.anyPending();
        boolean active = unit < n
                ? clients[unit].evaluate(cycle, a2c, c2a, sink, observer)
                : arbiters[unit - n].evaluate(cycle, a2c, c2a, observer);
        boolean pendingAfter = q.anyPending();
        if (pendingBefore != pendingAfter) {
            unitsWithQueuedOutput += pendingAfter ? 1 : -1;
        }
        if (active) {
            scheduler.wake(unit, cycle + 1);
        }
    }

    /**
     * The whole protocol state after cycle t has been evaluated, packed ({@link NetworkSnapshot}).
     * Only for a network that evaluates every unit every cycle, whose scheduler holds no state.
     */
    public long[] snapshot(long afterCycle) {
        requireEveryUnit();
        return NetworkSnapshot.save(clients, arbiters, a2c, c2a, crash, latencyCycles, afterCycle, null);
    }

    /**
     * The {@link #snapshot} of this state moved by a symmetry of the wiring: the state in
     * which client g(c), arbiter g(j) and link g(l) are what client c, arbiter j and link l are now.
     */
    public long[] snapshotMoved(long afterCycle, Collineations.Collineation g) {
        return snapshotMoved(afterCycle, Renumbering.of(wiring, g));
    }

    /** The same with the symmetry's renumbering computed once (a search moves every state by it). */
    public long[] snapshotMoved(long afterCycle, Renumbering r) {
        requireEveryUnit();
        return NetworkSnapshot.save(clients, arbiters, a2c, c2a, crash, latencyCycles, afterCycle, r);
    }

    /** Per unit, a key that a symmetry moves with the unit unchanged ({@link SymmetricKeys}). */
    public SymmetricKeys symmetricKeys() {
        return SymmetricKeys.of(clients, arbiters);
    }

    /** Restores a {@link #snapshot} so that cycle t is the next one evaluated. */
    public void restore(long[] state, long atCycle) {
        requireEveryUnit();
        crash = NetworkSnapshot.load(state, clients, arbiters, a2c, c2a, rules.reclaim(), latencyCycles, atCycle);
        if (crash != null) {
            silenceTheDead();
        }
        unitsWithQueuedOutput = 0;
        for (ClientUnit c : clients) {
            unitsWithQueuedOutput += c.queues().anyPending() ? 1 : 0;
        }
        for (ArbiterUnit a : arbiters) {
            unitsWithQueuedOutput += a.queues().anyPending() ? 1 : 0;
        }
    }

    private void requireEveryUnit() {
        if (!scheduler.evaluatesAll()) {
            throw new IllegalStateException("snapshots need a network that evaluates every unit every cycle");
        }
    }

    /** The req input of a client as it was last set. */
    public boolean req(int client) {
        return clients[client].req();
    }

    @Override
    public boolean quiescent() {
        return a2c.inFlightTotal() == 0 && c2a.inFlightTotal() == 0 && unitsWithQueuedOutput == 0;
    }

    /** Under +heal a waiting unit asks again only on the beat, so nothing may move for a whole period. */
    @Override
    public int quietCycles() {
        return rules.heal() ? new Healing(latencyCycles).period() : 0;
    }

    public RuleSet rules() {
        return rules;
    }

    public int latencyCycles() {
        return latencyCycles;
    }

    /** Symbols in a link's pipeline after cycle t, next to arrive first. */
    public int[] inFlight(Direction direction, int link, long cycle) {
        return (direction == Direction.C2A ? c2a : a2c).inFlight(link, cycle);
    }

    /** {@link StateView#forksInTransit} after cycle t. */
    int forksInTransit(int link, long cycle) {
        int k = wiring.lineSize();
        return c2a.countedInFlight(link, cycle)
                + a2c.countedInFlight(link, cycle)
                + clients[wiring.linkClient(link)].queues().count(link % k, C2A_FORKS)
                + arbiters[wiring.linkArbiter(link)].queues().count(linkPort[link], A2C_FORKS);
    }

    /** Whether a fork is queued at the client or in flight on a link's c2a channel, from the counts. */
    boolean forkOnItsWayToTheArbiter(int link, long cycle) {
        return c2a.countedInFlight(link, cycle) > 0
                || clients[wiring.linkClient(link)].queues().count(link % wiring.lineSize(), C2A_FORKS) > 0;
    }

    /** Symbols waiting in the sender's output queue of a link, head first. */
    public int[] queued(Direction direction, int link) {
        if (direction == Direction.C2A) {
            return clients[wiring.linkClient(link)].queues().contents(link % wiring.lineSize());
        }
        return arbiters[wiring.linkArbiter(link)].queues().contents(linkPort[link]);
    }

    /** The largest output-queue depth any unit reached so far (I8 allows 2). */
    public int maxQueueDepth() {
        int max = 0;
        for (ClientUnit c : clients) {
            max = Math.max(max, c.queues().maxDepth());
        }
        for (ArbiterUnit a : arbiters) {
            max = Math.max(max, a.queues().maxDepth());
        }
        return max;
    }

    /** Routes every symbol through a fault injector (fault runs evaluate every unit every cycle). */
    public void inject(FaultInjector injector) {
        wrapChannels((bank, direction) -> ChannelBank.withFaults(bank, injector, direction));
    }

    /** Puts both channel banks behind a wrapper that may change what they carry (faults). */
    public void wrapChannels(BiFunction<ChannelBank, Direction, ChannelBank> wrapper) {
        if (!scheduler.evaluatesAll()) {
            throw new IllegalStateException("a fault run must evaluate every unit every cycle");
        }
        c2a = wrapper.apply(c2a, Direction.C2A);
        a2c = wrapper.apply(a2c, Direction.A2C);
        c2a.countCodes(C2A_FORKS);
        a2c.countCodes(A2C_FORKS);
        injected = true;
    }

    /** Crash-stop of client and arbiter {@code node}, and with +reclaim the recovery ({@link CcCrash}). */
    @Override
    public void crash(int node, long cycle) {
        if (crash != null) {
            throw new IllegalStateException("node " + crash.node() + " has crashed already");
        }
        crash = new CcCrash(node, cycle + 2L * latencyCycles, rules.reclaim());
        silenceTheDead();
    }

    /** Once, the channels learn to drop what the dead node's units drive; per symbol, so a search can restore any crash. */
    private void silenceTheDead() {
        if (!silencing) {
            c2a = ChannelBank.silencing(c2a, link -> crash != null && wiring.linkClient(link) == crash.node());
            a2c = ChannelBank.silencing(a2c, link -> crash != null && wiring.linkArbiter(link) == crash.node());
            silencing = true;
        }
        injected = true;
    }

    /** The node that crashed, or -1. */
    public int crashedNode() {
        return crash == null ? -1 : crash.node();
    }

    /** +reclaim: whether a client gave up for good, because it lost the fork of a crashed arbiter. */
    public boolean gaveUp(int client) {
        return clients[client].doomed();
    }

    /** Whether a fault injector can change what the channels carry behind the units' backs. */
    public boolean injected() {
        return injected;
    }

    /** The state at the end of {@code cycle}, for the checkers and H. */
    @Override
    public StateView view(long cycle) {
        return new CcView(this, cycle);
    }

    public Wiring wiring() {
        return wiring;
    }

    public ClientState clientState(int client) {
        return clients[client].state();
    }

    ClientUnit client(int client) {
        return clients[client];
    }

    ArbiterUnit arbiter(int arbiter) {
        return arbiters[arbiter];
    }
}
