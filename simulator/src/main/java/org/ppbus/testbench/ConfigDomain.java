package org.ppbus.testbench;

import static org.ppbus.testbench.SimulationConfig.namesWith;
import static org.ppbus.testbench.SimulationConfig.require;

import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Locale;
import org.ppbus.bus.BusSet;
import org.ppbus.bus.Demand;
import org.ppbus.bus.Sharing;
import org.ppbus.protocol.RuleSet;
import org.ppbus.protocol.descriptor.Algorithm;
import org.ppbus.protocol.descriptor.Feature;
import org.ppbus.registry.Algorithms;
import org.ppbus.workload.Workload;

/** The domain of every setting of a {@link SimulationConfig}, checked in one place. */
final class ConfigDomain {
    private ConfigDomain() {}

    /** A workload's name, or a file to read as a request trace. */
    private static boolean knownWorkload(String w) {
        if (w == null) {
            return false;
        }
        try {
            return Workload.NAMES.contains(w.toLowerCase(Locale.ROOT)) || Files.isRegularFile(Path.of(w));
        } catch (InvalidPathException e) {
            return false;
        }
    }

    /**
     * Checks every setting's domain; throws {@link ConfigException} naming the field and, in the
     * model's terms, what is wrong with it.
     */
    static void check(SimulationConfig c) {
        requireSizes(c);
        require(c.rules() != null, "rules", "the rule set", "is missing");
        // Known before any work starts: a sweep or a cosim build would otherwise come first.
        require(
                knownWorkload(c.workload()),
                "workload",
                "workload",
                "'" + c.workload() + "' is unknown (not one of " + String.join(", ", Workload.NAMES)
                        + ", and no such trace file)");
        Algorithm a = Algorithms.find(c.algorithm()).orElse(null);
        require(
                a != null,
                "algorithm",
                "algorithm",
                "'" + c.algorithm() + "' is unknown (" + String.join(", ", Algorithms.names()) + ")");
        require(
                c.rules().equals(RuleSet.FIXED) || a.has(Feature.RULES),
                "rules",
                "the rule set",
                "applies only to " + namesWith(Feature.RULES) + ", not to " + c.algorithm());
        require(
                c.reenterNodes().length == 0 || a.has(Feature.REENTRY),
                "reenterNodes",
                "re-entry without thinking",
                "exists only for " + namesWith(Feature.REENTRY));
        FaultAdmission.check(c.fault(), a, c.nodes());
        require(c.sharing() != null, "sharing", "the buses", "are missing");
        require(
                c.sharing().groups() <= c.nodes(),
                "groups",
                "the groups",
                "must be at most the nodes (" + c.nodes() + "): each group's session is kept at a node; got "
                        + c.sharing().groups());
        a.refusal(c.sharing()).ifPresent(why -> require(false, "buses", "", why));
        for (int r : c.reenterNodes()) {
            require(
                    r >= 0 && r < c.nodes(),
                    "reenterNodes",
                    "re-entry without thinking",
                    "names node " + r + ", outside 0.." + (c.nodes() - 1));
        }
    }

    /** The numbers: nodes, cycles, loads, hold, latency and the watchdogs. */
    private static void requireSizes(SimulationConfig c) {
        require(c.nodes() >= 1, "nodes", "nodes", "must be at least 1, got " + c.nodes());
        require(c.nodes() <= 4161, "nodes", "nodes", "must be at most 4161 (q = 64), got " + c.nodes());
        require(c.cycles() >= 0, "cycles", "cycles", "must not be negative, got " + c.cycles());
        require(
                c.warmupCycles() >= 0 && (c.warmupCycles() < c.cycles() || c.warmupCycles() == 0),
                "warmupCycles",
                "the warm-up",
                "must be 0 or shorter than the cycles (" + c.cycles() + "), got " + c.warmupCycles());
        require(c.load() >= 0 && c.load() <= 1, "load", "load", "must be in [0,1], got " + c.load());
        require(
                c.hotLoad() >= 0 && c.hotLoad() <= 1,
                "hotLoad",
                "the hot nodes' load",
                "must be in [0,1], got " + c.hotLoad());
        require(
                c.holdCycles() >= 1 && c.holdCycles() <= Demand.MAX_HOLD_CYCLES,
                "holdCycles",
                "hold",
                "must be 1 to " + Demand.MAX_HOLD_CYCLES + " cycles, got " + c.holdCycles());
        require(
                c.latencyCycles() >= 1,
                "latencyCycles",
                "latency",
                "must be at least 1 cycle, got " + c.latencyCycles());
        require(
                c.latencyCycles() <= 1024,
                "latencyCycles",
                "latency",
                "must be at most 1024 cycles, got " + c.latencyCycles());
        require(
                c.watchdogCycles() >= 1,
                "watchdogCycles",
                "the watchdog",
                "must be at least 1 cycle, got " + c.watchdogCycles());
        require(
                c.stallCycles() >= 1,
                "stallCycles",
                "the stall bound",
                "must be at least 1 cycle, got " + c.stallCycles());
    }

    /** The buses, each number checked under its own name. */
    static Sharing sharing(int buses, int demand, int groups) {
        require(
                buses >= 1 && buses <= BusSet.MAX_BUSES,
                "buses",
                "the buses",
                "must be 1 to " + BusSet.MAX_BUSES + ", got " + buses);
        require(
                demand >= 1 && demand <= buses,
                "demand",
                "the demand",
                "must be 1 to the number of buses (" + buses + "), got " + demand);
        require(groups >= 0, "groups", "the groups", "must be 1 or more (0 for none), got " + groups);
        return new Sharing(buses, demand, groups);
    }
}
