package org.ppbus.verilog.proof;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.ppbus.plane.Wiring;
import org.ppbus.verilog.Contract;
import org.ppbus.verilog.ExternalTool;
import org.ppbus.verilog.GeneratedDesign;

/**
 * The search for long idle stretches that comes before the idle bound's proof ({@link
 * LivenessProof}): one model asserting every idle bound from G0 to the largest tried, an output
 * each, and ABC's bounded model checker on them. A broken bound is a reachable idle
 * stretch, found in seconds where pdr takes many minutes to refute the same bound (n = 7, L = 1:
 * G = 8 broken by bmc3 in 0.3 s, by pdr in 979 s; docs/VERIFICATION.md 2a). What bmc3 does not
 * break within its depth and its budget of conflicts is left to pdr, which proves or breaks it.
 * The budget is counted in SAT conflicts, never in seconds, so that the bounds it breaks, and so
 * the G and B proven after it, are the same on an idle and a loaded machine.
 */
final class IdleSearch {
    private IdleSearch() {}

    /**
     * The idle bounds bmc3 broke, ascending (a stretch longer than G is longer than any smaller G
     * too, so they run from G0 up without a gap), and how the search ended: by itself
     * ({@link RtlFaultProof.Ended#DECIDED}), at the proof's outer time guard, or by an interrupt.
     */
    record Found(List<Integer> refuted, RtlFaultProof.Ended ended) {
        boolean stopped() {
            return ended != RtlFaultProof.Ended.DECIDED;
        }

        /** The first idle bound worth a proof: one above the largest broken. */
        int next(int first) {
            return refuted.isEmpty() ? first : refuted.get(refuted.size() - 1) + 1;
        }
    }

    private static final Pattern ASSERTED = Pattern.compile("Output \\d+ of miter \\S+ was asserted in frame (\\d+)");

    /** bmc3's verbose line per frame, with the conflicts so far (they only grow). */
    private static final Pattern CONFLICTS = Pattern.compile("Conf =\\s*(\\d+)\\.");

    /**
     * The least conflicts bmc3 may spend on a bound, in all its SAT calls: on the triangle G = 6
     * breaks with 898, and G = 7, which holds, is given up after this many.
     */
    static final long LEAST_CONFLICTS = 20_000;

    /**
     * The most conflicts bmc3 may spend on a bound: on the Fano plane, G = 13 and 14 break with
     * 69,883 and 70,583, while G = 15, given 8 times that, was still unbroken after 9.6 min of CPU.
     */
    static final long MOST_CONFLICTS = 200_000;

    /**
     * Searches {@code design} for idle stretches longer than G, for G from {@code b.gap()} up, with
     * the safety properties assumed (proven before). One model asserts every G up to {@code
     * maxGap}; bmc3 takes them one at a time (ABC's {@code cone} of one output) and stops at the
     * first it does not break. A bound's budget is 8 times the conflicts the one below took to
     * break, from {@link #LEAST_CONFLICTS} to {@link #MOST_CONFLICTS}, counted over all its SAT calls (bmc3 -v prints the
     * running count each frame; the first line past the budget stops it, and the outcome is read up
     * to that line): a longer stretch takes more to find (n = 7 broke G = 12, 13 and 14 with 11,886,
     * 69,883 and 70,583 conflicts). bmc3 without a counterexample is slow, which is
     * why pdr, not bmc3, decides what it leaves. {@code seconds} is only an outer guard: past it the
     * search ends {@link RtlFaultProof.Ended#TIME_LIMIT}, and the proof with it, undecided.
     */
    static Found run(
            GeneratedDesign design,
            int nodes,
            int latency,
            Contract.WaitBound b,
            int maxGap,
            long seconds,
            Path dir,
            Consumer<String> progress)
            throws IOException {
        long t0 = System.nanoTime();
        LivenessGoal goal = new LivenessGoal(b, false, true, true, maxGap);
        FaultHarness.Harness h =
                FaultHarness.of(Wiring.forNodes(nodes), latency, new RtlFaultProof.Faults(false, false), -1, goal);
        List<Integer> refuted = new ArrayList<>();
        try {
            RtlFaultProof.build(design, h, seconds, dir);
            long last = 0;
            for (int g = b.gap(); g <= maxGap; g++) {
                long left = seconds - (System.nanoTime() - t0) / 1_000_000_000L;
                if (left < 1) {
                    return new Found(List.copyOf(refuted), RtlFaultProof.Ended.TIME_LIMIT);
                }
                progress.accept(LivenessProof.STAGE + "idle stretches, bmc3 on G = " + g);
                long budget = Math.min(MOST_CONFLICTS, Math.max(LEAST_CONFLICTS, 8 * last));
                long spent = bmc(dir, g - b.gap(), 2 * maxGap + 16, budget, left, progress);
                if (spent < 0) {
                    break;
                }
                last = spent;
                refuted.add(g);
            }
        } catch (ExternalTool.Stopped e) {
            return new Found(List.copyOf(refuted), RtlFaultProof.Ended.STOPPED);
        } catch (ExternalTool.TimedOut e) {
            return new Found(List.copyOf(refuted), RtlFaultProof.Ended.TIME_LIMIT);
        }
        return new Found(List.copyOf(refuted), RtlFaultProof.Ended.DECIDED);
    }

    /**
     * bmc3 on the model's output {@code output}, {@code frames} deep at most and {@code conflicts} in
     * all (no SAT call may spend more either): the conflicts it spent on a counterexample, or -1 for
     * none found within that.
     */
    private static long bmc(Path dir, int output, int frames, long conflicts, long seconds, Consumer<String> progress)
            throws IOException {
        Files.writeString(
                dir.resolve("search.abc"),
                "read_aiger " + RtlFaultProof.STARTED + "\nfold\ncone -O " + output + " -s\nstrash\nbmc3 -v -F "
                        + frames + " -C " + conflicts + "\n");
        ExternalTool.Result bmc;
        try {
            bmc = ExternalTool.run(
                    dir, seconds, progress, line -> spent(line) > conflicts, "yosys-abc", "-f", "search.abc");
        } catch (ExternalTool.BudgetSpent e) {
            Files.writeString(
                    dir.resolve("search-" + output + ".log"),
                    e.output() + "(stopped: past the budget of " + conflicts + " conflicts)\n");
            return -1;
        }
        Files.writeString(dir.resolve("search-" + output + ".log"), bmc.output());
        bmc.unlessKilled("yosys-abc");
        if (bmc.exitCode() != 0) {
            throw new IOException("yosys-abc failed in the idle search (exit code " + bmc.exitCode() + "): "
                    + ExternalTool.lastLines(bmc.output(), 1));
        }
        if (!ASSERTED.matcher(bmc.output()).find()) {
            return -1;
        }
        return spent(bmc.output());
    }

    /** The conflicts a bmc3 -v log reports last (its count so far only grows), at least 1. */
    static long spent(String log) {
        Matcher m = CONFLICTS.matcher(log);
        long conflicts = 1;
        while (m.find()) {
            conflicts = Math.max(conflicts, Long.parseLong(m.group(1)));
        }
        return conflicts;
    }
}
