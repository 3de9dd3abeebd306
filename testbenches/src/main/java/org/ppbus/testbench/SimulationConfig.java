package org.ppbus.testbench;

import org.ppbus.protocol.RuleSet;

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
 * @param rules "fixed", "literal" or "literal+F1..."
 * @param workload a workload name or a trace file
 * @param hotNodes nodes of the hotspot workload
 * @param hotLoad load of the hot nodes
 * @param fullCheck check every invariant on every unit every cycle, including H (slow)
 * @param evaluateEveryUnit evaluate every unit every cycle instead of only the active ones
 * @param watchdogCycles livelock bound: cycles without a meal (or without a req edge, I6)
 * @param stallCycles deadlock bound: cycles with a waiter, no eater and nothing moving
 * @param drain after {@code cycles}, keep running until every request is granted and released
 */
public record SimulationConfig(int nodes, long cycles, double load, int holdCycles, boolean geometricHold,
                               int latencyCycles, long seed, String rules, String workload, int[] hotNodes,
                               double hotLoad, boolean fullCheck, boolean evaluateEveryUnit, long watchdogCycles,
                               long stallCycles, boolean drain) {

    public static SimulationConfig defaults() {
        return new SimulationConfig(7, 100_000, 0.01, 4, false, 1, 1, "fixed", "uniform", new int[0], 0.5,
                false, false, 100_000, 16, true);
    }

    /** Checks ranges; throws IllegalArgumentException with a one-line message naming the option. */
    public SimulationConfig validated() {
        require(nodes >= 1, "--nodes must be at least 1, got " + nodes);
        require(nodes <= 4161, "--nodes must be at most 4161 (q = 64), got " + nodes);
        require(cycles >= 0, "--cycles must not be negative, got " + cycles);
        require(load >= 0 && load <= 1, "--load must be in [0,1], got " + load);
        require(hotLoad >= 0 && hotLoad <= 1, "--hot-load must be in [0,1], got " + hotLoad);
        require(holdCycles >= 1, "--hold must be at least 1 cycle, got " + holdCycles);
        require(latencyCycles >= 1, "--latency must be at least 1 cycle, got " + latencyCycles);
        require(latencyCycles <= 1024, "--latency must be at most 1024 cycles, got " + latencyCycles);
        require(watchdogCycles >= 1, "--watchdog must be at least 1 cycle, got " + watchdogCycles);
        require(stallCycles >= 1, "--stall must be at least 1 cycle, got " + stallCycles);
        RuleSet.parse(rules);
        return this;
    }

    private static void require(boolean ok, String message) {
        if (!ok) {
            throw new IllegalArgumentException(message);
        }
    }

    public SimulationConfig withNodes(int v) {
        return new SimulationConfig(v, cycles, load, holdCycles, geometricHold, latencyCycles, seed, rules, workload,
                hotNodes, hotLoad, fullCheck, evaluateEveryUnit, watchdogCycles, stallCycles, drain);
    }

    public SimulationConfig withCycles(long v) {
        return new SimulationConfig(nodes, v, load, holdCycles, geometricHold, latencyCycles, seed, rules, workload,
                hotNodes, hotLoad, fullCheck, evaluateEveryUnit, watchdogCycles, stallCycles, drain);
    }

    public SimulationConfig withLoad(double v) {
        return new SimulationConfig(nodes, cycles, v, holdCycles, geometricHold, latencyCycles, seed, rules, workload,
                hotNodes, hotLoad, fullCheck, evaluateEveryUnit, watchdogCycles, stallCycles, drain);
    }

    public SimulationConfig withLatency(int v) {
        return new SimulationConfig(nodes, cycles, load, holdCycles, geometricHold, v, seed, rules, workload,
                hotNodes, hotLoad, fullCheck, evaluateEveryUnit, watchdogCycles, stallCycles, drain);
    }

    public SimulationConfig withSeed(long v) {
        return new SimulationConfig(nodes, cycles, load, holdCycles, geometricHold, latencyCycles, v, rules, workload,
                hotNodes, hotLoad, fullCheck, evaluateEveryUnit, watchdogCycles, stallCycles, drain);
    }

    public SimulationConfig withRules(String v) {
        return new SimulationConfig(nodes, cycles, load, holdCycles, geometricHold, latencyCycles, seed, v, workload,
                hotNodes, hotLoad, fullCheck, evaluateEveryUnit, watchdogCycles, stallCycles, drain);
    }

    public SimulationConfig withWorkload(String v) {
        return new SimulationConfig(nodes, cycles, load, holdCycles, geometricHold, latencyCycles, seed, rules, v,
                hotNodes, hotLoad, fullCheck, evaluateEveryUnit, watchdogCycles, stallCycles, drain);
    }

    public SimulationConfig withHold(int v) {
        return new SimulationConfig(nodes, cycles, load, v, geometricHold, latencyCycles, seed, rules, workload,
                hotNodes, hotLoad, fullCheck, evaluateEveryUnit, watchdogCycles, stallCycles, drain);
    }

    public SimulationConfig withChecks(boolean full, boolean everyUnit) {
        return new SimulationConfig(nodes, cycles, load, holdCycles, geometricHold, latencyCycles, seed, rules, workload,
                hotNodes, hotLoad, full, everyUnit, watchdogCycles, stallCycles, drain);
    }

    public SimulationConfig withWatchdog(long v) {
        return new SimulationConfig(nodes, cycles, load, holdCycles, geometricHold, latencyCycles, seed, rules, workload,
                hotNodes, hotLoad, fullCheck, evaluateEveryUnit, v, stallCycles, drain);
    }
}
