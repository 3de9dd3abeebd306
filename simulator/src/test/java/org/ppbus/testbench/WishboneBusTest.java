package org.ppbus.testbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.ppbus.protocol.RuleSet;
import org.ppbus.registry.Algorithms;
import org.ppbus.testkit.Formal;
import org.ppbus.testkit.Simulator;
import org.ppbus.testkit.Verilator;
import org.ppbus.verilog.Designs;
import org.ppbus.verilog.GeneratedDesign;
import org.ppbus.verilog.SystemBus;

/**
 * The Wishbone bus around the arbiter, run the way docs/RTL.md says: the testbench passes in Icarus
 * and Verilator with the same counts, and fails on a planted interconnect that sends ACK to every
 * master; the Yosys bus proof succeeds, and fails on glue that lets req fall before its gnt.
 */
@Formal
@Simulator
@Verilator
class WishboneBusTest {
    private static final Pattern PASS = Pattern.compile(
            "PASS: (\\d+) masters, (\\d+) transfers \\((\\d+) reads checked, (\\d+) writes\\), the slave acknowledged (\\d+)");

    private static GeneratedDesign bus(int n, int latency) {
        return SystemBus.around(
                Designs.generate(Algorithms.campos(), n, latency, RuleSet.FIXED, "test"),
                n,
                new SystemBus.Run(4000, 7),
                SystemBus.Mode.CLASSIC);
    }

    private static String icarus(GeneratedDesign d, Path dir) throws IOException {
        return RtlTools.icarus(d, dir, SystemBus.Mode.CLASSIC.top, SystemBus.Mode.CLASSIC.testbench());
    }

    @ParameterizedTest
    @CsvSource({"8,1", "7,2"})
    void theTestbenchPassesInIcarusAndVerilatorWithEveryReadChecked(int n, int latency, @TempDir Path dir)
            throws IOException {
        GeneratedDesign d = bus(n, latency);
        String ic = icarus(d, dir);
        Matcher m = PASS.matcher(ic);
        assertTrue(m.find(), ic);
        assertEquals(n, Integer.parseInt(m.group(1)));
        int transfers = Integer.parseInt(m.group(2));
        assertTrue(transfers > 100 && Integer.parseInt(m.group(3)) > 0 && Integer.parseInt(m.group(4)) > 0, ic);
        assertEquals(transfers, Integer.parseInt(m.group(5)));
        assertFalse(ic.contains("ASSERTION"), ic);
        String vl = RtlTools.verilatorRun(
                dir, "tb_" + SystemBus.Mode.CLASSIC.top, List.of("-F", "files.f", SystemBus.Mode.CLASSIC.testbench()));
        // The same design, seed and cycles: the same counts, since both simulators run the same RTL.
        assertTrue(vl.contains(m.group()), vl + "\nagainst Icarus's " + m.group());
    }

    @Test
    void anAckToEveryMasterIsCaught(@TempDir Path dir) throws IOException {
        GeneratedDesign d = bus(3, 1);
        GeneratedDesign mutant =
                d.map(t -> t.replace("assign m_ack   = owner & {N{s_ack}};", "assign m_ack   = {N{s_ack}};"));
        assertTrue(!mutant.files().equals(d.files()), "the mutant changed the interconnect");
        String out = icarus(mutant, dir);
        assertTrue(out.contains("ASSERTION a_ack_to_owner FAILED"), out);
        // Without the assertions the testbench's own checks catch it: a master sees ACKs it did not ask for.
        String unchecked = icarus(
                mutant.map(t -> t.replace(
                        "`ifdef PPBUS_CHECKS\n    reg [N-1:0] owner_q;",
                        "`ifdef PPBUS_NO_SUCH_MACRO\n    reg [N-1:0] owner_q;")),
                dir.resolve("unchecked"));
        assertTrue(unchecked.contains("FAIL"), unchecked);
    }

    @Test
    void theBusProofSucceedsAndCatchesGlueMutants(@TempDir Path dir) throws IOException {
        GeneratedDesign d = bus(4, 1);
        String[][] mutants = {
            {"assign req = m_cyc | asked_q;", "assign req = m_cyc;"}, // req dropped before gnt
            {"assign m_ack   = owner & {N{s_ack}};", "assign m_ack   = {N{s_ack}};"}, // ACK to every master
            {"wire [N-1:0] owner = gnt & m_cyc;", "wire [N-1:0] owner = gnt;"} // owner without CYC
        };
        RtlTools.assertProofCatchesEachMutant(d, SystemBus.Mode.CLASSIC.proof, mutants, dir);
    }
}
