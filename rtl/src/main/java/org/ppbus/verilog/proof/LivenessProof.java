package org.ppbus.verilog.proof;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.ppbus.plane.Wiring;
import org.ppbus.protocol.RuleSet;
import org.ppbus.registry.Algorithms;
import org.ppbus.verilog.Contract;
import org.ppbus.verilog.Designs;
import org.ppbus.verilog.GeneratedDesign;

/**
 * Bounded liveness on the RTL ({@code verify --rtl --liveness}): ABC's pdr proves, with every
 * processor asking and each holding at most H cycles, that while one waits each other is granted at
 * most M times, and that the bus is never idle more than G cycles in a row while a request waits;
 * the wait bound B follows ({@link Contract#waitBound}). It goes in three proofs, each in a folder of
 * its own under the work folder, the later ones assuming "at most one gnt", which the first proved
 * (sound: a property true in every reachable state removes no reachable run when assumed):
 * <ol>
 * <li>{@code safety}: at most one gnt, and forks held only by their OWNER's client;</li>
 * <li>{@code meals}: an output per ordered pair of processors;</li>
 * <li>{@code idle}: the idle bound, alone, since it is the one refined.</li>
 * </ol>
 * Apart, each is smaller for pdr, and the idle refinement does not prove the meals again each
 * time. M is derived (docs/ERRATA.md L1). G is not: it starts from the longest single fork
 * transfer, G0 = 4L + 2. First bmc3 looks for idle stretches longer than each G from G0 to the
 * limit at once ({@link IdleSearch}, folder {@code idle-search}); pdr then tries the G one above the
 * largest it broke. While pdr breaks the idle property it raises G: by one up to 2 G0 (a broken G
 * means a reachable idle stretch of G + 1 cycles, so a G reached by ones is the tightest), then by
 * doubling up to the limit, so that a design whose idle stretches have no bound (a deadlock: the
 * paper's literal rules) is found out in a few proofs. Where G was doubled, the tightest lies
 * between the last refuted and the proven one.
 *
 * <p>At L = 1 on a whole plane the idle bound goes to k-induction before pdr ({@link IdleInduction}), since pdr
 * stalls on it at n = 7: pdr proves the strengthening invariants (folder {@code invariants}); with
 * all of them assumed, Yosys's induction tries G from the first the search left (folders {@code
 * idle-induction-G}), and where that is undecided, the segment bound R from 1 up (folders {@code
 * idle-segments-R}), which gives G = nR. pdr decides the idle bound as above only where an
 * invariant is not proven (a design they do not describe) or neither induction closes.
 */
public final class LivenessProof {
    private LivenessProof() {}

    /** How the progress lines that name the proof being run begin. */
    public static final String STAGE = "liveness proof: ";

    /**
     * The verdicts of every proof that ran, in order, with the seconds of all (the model builds
     * included) and the size, frame, end and outputs of the last; the bound it proved (or tried);
     * the idle bounds that failed on the way; the folder of the last proof, whose model a
     * counterexample is replayed on; and the properties left unproven because a proof before theirs
     * did not succeed.
     */
    public record Result(
            RtlFaultProof.Result proof,
            Contract.WaitBound bound,
            List<Integer> refuted,
            Path last,
            List<String> notRun,
            Strengthening strengthening) {}

    /** How the idle bound was proven: pdr on G, k-induction on G, or k-induction on segments (G = nR). */
    public enum IdleMethod {
        PDR,
        INDUCTION,
        SEGMENTS
    }

    /**
     * The strengthening invariants ({@link IdleInduction}, at L = 1): how many, those pdr broke and
     * whether it proved all; then the method that decided the idle bound, the segment bound R (or
     * -1), the segment bounds refuted on the way, the length of the induction that closed (or -1),
     * and where the segments proved it, the G tried directly and the length that induction reached
     * before its time ran out (or -1).
     */
    public record Strengthening(
            int invariants,
            List<String> broken,
            boolean proven,
            IdleMethod method,
            int segment,
            List<Integer> segmentsRefuted,
            int length,
            int directGap,
            int directLength) {
        /** Whether {@code v} is the idle bound's verdict and follows from the segment bound (G = nR), not proven on G itself. */
        public boolean fromSegments(RtlFaultProof.Verdict v) {
            return method == IdleMethod.SEGMENTS && v.property().equals(FaultHarness.GAP);
        }

        /** The invariants' check alone: pdr decides the idle bound unless an induction closes. */
        static Strengthening checked(IdleInduction.Checked c) {
            return new Strengthening(c.count(), c.broken(), c.proven(), IdleMethod.PDR, -1, List.of(), -1, -1, -1);
        }

        /** This check, then the idle bound decided by {@code method}. */
        Strengthening decided(
                IdleMethod method,
                int segment,
                List<Integer> segmentsRefuted,
                int length,
                int directGap,
                int directLength) {
            return new Strengthening(
                    invariants,
                    broken,
                    proven,
                    method,
                    segment,
                    List.copyOf(segmentsRefuted),
                    length,
                    directGap,
                    directLength);
        }
    }

    /** Every property the three proofs decide, in order. */
    private static final List<String> PROPERTIES =
            List.of(FaultHarness.MUTEX, FaultHarness.FORK_HOLDER, FaultHarness.MEALS, FaultHarness.GAP);

    /**
     * @param maxGap the largest G to try; a design whose idle stretches are longer (a deadlock, a
     *     starving mutant) ends with the idle property broken at this G, or at the G it was trying
     *     when the time ran out
     */
    public static Result run(
            int nodes,
            int latency,
            RuleSet rules,
            int hold,
            int maxGap,
            long timeoutSeconds,
            Path dir,
            String toolVersion,
            Consumer<String> progress)
            throws IOException {
        GeneratedDesign design = Designs.generate(Algorithms.campos(), nodes, latency, rules, toolVersion);
        return run(design, nodes, latency, hold, maxGap, timeoutSeconds, dir, progress);
    }

    /** The same on a given design (tests pass mutants). */
    public static Result run(
            GeneratedDesign design,
            int nodes,
            int latency,
            int hold,
            int maxGap,
            long timeoutSeconds,
            Path dir,
            Consumer<String> progress)
            throws IOException {
        Contract.WaitBound b = Contract.waitBound(nodes, latency, hold);
        Stages s = new Stages(design, nodes, latency, timeoutSeconds, dir, progress);
        progress.accept(STAGE + "safety");
        if (!s.prove("safety", null).proven()) {
            return s.result(b, List.of());
        }
        progress.accept(STAGE + "meals, per pair");
        if (!s.prove("meals", new LivenessGoal(b, true, false, true, b.gap())).proven()) {
            return s.result(b, List.of());
        }
        progress.accept(STAGE + "idle stretches, searched by bmc3");
        IdleSearch.Found found = s.search(b, maxGap);
        if (found.stopped()) {
            return s.result(b, found.refuted(), found.ended());
        }
        // A broken maxGap is left for pdr to break again, with the counterexample it replays.
        List<Integer> refuted = new ArrayList<>(found.refuted());
        refuted.removeIf(g -> g >= maxGap);
        b = b.withGap(Math.min(found.next(b.gap()), maxGap));
        if (LivenessInvariants.stated(Wiring.forNodes(nodes), latency) && b.gap() < maxGap) {
            Result inducted = s.induct(b, refuted, maxGap);
            if (inducted != null) {
                return inducted;
            }
        }
        while (true) {
            progress.accept(STAGE + "idle bound G = " + b.gap());
            RtlFaultProof.Result r = s.prove("idle", new LivenessGoal(b, false, true, true, b.gap()));
            boolean onlyIdle = r.verdicts().stream()
                    .allMatch(v -> v.property().equals(FaultHarness.GAP) ? v.broken() : v.proven());
            if (!onlyIdle || b.gap() >= maxGap) {
                return s.result(b, refuted);
            }
            s.forget();
            refuted.add(b.gap());
            int first = 4 * latency + 2;
            b = b.withGap(b.gap() < 2 * first ? b.gap() + 1 : Math.min(2 * b.gap(), maxGap));
            if (s.outOfTime()) {
                // The outer guard: the next G is undecided, never the last refuted one reported as the verdict.
                return s.result(b, refuted, RtlFaultProof.Ended.TIME_LIMIT);
            }
        }
    }

    /** The proofs run so far, sharing one time limit. */
    private static final class Stages {
        private final GeneratedDesign design;
        private final int nodes;
        private final int latency;
        private final long timeoutSeconds;
        private final Path dir;
        private final Consumer<String> progress;
        private final long t0 = System.nanoTime();
        private final List<RtlFaultProof.Verdict> verdicts = new ArrayList<>();
        private RtlFaultProof.Result last;
        private Path lastDir;
        private Strengthening strengthening;

        Stages(
                GeneratedDesign design,
                int nodes,
                int latency,
                long timeoutSeconds,
                Path dir,
                Consumer<String> progress) {
            this.design = design;
            this.nodes = nodes;
            this.latency = latency;
            this.timeoutSeconds = timeoutSeconds;
            this.dir = dir;
            this.progress = progress;
        }

        long left() {
            return Math.max(10, timeoutSeconds - elapsed());
        }

        long elapsed() {
            return (System.nanoTime() - t0) / 1_000_000_000L;
        }

        boolean outOfTime() {
            return elapsed() >= timeoutSeconds;
        }

        RtlFaultProof.Result prove(String name, LivenessGoal goal) throws IOException {
            lastDir = Files.createDirectories(dir.resolve(name));
            last = RtlFaultProof.run(
                    design,
                    nodes,
                    latency,
                    new RtlFaultProof.Faults(false, false),
                    -1,
                    goal,
                    left(),
                    lastDir,
                    progress);
            verdicts.addAll(last.verdicts());
            return last;
        }

        /**
         * bmc3 on every idle bound from {@code b}'s to {@code maxGap}, within its budget of
         * conflicts; the time left is only its outer guard.
         */
        IdleSearch.Found search(Contract.WaitBound b, int maxGap) throws IOException {
            Path d = Files.createDirectories(dir.resolve("idle-search"));
            return IdleSearch.run(design, nodes, latency, b, maxGap, left(), d, progress);
        }

        /**
         * The idle bound by k-induction on the invariants pdr proved first: G itself from {@code
         * b}'s up (a refuted G is added to {@code refuted}), and where that is undecided, the
         * segment bound R from 1 up, giving G = nR. Null where pdr is to decide the idle bound: an
         * invariant not proven, or neither induction closing.
         */
        Result induct(Contract.WaitBound b, List<Integer> refuted, int maxGap) throws IOException {
            progress.accept(STAGE + "strengthening invariants, pdr");
            Path d = Files.createDirectories(dir.resolve("invariants"));
            IdleInduction.Checked c = IdleInduction.check(design, nodes, latency, b, left(), d, progress);
            last = c.proof();
            lastDir = d;
            strengthening = Strengthening.checked(c);
            if (c.proof().ended() != RtlFaultProof.Ended.DECIDED) {
                return result(b, refuted, c.proof().ended());
            }
            if (!c.proven()) {
                return null;
            }
            int directGap = -1;
            int directLength = -1;
            for (int g = b.gap(); g <= maxGap; g++) {
                IdleInduction.Induction i = induction(false, b, g);
                if (i.outcome() == IdleInduction.Outcome.TIME_LIMIT) {
                    return result(b.withGap(g), refuted, RtlFaultProof.Ended.TIME_LIMIT);
                }
                if (i.outcome() == IdleInduction.Outcome.REFUTED) {
                    refuted.add(g);
                    continue;
                }
                if (i.outcome() != IdleInduction.Outcome.UNDECIDED) {
                    return inducted(b.withGap(g), refuted, i, IdleMethod.INDUCTION, -1, List.of(), -1, -1);
                }
                directGap = g;
                directLength = i.length();
                break;
            }
            List<Integer> segmentsRefuted = new ArrayList<>();
            for (int r = 1; r <= maxGap; r++) {
                IdleInduction.Induction i = induction(true, b, r);
                if (i.outcome() == IdleInduction.Outcome.TIME_LIMIT) {
                    return result(b, refuted, RtlFaultProof.Ended.TIME_LIMIT);
                }
                if (i.outcome() == IdleInduction.Outcome.PROVEN || i.outcome() == IdleInduction.Outcome.STOPPED) {
                    return inducted(
                            b.withGap(nodes * r),
                            refuted,
                            i,
                            IdleMethod.SEGMENTS,
                            r,
                            segmentsRefuted,
                            directGap,
                            directLength);
                }
                if (i.outcome() == IdleInduction.Outcome.REFUTED) {
                    segmentsRefuted.add(r);
                }
            }
            return null;
        }

        /**
         * One induction on G, or with {@code segments} on R, in a folder of its own, up to 2 bound + 4
         * steps and {@link IdleInduction#MOST_VARIABLES}; the time left is only its outer guard.
         */
        private IdleInduction.Induction induction(boolean segments, Contract.WaitBound b, int bound)
                throws IOException {
            Path d = Files.createDirectories(dir.resolve((segments ? "idle-segments-" : "idle-induction-") + bound));
            if (outOfTime()) {
                return new IdleInduction.Induction(IdleInduction.Outcome.TIME_LIMIT, -1);
            }
            long budget = left();
            progress.accept(STAGE + (segments ? "idle segments R = " : "idle bound G = ") + bound + " by k-induction");
            return IdleInduction.induct(design, nodes, latency, b, segments, bound, 2 * bound + 4, budget, d, progress);
        }

        /**
         * The result of an induction {@code i} that proved the idle bound by {@code method} or was
         * stopped (then its length is not reported).
         */
        private Result inducted(
                Contract.WaitBound b,
                List<Integer> refuted,
                IdleInduction.Induction i,
                IdleMethod method,
                int segment,
                List<Integer> segmentsRefuted,
                int directGap,
                int directLength) {
            boolean stopped = i.outcome() == IdleInduction.Outcome.STOPPED;
            if (!stopped) {
                verdicts.add(new RtlFaultProof.Verdict(FaultHarness.GAP, true, -1));
            }
            strengthening = strengthening.decided(
                    method, segment, segmentsRefuted, stopped ? -1 : i.length(), directGap, directLength);
            return result(b, refuted, stopped ? RtlFaultProof.Ended.STOPPED : RtlFaultProof.Ended.DECIDED);
        }

        /** Drops the last proof's verdicts: a refuted idle bound, tried again higher. */
        void forget() {
            verdicts.subList(verdicts.size() - last.verdicts().size(), verdicts.size())
                    .clear();
        }

        Result result(Contract.WaitBound bound, List<Integer> refuted) {
            return result(bound, refuted, RtlFaultProof.Ended.DECIDED);
        }

        /**
         * The verdicts so far. After an interrupt or at the outer time guard (of the idle search or an
         * induction, {@code cut}, or of the last pdr, which says so in its result as STOPPED) the
         * properties not yet decided are undecided, the proof ends as {@code cut} says, and what
         * finished is kept; otherwise those that did not run are listed as such.
         */
        Result result(Contract.WaitBound bound, List<Integer> refuted, RtlFaultProof.Ended cut) {
            RtlFaultProof.Ended how = cut != RtlFaultProof.Ended.DECIDED
                    ? cut
                    : last.ended() == RtlFaultProof.Ended.STOPPED ? RtlFaultProof.Ended.STOPPED : null;
            boolean interrupted = how != null;
            List<String> ran =
                    verdicts.stream().map(RtlFaultProof.Verdict::property).toList();
            List<String> notRun =
                    PROPERTIES.stream().filter(p -> !ran.contains(p)).toList();
            List<RtlFaultProof.Verdict> all = new ArrayList<>(verdicts);
            if (interrupted) {
                notRun.forEach(p -> all.add(new RtlFaultProof.Verdict(p, false, -1)));
                notRun = List.of();
            }
            RtlFaultProof.Result r = new RtlFaultProof.Result(
                    List.copyOf(all),
                    last.latches(),
                    (System.nanoTime() - t0) / 1e9,
                    last.frameReached(),
                    interrupted ? how : last.ended(),
                    last.log(),
                    last.outputs());
            return new Result(r, bound, List.copyOf(refuted), lastDir, notRun, strengthening);
        }
    }
}
