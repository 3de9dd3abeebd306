package org.ppbus.testbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.ppbus.protocol.RuleSet;
import org.ppbus.registry.Algorithms;
import org.ppbus.testkit.Formal;
import org.ppbus.testkit.Simulator;
import org.ppbus.testkit.Verilator;
import org.ppbus.verilog.Contract;
import org.ppbus.verilog.Designs;
import org.ppbus.verilog.ExternalTool;
import org.ppbus.verilog.GeneratedDesign;

/**
 * The processors' side of the contract, checked in the RTL a user simulates: a testbench that
 * lowers req[0] before its gnt (after 2 cycles, when the first gnt comes after 2L + 1) gets the
 * named assertion's user error, not silence; one that holds req until gnt and for its hold runs to
 * the end without an ASSERTION line, unless the client is the planted mutant whose gnt falls a
 * cycle late, which a_gnt_released reports.
 */
@Formal
@Simulator
@Verilator
class HandshakeAssertionTest {
    private static String testbench(int n, int holdHigh) {
        return String.join(
                "\n",
                "`timescale 1ns / 1ps",
                "module tb_handshake;",
                "    reg clk = 0;",
                "    reg rst = 1;",
                "    reg [" + (n - 1) + ":0] req = 0;",
                "    wire [" + (n - 1) + ":0] gnt;",
                "    ppbus_top dut (.clk(clk), .rst(rst), .req(req), .gnt(gnt));",
                "    always #5 clk = ~clk;",
                "    integer t;",
                "    initial begin",
                "        @(posedge clk); @(posedge clk); rst <= 0;",
                "        @(posedge clk); req[0] <= 1;",
                "        for (t = 0; t < " + holdHigh + "; t = t + 1) @(posedge clk);",
                "        req[0] <= 0;",
                "        for (t = 0; t < 40; t = t + 1) @(posedge clk);",
                "        $display(\"END gnt %b\", gnt);",
                "        $finish;",
                "    end",
                "endmodule",
                "");
    }

    private static String run(GeneratedDesign d, Path dir, int n, int holdHigh) throws IOException {
        d.writeTo(dir);
        Files.writeString(dir.resolve("tb_handshake.v"), testbench(n, holdHigh));
        List<String> cmd = new ArrayList<>(List.of("iverilog", "-g2005", "-o", "tb.vvp", "-s", "tb_handshake"));
        cmd.addAll(d.sources());
        cmd.add("tb_handshake.v");
        ExternalTool.Result c = ExternalTool.run(dir, 300, cmd.toArray(new String[0]));
        assertEquals(0, c.exitCode(), c.output());
        return ExternalTool.run(dir, 300, "vvp", "-n", "tb.vvp").output();
    }

    @ParameterizedTest
    @CsvSource({"3,1", "7,2", "13,1"})
    void loweringReqBeforeGntIsReportedAsTheUsersError(int n, int latency, @TempDir Path dir) throws IOException {
        GeneratedDesign d = Designs.generate(Algorithms.campos(), n, latency, RuleSet.FIXED, "test");
        // req[0] high for 2 cycles: gnt comes after 2L + 1 >= 3, so it is lowered first.
        assertTrue(Contract.firstAfterReset(latency) > 2);
        String early = run(d, dir.resolve("early"), n, 2);
        assertTrue(early.contains("ASSERTION a_req_held FAILED"), early);
        assertTrue(early.contains("user error: req"), early);
        // Held through its grant and a hold of 4: no assertion fires, and gnt is low at the end.
        String held = run(d, dir.resolve("held"), n, Contract.firstAfterReset(latency) + 4);
        assertFalse(held.contains("ASSERTION"), held);
        assertTrue(held.contains("END gnt " + "0".repeat(n)), held);
        // The planted mutant: a client whose gnt falls two cycles after req instead of one.
        String lingering = run(late(d), dir.resolve("late"), n, Contract.firstAfterReset(latency) + 4);
        assertTrue(lingering.contains("ASSERTION a_gnt_released FAILED"), lingering);
    }

    /**
     * The same properties in Yosys, by the README's command: 12 cycles from a reset pass on the
     * generated design, and the planted late-gnt client fails them (a model found), as does
     * a_bounded_wait with its bound lowered by one where that leaves a bound.
     */
    @ParameterizedTest
    @CsvSource({"3,1", "3,2"}) // n = 7 takes 96 s (sat's unrolled model grows with n and L)
    void yosysChecksTheNamedPropertiesAndCatchesTheMutant(int n, int latency, @TempDir Path dir) throws IOException {
        GeneratedDesign d = Designs.generate(Algorithms.campos(), n, latency, RuleSet.FIXED, "test");
        String clean = yosys(d, dir.resolve("clean"));
        assertTrue(clean.contains("SAT proof finished - no model found: SUCCESS!"), ExternalTool.lastLines(clean, 5));
        assertTrue(clean.contains("$assert"), "the properties reached Yosys");
        String lateOut = yosys(late(d), dir.resolve("late"));
        assertTrue(lateOut.contains("SAT proof finished - model found: FAIL!"), ExternalTool.lastLines(lateOut, 5));
        // a_bounded_wait at one below its bound M = max(1, L): at L = 2 a processor that lowers req in
        // the cycle of its grant and asks again is granted twice within 2L cycles of another's request.
        int m = Contract.overtakeBound(latency);
        if (m > 1) {
            // The check reads set m - 1 (granted m times already); the mutant reads set m - 2.
            String bound = "seen_q[" + (m * n - 1) + ":" + ((m - 1) * n) + "] & rising";
            GeneratedDesign tighter =
                    d.map(t -> t.replace(bound, "seen_q[" + ((m - 1) * n - 1) + ":" + ((m - 2) * n) + "] & rising"));
            assertTrue(!tighter.files().equals(d.files()), "the mutant changed the bound");
            String over = yosys(tighter, dir.resolve("tighter"));
            assertTrue(over.contains("SAT proof finished - model found: FAIL!"), ExternalTool.lastLines(over, 5));
        }
    }

    private static GeneratedDesign late(GeneratedDesign d) {
        GeneratedDesign late = d.map(t -> t.replace(
                "    assign gnt = (state_q == EATING);",
                "    reg gnt_late = 1'b0;\n    always @(posedge clk) gnt_late <= (state_q == EATING);\n"
                        + "    assign gnt = (state_q == EATING) | gnt_late;"));
        assertTrue(!late.files().equals(d.files()), "the mutant changed the client");
        return late;
    }

    private static String yosys(GeneratedDesign d, Path dir) throws IOException {
        d.writeTo(dir);
        ExternalTool.Result r =
                ExternalTool.run(dir, 600, "bash", "-c", "yosys -p \"" + Contract.formalCheck(12) + "\"");
        return r.output();
    }

    /** The same user error under Verilator, whose build of the macros names the instance too. */
    @org.junit.jupiter.api.Test
    void verilatorReportsTheUsersErrorByName(@TempDir Path dir) throws IOException {
        GeneratedDesign d = Designs.generate(Algorithms.campos(), 3, 1, RuleSet.FIXED, "test");
        d.writeTo(dir);
        Files.writeString(dir.resolve("tb_handshake.v"), testbench(3, 2));
        List<String> sources = new ArrayList<>(d.sources());
        sources.add("tb_handshake.v");
        String out = RtlTools.verilatorRun(dir, "tb_handshake", sources);
        assertTrue(out.contains("ASSERTION a_req_held FAILED in TOP.tb_handshake.dut.a_req_held"), out);
        assertTrue(out.contains("user error: req lowered before its gnt"), out);
    }
}
