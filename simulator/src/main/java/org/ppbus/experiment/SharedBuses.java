package org.ppbus.experiment;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.ppbus.bus.Sharing;
import org.ppbus.protocol.descriptor.Algorithm;
import org.ppbus.protocol.descriptor.Claim;
import org.ppbus.protocol.descriptor.Cost;
import org.ppbus.protocol.descriptor.Feature;
import org.ppbus.registry.Algorithms;
import org.ppbus.testbench.Simulation;
import org.ppbus.testbench.SimulationConfig;
import org.ppbus.testbench.SimulationResult;

/**
 * The tables of docs/RESULTS.md for more than one bus: every algorithm of k-exclusion, of
 * h-out-of-k and of groups, each at n = 13 and 31, two sharings and two loads, measured against
 * the seed's claim for that sharing.
 */
public record SharedBuses(long cycles) {
    /** What one row runs. */
    public record Point(String algorithm, int nodes, Sharing sharing, double load) {}

    /**
     * What one row measured: messages and bits per entry, processors in at once (mean and most),
     * the most buses in use, the wires that leave a node, the wait's p50 and p99, the buses' mean utilisation, whether the run
     * was clean (no violation, every request served), and the claim with its verdict.
     */
    public record Row(
            Point point,
            double messages,
            double bits,
            double concurrencyMean,
            int concurrencyMax,
            int maxInUse,
            double wiresPerNode,
            long waitP50,
            long waitP99,
            double utilization,
            boolean clean,
            Cost claim,
            String verdict) {}

    /** The kinds of sharing, each with its table, its feature and its two sharings. */
    public enum Kind {
        K_EXCLUSION("k-exclusion", Feature.K_BUSES, new Sharing(2, 1, 0), new Sharing(3, 1, 0)),
        H_OUT_OF_K("h-out-of-k", Feature.DEMAND, new Sharing(3, 2, 0), new Sharing(4, 2, 0)),
        GROUPS("group mutual exclusion", Feature.GROUPS, new Sharing(1, 1, 2), new Sharing(1, 1, 5));

        private final String title;
        private final Feature feature;
        private final List<Sharing> sharings;

        Kind(String title, Feature feature, Sharing... sharings) {
            this.title = title;
            this.feature = feature;
            this.sharings = List.of(sharings);
        }

        public String title() {
            return title;
        }
    }

    public static final int[] NODES = {13, 31};
    public static final double[] LOADS = {0.01, 0.2};

    /** The points of one kind's table, in the order of its rows. */
    public List<Point> points(Kind kind) {
        List<Point> out = new ArrayList<>();
        for (Algorithm a : Algorithms.with(kind.feature)) {
            for (int n : NODES) {
                for (Sharing s : kind.sharings) {
                    for (double load : LOADS) {
                        out.add(new Point(a.name(), n, s, load));
                    }
                }
            }
        }
        return out;
    }

    /** Runs one kind's table; rows in the order of {@link #points}, as many as finished. */
    public List<Row> measure(Kind kind, Batch batch) throws Exception {
        List<Point> points = points(kind);
        List<Batch.Job<SimulationResult>> jobs = new ArrayList<>();
        for (Point p : points) {
            SimulationConfig c = SimulationConfig.defaults().toBuilder()
                    .algorithm(p.algorithm())
                    .nodes(p.nodes())
                    .load(p.load())
                    .cycles(cycles)
                    .sharing(p.sharing())
                    .build()
                    .validated();
            jobs.add(stop -> new Simulation(c).stopWhen(stop).run());
        }
        List<SimulationResult> done = batch.results(jobs, SimulationResult::interrupted);
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < done.size(); i++) {
            rows.add(row(points.get(i), done.get(i)));
        }
        return rows;
    }

    private static Row row(Point p, SimulationResult r) {
        double messages = r.summary().messages().totalPerEntry().mean();
        Claim claimed = Algorithms.named(p.algorithm()).claim();
        Cost claim = claimed == null ? null : claimed.at(p.nodes(), p.sharing());
        if (claim == null) {
            claim = NONE; // the seeds give no count for it
        }
        return new Row(
                p,
                messages,
                r.summary().bits().totalPerEntry().mean(),
                r.shared().concurrencyMean(),
                r.shared().concurrencyMax(),
                r.shared().maxInUse(),
                Algorithms.named(p.algorithm()).wires().perNode(p.nodes(), p.sharing()),
                r.summary().waitCycles().p50(),
                r.summary().waitCycles().p99(),
                r.shared().overall(),
                r.violation() == null && r.ungranted() == 0 && r.shared().exclusionViolations() == 0,
                claim,
                verdict(claim, messages));
    }

    /** Where the seeds claim no message count. */
    static final Cost NONE = new Cost("none in the seeds", "—");

    /** "holds" when the measured messages per entry lie in the claim's range, to the cent. */
    static String verdict(Cost claim, double measured) {
        if (claim == NONE) {
            return "no claim to check";
        }
        if (!claim.isRange()) {
            return "no range claimed (" + claim.value() + ")";
        }
        if (measured >= claim.low() - 0.005 && measured <= claim.high() + 0.005) {
            return "holds";
        }
        return String.format(Locale.ROOT, "does not hold: measured %.2f", measured);
    }
}
