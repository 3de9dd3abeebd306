package org.ppbus.verilog;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.ppbus.protocol.RuleSet;

/**
 * Bounded liveness on the RTL ({@code verify --rtl --liveness}): ABC's pdr proves, with every
 * processor asking and each holding at most H cycles, that while one waits the others are granted
 * at most (n - 1)M times, and that the bus is never idle more than G cycles in a row while a request
 * waits; the wait bound B follows ({@link Contract#waitBound}). M is derived (docs/ERRATA.md L1). G
 * is not: the proof starts from the longest single fork transfer, G0 = 4L + 2, and while pdr breaks
 * the idle property and nothing else it raises G: by one up to 2 G0 (a broken G means a reachable
 * idle stretch of G + 1 cycles, so a G reached by ones is the tightest), then by doubling up to the
 * limit, so that a design whose idle stretches have no bound (a deadlock: the paper's literal rules)
 * is found out in a few proofs. Where G was doubled, the tightest lies between the last refuted and
 * the proven one.
 */
public final class LivenessProof {
    private LivenessProof() {}

    /**
     * The last proof (its seconds those of every proof tried, the model builds included), the bound
     * it proved (or tried), and the idle bounds that failed on the way.
     */
    public record Result(RtlFaultProof.Result proof, Contract.WaitBound bound, List<Integer> refuted) {}

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
        Contract.WaitBound b = Contract.waitBound(nodes, latency, hold);
        List<Integer> refuted = new ArrayList<>();
        long t0 = System.nanoTime();
        while (true) {
            long left = Math.max(10, timeoutSeconds - (System.nanoTime() - t0) / 1_000_000_000L);
            progress.accept("idle bound G = " + b.gap());
            RtlFaultProof.Result r = RtlFaultProof.run(
                    nodes,
                    latency,
                    rules,
                    new RtlFaultProof.Faults(false, false),
                    -1,
                    b,
                    left,
                    dir,
                    toolVersion,
                    progress);
            boolean onlyIdle = r.verdicts().stream()
                    .allMatch(v -> v.property().equals(FaultHarness.GAP) ? v.broken() : v.proven());
            boolean outOfTime = (System.nanoTime() - t0) / 1_000_000_000L >= timeoutSeconds;
            if (!onlyIdle || b.gap() >= maxGap || outOfTime) {
                double total = (System.nanoTime() - t0) / 1e9;
                RtlFaultProof.Result all = new RtlFaultProof.Result(
                        r.verdicts(), r.latches(), total, r.frameReached(), r.ended(), r.log());
                return new Result(all, b, List.copyOf(refuted));
            }
            refuted.add(b.gap());
            int first = 4 * latency + 2;
            b = b.withGap(b.gap() < 2 * first ? b.gap() + 1 : Math.min(2 * b.gap(), maxGap));
        }
    }
}
