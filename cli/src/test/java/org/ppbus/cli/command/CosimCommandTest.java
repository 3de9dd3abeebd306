package org.ppbus.cli.command;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ppbus.cli.CliRun;
import org.ppbus.testbench.Reports;
import org.ppbus.testkit.Simulator;

class CosimCommandTest {
    /** The build ticker names the file a compiler call compiles, and passes other lines on as they are. */
    @Test
    void aCompilerCallIsShownByItsFile() {
        assertEquals(
                "compiling Vppbus_top__ALL.cpp",
                CosimCommand.buildStep(
                        "g++  -I.  -MMD -I/usr/share/verilator/include -O2 -c -o Vppbus_top__ALL.o Vppbus_top__ALL.cpp"));
        assertEquals(
                "compiling verilated_vcd_c.cpp",
                CosimCommand.buildStep(
                        "g++ -I. -MMD -c -o verilated_vcd_c.o /usr/share/verilator/include/verilated_vcd_c.cpp"));
        assertEquals(
                "- V e r i l a t i o n   R e p o r t", CosimCommand.buildStep("- V e r i l a t i o n   R e p o r t"));
    }

    /**
     * With a fault, cosim replays the Java run on the RTL in Icarus Verilog, whose testbench loses
     * the same symbol: here the FORK that arbiter 1 drives to client 0 in cycle 312 (n = 7, load 0.3,
     * seed 11). +heal repairs it in both, and every gnt bit and symbol agrees. Faults the replay cannot
     * place (a random one, or another algorithm's) are refused as usage errors.
     */
    @Test
    @Simulator
    void aFaultIsReplayedOnTheRtlInIcarus(@TempDir Path dir) throws Exception {
        CliRun cli = new CliRun();
        Path json = dir.resolve("f.json");
        assertEquals(
                0,
                cli.run(
                        "cosim",
                        "--nodes",
                        "7",
                        "--load",
                        "0.3",
                        "--cycles",
                        "3000",
                        "--seed",
                        "11",
                        "--rules",
                        "fixed+heal",
                        "--fault",
                        "drop:312@a2c_a1_c0",
                        "--json",
                        json.toString()),
                cli.out() + cli.err());
        assertTrue(cli.out().contains("sent FORK, delivered nothing; faultVerdict recovered"), cli.out());
        JsonNode r = Reports.mapper().readTree(json.toFile());
        assertEquals(0, r.get("divergences").asInt());
        assertEquals("recovered", r.get("faultVerdict").asText());
        assertEquals("icarus", r.get("config").get("rtlSimulator").asText());
        assertTrue(r.get("cycles").asLong() >= 3000);
        for (String[] bad : new String[][] {
            {"--fault", "drop:random"},
            {"--algorithm", "central-rr", "--fault", "crash:3@100"},
            {"--fault", "corrupt:312@a2c_a1_c0"}
        }) {
            String[] args = new String[3 + bad.length];
            args[0] = "cosim";
            args[1] = "--nodes";
            args[2] = "7";
            System.arraycopy(bad, 0, args, 3, bad.length);
            assertEquals(2, cli.run(args), String.join(" ", bad));
            assertEquals(1, cli.err().strip().split("\n").length, cli.err());
            assertFalse(cli.err().contains("Exception"), cli.err());
        }
    }
}
