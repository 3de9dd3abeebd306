package org.ppbus.experiment;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicReferenceArray;
import org.ppbus.link.FaultKind;
import org.ppbus.link.FaultPlan;
import org.ppbus.protocol.descriptor.Algorithm;
import org.ppbus.protocol.descriptor.Feature;
import org.ppbus.testbench.FaultOutcome;
import org.ppbus.testbench.Simulation;
import org.ppbus.testbench.SimulationConfig;
import org.ppbus.testbench.SimulationResult;

/**
 * One random fault per run, {@code seeds} runs per kind, each judged against the same run without
 * the fault (its twin): a failure the twin shares is not the fault's doing.
 */
public record FaultMatrix(SimulationConfig base, List<FaultKind> kinds, int seeds) {
    /** One faulty run and what its fault did. */
    public record Run(SimulationResult result, FaultOutcome outcome) {}

    /**
     * The runs of one kind: how many got each verdict, the longest detection (or recovery), the
     * longest run, and the mutual-exclusion violations over all of them.
     */
    public record KindSummary(
            String kind,
            Map<String, Integer> verdicts,
            long longestDetection,
            long longestRun,
            long mutexViolations,
            double servedAfterCrash,
            int derivationChecked,
            int derivationHeld) {}

    /**
     * The kinds a matrix runs by default for an algorithm: the symbol faults for Campos–Carvalho's
     * channels, a lost message for the message-passing algorithms that take faults, none for the rest.
     */
    public static List<FaultKind> defaultKinds(Algorithm algorithm) {
        if (algorithm.has(Feature.MESSAGE_FAULTS)) {
            return FaultKind.MESSAGE_KINDS;
        }
        return algorithm.has(Feature.FAULTS) ? FaultKind.SYMBOL_KINDS : List.of(FaultKind.CRASH);
    }

    /** The kinds a matrix can run for an algorithm: its defaults and, for every algorithm, a crash. */
    public static List<FaultKind> kinds(Algorithm algorithm) {
        List<FaultKind> k = new ArrayList<>(defaultKinds(algorithm));
        if (!k.contains(FaultKind.CRASH)) {
            k.add(FaultKind.CRASH);
        }
        return k;
    }

    /** The most seeds a matrix takes: every run's summary stays in memory until the report is written. */
    public static final int MAX_SEEDS = 10_000;

    /** The watchdog of a crash run (at most): cycles without a meal before the drain is cut. */
    static final long CRASH_WATCHDOG = 10_000;

    public FaultMatrix {
        if (seeds < 1 || seeds > MAX_SEEDS) {
            throw new IllegalArgumentException("--seeds must be 1 to " + MAX_SEEDS
                    + " (each run's summary is kept for the" + " report), got " + seeds);
        }
        kinds = List.copyOf(kinds);
    }

    /** The faulty runs, kind by kind and seed by seed; each is validated. */
    public List<SimulationConfig> runs() {
        List<SimulationConfig> runs = new ArrayList<>();
        for (FaultKind k : kinds) {
            for (int s = 1; s <= seeds; s++) {
                SimulationConfig.Builder b = base.toBuilder().seed(s).fault(k.label() + ":random");
                if (k == FaultKind.CRASH) {
                    // After a crash the run goes on until nobody can be served; the drain is cut 4
                    // watchdogs after the last meal, so a shorter watchdog keeps the matrix short.
                    b.watchdogCycles(Math.min(base.watchdogCycles(), CRASH_WATCHDOG));
                }
                runs.add(b.build().validated());
            }
        }
        return runs;
    }

    /**
     * Runs the twins and the faulty runs, seed by seed (each seed's twin just before its faulty
     * runs), so that a stopped matrix has finished runs of every kind it reached. Returns every
     * faulty run that finished, with its twin, kind by kind and seed by seed.
     */
    public List<Run> run(Batch batch) throws Exception {
        List<SimulationConfig> runs = runs();
        List<Batch.Job<SimulationResult>> jobs = new ArrayList<>();
        for (int s = 1; s <= seeds; s++) {
            SimulationConfig twin = base.toBuilder().seed(s).fault("none").build();
            jobs.add(stop -> new Simulation(twin).stopWhen(stop).run());
            for (int k = 0; k < kinds.size(); k++) {
                SimulationConfig c = runs.get(k * seeds + s - 1);
                // Judged here against the seed's twin, which this matrix runs anyway.
                jobs.add(stop ->
                        new Simulation(c).judgedByCaller().stopWhen(stop).run());
            }
        }
        // Every finished job, kept as it finishes (without its trace), so that a stop keeps them all.
        AtomicReferenceArray<SimulationResult> done = new AtomicReferenceArray<>(jobs.size());
        batch.run(
                jobs,
                SimulationResult::interrupted,
                d -> done.set(d.index(), d.result().withoutTrace()),
                d -> {});
        List<Run> out = new ArrayList<>();
        int perSeed = kinds.size() + 1;
        for (int k = 0; k < kinds.size(); k++) {
            for (int s = 0; s < seeds; s++) {
                SimulationResult twin = done.get(s * perSeed);
                SimulationResult r = done.get(s * perSeed + 1 + k);
                if (twin != null && r != null) {
                    out.add(new Run(r, FaultOutcome.judged(r, twin)));
                }
            }
        }
        return out;
    }

    /** Per kind, in the order of {@link #kinds}. */
    public List<KindSummary> summarise(List<Run> runs) {
        List<KindSummary> out = new ArrayList<>();
        for (FaultKind k : kinds) {
            Map<String, Integer> verdicts = new TreeMap<>();
            long maxLatency = -1;
            long maxRunCycles = 0;
            long mutex = 0;
            double served = 0;
            int crashes = 0;
            int checked = 0;
            int held = 0;
            for (Run r : runs) {
                if (FaultPlan.parse(r.outcome().plan()).kind() == k) {
                    verdicts.merge(r.outcome().verdict(), 1, Integer::sum);
                    mutex += r.result().mutexViolations();
                    if (r.outcome().survival() != null) {
                        served += r.outcome().survival().servedAfterCrash();
                        crashes++;
                        Boolean holds = r.outcome().survival().derivationHolds();
                        checked += holds == null ? 0 : 1;
                        held += Boolean.TRUE.equals(holds) ? 1 : 0;
                    }
                    maxLatency = Math.max(maxLatency, r.outcome().latency());
                    maxRunCycles = Math.max(maxRunCycles, r.result().cycles());
                }
            }
            out.add(new KindSummary(
                    k.label(),
                    verdicts,
                    maxLatency,
                    maxRunCycles,
                    mutex,
                    crashes == 0 ? -1 : served / crashes,
                    checked,
                    held));
        }
        return out;
    }
}
