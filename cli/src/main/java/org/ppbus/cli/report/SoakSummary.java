package org.ppbus.cli.report;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The soak section of docs/RESULTS.md: every algorithm over the soak's matrix with every checker on,
 * summarised per algorithm (its points, the failed ones and the largest p99 wait); the rows
 * themselves are the CSV beside the report.
 */
public final class SoakSummary {
    /** The soak's matrix: {@code ppbus soak}'s defaults, and the soak {@code ppbus results} runs. */
    public static final String NODES = "3,7,13,31,57,133";

    public static final String LOADS = "0.001,0.01,0.1,1.0";
    public static final String LATENCIES = "1,3";

    private SoakSummary() {}

    /** The section, from the soak's rows in the order they ran, the CSV's path from the report, and its sizes. */
    public static String markdown(List<ResultRow> rows, String csv, long cycles, String nodes) {
        Map<String, int[]> counts = new LinkedHashMap<>(); // points, failed
        Map<String, Long> worstWait = new LinkedHashMap<>();
        for (ResultRow r : rows) {
            int[] c = counts.computeIfAbsent(r.algorithm(), a -> new int[2]);
            c[0]++;
            if (!r.ok()) {
                c[1]++;
            }
            worstWait.merge(r.algorithm(), r.waitP99(), Math::max);
        }
        int failed = counts.values().stream().mapToInt(c -> c[1]).sum();
        StringBuilder b = new StringBuilder("## Every algorithm under every checker: the soak\n\n");
        b.append(String.format(
                Locale.ROOT,
                "n ∈ {%s} × load ∈ {%s} × L ∈ {%s}, hold 4, %,d cycles of requests per point and a drain,"
                        + " seed 1, every checker on (the fairness bound each algorithm derives, deadlock, livelock,"
                        + " starvation): %,d points, %,d failed. Each row of `%s` is one point, in the sweep's"
                        + " columns.%n%n",
                nodes.replace(",", ", "),
                LOADS.replace(",", ", "),
                LATENCIES.replace(",", ", "),
                cycles,
                rows.size(),
                failed,
                csv));
        b.append("| algorithm | points | failed | largest wait p99 (cycles) |\n|---|---|---|---|\n");
        for (Map.Entry<String, int[]> e : counts.entrySet()) {
            b.append(String.format(
                    Locale.ROOT,
                    "| %s | %d | %d | %,d |%n",
                    e.getKey(),
                    e.getValue()[0],
                    e.getValue()[1],
                    worstWait.get(e.getKey())));
        }
        return b.append('\n').toString();
    }
}
