package org.ppbus.cli.report;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.ppbus.experiment.SharedBuses;

/** The markdown of docs/RESULTS.md's tables for more than one bus: one per kind of sharing. */
final class SharedBusesReport {
    private SharedBusesReport() {}

    static void markdown(StringBuilder b, long cycles, Map<SharedBuses.Kind, List<SharedBuses.Row>> tables) {
        if (tables.isEmpty()) {
            return;
        }
        b.append("## More than one bus\n\n");
        b.append(String.format(
                Locale.ROOT,
                "k buses, requests of h of them, or groups of which one at a time may hold the bus "
                        + "(docs/SPEC.md, \"More than one bus\"). Each point: uniform load, hold 4, L = 1, %,d cycles "
                        + "with new requests and the drain; seed 1; every checker on (K1 bus exclusion, K2 whole demand, "
                        + "K3 group exclusion where requests carry groups, the watchdogs). Columns: messages and bits per entry, processors in at once "
                        + "(mean, most), the most buses in use, the wires that leave a node (each design's own count; "
                        + "k planes' links for the k-bus Campos-Carvalho), the wait in cycles (p50, p99), the buses' mean utilisation, "
                        + "the checkers' verdict, and the seed's claim of messages per entry with the verdict on it.%n%n",
                cycles));
        for (Map.Entry<SharedBuses.Kind, List<SharedBuses.Row>> t : tables.entrySet()) {
            table(b, t.getKey(), t.getValue());
        }
    }

    private static void table(StringBuilder b, SharedBuses.Kind kind, List<SharedBuses.Row> rows) {
        b.append("### ").append(kind.title()).append("\n\n");
        b.append("| algorithm | n | k | h | groups | load | msg/entry | bits/entry | in at once (mean, max) "
                + "| buses in use | wires/node | wait p50 | wait p99 | util | checks | claim | claimed | verdict |\n");
        b.append("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
        for (SharedBuses.Row r : rows) {
            SharedBuses.Point p = r.point();
            b.append(String.format(
                    Locale.ROOT,
                    "| %s | %d | %d | %d | %d | %s | %.2f | %.1f | %.2f, %d | %d | %.1f | %d | %d | %.3f | %s | %s | %s | %s |%n",
                    p.algorithm(),
                    p.nodes(),
                    p.sharing().buses(),
                    p.sharing().demand(),
                    p.sharing().groups(),
                    Double.toString(p.load()),
                    r.messages(),
                    r.bits(),
                    r.concurrencyMean(),
                    r.concurrencyMax(),
                    r.maxInUse(),
                    r.wiresPerNode(),
                    r.waitP50(),
                    r.waitP99(),
                    r.utilization(),
                    r.clean() ? "ok" : "FAILED",
                    cell(r.claim().formula()),
                    cell(r.claim().value()),
                    cell(r.verdict())));
        }
        b.append('\n');
    }

    /** A table cell: a | of a formula (3|q|) would end it. */
    private static String cell(String text) {
        return text.replace("|", "\\|");
    }
}
