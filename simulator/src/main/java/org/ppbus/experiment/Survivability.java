package org.ppbus.experiment;

import java.util.ArrayList;
import java.util.List;
import org.ppbus.bus.Sharing;
import org.ppbus.protocol.descriptor.Algorithm;
import org.ppbus.registry.Algorithms;
import org.ppbus.testbench.FaultOutcome;
import org.ppbus.testbench.Simulation;
import org.ppbus.testbench.SimulationConfig;
import org.ppbus.testbench.SimulationResult;

/**
 * Who keeps being served when one node crashes (crash-stop), for every algorithm: node 0, which hosts
 * the centre, the coordinator, the first token holder, the monitor or the tree's root where an
 * algorithm has one, and an ordinary node, n / 2. Each crash happens halfway through the run, once per
 * seed; after it only safety is checked, and the run goes on until nobody can be served any more.
 */
public record Survivability(int nodes, double load, long cycles, int seeds) {
    /** One crash, over the seeds: the mean share of the requests served after it, and survivors. */
    public record Crash(int node, double servedAfterCrash, double survivors, int allSurvived, long mutexViolations) {}

    /** One algorithm's two crashes. */
    public record Row(String algorithm, Crash worst, Crash typical) {}

    /** The node whose crash the table calls typical. */
    public int typicalNode() {
        return nodes / 2;
    }

    public long crashCycle() {
        return cycles / 2;
    }

    /** What one row runs: an algorithm with its default rules, or Campos–Carvalho with another rule set. */
    private record Subject(String label, String algorithm, String rules) {}

    /** Every algorithm of the single bus, then Campos–Carvalho with its crash recovery ({@code fixed+reclaim}). */
    private static List<Subject> subjects() {
        List<Subject> out = new ArrayList<>();
        for (Algorithm a : Algorithms.serving(Sharing.SINGLE)) {
            out.add(new Subject(a.name(), a.name(), "fixed"));
        }
        out.add(new Subject(
                Algorithms.campos().name() + " (fixed+reclaim)",
                Algorithms.campos().name(),
                "fixed+reclaim"));
        return out;
    }

    public List<Row> measure(Batch batch) throws Exception {
        List<Subject> subjects = subjects();
        List<Batch.Job<SimulationResult>> jobs = new ArrayList<>();
        for (Subject a : subjects) {
            for (int node : new int[] {0, typicalNode()}) {
                for (int s = 1; s <= seeds; s++) {
                    // A short watchdog: once nobody can be served, the drain is cut 4 watchdogs later.
                    SimulationConfig c = SimulationConfig.defaults().toBuilder()
                            .algorithm(a.algorithm())
                            .rules(a.rules())
                            .nodes(nodes)
                            .load(load)
                            .cycles(cycles)
                            .seed(s)
                            .watchdogCycles(10_000)
                            .fault("crash:" + node + "@" + crashCycle())
                            .build()
                            .validated();
                    jobs.add(stop -> new Simulation(c).stopWhen(stop).run());
                }
            }
        }
        List<SimulationResult> done = batch.results(jobs, SimulationResult::interrupted);
        List<Row> rows = new ArrayList<>();
        int k = 0;
        for (Subject a : subjects) {
            if (k + 2 * seeds > done.size()) {
                break; // interrupted: the rows that finished
            }
            Crash worst = crash(done, k, 0);
            k += seeds;
            Crash typical = crash(done, k, typicalNode());
            k += seeds;
            rows.add(new Row(a.label(), worst, typical));
        }
        return rows;
    }

    private Crash crash(List<SimulationResult> done, int from, int node) {
        double served = 0;
        double survivors = 0;
        int all = 0;
        long mutex = 0;
        for (int s = 0; s < seeds; s++) {
            SimulationResult r = done.get(from + s);
            FaultOutcome.Survival v = r.fault().survival();
            served += v.servedAfterCrash();
            survivors += v.survivors().length;
            all += v.cutOff().length == 0 ? 1 : 0;
            mutex += r.mutexViolations();
        }
        return new Crash(node, served / seeds, survivors / seeds, all, mutex);
    }
}
