package org.ppbus.testbench;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.ppbus.bus.Demand;
import org.ppbus.bus.Processors;
import org.ppbus.check.Checker;
import org.ppbus.link.Direction;
import org.ppbus.plane.Wiring;
import org.ppbus.protocol.RuleSet;
import org.ppbus.protocol.cc.CcNetwork;
import org.ppbus.protocol.cc.InitialState;
import org.ppbus.registry.Algorithms;
import org.ppbus.stats.Statistics;
import org.ppbus.workload.ScriptedDemand;

/**
 * A network under manual control, for scripted scenarios: the caller decides when each processor
 * raises req and how long it holds, steps the clock, and reads the state. Checkers run in full mode
 * (every invariant, every unit, every cycle, H included).
 */
public final class Harness {
    private final Wiring wiring;
    private final CcNetwork net;
    private final Processors processors;
    private final Checker checker;
    private final ScriptedDemand scripted;
    private final long[] mealCount;
    private final List<long[]> symbols = new ArrayList<>(); // {cycle, c2a?1:0, link, code}
    private final List<long[]> meals = new ArrayList<>(); // {cycle the client started eating, node}
    private long cycle;

    public Harness(Wiring wiring, RuleSet rules, int latencyCycles, InitialState initial) {
        this(wiring, rules, latencyCycles, initial, 1_000, 4);
    }

    public Harness(Wiring wiring, RuleSet rules, int latencyCycles, InitialState initial, long watchdog, long stall) {
        this.wiring = wiring;
        int n = wiring.nodes();
        this.scripted = new ScriptedDemand(n, 1);
        this.mealCount = new long[n];
        Probe probe = new Probe(new Statistics(wiring), n, new SymbolTap() {
            @Override
            public void symbol(Direction direction, int link, int code, long c) {
                symbols.add(new long[] {c, direction == Direction.C2A ? 1 : 0, link, code});
            }

            @Override
            public void grant(int node, boolean high, long c) {
                if (high) {
                    mealCount[node]++;
                    meals.add(new long[] {c, node});
                }
            }
        });
        this.processors = new Processors(n, scripted, probe);
        this.net = new CcNetwork(
                wiring,
                new CcNetwork.Options(latencyCycles, rules, false),
                initial == null ? InitialState.coldStart(wiring) : initial,
                probe,
                probe);
        this.checker = new Checker(net, processors, true, watchdog, stall);
        // Scripted holds can be as short as one cycle.
        checker.overtakeBound(Algorithms.campos().overtakeBound(latencyCycles, 1));
        probe.connect(checker, processors);
        processors.attach(net);
    }

    public static Harness coldStart(int nodes, RuleSet rules, int latencyCycles) {
        return new Harness(Wiring.forNodes(nodes), rules, latencyCycles, null);
    }

    /** Processor node raises req in the next cycle and, once granted, holds the bus for holdCycles. */
    public Harness request(int node, int holdCycles) {
        scripted.setHold(node, holdCycles);
        processors.raiseAt(node, cycle);
        return this;
    }

    /** From now on node re-enters without a THINKING cycle (outside the contract; A3). */
    public Harness reenterDirectly(int node, boolean on) {
        scripted.setReentersWithoutThinking(node, on);
        return this;
    }

    public void step() {
        processors.beginCycle(cycle);
        net.step(cycle);
        processors.endCycle(cycle);
        checker.endOfCycle(cycle);
        cycle++;
    }

    /** Steps until the condition holds (checked after each cycle) or maxCycles pass; returns whether it held. */
    public boolean runUntil(BooleanSupplier done, long maxCycles) {
        for (long i = 0; i < maxCycles; i++) {
            step();
            if (done.getAsBoolean()) {
                return true;
            }
        }
        return false;
    }

    /** Runs until the network is quiescent and no processor has a pending event; returns whether it got there. */
    public boolean settle(long maxCycles) {
        return runUntil(() -> net.quiescent() && processors.nextEventCycle() == Demand.NEVER, maxCycles);
    }

    /** Runs at least one cycle, until the network is quiescent (processors may still hold). */
    public boolean quiet(long maxCycles) {
        return runUntil(net::quiescent, maxCycles);
    }

    public long cycle() {
        return cycle;
    }

    public CcNetwork network() {
        return net;
    }

    public Processors processors() {
        return processors;
    }

    public Checker checker() {
        return checker;
    }

    public Wiring wiring() {
        return wiring;
    }

    public long meals(int node) {
        return mealCount[node];
    }

    /** Every meal so far: {cycle the client started eating, node}, in order. */
    public List<long[]> mealLog() {
        return meals;
    }

    /** Every symbol driven so far: {cycle, 1 if client→arbiter else 0, link, code}. */
    public List<long[]> symbols() {
        return symbols;
    }
}
