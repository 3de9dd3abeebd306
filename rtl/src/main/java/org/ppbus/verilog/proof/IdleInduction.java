package org.ppbus.verilog.proof;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.ppbus.plane.Wiring;
import org.ppbus.verilog.Contract;
import org.ppbus.verilog.ExternalTool;
import org.ppbus.verilog.GeneratedDesign;

/**
 * The idle bound by k-induction ({@link LivenessProof} at L = 1, where pdr stalls at n = 7): first
 * ABC's pdr proves the strengthening invariants ({@link LivenessInvariants}) from the reset, each an
 * output of its own; only if it proves every one does Yosys's {@code sat -tempinduct} assume them
 * and prove an idle bound. An invariant not proven is never assumed: that would be unsound (the
 * paper's literal rules break some, and with them assumed "prove" a false bound). The induction
 * answers in three ways: its step holds at some length (proven); its base case, a bounded model
 * check from the reset, finds a run that breaks the bound (refuted); or neither within its budget
 * (undecided). The budget is a count, so the answer is the same on an idle and a loaded machine:
 * at most so many steps, and no SAT problem above {@link #MOST_VARIABLES} variables. The time limit
 * is only an outer guard, which ends the whole proof undecided ({@link Outcome#TIME_LIMIT}).
 */
public final class IdleInduction {
    private IdleInduction() {}

    /**
     * The invariants' check: how many, those pdr broke, whether it proved every one, its result
     * (the model's size, the log) and whether an interrupt stopped it.
     */
    public record Checked(int count, List<String> broken, boolean proven, RtlFaultProof.Result proof) {
        public boolean stopped() {
            return proof.ended() == RtlFaultProof.Ended.STOPPED;
        }
    }

    /**
     * How an induction ended: proven, refuted, undecided within its budget of steps and variables,
     * stopped by the outer time guard, or stopped by an interrupt.
     */
    public enum Outcome {
        PROVEN,
        REFUTED,
        UNDECIDED,
        TIME_LIMIT,
        STOPPED
    }

    /**
     * An induction's outcome and the length it reached: of the step that held, of the base case that
     * failed, or the last tried when undecided (-1 when none was).
     */
    public record Induction(Outcome outcome, int length) {}

    /**
     * pdr on every strengthening invariant of {@code design} for processors holding at most {@code
     * b.hold()} cycles, in {@code dir}, within {@code seconds}.
     */
    public static Checked check(
            GeneratedDesign design,
            int nodes,
            int latency,
            Contract.WaitBound b,
            long seconds,
            Path dir,
            Consumer<String> progress)
            throws IOException {
        long t0 = System.nanoTime();
        LivenessGoal goal = new LivenessGoal(b, false, true, true, b.gap(), LivenessGoal.Invariants.CHECKED, false);
        FaultHarness.Harness h = harness(nodes, latency, goal);
        RtlFaultProof.Result r;
        try {
            RtlFaultProof.build(design, h, seconds, dir);
            // Plain pdr -a: with -r -n -c it took longer on these many small properties.
            r = RtlFaultProof.pdr(dir, "fold\n", "", h.outputs(), t0, seconds, progress);
        } catch (ExternalTool.Stopped e) {
            r = PdrLog.stoppedBefore(h.outputs(), (System.nanoTime() - t0) / 1e9);
        }
        List<String> broken = r.verdicts().stream()
                .filter(RtlFaultProof.Verdict::broken)
                .map(RtlFaultProof.Verdict::property)
                .toList();
        return new Checked(h.outputs().size(), broken, r.proven(), r);
    }

    private static final Pattern LENGTH = Pattern.compile("Trying induction with length (\\d+)");

    private static final Pattern PROBLEM = Pattern.compile("Solving problem with (\\d+) variables");

    /**
     * The largest SAT problem an induction may pose, in variables: the triangle's idle bound closes
     * at length 10 with 154,726 variables. On the Fano plane a length adds about 56,000: the segment
     * bound R = 5 is refuted by a base case of length 12 (about 611,000), R = 6 closes at length 7,
     * and the direct G = 15, whose step was still unsolved at length 15 (851,370 variables) after
     * 300 s, is left undecided from length 13 on (docs/VERIFICATION.md 2a).
     */
    public static final int MOST_VARIABLES = 700_000;

    /** Whether a line of Yosys's log poses a SAT problem above {@code most} variables. */
    public static boolean overBudget(String line, int most) {
        Matcher m = PROBLEM.matcher(line);
        return m.find() && Long.parseLong(m.group(1)) > most;
    }

    /**
     * Yosys's induction, with the invariants assumed, on "the idle counter at most {@code bound}"
     * (with {@code segments}, the counter of cycles idle with the same requests), up to {@code
     * maxSteps} and {@link #MOST_VARIABLES}, with {@code seconds} as the outer guard. Call only
     * after {@link #check} proved every invariant.
     */
    public static Induction induct(
            GeneratedDesign design,
            int nodes,
            int latency,
            Contract.WaitBound b,
            boolean segments,
            int bound,
            int maxSteps,
            long seconds,
            Path dir,
            Consumer<String> progress)
            throws IOException {
        LivenessGoal goal =
                new LivenessGoal(b.withGap(bound), false, true, true, bound, LivenessGoal.Invariants.ASSUMED, segments);
        FaultHarness.Harness h = harness(nodes, latency, goal);
        RtlFaultProof.write(design, h, dir);
        // -set-init-zero: the base case starts from power-up, where the harness's registers are zero
        // and the design is reset in the first cycle; the assumptions hold in every cycle after it.
        Files.writeString(
                dir.resolve("induct.ys"),
                RtlFaultProof.readDesign(design, h)
                        + "read_verilog -formal ppbus_faults.v\nprep -top ppbus_faults\nflatten\nopt_clean\n"
                        + "sat -tempinduct -prove-asserts -set-init-zero -set-assumes -maxsteps " + maxSteps + "\n");
        String what = LivenessProof.STAGE + (segments ? "idle segments R = " : "idle bound G = ") + bound
                + " by k-induction, length ";
        ExternalTool.Result y;
        try {
            y = ExternalTool.run(
                    dir,
                    seconds,
                    line -> {
                        Matcher m = LENGTH.matcher(line);
                        if (m.find()) {
                            progress.accept(what + m.group(1));
                        }
                    },
                    line -> overBudget(line, MOST_VARIABLES),
                    "yosys",
                    "-s",
                    "induct.ys");
        } catch (ExternalTool.BudgetSpent e) {
            Files.writeString(
                    dir.resolve("induct.log"),
                    e.output() + "\n(stopped: a problem above the budget of " + MOST_VARIABLES + " variables)\n");
            return new Induction(Outcome.UNDECIDED, lastLength(e.output()));
        } catch (ExternalTool.TimedOut e) {
            Files.writeString(
                    dir.resolve("induct.log"), e.output() + "\n(stopped at the time limit of " + seconds + " s)\n");
            return new Induction(Outcome.TIME_LIMIT, lastLength(e.output()));
        }
        Files.writeString(dir.resolve("induct.log"), y.output());
        return judge(y);
    }

    /** The outcome of Yosys's induction from its exit and its log. */
    private static Induction judge(ExternalTool.Result y) throws IOException {
        if (y.killed()) {
            return new Induction(Outcome.STOPPED, -1);
        }
        if (y.exitCode() != 0) {
            throw new IOException(
                    "yosys failed in the idle bound's induction: " + ExternalTool.lastLines(y.output(), 1));
        }
        int length = lastLength(y.output());
        if (y.output().contains("Induction step proven: SUCCESS!")) {
            return new Induction(Outcome.PROVEN, length);
        }
        if (y.output().contains("model found for base case: FAIL!")) {
            return new Induction(Outcome.REFUTED, length);
        }
        return new Induction(Outcome.UNDECIDED, length);
    }

    /** The length of the last induction Yosys tried, or -1. */
    private static int lastLength(String log) {
        Matcher m = LENGTH.matcher(log);
        int length = -1;
        while (m.find()) {
            length = Integer.parseInt(m.group(1));
        }
        return length;
    }

    private static FaultHarness.Harness harness(int nodes, int latency, LivenessGoal goal) {
        Wiring w = Wiring.forNodes(nodes);
        if (!LivenessInvariants.stated(w, latency)) {
            throw new IllegalArgumentException(
                    "the strengthening invariants are stated for whole planes at L = 1, not n = " + nodes + ", L = "
                            + latency);
        }
        return FaultHarness.of(w, latency, new RtlFaultProof.Faults(false, false), -1, goal);
    }
}
