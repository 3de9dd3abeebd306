package org.ppbus.testbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.ppbus.plane.Wiring;
import org.ppbus.verilog.CcVerilogGenerator;
import org.ppbus.verilog.Designs;
import org.ppbus.verilog.GeneratedDesign;
import org.ppbus.verilog.ExternalTool;

/** Issue 3: the generated RTL is lint-clean, compiles in Icarus and synthesises for iCE40. */
class RtlToolchainTest {

    private static GeneratedDesign generate(int n, int latency, Path dir) throws IOException {
        // Latency 0 stands for the central round-robin reference, which has no channels.
        GeneratedDesign d = latency == 0 ? Designs.generate("central-rr", n, 1, "test")
                : new CcVerilogGenerator("test").generate(Wiring.forNodes(n), latency);
        d.writeTo(dir);
        return d;
    }

    @ParameterizedTest
    @CsvSource({"1,1", "1,2", "2,1", "2,2", "3,1", "3,2", "7,1", "7,2", "13,1", "13,2", "31,1", "31,2", "57,1", "57,2",
                "1,0", "2,0", "7,0", "57,0"})
    void verilatorLintIsCleanAndIcarusCompiles(int n, int latency, @TempDir Path dir) throws IOException {
        RtlTools.require("verilator");
        RtlTools.require("iverilog");
        GeneratedDesign d = generate(n, latency, dir);
        ExternalTool.Result lint = ExternalTool.run(dir, 600, "verilator", "--lint-only", "-Wall", "-f", "files.f",
                "--top-module", "ppbus_top");
        assertEquals(0, lint.exitCode(), lint.output());
        assertEquals("", lint.output().trim(), "verilator -Wall printed warnings");
        List<String> cmd = new ArrayList<>(List.of("iverilog", "-g2005", "-Wall", "-o", "top.vvp", "-s", "ppbus_top"));
        cmd.addAll(d.sources());
        ExternalTool.Result iv = ExternalTool.run(dir, 600, cmd.toArray(new String[0]));
        assertEquals(0, iv.exitCode(), iv.output());
    }

    @ParameterizedTest
    @CsvSource({"1,1", "1,2", "2,1", "2,2", "3,1", "3,2", "7,1", "7,2", "13,1", "13,2", "31,1", "31,2", "57,1", "57,2",
                "1,0", "2,0", "7,0", "57,0"})
    void yosysSynthesisesForIce40(int n, int latency, @TempDir Path dir) throws IOException {
        RtlTools.require("yosys");
        GeneratedDesign d = generate(n, latency, dir);
        String script = "read_verilog " + String.join(" ", d.sources()) + "; synth_ice40 -noflatten -top ppbus_top; tee -o stat.txt stat";
        ExternalTool.Result y = ExternalTool.run(dir, 1800, "yosys", "-q", "-p", script);
        assertEquals(0, y.exitCode(), y.output());
        assertTrue(java.nio.file.Files.readString(dir.resolve("stat.txt")).contains("SB_LUT4"), y.output());
    }

    /**
     * Drop-in use: {@code verilator -F} reads files.f relative to its own folder, so the list works
     * from any directory, here from the file system's root, without naming the top.
     */
    @ParameterizedTest
    @CsvSource({"7,1", "9,2", "13,1", "5,0"})
    void filesListWorksFromAnyDirectory(int n, int latency, @TempDir Path dir) throws IOException {
        RtlTools.require("verilator");
        generate(n, latency, dir);
        ExternalTool.Result lint = ExternalTool.run(Path.of("/"), 600, "verilator", "--lint-only", "-Wall", "-F",
                dir.resolve("files.f").toAbsolutePath().toString());
        assertEquals(0, lint.exitCode(), lint.output());
        assertEquals("", lint.output().trim(), "verilator -Wall printed warnings");
    }
}
