package org.ppbus.testbench;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.ppbus.testkit.Formal;
import org.ppbus.testkit.Simulator;
import org.ppbus.testkit.Verilator;
import org.ppbus.verilog.Designs;
import org.ppbus.verilog.GeneratedDesign;
import org.ppbus.verilog.SystemBus;

/**
 * The Wishbone B4 pipelined bus around an arbiter: its testbench (masters that burst, abort, retry
 * and lock, a slave that stalls and answers with ACK, ERR and RTY) passes in Icarus and Verilator
 * with the same counts, every kind of event seen; its Yosys proof succeeds, and each mutant of the
 * glue (a non-owner not stalled, a response to every master, LOCK ignored, an owner without CYC, a
 * request that changes while stalled) fails it; the testbench alone, its checks compiled out, fails
 * on a LOCK the interconnect ignores.
 */
@Formal
@Simulator
@Verilator
class PipelinedWishboneTest {
    private static final SystemBus.Mode MODE = SystemBus.Mode.PIPELINED;
    private static final Pattern PASS = Pattern.compile(
            "PASS: (\\d+) masters, (\\d+) requests \\((\\d+) ACK, (\\d+) reads checked, (\\d+) ERR, (\\d+) RTY retried,"
                    + " (\\d+) aborted in (\\d+) aborts\\), (\\d+) locked bus cycles");

    private static GeneratedDesign bus(String algorithm, int n) {
        return SystemBus.around(Designs.generate(algorithm, n, 1, "test"), n, new SystemBus.Run(4000, 7), MODE);
    }

    @ParameterizedTest(name = "{0} n={1}")
    @CsvSource({"campos-carvalho, 8", "central-matrix, 5"})
    void theTestbenchPassesInIcarusAndVerilatorWithEveryKindOfEvent(String algorithm, int n, @TempDir Path dir)
            throws IOException {
        RtlTools.passesInBothSimulators(bus(algorithm, n), dir, MODE, PASS, n);
    }

    @Test
    void aLockTheInterconnectIgnoresFailsTheTestbenchAlone(@TempDir Path dir) throws IOException {
        GeneratedDesign mutant = bus("campos-carvalho", 4)
                .map(t -> t.replace("assign req = m_cyc | m_lock | asked_q;", "assign req = m_cyc | asked_q;")
                        .replace(
                                "`ifdef PPBUS_CHECKS\n    reg [N-1:0] owner_q;",
                                "`ifdef PPBUS_NO_SUCH_MACRO\n    reg [N-1:0] owner_q;"));
        String out = RtlTools.icarus(mutant, dir, MODE);
        assertTrue(out.contains("while another held the bus under LOCK"), out);
    }

    @Test
    void theBusProofSucceedsAndCatchesGlueMutants(@TempDir Path dir) throws IOException {
        GeneratedDesign d = bus("campos-carvalho", 4);
        String[][] mutants = {
            {"assign m_stall = ~owner | {N{s_stall}};", "assign m_stall = {N{s_stall}};"},
            {"assign m_err   = owner & {N{s_err}};", "assign m_err   = {N{s_err}};"},
            {"assign req = m_cyc | m_lock | asked_q;", "assign req = m_cyc | asked_q;"},
            {"wire [N-1:0] owner = gnt & m_cyc;", "wire [N-1:0] owner = gnt;"},
            {
                "                s_adr   = m_adr[i*AW +: AW];",
                "                s_adr   = m_adr[i*AW +: AW] ^ {{(AW-1){1'b0}}, s_stall};"
            }
        };
        RtlTools.assertProofCatchesEachMutant(d, MODE.proof, mutants, dir);
    }
}
