package org.ppbus.verilog.proof;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.ppbus.plane.Wiring;
import org.ppbus.verilog.Contract;

/** The shape of the strengthening invariants, without the tools: their number, names and the wires they read. */
class LivenessInvariantsTest {
    /**
     * Counted from their definition: 20 per link (each of the n(q + 1) links), per arbiter one
     * OWNER one-hot and one transitivity per triple of its q + 1 ports, one "H acyclic" per triple
     * of processors, 8 per processor and 4 of the harness. n = 3 (q = 1): 120 + 3 + 0 + 1 + 24 + 4 =
     * 152; n = 7 (q = 2): 420 + 7 + 7 + 35 + 56 + 4 = 529.
     */
    @Test
    void theirNumberFollowsFromThePlane() {
        assertEquals(152, LivenessInvariants.of(Wiring.forNodes(3), 1).size());
        assertEquals(529, LivenessInvariants.of(Wiring.forNodes(7), 1).size());
        // q = 3: 52 links, 13 arbiters of 4 ports (4 triples each), 286 triples of processors.
        assertEquals(
                20 * 52 + 13 + 13 * 4 + 286 + 8 * 13 + 4,
                LivenessInvariants.of(Wiring.forNodes(13), 1).size());
    }

    @Test
    void theNamesAreDistinct() {
        List<LivenessInvariants.Invariant> all = LivenessInvariants.of(Wiring.forNodes(7), 1);
        Set<String> names = new HashSet<>();
        all.forEach(i -> assertTrue(names.add(i.name()), i.name()));
    }

    /** Every identifier an invariant reads is declared in the harness that checks them. */
    @Test
    void everyWireReadIsDeclared() {
        Wiring w = Wiring.forNodes(7);
        Contract.WaitBound b = Contract.waitBound(7, 1, 1);
        FaultHarness.Harness h = FaultHarness.of(
                w,
                1,
                new RtlFaultProof.Faults(false, false),
                -1,
                new LivenessGoal(b, false, true, true, b.gap(), LivenessGoal.Invariants.CHECKED, false));
        Set<String> declared = new HashSet<>();
        Matcher d = Pattern.compile("(?:wire|reg) (?:\\[[^]]+\\] )?(\\w+)").matcher(h.verilog());
        while (d.find()) {
            declared.add(d.group(1));
        }
        Pattern ident = Pattern.compile("\\b([a-z_][a-z0-9_]*)\\b");
        for (LivenessInvariants.Invariant i : LivenessInvariants.of(w, 1)) {
            Matcher m = ident.matcher(i.condition().replaceAll("\\d+'[db]\\d+", ""));
            while (m.find()) {
                assertTrue(declared.contains(m.group(1)), i.name() + " reads " + m.group(1));
            }
        }
        assertEquals(529, h.outputs().size(), "one output per invariant, and no idle bound asserted");
        assertFalse(h.outputs().contains(FaultHarness.GAP));
    }

    @Test
    void theyAreStatedForWholePlanesAtOneCycleOfLatency() {
        assertTrue(LivenessInvariants.stated(Wiring.forNodes(7), 1));
        assertFalse(LivenessInvariants.stated(Wiring.forNodes(7), 2));
        assertFalse(LivenessInvariants.stated(Wiring.forNodes(9), 1));
    }
}
