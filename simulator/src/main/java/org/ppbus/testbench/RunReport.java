package org.ppbus.testbench;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.ppbus.check.Violation;
import org.ppbus.protocol.descriptor.Algorithm;
import org.ppbus.protocol.descriptor.CrashDerivation;
import org.ppbus.stats.BusUse;
import org.ppbus.stats.Statistics;

/**
 * The JSON report of a run, as records that Jackson writes in their declaration order: equal runs
 * give equal bytes. Optional parts (a fault, a violation, histograms) are left out when absent.
 * docs/schemas/run-report.schema.json describes it.
 */
public record RunReport(
        String tool,
        int schemaVersion,
        String algorithm,
        Config config,
        Plane plane,
        Double offeredLoad,
        long cycles,
        long loadCycles,
        boolean interrupted,
        long entries,
        long mutexViolations,
        @JsonUnwrapped Shared shared,
        boolean deadlock,
        boolean livelock,
        int violations,
        int ungranted,
        int maxQueueDepth,
        Overtaking overtaking,
        Starvation starvation,
        boolean quiescentAtEnd,
        Count messagesPerEntry,
        Count symbolsPerEntry,
        Count bitsPerEntry,
        Totals totals,
        Statistics.CleanYields cleanYields,
        @JsonProperty("wait") Distribution waitCycles,
        Distribution syncDelay,
        double busUtilization,
        double jainFairness,
        PerNode perNode,
        @JsonInclude(JsonInclude.Include.NON_NULL) String faultVerdict,
        @JsonInclude(JsonInclude.Include.NON_NULL) Fault fault,
        List<String> checks,
        List<String> checksOutOfReach,
        @JsonInclude(JsonInclude.Include.NON_NULL) ViolationReport violation) {

    /** The settings of a run, as {@code --config} reads them back. */
    public record Config(
            String algorithm,
            int nodes,
            long cycles,
            double load,
            int hold,
            boolean geometricHold,
            int latency,
            long seed,
            String rules,
            String workload,
            int[] hotNodes,
            double hotLoad,
            boolean fullCheck,
            long watchdog,
            long stall,
            boolean drain,
            String fault,
            int[] reenterNodes,
            long warmup,
            boolean fairness,
            @JsonInclude(JsonInclude.Include.NON_NULL) Integer buses,
            @JsonInclude(JsonInclude.Include.NON_NULL) Integer demand,
            @JsonInclude(JsonInclude.Include.NON_NULL) Integer groups) {
        public static Config of(SimulationConfig c) {
            boolean shared = c.sharing().shared(); // the keys of a shared run only
            return new Config(
                    c.algorithm(),
                    c.nodes(),
                    c.cycles(),
                    c.load(),
                    c.holdCycles(),
                    c.geometricHold(),
                    c.latencyCycles(),
                    c.seed(),
                    c.rules().label(),
                    c.workload(),
                    c.hotNodes(),
                    c.hotLoad(),
                    c.fullCheck(),
                    c.watchdogCycles(),
                    c.stallCycles(),
                    c.drain(),
                    c.fault(),
                    c.reenterNodes(),
                    c.warmupCycles(),
                    c.fairness(),
                    shared ? c.sharing().buses() : null,
                    shared ? c.sharing().demand() : null,
                    shared ? c.sharing().groups() : null);
        }
    }

    public record Plane(int order, int points, int fictitious, int lineSize) {}

    /**
     * A run that shares its buses (absent on the paper's single bus): k, h and the groups, the most
     * buses in use at once, the processors in at once, the grants that broke K1–K3, and each bus's
     * utilisation (the report's {@code busUtilization} is then their mean), and their sum, the
     * bus-cycles used per cycle (at most k: what k buses carry that one bus cannot).
     */
    public record Shared(
            int buses,
            int demand,
            int groups,
            int maxInUse,
            Mean concurrency,
            long exclusionViolations,
            double[] busUtilizationPerBus,
            double totalBusUtilization) {
        static Shared of(BusUse.Summary u) {
            return u == null
                    ? null
                    : new Shared(
                            u.sharing().buses(),
                            u.sharing().demand(),
                            u.sharing().groups(),
                            u.maxInUse(),
                            new Mean(u.concurrencyMean(), u.concurrencyMax()),
                            u.exclusionViolations(),
                            u.utilization(),
                            u.total());
        }
    }

    /** The fairness bound checked and the largest count seen, both null when no bound applies. */
    public record Overtaking(Integer bound, Integer max) {
        public static Overtaking of(int bound, int max) {
            // A negative max: the bound was not decided (verify's graph incomplete).
            return bound == Algorithm.NO_BOUND
                    ? new Overtaking(null, null)
                    : new Overtaking(bound, max < 0 ? null : max);
        }
    }

    /**
     * Freedom from starvation where no overtaking bound applies: the most meals the others may start
     * while one processor waits (null when an overtaking bound is checked instead), the most seen,
     * and the time watchdog that also applies.
     */
    public record Starvation(Long bound, long max, long watchdog) {
        public static Starvation of(long bound, long max, long watchdog) {
            return new Starvation(bound == Long.MAX_VALUE ? null : bound, max, watchdog);
        }
    }

    public record Mean(double mean, long max) {}

    public record MeanHistogram(
            double mean,
            long max,
            @JsonInclude(JsonInclude.Include.NON_NULL) Map<Long, Long> histogram) {}

    /**
     * Per served entry: in all (with its histogram), on local links, and between nodes (with its
     * histogram); and the traffic charged to no served entry.
     */
    public record Count(
            double mean,
            long max,
            @JsonInclude(JsonInclude.Include.NON_NULL) Map<Long, Long> histogram,
            Mean local,
            MeanHistogram interNode,
            long outsideEntries) {
        static Count of(Statistics.Count c) {
            return new Count(
                    c.totalPerEntry().mean(),
                    c.totalPerEntry().max(),
                    c.totalPerEntry().histogram(),
                    new Mean(c.localPerEntry().mean(), c.localPerEntry().max()),
                    new MeanHistogram(
                            c.interNodePerEntry().mean(),
                            c.interNodePerEntry().max(),
                            c.interNodePerEntry().histogram()),
                    c.outsideEntries());
        }
    }

    public record Totals(
            long messages,
            long messagesLocal,
            long messagesInterNode,
            long symbols,
            long symbolsLocal,
            long symbolsInterNode,
            long bits) {
        static Totals of(Statistics.Summary s) {
            return new Totals(
                    s.messages().total(),
                    s.messages().local(),
                    s.messages().interNode(),
                    s.symbols().total(),
                    s.symbols().local(),
                    s.symbols().interNode(),
                    s.bits().total());
        }
    }

    public record Distribution(long samples, double mean, long p50, long p99, long max) {
        static Distribution of(Statistics.Distribution d) {
            return new Distribution(d.samples(), d.mean(), d.p50(), d.p99(), d.max());
        }
    }

    public record PerNode(
            long[] entries, @JsonProperty("wait") List<Distribution> waitCycles) {}

    public record Fault(
            @JsonUnwrapped FaultOutcome.Hit hit,
            long detectedAt,
            long detectionLatency,
            long stallCycles,
            @JsonInclude(JsonInclude.Include.NON_NULL) Crash crash) {
        static Fault of(FaultOutcome f) {
            FaultOutcome.Survival s = f.survival();
            return new Fault(f.hit(), f.detectedAt(), f.latency(), f.stallCycles(), s == null ? null : Crash.of(s));
        }
    }

    /**
     * After a crash-stop: who was still served, who was cut off, and the share of the load served;
     * with the algorithm's derivation of who survives, and whether the run agrees with it.
     */
    public record Crash(
            int node,
            long cycle,
            int[] survivors,
            int[] cutOff,
            double servedAfterCrash,
            @JsonInclude(JsonInclude.Include.NON_NULL) Derived derived,
            @JsonInclude(JsonInclude.Include.NON_NULL) Boolean derivationHolds) {
        static Crash of(FaultOutcome.Survival s) {
            CrashDerivation d = s.derived();
            return new Crash(
                    s.crashed(),
                    s.cycle(),
                    s.survivors(),
                    s.cutOff(),
                    s.servedAfterCrash(),
                    d == null ? null : new Derived(d.survive(), d.cutOff(), d.atMostOneOf(), d.why()),
                    s.derivationHolds());
        }
    }

    /** What the algorithm's structure says about the live processors that ask after the crash. */
    public record Derived(int[] mustSurvive, int[] mustBeCutOff, int[] atMostOneSurvives, String why) {}

    public record ViolationReport(long cycle, String invariant, String message, List<String> details) {
        static ViolationReport of(Violation v) {
            return new ViolationReport(v.cycle(), v.invariant(), v.message(), v.details());
        }
    }

    public static RunReport of(SimulationResult r, String toolVersion) {
        SimulationConfig c = r.config();
        Statistics.Summary s = r.summary();
        FaultOutcome f = r.fault();
        return new RunReport(
                "ppbus " + toolVersion,
                Reports.SCHEMA_VERSION,
                c.algorithm(),
                Config.of(c),
                new Plane(r.order(), r.points(), r.points() - c.nodes(), r.order() + 1),
                Double.isNaN(r.offeredLoad()) ? null : r.offeredLoad(),
                r.cycles(),
                r.loadCycles(),
                r.interrupted(),
                s.entries(),
                r.mutexViolations(),
                Shared.of(r.shared()),
                r.deadlock(),
                r.livelock(),
                r.violation() == null ? 0 : 1,
                r.ungranted(),
                r.maxQueueDepth(),
                Overtaking.of(r.overtakeBound(), r.maxOvertakes()),
                Starvation.of(r.starvationBound(), r.maxServedWhileWaiting(), c.watchdogCycles()),
                r.quiescentAtEnd(),
                Count.of(s.messages()),
                Count.of(s.symbols()),
                Count.of(s.bits()),
                Totals.of(s),
                s.cleanYields(),
                Distribution.of(s.waitCycles()),
                Distribution.of(s.syncDelay()),
                r.shared() == null ? s.busUtilization() : r.shared().overall(),
                s.jainFairness(),
                new PerNode(
                        s.entriesPerNode(),
                        Arrays.stream(s.waitPerNode()).map(Distribution::of).toList()),
                f == null ? null : f.verdict(),
                f == null ? null : Fault.of(f),
                r.checks().made(),
                r.checks().outOfReach(),
                r.violation() == null ? null : ViolationReport.of(r.violation()));
    }
}
