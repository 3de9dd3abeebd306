package org.ppbus.verilog;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.ppbus.plane.Wiring;

/**
 * The search for long idle stretches that comes before the idle bound's proof ({@link
 * LivenessProof}): one model asserting every idle bound from G0 to the largest tried, an output
 * each, and ABC's bounded model checker on them. A broken bound is a reachable idle
 * stretch, found in seconds where pdr takes many minutes to refute the same bound (n = 7, L = 1:
 * G = 8 broken by bmc3 in 0.3 s, by pdr in 979 s; docs/VERIFICATION.md 2a). What bmc3 does not
 * break within its depth and time is left to pdr, which proves or breaks it.
 */
final class IdleSearch {
    private IdleSearch() {}

    /**
     * The idle bounds bmc3 broke, ascending (a stretch longer than G is longer than any smaller G
     * too, so they run from G0 up without a gap), and whether an interrupt stopped the search.
     */
    record Found(List<Integer> refuted, boolean stopped) {
        /** The first idle bound worth a proof: one above the largest broken. */
        int next(int first) {
            return refuted.isEmpty() ? first : refuted.get(refuted.size() - 1) + 1;
        }
    }

    private static final Pattern ASSERTED = Pattern.compile("Output \\d+ of miter \\S+ was asserted in frame (\\d+)");

    /** The least time bmc3 gets for a bound, in seconds. */
    private static final long LEAST = 30;

    /**
     * Searches {@code design} for idle stretches longer than G, for G from {@code b.gap()} up, with
     * the safety properties assumed (proven before), for at most {@code seconds} in all. One model
     * asserts every G up to {@code maxGap}; bmc3 takes them one at a time (ABC's {@code cone} of
     * one output) and stops at the first it does not break. A bound gets 8 times the time the one
     * below took to break, and at least {@link #LEAST} seconds: n = 7 broke G = 10 to 14 in 0.6,
     * 0.9, 1.9, 16.7 and 48.4 s. bmc3 without a counterexample is slow (n = 3, G = 7, which holds:
     * 26 cycles deep in 60 s), which is why pdr, not bmc3, decides what it leaves.
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
            double last = 0;
            for (int g = b.gap(); g <= maxGap; g++) {
                long left = seconds - (System.nanoTime() - t0) / 1_000_000_000L;
                long budget = Math.min(left, Math.max(LEAST, (long) Math.ceil(8 * last)));
                if (budget < 1) {
                    break;
                }
                progress.accept(LivenessProof.STAGE + "idle stretches, bmc3 on G = " + g);
                long t = System.nanoTime();
                if (bmc(dir, g - b.gap(), 2 * maxGap + 16, budget, progress) < 0) {
                    break;
                }
                last = (System.nanoTime() - t) / 1e9;
                refuted.add(g);
            }
        } catch (ExternalTool.Stopped e) {
            return new Found(List.copyOf(refuted), true);
        }
        return new Found(List.copyOf(refuted), false);
    }

    /**
     * bmc3 on the model's output {@code output}, {@code frames} deep at most: the cycle its
     * counterexample breaks it in, counting the reset as cycle 0, or -1 for none found.
     */
    private static int bmc(Path dir, int output, int frames, long seconds, Consumer<String> progress)
            throws IOException {
        Files.writeString(
                dir.resolve("search.abc"),
                "read_aiger " + RtlFaultProof.STARTED + "\nfold\ncone -O " + output + " -s\nstrash\nbmc3 -F " + frames
                        + " -T " + seconds + "\n");
        ExternalTool.Result bmc =
                ExternalTool.run(dir, seconds + Math.max(30, seconds / 10), progress, "yosys-abc", "-f", "search.abc");
        Files.writeString(dir.resolve("search-" + output + ".log"), bmc.output());
        bmc.unlessKilled("yosys-abc");
        if (bmc.exitCode() != 0) {
            throw new IOException("yosys-abc failed in the idle search (exit code " + bmc.exitCode() + "): "
                    + ExternalTool.lastLines(bmc.output(), 1));
        }
        Matcher m = ASSERTED.matcher(bmc.output());
        // The model starts after the reset cycle: its frame F is cycle F + 1.
        return m.find() ? Integer.parseInt(m.group(1)) + 1 : -1;
    }
}
