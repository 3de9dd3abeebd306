package org.ppbus.testbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ppbus.cosim.Vcd;
import org.ppbus.protocol.RuleSet;
import org.ppbus.registry.Algorithms;
import org.ppbus.testkit.Formal;
import org.ppbus.verilog.Contract;
import org.ppbus.verilog.Designs;
import org.ppbus.verilog.GeneratedDesign;
import org.ppbus.verilog.ProvenWaitBounds;
import org.ppbus.verilog.proof.IdleInduction;
import org.ppbus.verilog.proof.LivenessGoal;
import org.ppbus.verilog.proof.LivenessProof;
import org.ppbus.verilog.proof.RtlFaultProof;
import org.ppbus.verilog.proof.RtlFaultProof.Faults;

/**
 * Bounded liveness on the RTL (ABC pdr): with every processor of the triangle asking and lowering
 * req at most one cycle after its gnt, the others' grants while one waits and the idle stretches are
 * bounded, so every request is granted within B; the proof can fail, on a wait bound below the
 * tightest, and on a mutant arbiter that starves a client, each with a counterexample replayed as a
 * waveform.
 */
@Formal
class RtlLivenessProofTest {
    private static final long LIMIT = 900;
    private static final Faults NONE = new Faults(false, false);
    private static final String MUTEX = "at most one gnt";
    private static final String MEALS = "each other granted at most M times while one waits";
    private static final String GAP = "the bus idle at most G cycles while a request waits";
    private static final String WAIT = "every request granted within B cycles";

    /**
     * The bound on the triangle at L = 1, H = 1. M = max(1, L) = 1 grant per other processor, so
     * (n - 1)M = 2. The first guess for the idle bound, 4L + 2 = 6, is broken: a request overtaken
     * by a later one, ranked higher at an arbiter they share, waits 7 idle cycles. G = 7 is proven,
     * and so B = (2 + 1)(1 + 1) + (2 + 2)7 = 34. Safety, the meals and the idle bound are three
     * proofs, the later two assuming "at most one gnt"; the verdicts are those of all three. The
     * idle bound is proven by k-induction, on the 152 strengthening invariants pdr proved first
     * (their count follows from the plane, LivenessInvariantsTest).
     */
    @Test
    void theBoundIsProvenOnTheTriangleAfterOneRefinement(@TempDir Path dir) throws IOException {
        LivenessProof.Result r = LivenessProof.run(3, 1, RuleSet.FIXED, 1, 64, LIMIT, dir, "test", line -> {});
        assertEquals(List.of(6), r.refuted());
        assertEquals(2, r.bound().meals());
        assertEquals(7, r.bound().gap());
        assertEquals(3 * 2 + 4 * 7, r.bound().cycles());
        // The bound ppbus_top.v states at this size is the one just proven.
        assertEquals(
                ProvenWaitBounds.of(3, 1, RuleSet.FIXED).orElseThrow().cycles(),
                r.bound().cycles());
        assertTrue(Designs.generate(Algorithms.campos(), 3, 1, RuleSet.FIXED, "test")
                .files()
                .get("ppbus_top.v")
                .contains("granted within B = " + r.bound().cycles() + " cycles"));
        assertEquals(
                List.of("at most one gnt", "a fork is held only by its arbiter's OWNER", MEALS, GAP),
                r.proof().verdicts().stream()
                        .map(RtlFaultProof.Verdict::property)
                        .toList());
        assertTrue(r.proof().proven(), RtlProofTest.tail(r.proof().log()));
        assertEquals(List.of(), r.notRun());
        assertEquals(152, r.strengthening().invariants());
        assertTrue(r.strengthening().proven());
        assertEquals(LivenessProof.IdleMethod.INDUCTION, r.strengthening().method());
        assertTrue(r.strengthening().length() >= 1);
    }

    /**
     * The invariants assumed do not make every bound provable: the induction's base case breaks
     * G = 6, which bmc3 breaks too (the triangle's longest idle stretch is 7 cycles, above). On the
     * segments, the least R proven must give nR at least that 7, and the R below it is broken.
     */
    @Test
    void theInductionOnTheInvariantsCanFail(@TempDir Path dir) throws IOException {
        GeneratedDesign d = Designs.generate(Algorithms.campos(), 3, 1, RuleSet.FIXED, "test");
        Contract.WaitBound b = Contract.waitBound(3, 1, 1);
        IdleInduction.Checked c = IdleInduction.check(d, 3, 1, b, LIMIT, dir.resolve("inv"), line -> {});
        assertTrue(c.proven(), c.broken().toString());
        IdleInduction.Induction six = IdleInduction.induct(
                d, 3, 1, b, false, 6, 16, LIMIT, Files.createDirectories(dir.resolve("g6")), l -> {});
        assertEquals(IdleInduction.Outcome.REFUTED, six.outcome());
        // The triangle's idle stretches reach 7 cycles (bmc3, above), so a bound of n·R < 7 would be
        // unsound: the search starts at the least R with 3R >= 7, and the R below the one proven
        // must be refuted.
        int r = (7 + 2) / 3;
        IdleInduction.Induction last = null;
        for (; r <= 8; r++) {
            last = IdleInduction.induct(
                    d, 3, 1, b, true, r, 2 * r + 4, LIMIT, Files.createDirectories(dir.resolve("r" + r)), l -> {});
            if (last.outcome() == IdleInduction.Outcome.PROVEN) {
                break;
            }
        }
        assertEquals(IdleInduction.Outcome.PROVEN, last.outcome(), "no segment bound up to 8");
        IdleInduction.Induction below = IdleInduction.induct(
                d, 3, 1, b, true, r - 1, 2 * r + 8, LIMIT, Files.createDirectories(dir.resolve("below")), l -> {});
        assertEquals(IdleInduction.Outcome.REFUTED, below.outcome(), "R = " + (r - 1));
    }

    /**
     * The paper's literal rules break token conservation (the state search's I3, at depth 4) and so
     * some of the invariants: pdr breaks them, and none is assumed. Assumed regardless, they would
     * let the induction prove an idle bound on a design whose invariants are false.
     */
    @Test
    void theLiteralRulesBreakTheInvariantsSoNoneIsAssumed(@TempDir Path dir) throws IOException {
        GeneratedDesign d = Designs.generate(Algorithms.campos(), 3, 1, RuleSet.LITERAL, "test");
        IdleInduction.Checked c = IdleInduction.check(d, 3, 1, Contract.waitBound(3, 1, 1), LIMIT, dir, line -> {});
        assertFalse(c.proven());
        assertEquals(152, c.count());
        assertTrue(
                c.broken().stream().anyMatch(n -> n.contains("token")),
                c.broken().toString());
    }

    /**
     * The wait itself, asserted beside its parts: with the proven M and G, a wait bound of 12 fails
     * (the tightest is 13, docs/VERIFICATION.md), and the shortest counterexample's waveform shows a
     * processor whose req has been high, without its gnt, for 13 cycles.
     */
    @Test
    void aWaitBoundBelowTheLongestWaitFailsWithAWaveform(@TempDir Path dir) throws IOException {
        Contract.WaitBound b =
                Contract.waitBound(3, 1, 1).withGap(7).withDirect(true).withCycles(12);
        RtlFaultProof.Result r = RtlFaultProof.run(
                3, 1, RuleSet.FIXED, NONE, -1, LivenessGoal.everything(b), LIMIT, dir, "test", line -> {});
        assertTrue(r.of(WAIT).broken(), RtlProofTest.tail(r.log()));
        assertTrue(r.of(MEALS).proven() && r.of(GAP).proven(), r.verdicts().toString());
        RtlFaultProof.Counterexample cex = RtlFaultProof.counterexample(dir, r, LIMIT);
        assertEquals(List.of(WAIT), cex.failing());
        int longest = longestWait(cex.vcd(), 3, dir);
        assertTrue(longest >= 13, "longest wait " + longest);
    }

    /**
     * A mutant arbiter that never demotes a client whose dirty fork comes back (R13 without its
     * GiveLeastPriorityTo) keeps its first order for ever, so a processor that asks again and again
     * keeps the fork from one ranked below it: it is granted more than M times while the other waits.
     * The liveness proof, run on the mutant as on the design, proves safety, breaks the meals and
     * stops there; the replay of its counterexample breaks the meals' assertion and no other.
     */
    @Test
    void anArbiterThatNeverDemotesStarvesAClient(@TempDir Path dir) throws IOException {
        GeneratedDesign d = Designs.generate(Algorithms.campos(), 3, 1, RuleSet.FIXED, "test");
        String line = "            assign demote     = in_dirty & returned;";
        GeneratedDesign mutant = d.map(t -> t.replace(line, "            assign demote     = {P{1'b0}};"));
        assertTrue(!mutant.files().equals(d.files()), "the mutant changed the arbiter");
        LivenessProof.Result r = LivenessProof.run(mutant, 3, 1, 1, 64, LIMIT, dir, progress -> {});
        assertTrue(r.proof().of(MUTEX).proven(), RtlProofTest.tail(r.proof().log()));
        assertTrue(r.proof().of(MEALS).broken(), RtlProofTest.tail(r.proof().log()));
        assertEquals(dir.resolve("meals"), r.last(), "the proof stops at the meals, before the idle bound");
        assertEquals(List.of(GAP), r.notRun());
        RtlFaultProof.Counterexample cex = RtlFaultProof.counterexample(r.last(), r.proof(), LIMIT);
        assertEquals(List.of(MEALS), cex.failing());
    }

    /**
     * The longest run of cycles in the replayed waveform with some req[i] high and its gnt[i] low,
     * read from the harness's req input and the design's gnt, sampled at every rising clock.
     */
    private static int longestWait(String vcd, int n, Path dir) throws IOException {
        Path file = dir.resolve("replayed.vcd");
        Files.writeString(file, vcd);
        Map<String, TreeMap<Long, String>> v = Vcd.read(file);
        TreeMap<Long, String> clk = v.get("ppbus_faults.clk");
        TreeMap<Long, String> req = v.get("ppbus_faults.req");
        TreeMap<Long, String> gnt = v.get("ppbus_faults.gnt");
        int longest = 0;
        int[] run = new int[n];
        for (Map.Entry<Long, String> e : clk.entrySet()) {
            if (bits(e) != 1) {
                continue;
            }
            long r = bits(req.floorEntry(e.getKey()));
            long g = bits(gnt.floorEntry(e.getKey()));
            for (int i = 0; i < n; i++) {
                run[i] = ((r >> i & 1) == 1 && (g >> i & 1) == 0) ? run[i] + 1 : 0;
                longest = Math.max(longest, run[i]);
            }
        }
        return longest;
    }

    private static long bits(Map.Entry<Long, String> e) {
        if (e == null) {
            return 0;
        }
        String s = e.getValue();
        return Long.parseLong(s.startsWith("b") ? s.substring(1) : s, 2);
    }
}
