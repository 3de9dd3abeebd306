package org.ppbus.cli.options;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.ppbus.testbench.SimulationConfig;
import org.ppbus.workload.RequestTrace;
import org.ppbus.workload.Workload;

/**
 * A file the view's page opened to replay: a request trace (a violation's, a counterexample's, a
 * divergence's, or one recorded with --record), or a report ppbus wrote with --json (simulate's or
 * cosim's), whose settings run again, seed and all. The text comes from the user's browser, so it
 * is read as hostile: its size is bounded, a report names no file the server would read, and
 * whatever does not parse is one line of reason.
 */
public final class ReplayFile {
    private ReplayFile() {}

    /** The largest file the page may send: a trace of a 10^5-cycle run at n = 57 is about 1 MB. */
    public static final int MAX_BYTES = 8 << 20;

    /** Where a co-simulation's RTL first differed from the model, as its report gives it. */
    public record Divergence(long cycle, String signal, String expected, String actual) {}

    /**
     * What the file replays: the run's settings, the divergence it reports (or null), and what it
     * was, for the page's heading.
     */
    public record Opened(SimulationConfig config, Divergence divergence, String what) {}

    /**
     * @param form the page's settings, which a trace keeps (it gives only n and the requests)
     * @param scratch the server's own file the trace's text is written to, to be read as a workload
     */
    public static Opened of(String text, SimulationConfig form, Path scratch) throws UsageException, IOException {
        String t = text.startsWith("\uFEFF") ? text.substring(1) : text;
        if (t.startsWith(RequestTrace.HEADER) || t.startsWith(RequestTrace.HEADER_V2)) {
            Files.writeString(scratch, t);
            RequestTrace trace;
            try {
                trace = RequestTrace.read(scratch);
            } catch (IOException e) {
                // The reader names the server's scratch file; the user knows the file as "the trace".
                throw new UsageException(e.getMessage()
                        .replace(scratch.toString(), "the trace")
                        .lines()
                        .findFirst()
                        .orElse(""));
            }
            SimulationConfig c = form.toBuilder()
                    .nodes(trace.nodes())
                    .workload(scratch.toString())
                    .build();
            return new Opened(c, null, "a request trace of " + trace.entries().size() + " requests");
        }
        if (!t.stripLeading().startsWith("{")) {
            throw new UsageException("not a ppbus report or request trace: a report is the JSON of --json, a"
                    + " trace starts with '" + RequestTrace.HEADER + "'");
        }
        JsonNode root = SettingsFile.parse(t, "the report");
        if (!root.has("config") || !root.get("config").isObject()) {
            throw new UsageException("a report without \"config\" has no run to replay (for verify's, open the"
                    + " counterexample trace it names)");
        }
        // How a co-simulation's RTL ran is not a setting of the model's run.
        SimulationConfig c =
                SettingsFile.settings(SimulationConfig.defaults(), root, "the report", SettingsFile.REPORT_NOTES);
        if (!Workload.NAMES.contains(c.workload().toLowerCase(Locale.ROOT))) {
            throw new UsageException("the report ran the trace " + c.workload()
                    + ": open that trace instead (the view reads no file it was not given)");
        }
        return new Opened(c, divergence(root.get("divergence")), "a report");
    }

    private static Divergence divergence(JsonNode d) throws UsageException {
        if (d == null || d.isNull()) {
            return null;
        }
        if (!d.isObject()
                || !(d.path("cycle").isIntegralNumber() && d.path("cycle").canConvertToLong())
                || !d.path("signal").isTextual()) {
            throw new UsageException("the report's \"divergence\" needs a whole \"cycle\" and a \"signal\"");
        }
        return new Divergence(
                d.get("cycle").asLong(),
                d.get("signal").asText(),
                d.path("expected").asText(""),
                d.path("actual").asText(""));
    }
}
