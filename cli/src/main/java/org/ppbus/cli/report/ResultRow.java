package org.ppbus.cli.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * One algorithm at one point, as {@code compare} prints it and {@code sweep} collects it: read back
 * from a run's JSON report, so that a sweep's CSV can be rebuilt from the point files of every
 * shard without running anything again.
 */
public record ResultRow(
        String algorithm,
        int nodes,
        double load,
        int latency,
        long seed,
        long cycles,
        long entries,
        long mutexViolations,
        boolean deadlock,
        boolean ok,
        double messagesPerEntry,
        double remoteMessagesPerEntry,
        double bitsPerEntry,
        double waitMean,
        long waitP50,
        long waitP99,
        long waitMax,
        double syncDelayMean,
        double busUtilization,
        double jainFairness,
        double wiresPerNode,
        int hold,
        String workload,
        String rules,
        long warmup,
        int buses,
        int demand,
        int groups) {

    public static final String CSV_HEADER =
            "algorithm,nodes,load,latency,seed,cycles,entries,mutexViolations,deadlock,verdict,"
                    + "messagesPerEntry,remoteMessagesPerEntry,bitsPerEntry,waitMean,waitP50,waitP99,waitMax,syncDelayMean,"
                    + "busUtilization,jainFairness,wiresPerNode,hold,workload,rules,warmup,buses,demand,groups";

    /** Splits a CSV line at the commas outside double quotes. */
    private static final Pattern FIELD = Pattern.compile(",(?=(?:[^\"]*\"[^\"]*\")*[^\"]*$)");

    /** From a report written by {@code Reports.json} with {@code wiresPerNode} added. */
    public static ResultRow of(JsonNode report) {
        JsonNode c = report.get("config");
        JsonNode wait = report.get("wait");
        return new ResultRow(
                c.get("algorithm").asText(),
                c.get("nodes").asInt(),
                c.get("load").asDouble(),
                c.get("latency").asInt(),
                c.get("seed").asLong(),
                report.get("cycles").asLong(),
                report.get("entries").asLong(),
                report.get("mutexViolations").asLong(),
                report.get("deadlock").asBoolean(),
                report.get("violations").asInt() == 0 && report.get("ungranted").asLong() == 0,
                report.get("messagesPerEntry").get("mean").asDouble(),
                report.get("messagesPerEntry").get("interNode").get("mean").asDouble(),
                report.get("bitsPerEntry").get("mean").asDouble(),
                wait.get("mean").asDouble(),
                wait.get("p50").asLong(),
                wait.get("p99").asLong(),
                wait.get("max").asLong(),
                report.get("syncDelay").get("mean").asDouble(),
                report.get("busUtilization").asDouble(),
                report.get("jainFairness").asDouble(),
                report.path("wiresPerNode").asDouble(Double.NaN),
                c.get("hold").asInt(),
                c.get("workload").asText(),
                c.get("rules").asText(),
                c.path("warmup").asLong(0),
                c.path("buses").asInt(1),
                c.path("demand").asInt(1),
                c.path("groups").asInt(0));
    }

    public String csv() {
        return String.format(
                Locale.ROOT,
                "%s,%d,%s,%d,%d,%d,%d,%d,%s,%s,%.6f,%.6f,%.6f,%.6f,%d,%d,%d,%.6f,%.6f,%.6f,%.3f,%d,%s,%s,%d,%d,%d,%d",
                algorithm,
                nodes,
                Double.toString(load),
                latency,
                seed,
                cycles,
                entries,
                mutexViolations,
                deadlock,
                ok ? "ok" : "FAILED",
                messagesPerEntry,
                remoteMessagesPerEntry,
                bitsPerEntry,
                waitMean,
                waitP50,
                waitP99,
                waitMax,
                syncDelayMean,
                busUtilization,
                jainFairness,
                wiresPerNode,
                hold,
                quoted(workload),
                rules,
                warmup,
                buses,
                demand,
                groups);
    }

    /** A field as CSV writes it: in double quotes when it holds a comma or a quote (a trace file's path). */
    private static String quoted(String field) {
        return field.contains(",") || field.contains("\"") ? "\"" + field.replace("\"", "\"\"") + "\"" : field;
    }

    private static String unquoted(String field) {
        return field.startsWith("\"") ? field.substring(1, field.length() - 1).replace("\"\"", "\"") : field;
    }

    /** The inverse of {@link #csv}: the results report is built from the same file users get. */
    /** The rows of a CSV file written with {@link #CSV_HEADER}, in order. */
    public static List<ResultRow> readCsv(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file);
        List<ResultRow> rows = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            rows.add(fromCsv(line));
        }
        return rows;
    }

    public static ResultRow fromCsv(String line) {
        String[] f = FIELD.split(line, -1);
        return new ResultRow(
                f[0],
                Integer.parseInt(f[1]),
                Double.parseDouble(f[2]),
                Integer.parseInt(f[3]),
                Long.parseLong(f[4]),
                Long.parseLong(f[5]),
                Long.parseLong(f[6]),
                Long.parseLong(f[7]),
                Boolean.parseBoolean(f[8]),
                f[9].equals("ok"),
                Double.parseDouble(f[10]),
                Double.parseDouble(f[11]),
                Double.parseDouble(f[12]),
                Double.parseDouble(f[13]),
                Long.parseLong(f[14]),
                Long.parseLong(f[15]),
                Long.parseLong(f[16]),
                Double.parseDouble(f[17]),
                Double.parseDouble(f[18]),
                Double.parseDouble(f[19]),
                Double.parseDouble(f[20]),
                Integer.parseInt(f[21]),
                unquoted(f[22]),
                f[23],
                Long.parseLong(f[24]),
                // A CSV written before the sharing columns is of one bus, one per request, no groups.
                f.length > 25 ? Integer.parseInt(f[25]) : 1,
                f.length > 26 ? Integer.parseInt(f[26]) : 1,
                f.length > 27 ? Integer.parseInt(f[27]) : 0);
    }
}
