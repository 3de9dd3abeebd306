package org.ppbus.testbench;

import org.ppbus.bus.Sharing;
import org.ppbus.protocol.RuleSet;
import org.ppbus.protocol.descriptor.Algorithm;
import org.ppbus.protocol.descriptor.Feature;
import org.ppbus.registry.Algorithms;

/**
 * Everything that determines a run. Two runs with equal configs produce identical reports.
 *
 * @param nodes real processors n ≥ 1
 * @param cycles cycles during which processors may raise new requests
 * @param load per-cycle request probability of a thinking processor
 * @param holdCycles bus cycles per grant (fixed, or the geometric mean)
 * @param geometricHold whether the hold is geometric
 * @param latencyCycles channel latency L ≥ 1
 * @param seed the run seed
 * @param rules the Campos–Carvalho rule set (parsed once, from any of its spellings)
 * @param workload a workload name or a trace file
 * @param hotNodes nodes of the hotspot workload
 * @param hotLoad load of the hot nodes
 * @param fullCheck check every invariant on every unit every cycle, including H (slow)
 * @param evaluateEveryUnit evaluate every unit every cycle instead of only the active ones
 * @param watchdogCycles livelock bound: cycles without a meal (or without a req edge, I6); where no
 *     overtaking bound is checked, the starvation bound: one processor's wait while the others start n meals
 * @param stallCycles deadlock bound: cycles with a waiter, no eater and nothing moving
 * @param drain after {@code cycles}, keep running until every request is granted and released
 * @param reenterNodes outside the contract (audit A3 only): these processors re-enter without a
 *     THINKING cycle until {@code cycles}
 * @param fault a fault to inject ({@code KIND:WHERE}, see {@link org.ppbus.link.FaultPlan}), or "none"
 * @param algorithm the name of an algorithm in {@link Algorithms}
 * @param warmupCycles the first cycles, left out of the statistics (the checks cover them)
 * @param fairness check the algorithm's overtaking bound, if it has one; without it (or without a
 *     bound) a starving processor is caught by the starvation watchdog instead (as the search's
 *     {@code --no-fairness})
 * @param sharing the buses: how many (k), how many a request needs (h), and the groups (docs/SPEC.md,
 *     "More than one bus"); {@link Sharing#SINGLE} for the paper's one bus
 */
public record SimulationConfig(
        int nodes,
        long cycles,
        double load,
        int holdCycles,
        boolean geometricHold,
        int latencyCycles,
        long seed,
        RuleSet rules,
        String workload,
        int[] hotNodes,
        double hotLoad,
        boolean fullCheck,
        boolean evaluateEveryUnit,
        long watchdogCycles,
        long stallCycles,
        boolean drain,
        int[] reenterNodes,
        String algorithm,
        String fault,
        long warmupCycles,
        boolean fairness,
        Sharing sharing) {
    public static SimulationConfig defaults() {
        return new SimulationConfig(
                7,
                100_000,
                0.01,
                4,
                false,
                1,
                1,
                RuleSet.FIXED,
                "uniform",
                new int[0],
                0.5,
                false,
                false,
                100_000,
                16,
                true,
                new int[0],
                Algorithms.campos().name(),
                "none",
                0,
                true,
                Sharing.SINGLE);
    }

    /**
     * Checks every setting's domain ({@link ConfigDomain}); throws {@link ConfigException} naming
     * the field and, in the model's terms, what is wrong with it.
     */
    public SimulationConfig validated() {
        ConfigDomain.check(this);
        return this;
    }

    /** The algorithm's descriptor. */
    public Algorithm algorithmSpec() {
        return Algorithms.named(algorithm);
    }

    static String namesWith(Feature f) {
        return String.join(
                ", ", Algorithms.with(f).stream().map(Algorithm::name).toList());
    }

    static void require(boolean ok, String field, String subject, String problem) {
        if (!ok) {
            throw new ConfigException(field, subject, problem);
        }
    }

    public SimulationConfig withNodes(int v) {
        return toBuilder().nodes(v).build();
    }

    public SimulationConfig withCycles(long v) {
        return toBuilder().cycles(v).build();
    }

    public SimulationConfig withLoad(double v) {
        return toBuilder().load(v).build();
    }

    public SimulationConfig withLatency(int v) {
        return toBuilder().latencyCycles(v).build();
    }

    public SimulationConfig withSeed(long v) {
        return toBuilder().seed(v).build();
    }

    /**
     * The rule set, as an option to repeat: " --rules R" where the algorithm takes rules, empty for
     * the others (which run no rule set, whatever a config says).
     */
    public String rulesOption() {
        return algorithmSpec().has(Feature.RULES) ? " --rules " + rules.label() : "";
    }

    /** The buses, as options to repeat: those that differ from the single bus, empty for it. */
    public String sharingOptions() {
        return (sharing.buses() == 1 ? "" : " --buses " + sharing.buses())
                + (sharing.demand() == 1 ? "" : " --demand " + sharing.demand())
                + (sharing.groups() == 0 ? "" : " --groups " + sharing.groups());
    }

    public SimulationConfig withRules(String v) {
        return toBuilder().rules(v).build();
    }

    public SimulationConfig withRules(RuleSet v) {
        return toBuilder().rules(v).build();
    }

    public SimulationConfig withWorkload(String v) {
        return toBuilder().workload(v).build();
    }

    public SimulationConfig withHold(int v) {
        return toBuilder().holdCycles(v).build();
    }

    public SimulationConfig withChecks(boolean full, boolean everyUnit) {
        return toBuilder().fullCheck(full).evaluateEveryUnit(everyUnit).build();
    }

    public Builder toBuilder() {
        return new Builder(this);
    }

    /** A mutable copy of a config, for setting several fields at once. */
    public static final class Builder {
        private int nodes;
        private long cycles;
        private double load;
        private int holdCycles;
        private boolean geometricHold;
        private int latencyCycles;
        private long seed;
        private RuleSet rules;
        private String workload;
        private int[] hotNodes;
        private double hotLoad;
        private boolean fullCheck;
        private boolean evaluateEveryUnit;
        private long watchdogCycles;
        private long stallCycles;
        private boolean drain;
        private int[] reenterNodes;
        private String algorithm;
        private String fault;
        private long warmupCycles;
        private boolean fairness;
        private int buses;
        private int demand;
        private int groups;

        private Builder(SimulationConfig c) {
            nodes = c.nodes;
            cycles = c.cycles;
            load = c.load;
            holdCycles = c.holdCycles;
            geometricHold = c.geometricHold;
            latencyCycles = c.latencyCycles;
            seed = c.seed;
            rules = c.rules;
            workload = c.workload;
            hotNodes = c.hotNodes;
            hotLoad = c.hotLoad;
            fullCheck = c.fullCheck;
            evaluateEveryUnit = c.evaluateEveryUnit;
            watchdogCycles = c.watchdogCycles;
            stallCycles = c.stallCycles;
            drain = c.drain;
            reenterNodes = c.reenterNodes;
            algorithm = c.algorithm;
            fault = c.fault;
            warmupCycles = c.warmupCycles;
            fairness = c.fairness;
            buses = c.sharing.buses();
            demand = c.sharing.demand();
            groups = c.sharing.groups();
        }

        public Builder nodes(int v) {
            nodes = v;
            return this;
        }

        public Builder cycles(long v) {
            cycles = v;
            return this;
        }

        public Builder load(double v) {
            load = v;
            return this;
        }

        public Builder holdCycles(int v) {
            holdCycles = v;
            return this;
        }

        public Builder geometricHold(boolean v) {
            geometricHold = v;
            return this;
        }

        public Builder latencyCycles(int v) {
            latencyCycles = v;
            return this;
        }

        public Builder seed(long v) {
            seed = v;
            return this;
        }

        public Builder rules(String v) {
            rules = RuleSet.parse(v);
            return this;
        }

        public Builder rules(RuleSet v) {
            rules = v;
            return this;
        }

        public Builder workload(String v) {
            workload = v;
            return this;
        }

        public Builder hotNodes(int[] v) {
            hotNodes = v.clone();
            return this;
        }

        public Builder hotLoad(double v) {
            hotLoad = v;
            return this;
        }

        public Builder fullCheck(boolean v) {
            fullCheck = v;
            return this;
        }

        public Builder evaluateEveryUnit(boolean v) {
            evaluateEveryUnit = v;
            return this;
        }

        public Builder watchdogCycles(long v) {
            watchdogCycles = v;
            return this;
        }

        public Builder stallCycles(long v) {
            stallCycles = v;
            return this;
        }

        public Builder drain(boolean v) {
            drain = v;
            return this;
        }

        public Builder reenterNodes(int[] v) {
            reenterNodes = v.clone();
            return this;
        }

        public Builder algorithm(String v) {
            algorithm = v;
            return this;
        }

        public Builder fault(String v) {
            fault = v;
            return this;
        }

        public Builder warmupCycles(long v) {
            warmupCycles = v;
            return this;
        }

        public Builder fairness(boolean v) {
            fairness = v;
            return this;
        }

        public Builder sharing(Sharing v) {
            return buses(v.buses()).demand(v.demand()).groups(v.groups());
        }

        public Builder buses(int v) {
            buses = v;
            return this;
        }

        public Builder demand(int v) {
            demand = v;
            return this;
        }

        public Builder groups(int v) {
            groups = v;
            return this;
        }

        public SimulationConfig build() {
            return new SimulationConfig(
                    nodes,
                    cycles,
                    load,
                    holdCycles,
                    geometricHold,
                    latencyCycles,
                    seed,
                    rules,
                    workload,
                    hotNodes,
                    hotLoad,
                    fullCheck,
                    evaluateEveryUnit,
                    watchdogCycles,
                    stallCycles,
                    drain,
                    reenterNodes,
                    algorithm,
                    fault,
                    warmupCycles,
                    fairness,
                    ConfigDomain.sharing(buses, demand, groups));
        }
    }
}
