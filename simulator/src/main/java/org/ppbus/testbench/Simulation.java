package org.ppbus.testbench;

import java.io.IOException;
import java.util.Arrays;
import java.util.function.BooleanSupplier;
import java.util.function.UnaryOperator;
import org.ppbus.bus.Demand;
import org.ppbus.bus.Fabric;
import org.ppbus.bus.Processors;
import org.ppbus.bus.Sharing;
import org.ppbus.check.Checker;
import org.ppbus.check.Property;
import org.ppbus.check.StarvationBound;
import org.ppbus.check.Violation;
import org.ppbus.link.ChannelId;
import org.ppbus.link.Direction;
import org.ppbus.link.FaultInjector;
import org.ppbus.link.FaultPlan;
import org.ppbus.link.Lossy;
import org.ppbus.link.QueueOverflow;
import org.ppbus.link.Recovering;
import org.ppbus.plane.Wiring;
import org.ppbus.protocol.cc.CcNetwork;
import org.ppbus.protocol.cc.CcPlanes;
import org.ppbus.protocol.cc.InitialState;
import org.ppbus.protocol.descriptor.Algorithm;
import org.ppbus.protocol.descriptor.AlgorithmOptions;
import org.ppbus.protocol.descriptor.Feature;
import org.ppbus.protocol.descriptor.RunInputs;
import org.ppbus.protocol.descriptor.Setting;
import org.ppbus.registry.Algorithms;
import org.ppbus.stats.BusUse;
import org.ppbus.stats.Statistics;
import org.ppbus.workload.DirectReentry;
import org.ppbus.workload.Driver;
import org.ppbus.workload.SharedDemand;
import org.ppbus.workload.Workload;

/**
 * One run: processors, the algorithm's network (any in the registry), checkers and statistics on
 * one clock.
 *
 * <p>Per cycle t: processors apply their req edges; the network evaluates the units that are due;
 * the processors account the bus; the checker checks the end-of-cycle state; a reactive workload
 * may schedule requests. New requests rise only before {@code cycles}; with drain on, the run then
 * continues until every waiting request has been granted and released and the network is quiet,
 * or a watchdog fires.
 */
public final class Simulation {
    /** Receives progress on long runs. */
    public interface Progress {
        void update(long cycle, long expectedCycles, long entries);
    }

    private final SimulationConfig config;
    private final Wiring wiring;
    private final InitialState initial; // null: the algorithm's own cold start
    private SymbolTap tap;
    private Progress progress;
    private BooleanSupplier stopRequested = () -> false;
    private UnaryOperator<Fabric> variant = UnaryOperator.identity();
    private boolean judgedByCaller;
    private UnaryOperator<Demand> demandOf = UnaryOperator.identity();
    private Driver driver; // the caller's, after the workload's: null for none

    public Simulation(SimulationConfig config) {
        this(config, null);
    }

    /** A run from the given initial state instead of the cold start (scenario CC-12). */
    public Simulation(SimulationConfig config, InitialState initial) {
        this.config = config.validated();
        this.wiring = initial != null ? initial.wiring() : Wiring.forNodes(config.nodes());
        this.initial = initial;
    }

    /** Adds a tap: every tap added hears the run, in the order added. */
    public Simulation tap(SymbolTap t) {
        this.tap = Taps.both(this.tap, t);
        return this;
    }

    /**
     * Replaces the processors' demand by what {@code d} makes of the workload's, and adds a driver
     * called at the end of every cycle after the workload's: the web view's live mode asks for a
     * processor when the user clicks it this way.
     */
    public Simulation drivenBy(UnaryOperator<Demand> d, Driver extra) {
        this.demandOf = d;
        this.driver = extra;
        return this;
    }

    public Simulation progress(Progress p) {
        this.progress = p;
        return this;
    }

    public Simulation stopWhen(BooleanSupplier s) {
        this.stopRequested = s;
        return this;
    }

    /**
     * Runs a variant of the algorithm's network instead of the network itself: the checkers' mutants
     * (a network that never hears one processor must be caught starving it). The checks are then the
     * generic ones, whatever the algorithm.
     */
    public Simulation variant(UnaryOperator<Fabric> v) {
        this.variant = v;
        return this;
    }

    /**
     * The caller runs the same run without the fault itself and judges the fault against it
     * ({@link FaultOutcome#judged}), as the fault matrix does: no twin is run here.
     */
    public Simulation judgedByCaller() {
        this.judgedByCaller = true;
        return this;
    }

    public Wiring wiring() {
        return wiring;
    }

    public SimulationResult run() throws IOException {
        Run r = new Run(config);
        return r.result(r.loop());
    }

    /** The settings the run's workload may read (one place: the run and its report's header use them). */
    static Workload.Settings workloadSettings(SimulationConfig c) {
        return new Workload.Settings(
                c.load(),
                c.holdCycles(),
                c.geometricHold(),
                c.seed(),
                c.cycles(),
                c.hotNodes(),
                c.hotLoad(),
                c.sharing(),
                c.algorithmSpec().has(Feature.DEMAND));
    }

    /** One run's parts, wired together: the workload, processors, fabric, checker and statistics. */
    private final class Run {
        private final SimulationConfig c;
        private final Workload workload;
        private final Statistics stats;
        private final Probe probe;
        private final Processors processors;
        private final Fabric fabric;
        private final CcNetwork net;
        private final FaultInjector injector;
        private final MessageFaults messageFaults;
        private final FaultPlan crash; // a crash-stop (crash:random resolved), or null
        private final String crashAsked; // the crash as asked for, for the report
        private boolean crashHappened; // false while the run has not reached the crash's cycle
        private final Checker checker;
        private final int overtakeBound;
        private final long starvationBound;
        private final AlgorithmOptions options;
        private boolean interrupted;
        private Violation refused;
        // The drain ends when every request is served; a drain that stops making progress (no
        // grant or release, nobody eating) for 4 watchdog periods is cut, however long the holds
        // and latencies of a correct run are.
        private long lastProgress;
        private long busyBeforeWarmup;
        private long transactingBeforeWarmup;
        private final BusUse busUse; // a shared run's, or null
        private long progressEntries = -1;

        Run(SimulationConfig c) throws IOException {
            this.c = c;
            this.workload = Workload.resolve(c.workload(), wiring, workloadSettings(c));
            int n = wiring.nodes();
            this.stats = new Statistics(wiring, PlaneSeats.of(c));
            this.probe = new Probe(stats, n, tap);
            this.processors = new Processors(n, demandOf.apply(demand(c, workload, n)), probe);
            FaultPlan faultPlan = FaultPlan.parse(c.fault());
            this.crash = faultPlan != null && faultPlan.crash()
                    ? faultPlan.resolveCrash(n, c.seed(), Math.max(c.cycles(), 20))
                    : null;
            this.crashAsked = crash == null ? null : faultPlan.toString();
            Algorithm algorithm = Algorithms.named(c.algorithm());
            // A symbol fault can move a symbol beyond the activity scheduler's horizon: evaluate
            // everyone. A crash only silences units, which the scheduler follows.
            boolean everyUnit = c.evaluateEveryUnit() || faultPlan != null && !faultPlan.crash();
            // A given initial state is Campos–Carvalho's (this constructor's contract); otherwise each
            // algorithm reads its settings from what every run offers.
            this.options = initial != null
                    ? new CcNetwork.Settings(c.rules(), initial, probe, everyUnit)
                    : algorithm.optionsFor(new RunInputs(c.rules(), probe, everyUnit));
            Sharing sharing = c.sharing();
            this.fabric = variant.apply(
                    algorithm.factory().create(new Setting(wiring, c.latencyCycles(), probe, probe, options, sharing)));
            this.net = fabric.part(CcNetwork.class).orElse(null);
            this.injector = net != null && faultPlan != null && crash == null ? injector(faultPlan, c) : null;
            this.messageFaults = faultPlan != null && net == null && crash == null
                    ? MessageFaults.inject(faultPlan, (Lossy) fabric, c.seed(), Math.max(c.cycles(), 20))
                    : null;
            if (injector != null) {
                net.inject(injector);
            }
            this.checker = new Checker(fabric, processors, c.fullCheck(), c.watchdogCycles(), c.stallCycles());
            this.overtakeBound = c.fairness()
                    ? algorithm.overtakeBound(c.latencyCycles(), workload.minHoldCycles(), c.sharing())
                    : Algorithm.NO_BOUND;
            checker.overtakeBound(overtakeBound);
            checker.sharing(c.sharing());
            this.busUse = c.sharing().shared() ? probe.account(new BusUse(c.sharing())) : null;
            // Where no overtaking bound is checked (turned off, or none given by the seeds), the
            // starvation watchdog checks freedom from starvation instead.
            // An algorithm that promises no freedom from starvation (the plain daisy chain) is not
            // held to it.
            boolean starvation = overtakeBound == Algorithm.NO_BOUND && algorithm.starvationFree();
            checker.watchStarvation(starvation);
            this.starvationBound =
                    starvation ? StarvationBound.meals(n, c.latencyCycles(), workload.minHoldCycles()) : Long.MAX_VALUE;
            checker.starvationMeals(starvationBound);
            probe.connect(checker, processors);
            if (crash != null) {
                probe.expectCrash(crash.crashedNode(), crash.cycle());
            }
            processors.attach(tap == null ? fabric : new TappedFabric(fabric, tap));
            if (tap != null) {
                tap.attached(fabric);
            }
        }

        /** The workload's demand, with the audit's re-entry and a shared run's needs where asked for. */
        private static Demand demand(SimulationConfig c, Workload workload, int n) {
            Demand d = c.reenterNodes().length == 0
                    ? workload.demand()
                    : new DirectReentry(workload.demand(), n, c.reenterNodes(), c.cycles());
            return c.sharing().shared() && !d.statesNeeds() ? new SharedDemand(d, c.sharing(), n, c.seed()) : d;
        }

        /** Runs cycle after cycle until the run ends; returns the number of cycles run. */
        long loop() {
            long t = 0;
            for (; !ended(t); t++) {
                if (t == c.warmupCycles() && t > 0) {
                    // The warm-up is over: the statistics start afresh; the checks never stopped.
                    stats.restart();
                    busyBeforeWarmup = processors.busyCycles();
                    transactingBeforeWarmup = processors.transactingCycles();
                    if (busUse != null) {
                        busUse.restart(t);
                    }
                }
                if ((t & 0x3FF) == 0 && progress != null) {
                    progress.update(t, c.cycles(), stats.entries());
                }
                if (!cycle(t)) {
                    return t + 1;
                }
            }
            return t;
        }

        /** Whether the run ends before cycle t: its cycles and drain are over, or Ctrl-C. */
        private boolean ended(long t) {
            if (t >= c.cycles()) {
                if (!c.drain() || (processors.finished() && fabric.quiescent() && checker.eaters() == 0)) {
                    return true;
                }
                if (crashHappened && checker.stuck(t - 1)) {
                    return true; // after a crash nothing moves again: those waiting need the dead node
                }
                if (checker.eaters() > 0 || stats.entries() != progressEntries) {
                    lastProgress = t;
                    progressEntries = stats.entries();
                } else if (t - Math.max(lastProgress, c.cycles()) >= 4 * c.watchdogCycles() + 1000) {
                    return true;
                }
            }
            // A volatile read per cycle: Ctrl-C is seen within one cycle at any size and mode.
            interrupted = stopRequested.getAsBoolean();
            return interrupted;
        }

        /** One cycle; false when the run stops in it (a violation, or a refusal). */
        private boolean cycle(long t) {
            if (crash != null && t == crash.cycle()) {
                // Crash-stop: the processor, then the node's share of the fabric, for good.
                processors.crash(crash.crashedNode(), t);
                probe.crashNow(crash.crashedNode(), t);
                fabric.crash(crash.crashedNode(), t);
                crashHappened = true;
            }
            processors.beginCycle(t);
            try {
                fabric.step(t);
            } catch (IllegalStateException e) {
                // A baseline that cannot go on honestly (timestamps wrapped too far) refuses the run.
                refused = new Violation(
                        Property.REFUSED,
                        t,
                        e instanceof QueueOverflow ? Violation.OUTPUT_QUEUE : "run",
                        e.getMessage(),
                        -1);
                return false;
            }
            processors.endCycle(t);
            checker.endOfCycle(t);
            if (tap != null) {
                if (checker.violation() != null) {
                    tap.violated(checker.violation());
                }
                tap.endOfCycle(t);
            }
            if (checker.violation() != null) {
                return false;
            }
            if (workload.driver() != null) {
                workload.driver().endOfCycle(t, fabric.quiescent(), processors);
            }
            if (driver != null) {
                driver.endOfCycle(t, fabric.quiescent(), processors);
            }
            return true;
        }

        /** The deepest output queue of any unit: of the one network, or of every plane. */
        private int maxQueueDepth() {
            if (net != null) {
                return net.maxQueueDepth();
            }
            return fabric.part(CcPlanes.class).map(CcPlanes::maxQueueDepth).orElse(0);
        }

        SimulationResult result(long t) throws IOException {
            checker.endOfRun(t);
            int ungranted = processors.waitingCount();
            Violation v = refused != null ? refused : checker.violation();
            long measured = t > c.warmupCycles() ? c.warmupCycles() : 0;
            Statistics.Summary summary =
                    stats.summarise(t - measured, processors.busyCycles() - busyBeforeWarmup, workload.activeNodes());
            FaultOutcome fault = crash != null
                    ? crashOutcome(v, ungranted)
                    : injector != null
                            ? FaultOutcome.of(injector, wiring, v, ungranted, checker.recoveredAt())
                            : messageFaults != null
                                    ? messageFaults.outcome(
                                            Algorithms.named(c.algorithm()),
                                            wiring.nodes(),
                                            v,
                                            ungranted,
                                            fabric instanceof Recovering r ? r.recoveredAt() : -1)
                                    : null;
            long[] stallAfterFault = crash == null && fault != null && fault.injected()
                    ? checker.stalls().longestFrom(fault.cycle())
                    : null;
            return withStall(new SimulationResult(
                    c,
                    wiring.plane().order(),
                    wiring.points(),
                    t,
                    Math.min(t, c.cycles()),
                    summary,
                    v,
                    checker.mutexViolations(),
                    ungranted,
                    interrupted,
                    maxQueueDepth(),
                    fabric.quiescent(),
                    probe.trace(wiring.nodes()),
                    fault,
                    overtakeBound,
                    checker.maxOvertakes(),
                    starvationBound,
                    checker.maxServedWhileWaiting(),
                    checker.checks(),
                    workload.offeredLoad(),
                    checker.stalls().longest(),
                    stallAfterFault,
                    busUse == null
                            ? null
                            : busUse.summarise(
                                    t - measured,
                                    processors.transactingCycles() - transactingBeforeWarmup,
                                    processors.maxTransacting(),
                                    checker.maxInUse(),
                                    checker.exclusionViolations())));
        }

        /**
         * A masked fault's outcome, told whether service stood still after it against the same run
         * without the fault ({@link FaultOutcome#judged}), its twin, run here unless the caller runs
         * the twins itself ({@link #judgedByCaller}).
         */
        private SimulationResult withStall(SimulationResult r) throws IOException {
            FaultOutcome f = r.fault();
            if (judgedByCaller
                    || interrupted
                    || f == null
                    || !f.injected()
                    || !f.verdict().equals("masked")
                    || r.stallAfterFault() == null) {
                return r;
            }
            SimulationResult twin = new Simulation(c.toBuilder().fault("none").build(), initial).run();
            FaultOutcome judged = FaultOutcome.judged(r, twin);
            return judged == f ? r : r.withFault(judged);
        }

        /** The crash's outcome: who survived it, or, when the run ended before its cycle, that it never happened. */
        private FaultOutcome crashOutcome(Violation v, int ungranted) {
            if (!crashHappened) {
                return FaultOutcome.crashNotReached(crashAsked, crash);
            }
            return FaultOutcome.crash(
                    crashAsked,
                    crash,
                    v,
                    ungranted,
                    probe.survival()
                            .withDerived(c.algorithmSpec().survivalAfter(wiring, options, crash.crashedNode())));
        }
    }

    /** Resolves a plan's channel name on this wiring. */
    private FaultInjector injector(FaultPlan p, SimulationConfig c) {
        Direction direction = null;
        int link = -1;
        if (!p.random()) {
            ChannelId.Link named = (ChannelId.Link) p.channelId();
            direction = named.direction();
            int client = named.client();
            int arbiter = named.arbiter();
            if (client >= wiring.nodes()
                    || Arrays.stream(wiring.arbitersOf(client)).noneMatch(a -> a == arbiter)) {
                throw new IllegalArgumentException("--fault: there is no channel " + p.channel() + " at n="
                        + wiring.nodes()
                        + " (client " + client + " talks to arbiters "
                        + (client < wiring.nodes() ? Arrays.toString(wiring.arbitersOf(client)) : "none")
                        + ")");
            }
            link = wiring.link(client, wiring.slotOf(client, arbiter));
        }
        return new FaultInjector(p, direction, link, c.seed(), Math.max(c.cycles(), 20));
    }
}
