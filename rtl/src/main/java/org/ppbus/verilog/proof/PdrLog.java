package org.ppbus.verilog.proof;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.ppbus.verilog.ExternalTool;

/** How the RTL proofs read the log of ABC's pdr: its verdicts, its frames and how it ended. */
public final class PdrLog {
    private PdrLog() {}

    /** pdr -v's progress lines start with the frame it works on: "  6 : 0 8 58 151 ...". */
    private static final Pattern FRAME = Pattern.compile("^\\s*(\\d+) :");

    private static final Pattern ASSERTED = Pattern.compile("Output (\\d+) was asserted in frame\\s+(\\d+)");
    private static final Pattern LATCHES = Pattern.compile("lat\\s*=\\s*(\\d+)");
    private static final Pattern SUMMARY =
            Pattern.compile("Properties:\\s+All = (\\d+)\\. Proved = (\\d+)\\. Disproved = (\\d+)\\.");

    /**
     * The latches of the model as read, before ABC's simplification (scorr), from the first of the
     * proof script's print_stats lines; -1 if there is none. {@link RtlFaultProof.Result#latches}
     * is the count after it, which may be 0 where scorr alone proves the property.
     */
    public static int latchesRead(String log) {
        Matcher l = LATCHES.matcher(log);
        return l.find() ? Integer.parseInt(l.group(1)) : -1;
    }

    /** The frame a line of pdr's verbose progress reports on, or -1 for any other line. */
    public static int frameOf(String line) {
        Matcher m = FRAME.matcher(line);
        return m.find() ? Integer.parseInt(m.group(1)) : -1;
    }

    /**
     * The parsed result, with how it ended. With -n -c, yosys-abc 0.23's pdr can abort on its own
     * assertion when its time limit strikes inside the 'down' step (ZPdr_ManDown: micResult != -1)
     * instead of printing its summary: at the limit that is an undecided proof, not an error. A
     * kill from outside (an interrupt stops the tool with the JVM) is a stopped one. Any other
     * failure is an error: an undecided verdict must mean that pdr ran out of time.
     */
    static RtlFaultProof.Result judge(RtlFaultProof.Result r, ExternalTool.Result abc, boolean atLimit)
            throws IOException {
        if (abc.exitCode() == 0 || (atLimit && abc.output().contains(DOWN_AT_LIMIT))) {
            return r; // as parsed: decided, or undecided at pdr's time limit
        }
        if (abc.killed()) {
            return stopped(r);
        }
        throw new IOException("yosys-abc failed in the fault proof (exit code " + abc.exitCode() + "): "
                + ExternalTool.lastLines(abc.output(), 1));
    }

    /** {@code r} as stopped from outside: its undecided verdicts are an interrupt's, not the time limit's. */
    static RtlFaultProof.Result stopped(RtlFaultProof.Result r) {
        return new RtlFaultProof.Result(
                r.verdicts(),
                r.latches(),
                r.seconds(),
                r.frameReached(),
                RtlFaultProof.Ended.STOPPED,
                r.log(),
                r.outputs());
    }

    /** A proof of {@code outputs} that an interrupt stopped before pdr printed anything: every verdict undecided. */
    static RtlFaultProof.Result stoppedBefore(List<String> outputs, double seconds) {
        return stopped(parse("", outputs, seconds));
    }

    private static final String DOWN_AT_LIMIT = "ZPdr_ManDown: Assertion `micResult != -1' failed";

    /**
     * Reads pdr's per-output report ({@code pdr -a}: "Output K was asserted in frame F" for each
     * broken one, then the counts), {@code outputs} naming each output's property. When the counts
     * say every output was decided, those not named as broken are proven; else they stay undecided
     * (pdr ran out of time). A property of several outputs is proven when all are, and broken in the
     * earliest frame any is.
     */
    static RtlFaultProof.Result parse(String log, List<String> outputs, double seconds) {
        int latches = -1;
        Matcher l = LATCHES.matcher(log);
        while (l.find()) {
            latches = Integer.parseInt(l.group(1)); // the last one: after scorr
        }
        int[] frame = new int[outputs.size()];
        Arrays.fill(frame, -1);
        Matcher m = ASSERTED.matcher(log);
        while (m.find()) {
            int out = Integer.parseInt(m.group(1));
            if (out < frame.length && frame[out] < 0) {
                // pdr -a prints the frame one lower than its counterexample's (on the same model plain
                // pdr, bmc3 and the replay of the witness all put the failure one cycle later), and its
                // model starts after the reset cycle, so the cycle, counting the reset as cycle 0, is
                // two more than printed.
                frame[out] = Integer.parseInt(m.group(2)) + 2;
            }
        }
        Matcher sum = SUMMARY.matcher(log);
        // Every output decided: those not broken are proven. (pdr -a does not say which it proved.)
        boolean decided = sum.find()
                && Integer.parseInt(sum.group(1)) == outputs.size()
                && Integer.parseInt(sum.group(2)) + Integer.parseInt(sum.group(3)) == outputs.size();
        List<RtlFaultProof.Verdict> verdicts = new ArrayList<>();
        for (String property : new LinkedHashSet<>(outputs)) {
            int first = -1;
            boolean proven = decided;
            for (int k = 0; k < outputs.size(); k++) {
                if (outputs.get(k).equals(property)) {
                    proven &= frame[k] < 0;
                    first = frame[k] >= 0 && (first < 0 || frame[k] < first) ? frame[k] : first;
                }
            }
            verdicts.add(new RtlFaultProof.Verdict(property, proven, first));
        }
        int reached = log.lines().mapToInt(PdrLog::frameOf).max().orElse(-1);
        boolean all = verdicts.stream().allMatch(v -> v.proven() || v.broken());
        return new RtlFaultProof.Result(
                List.copyOf(verdicts),
                latches,
                seconds,
                reached,
                all ? RtlFaultProof.Ended.DECIDED : RtlFaultProof.Ended.TIME_LIMIT,
                log,
                List.copyOf(outputs));
    }
}
