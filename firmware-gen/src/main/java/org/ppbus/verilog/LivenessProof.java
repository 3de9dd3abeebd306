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
 * is not: the proof starts from the longest single fork transfer, 4L + 2, and while pdr breaks the
 * idle property and nothing else, it tries G + 1, since a broken G means a reachable idle stretch of
 * G + 1 cycles. So the G it ends with is proven and, if it was raised, the tightest.
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
     *     starving mutant) ends with the idle property broken at this G
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
            if (!onlyIdle || b.gap() >= maxGap) {
                double total = (System.nanoTime() - t0) / 1e9;
                RtlFaultProof.Result all = new RtlFaultProof.Result(
                        r.verdicts(), r.latches(), total, r.frameReached(), r.ended(), r.log());
                return new Result(all, b, List.copyOf(refuted));
            }
            refuted.add(b.gap());
            b = b.withGap(b.gap() + 1);
        }
    }
}
