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
import org.ppbus.testkit.Formal;
import org.ppbus.verilog.proof.RtlFaultProof;
import org.ppbus.verilog.proof.RtlFaultProof.Faults;

/**
 * The RTL safety proof under symbol faults (ABC pdr), checked against what the exhaustive search of
 * the Java model found on the triangle (docs/VERIFICATION.md, "Faults survived"): the verdicts must
 * agree, and a property the search shows broken must come out broken here, named.
 */
@Formal
class RtlFaultProofTest {
    private static final long LIMIT = 900;

    /** Without +heal a lost symbol only stalls the network (the search's verdict is a deadlock): safe. */
    @Test
    void theFixedRulesStaySafeWhenASymbolIsLost(@TempDir Path dir) throws IOException {
        RtlFaultProof.Result r =
                RtlFaultProof.run(3, 1, RuleSet.FIXED, new Faults(true, false), -1, LIMIT, dir, "test", line -> {});
        assertTrue(r.proven(), RtlProofTest.tail(r.log()));
    }

    /**
     * Without +heal a duplicated FORK reaches a client that already sent the fork back, and the
     * client holds a fork its arbiter counts as home or lent to another: the second property breaks
     * (the search stops there too, at depth 4, on the client's "FORK received while holding it").
     */
    @Test
    void theFixedRulesMakeAForkTwiceWhenASymbolIsDuplicated(@TempDir Path dir) throws IOException {
        RtlFaultProof.Result r =
                RtlFaultProof.run(3, 1, RuleSet.FIXED, new Faults(false, true), -1, LIMIT, dir, "test", line -> {});
        RtlFaultProof.Verdict holder = r.of("a fork is held only by its arbiter's OWNER");
        assertTrue(holder.broken(), RtlProofTest.tail(r.log()));
        assertTrue(holder.frame() >= 4 && holder.frame() <= 12, "frame " + holder.frame());
    }

    /**
     * The counterexample of the run above, found again by ABC's bounded model checker and replayed in
     * Yosys's simulator, a second engine. Bounded model checking finds the shortest counterexample,
     * so it is no longer than pdr's (which need not be the shortest), and the replay must break one
     * of the properties pdr found broken, and nothing else; the waveform must show what the model
     * allows: one duplicate, and no drop.
     */
    @Test
    void aBrokenProofsCounterexampleReplaysAsAWaveform(@TempDir Path dir) throws IOException {
        RtlFaultProof.Result r =
                RtlFaultProof.run(3, 1, RuleSet.FIXED, new Faults(false, true), -1, LIMIT, dir, "test", line -> {});
        int first = r.verdicts().stream()
                .filter(RtlFaultProof.Verdict::broken)
                .mapToInt(RtlFaultProof.Verdict::frame)
                .min()
                .orElseThrow();
        List<String> broken = r.verdicts().stream()
                .filter(RtlFaultProof.Verdict::broken)
                .map(RtlFaultProof.Verdict::property)
                .toList();
        RtlFaultProof.Counterexample cex = RtlFaultProof.counterexample(dir, r, LIMIT);
        assertTrue(cex.cycles() - 1 <= first, cex.cycles() + " cycles, pdr's first failure in cycle " + first);
        assertFalse(cex.failing().isEmpty());
        assertTrue(broken.containsAll(cex.failing()), cex.failing() + " against " + broken);
        Path vcd = dir.resolve("replayed.vcd");
        Files.writeString(vcd, cex.vcd());
        Map<String, TreeMap<Long, String>> v = Vcd.read(vcd);
        TreeMap<Long, String> duplicated = v.get("ppbus_faults.duplicated_q");
        assertEquals(List.of("b0", "b1"), List.copyOf(duplicated.values()), duplicated.toString());
        assertTrue(duplicated.firstKey() == 0 && duplicated.lastKey() > 0, duplicated.toString());
        // Without drops the model has no use for the register that counts them, and Yosys removes it.
        assertFalse(v.getOrDefault("ppbus_faults.dropped_q", new TreeMap<>()).containsValue("b1"));
    }

    /**
     * The repair bound can fail: without +heal a lost FORK is never made again, so fork conservation
     * stays broken for good, and with B = 4 pdr finds a run that keeps it broken for 5 cycles. The
     * cycle follows from the timing alone (cycle 0 is the reset, L = 1): the earliest request is
     * driven in cycle 1 and reaches its arbiter in cycle 2, which drives the FORK in cycle 2, the
     * earliest symbol a lost fork can be; dropped there, the fork is nowhere from cycle 3 on; the
     * harness's counter of broken cycles, a register, reads 1 in cycle 4 and 5 in cycle 8, the first
     * value above B. Only a FORK or a return can take a fork with it, and no return comes earlier.
     * So the shortest counterexample, which bounded model checking finds, has 9 cycles (pdr's own
     * need not be the shortest).
     */
    @Test
    void theFixedRulesNeverRepairALostFork(@TempDir Path dir) throws IOException {
        RtlFaultProof.Result r =
                RtlFaultProof.run(3, 1, RuleSet.FIXED, new Faults(true, false), 4, LIMIT, dir, "test", line -> {});
        assertEquals(3, r.verdicts().size());
        String repair = "fork conservation broken for at most B cycles";
        assertTrue(r.of(repair).broken(), RtlProofTest.tail(r.log()));
        RtlFaultProof.Counterexample cex = RtlFaultProof.counterexample(dir, r, LIMIT);
        assertEquals(2 + 1 + 4 + 1, cex.cycles() - 1);
        assertEquals(List.of(repair), cex.failing());
    }

    /**
     * A scope narrows the proof as --active narrows the search: with processor 0 the only one asking,
     * the duplicate that gives two eaters above cannot, and mutual exclusion is proven. (Were the
     * scope's assumption lost, the counterexample above would come back.)
     */
    @Test
    void aScopeOfOneProcessorCannotHaveTwoEaters(@TempDir Path dir) throws IOException {
        RtlFaultProof.Result r = RtlFaultProof.run(
                3, 1, RuleSet.FIXED, new Faults(false, true, 0b001), -1, LIMIT, dir, "test", line -> {});
        assertTrue(r.of("at most one gnt").proven(), RtlProofTest.tail(r.log()));
    }

    /** On the RTL: +heal keeps both properties with a drop and a duplicate. */
    @Test
    void theHealingRulesStaySafeWithOneDropAndOneDuplicate(@TempDir Path dir) throws IOException {
        RtlFaultProof.Result r = RtlFaultProof.run(
                3, 1, RuleSet.parse("fixed+heal"), new Faults(true, true), -1, LIMIT, dir, "test", line -> {});
        assertTrue(r.proven(), RtlProofTest.tail(r.log()));
        assertEquals(2, r.verdicts().size());
    }
}
