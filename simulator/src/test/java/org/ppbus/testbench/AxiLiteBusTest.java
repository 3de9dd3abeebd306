package org.ppbus.testbench;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.ppbus.testkit.Formal;
import org.ppbus.testkit.Simulator;
import org.ppbus.testkit.Verilator;
import org.ppbus.verilog.Designs;
import org.ppbus.verilog.ExternalTool;
import org.ppbus.verilog.GeneratedDesign;
import org.ppbus.verilog.SystemBus;

/**
 * The AXI4-Lite bus around an arbiter: its testbench (masters whose write and read engines run at
 * once, AW and W in either order, random BREADY and RREADY; a slave with random READY on every
 * channel, answers after 0 to 3 cycles and SLVERR for word 15) passes in Icarus and Verilator with
 * the same counts; under saturation behind a one-cycle central round robin it moves one transfer
 * every 4 cycles, as counted from the interconnect's phases; its Yosys proof succeeds at two sizes,
 * and each mutant of the glue fails it; the testbench alone, its checks compiled out, fails on a
 * BRESP the interconnect loses.
 */
@Formal
@Simulator
@Verilator
class AxiLiteBusTest {
    private static final SystemBus.Mode MODE = SystemBus.Mode.AXI4_LITE;
    private static final Pattern PASS = Pattern.compile(
            "PASS: (\\d+) masters, (\\d+) writes and (\\d+) reads checked \\((\\d+) SLVERR\\), in \\d+ cycles;"
                    + " saturated, (\\d+) transfers in 1000 cycles \\(\\d+\\.\\d+ per cycle\\), (\\d+) to (\\d+) per"
                    + " master");

    private static GeneratedDesign bus(String algorithm, int n) {
        return SystemBus.around(Designs.generate(algorithm, n, 1, "test"), n, new SystemBus.Run(3000, 7), MODE);
    }

    @ParameterizedTest(name = "{0} n={1}")
    @CsvSource({"campos-carvalho, 4", "daisy-chain-fair, 6"})
    void theTestbenchPassesInIcarusAndVerilator(String algorithm, int n, @TempDir Path dir) throws IOException {
        RtlTools.passesInBothSimulators(bus(algorithm, n), dir, MODE, PASS, n);
    }

    /**
     * Saturated, a transaction behind central-rr takes 4 cycles: the gnt and the choice of
     * transaction, the request's handshakes, the response's, and the cycle with the owner's req low,
     * during which its gnt may still be high; the next master's gnt follows. 1000 cycles hold 250
     * transfers, or 249 where the window cuts one.
     */
    @Test
    void aSaturatedBusBehindAOneCycleArbiterMovesATransferEveryFourCycles(@TempDir Path dir) throws IOException {
        String out = RtlTools.icarus(bus("central-rr", 4), dir, MODE);
        Matcher m = PASS.matcher(out);
        assertTrue(m.find(), out);
        int transfers = Integer.parseInt(m.group(5));
        assertTrue(transfers == 249 || transfers == 250, m.group());
        assertTrue(Integer.parseInt(m.group(7)) - Integer.parseInt(m.group(6)) <= 1, "round robin: " + m.group());
    }

    @Test
    void theTestbenchAloneCatchesALostBresp(@TempDir Path dir) throws IOException {
        GeneratedDesign mutant = bus("central-rr", 3)
                .map(t -> t.replace("assign m_bresp   = s_bresp;", "assign m_bresp   = 2'b00;")
                        .replace(
                                "`ifdef PPBUS_CHECKS\n    // Each side's",
                                "`ifdef PPBUS_NO_SUCH_MACRO\n    // Each side's"));
        String out = RtlTools.icarus(mutant, dir, MODE);
        assertTrue(out.contains("got BRESP 00 for word 15"), out);
    }

    @ParameterizedTest(name = "n={0}")
    @CsvSource({"4", "8"})
    void theBusProofSucceeds(int n, @TempDir Path dir) throws IOException {
        bus("central-rr", n).writeTo(dir);
        String out = ExternalTool.run(dir, 600, "yosys", "-s", MODE.proof).output();
        assertTrue(out.contains("Induction step proven: SUCCESS!"), ExternalTool.lastLines(out, 10));
    }

    @Test
    void theBusProofCatchesGlueMutants(@TempDir Path dir) throws IOException {
        GeneratedDesign d = bus("central-rr", 3);
        String[][] mutants = {
            {"writing && o_awvalid && !aw_done_q;", "writing && o_awvalid;"},
            {"assign m_bvalid  = owner & {N{", "assign m_bvalid  = {N{"},
            {"wire done = (b_phase && s_bvalid && o_bready)", "wire done = (b_phase && s_bvalid)"},
            {" | asked_q | busy_q) & ~release_q;", " | asked_q) & ~release_q;"},
            {"                s_araddr    = m_araddr[i*AW +: AW];", "                s_araddr    = m_araddr[AW-1:0];"},
            {"assign m_bresp   = s_bresp;", "assign m_bresp   = s_bresp ^ 2'b01;"}
        };
        RtlTools.assertProofCatchesEachMutant(d, MODE.proof, mutants, dir);
    }
}
