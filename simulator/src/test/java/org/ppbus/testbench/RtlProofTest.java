package org.ppbus.testbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.ppbus.protocol.RuleSet;
import org.ppbus.registry.Algorithms;
import org.ppbus.testkit.Formal;
import org.ppbus.verilog.Designs;
import org.ppbus.verilog.GeneratedDesign;
import org.ppbus.verilog.proof.RtlProof;

/** The Yosys induction proof of "at most one gnt" on the generated top. */
@Formal
class RtlProofTest {

    /** With fork conservation and "an eater holds its forks" asserted too, induction closes. */
    @ParameterizedTest
    @CsvSource({"3,1", "3,2", "7,1"})
    void atMostOneGntIsProvenByInduction(int n, int latency, @TempDir Path dir) throws IOException {
        RtlProof.Result r = RtlProof.run(n, latency, true, 10, dir, "test");
        assertTrue(r.proven(), "induction did not close:\n" + tail(r.log()));
        assertFalse(r.baseCaseFailed());
        assertEquals(1, r.inductionLength());
    }

    /**
     * The property alone is not inductive: an arbitrary state may hold one arbiter's fork twice. The
     * base cases pass (there is no bug to find) and the step keeps failing: the strengthening is needed.
     */
    @Test
    void theBarePropertyIsNotInductive(@TempDir Path dir) throws IOException {
        RtlProof.Result r = RtlProof.run(3, 1, false, 6, dir, "test");
        assertFalse(r.proven());
        assertFalse(r.baseCaseFailed());
    }

    /** A client that eats with any one of its forks: the base case finds two gnts from reset. */
    @Test
    void aMutantThatEatsWithoutAllForksIsCaught(@TempDir Path dir) throws IOException {
        GeneratedDesign mutant = Designs.generate("campos-carvalho", 3, 1, "test")
                .map(v -> v.replace("(state_d == HUNGRY) && (&fork_recv)", "(state_d == HUNGRY) && (|fork_recv)"));
        assertTrue(mutant.files().values().stream().anyMatch(v -> v.contains("(|fork_recv)")), "mutation not applied");
        RtlProof.Result r = RtlProof.run(mutant, 3, 1, true, 10, dir);
        assertFalse(r.proven());
        assertTrue(r.baseCaseFailed(), tail(r.log()));
    }

    /**
     * +reclaim is safe only with a failure detector that is never wrong (docs/VERIFICATION.md, the
     * failure detector): with the top level's dead input left free, an arbiter told that a live,
     * eating client is dead takes its fork back and lends it to another, and the base case finds two
     * gnts from reset. With every dead bit tied low the same design keeps mutual exclusion over the
     * same steps, so the input alone makes the difference.
     */
    @Test
    void aWrongFailureDetectorBreaksMutualExclusion(@TempDir Path dir) throws IOException {
        GeneratedDesign reclaim = Designs.generate(Algorithms.campos(), 3, 1, RuleSet.parse("fixed+reclaim"), "test");
        RtlProof.Result wrong = RtlProof.run(reclaim, 3, 1, false, 8, dir.resolve("free"));
        assertTrue(wrong.baseCaseFailed(), tail(wrong.log()));
        GeneratedDesign silent = reclaim.map(
                v -> v.replace("_dead ({dead[", "_dead ({1'b0 & dead[").replace(", dead[", ", 1'b0 & dead["));
        assertTrue(silent.files().get("ppbus_top.v").contains("1'b0 & dead["), "mutation not applied");
        RtlProof.Result tied = RtlProof.run(silent, 3, 1, false, 8, dir.resolve("tied"));
        assertFalse(tied.baseCaseFailed(), tail(tied.log()));
    }

    /**
     * +heal's RTL without faults: with its link-timing invariants ({@code HealInvariants}) added to
     * the strengthening, k-induction closes, and from reset no state within k cycles breaks any of
     * them. L = 2 and n = 4 (a padded plane) are in RtlProofsBenchmark.
     */
    @ParameterizedTest
    @CsvSource({"3,1"})
    void atMostOneGntIsProvenForTheHealingRtl(int n, int latency, @TempDir Path dir) throws IOException {
        RtlProof.Result r = RtlProof.run(n, latency, RuleSet.parse("fixed+heal"), true, 12, dir, "test");
        assertTrue(r.proven(), "induction did not close:\n" + tail(r.log()));
        assertFalse(r.baseCaseFailed());
    }

    /**
     * A healing client that reads every (Strong)REQUEST without its fork as a lost fork, echoes
     * included, sends a fork back that it does not have: the base case finds the second fork.
     */
    @Test
    void aHealingMutantThatRegeneratesOnEchoesIsCaught(@TempDir Path dir) throws IOException {
        String from = "& ~fork_q & ~upto_2l1 & ~regen_q)";
        GeneratedDesign mutant = Designs.generate(Algorithms.campos(), 3, 1, RuleSet.parse("fixed+heal"), "test")
                .map(v -> v.replace(from, "& ~fork_q & ~regen_q)"));
        assertTrue(mutant.files().values().stream().noneMatch(v -> v.contains(from)), "mutation not applied");
        RtlProof.Result r = RtlProof.run(mutant, 3, 1, true, true, 12, dir);
        assertFalse(r.proven());
        assertTrue(r.baseCaseFailed(), tail(r.log()));
    }

    static String tail(String log) {
        String[] l = log.split("\n");
        return String.join("\n", Arrays.copyOfRange(l, Math.max(0, l.length - 15), l.length));
    }
}
