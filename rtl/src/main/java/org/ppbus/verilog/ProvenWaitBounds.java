package org.ppbus.verilog;

import java.util.List;
import java.util.Optional;
import org.ppbus.protocol.RuleSet;

/**
 * The worst-case waits in cycles that the liveness proof ({@code ppbus verify --rtl --liveness},
 * the proof package's {@code LivenessProof}) has proven on Campos–Carvalho's RTL, and so the ones a
 * generated contract may state: each entry is re-proven by a test (n = 3 in the suite,
 * RtlLivenessProofTest; n = 7, 24.5 minutes, as a benchmark). Elsewhere the contract says that no
 * bound in cycles is proven, and what bounds the wait instead.
 */
public final class ProvenWaitBounds {
    private ProvenWaitBounds() {}

    /** A proven bound: every request granted within {@code cycles} for holds of at most {@code hold}. */
    public record Entry(int nodes, int latency, int hold, int cycles) {
        /** The command that proves it. */
        public String provenBy() {
            return "ppbus verify --nodes " + nodes + " --latency " + latency + " --rtl --liveness --no-search";
        }
    }

    /** The proven bounds, under the fixed rules. */
    public static final List<Entry> ENTRIES = List.of(new Entry(3, 1, 1, 34), new Entry(7, 1, 1, 350));

    /** The proven bound for this size and latency under these rules, if there is one. */
    public static Optional<Entry> of(int nodes, int latency, RuleSet rules) {
        if (!rules.equals(RuleSet.FIXED)) {
            return Optional.empty();
        }
        return ENTRIES.stream()
                .filter(e -> e.nodes() == nodes && e.latency() == latency)
                .findFirst();
    }

    /** The contract's worst-case lines for a Campos–Carvalho design. */
    static List<String> lines(int nodes, int latency, RuleSet rules) {
        return of(nodes, latency, rules)
                .map(e -> List.of(
                        "- Worst case: with holds of at most " + e.hold() + " cycle" + (e.hold() == 1 ? "" : "s")
                                + " (gnt rising to req falling), every request is",
                        "  granted within B = " + e.cycles() + " cycles, proven on this RTL by `" + e.provenBy()
                                + "`."))
                .orElse(List.of(
                        "- Worst case: no bound in cycles is proven at this size, latency and rule set (proven: n = 3",
                        "  and 7 at L = 1 under the fixed rules). While a processor waits, each other is granted at",
                        "  most M times (a_bounded_wait, above), so the wait is at most (n - 1)M meals of the others'",
                        "  holds and the fork transfers between them."));
    }
}
