package org.ppbus.testbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.ppbus.plane.Wiring;
import org.ppbus.protocol.RuleSet;
import org.ppbus.registry.Algorithms;
import org.ppbus.testkit.Formal;
import org.ppbus.testkit.Simulator;
import org.ppbus.testkit.Verilator;
import org.ppbus.verilog.CcVerilogGenerator;
import org.ppbus.verilog.Designs;
import org.ppbus.verilog.ExternalTool;
import org.ppbus.verilog.GeneratedDesign;
import org.ppbus.verilog.Testbench;

/** The generated RTL is lint-clean, compiles in Icarus and synthesises for iCE40. */
@Formal
@Simulator
@Verilator
class RtlToolchainTest {

    private static GeneratedDesign generate(int n, int latency, Path dir) throws IOException {
        // Latency 0 stands for the central round-robin reference, which has no channels.
        GeneratedDesign d = latency == 0
                ? Designs.generate("central-rr", n, 1, "test")
                : new CcVerilogGenerator("test").generate(Wiring.forNodes(n), latency);
        d.writeTo(dir);
        return d;
    }

    /**
     * Each optional feature is a generate block of its own in the units (docs/ARCHITECTURE.md, "The
     * RTL"): every combination of them must be lint-clean too, not only the fixed rules, since an
     * input or a signal one configuration does not use is a warning there. n = 1 and 2 include
     * ppbus_arbiter1, the one-client arbiter.
     */
    @ParameterizedTest
    @CsvSource({
        "7,2,literal",
        "7,2,literal+F1+F2+F3",
        "7,2,fixed+heal",
        "7,2,fixed+reclaim",
        "7,2,fixed+heal+reclaim",
        "1,1,fixed+heal+reclaim",
        "3,1,fixed+heal",
        "2,2,fixed+heal",
        "2,2,fixed+reclaim"
    })
    void everyFeatureCombinationIsLintClean(int n, int latency, String rules, @TempDir Path dir) throws IOException {
        GeneratedDesign d = Designs.generate(Algorithms.campos(), n, latency, RuleSet.parse(rules), "test");
        d.writeTo(dir);
        ExternalTool.Result lint = ExternalTool.run(
                dir, 600, "verilator", "--lint-only", "-Wall", "-f", "files.f", "--top-module", "ppbus_top");
        assertEquals(0, lint.exitCode(), lint.output());
        assertEquals("", lint.output().trim(), rules + ": verilator -Wall printed warnings");
    }

    @ParameterizedTest
    @CsvSource({"1,1", "1,0", "2,2", "3,1", "7,0", "7,2", "13,1", "31,2", "57,1", "57,0"})
    void verilatorLintIsCleanAndIcarusCompiles(int n, int latency, @TempDir Path dir) throws IOException {
        GeneratedDesign d = generate(n, latency, dir);
        ExternalTool.Result lint = ExternalTool.run(
                dir, 600, "verilator", "--lint-only", "-Wall", "-f", "files.f", "--top-module", "ppbus_top");
        assertEquals(0, lint.exitCode(), lint.output());
        assertEquals("", lint.output().trim(), "verilator -Wall printed warnings");
        List<String> cmd = new ArrayList<>(List.of("iverilog", "-g2005", "-Wall", "-o", "top.vvp", "-s", "ppbus_top"));
        cmd.addAll(d.sources());
        ExternalTool.Result iv = ExternalTool.run(dir, 600, cmd.toArray(new String[0]));
        assertEquals(0, iv.exitCode(), iv.output());
    }

    @ParameterizedTest
    @CsvSource({"1,1", "2,0", "7,2", "13,1", "57,1"})
    void yosysSynthesisesForIce40(int n, int latency, @TempDir Path dir) throws IOException {
        GeneratedDesign d = generate(n, latency, dir);
        String script = "read_verilog " + String.join(" ", d.sources())
                + "; synth_ice40 -noflatten -top ppbus_top; tee -o stat.txt stat";
        ExternalTool.Result y = ExternalTool.run(dir, 1800, "yosys", "-q", "-p", script);
        assertEquals(0, y.exitCode(), y.output());
        assertTrue(Files.readString(dir.resolve("stat.txt")).contains("SB_LUT4"), y.output());
    }

    /**
     * Drop-in use: {@code verilator -F} reads files.f relative to its own folder, so the list works
     * from any directory, here from the file system's root, without naming the top.
     */
    @ParameterizedTest
    @CsvSource({"7,1", "9,2", "13,1", "5,0"})
    void filesListWorksFromAnyDirectory(int n, int latency, @TempDir Path dir) throws IOException {
        generate(n, latency, dir);
        ExternalTool.Result lint = ExternalTool.run(
                Path.of("/"),
                600,
                "verilator",
                "--lint-only",
                "-Wall",
                "-F",
                dir.resolve("files.f").toAbsolutePath().toString());
        assertEquals(0, lint.exitCode(), lint.output());
        assertEquals("", lint.output().trim(), "verilator -Wall printed warnings");
    }

    /**
     * The testbench ppbus generate writes next to the design passes in Icarus: random requests,
     * never two gnt, every request granted. A client that raises gnt while still hungry makes it
     * fail, so the PASS means something.
     */
    @ParameterizedTest
    @CsvSource({"7,1,false", "13,1,false", "10,2,false", "5,0,false", "7,1,true"})
    void theEmittedTestbenchPassesAndCatchesAMutant(int n, int latency, boolean mutant, @TempDir Path dir)
            throws IOException {
        GeneratedDesign d = generate(n, latency, dir);
        if (mutant) {
            Path client = dir.resolve("ppbus_client.v");
            String text = Files.readString(client);
            String broken = text.replace("assign gnt = (state_q == EATING);", "assign gnt = (state_q != THINKING);");
            assertTrue(!broken.equals(text), "mutation not applied");
            Files.writeString(client, broken);
        }
        Files.writeString(dir.resolve(Testbench.FILE), Testbench.text(n, 5000, 3, "test"));
        ExternalTool.Result build = ExternalTool.run(
                dir, 600, "iverilog", "-g2005", "-s", "tb_ppbus_top", "-o", "tb.vvp", "-c", "files.f", Testbench.FILE);
        assertEquals(0, build.exitCode(), build.output());
        ExternalTool.Result run = ExternalTool.run(dir, 600, "vvp", "-n", "tb.vvp");
        assertEquals(0, run.exitCode(), run.output());
        assertEquals(!mutant, run.output().contains("PASS: "), run.output());
        assertEquals(mutant, run.output().contains("FAIL: "), run.output());
        assertTrue(d.sources().stream().noneMatch(f -> f.startsWith("tb_")));
    }

    /** The same testbench in Verilator 5 (--binary, with timing), as its header says. */
    @Test
    void theEmittedTestbenchPassesInVerilator(@TempDir Path dir) throws IOException {
        generate(7, 1, dir);
        Files.writeString(dir.resolve(Testbench.FILE), Testbench.text(7, 5000, 3, "test"));
        ExternalTool.Result build = ExternalTool.run(
                dir,
                900,
                "verilator",
                "--binary",
                "-Wno-fatal",
                "--top-module",
                "tb_ppbus_top",
                "-F",
                "files.f",
                Testbench.FILE);
        assertEquals(0, build.exitCode(), build.output());
        Process p = new ProcessBuilder(
                        dir.resolve("obj_dir").resolve("Vtb_ppbus_top").toString())
                .directory(dir.toFile())
                .redirectErrorStream(true)
                .start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        try {
            assertTrue(p.waitFor(600, TimeUnit.SECONDS));
        } catch (InterruptedException e) {
            throw new IOException(e);
        }
        assertEquals(0, p.exitValue(), output);
        assertTrue(output.contains("PASS: "), output);
    }

    /**
     * Two designs in one project: with --prefix they share no module name, so one lint run over
     * both, under a wrapper that instantiates both tops, is clean; the prefixed testbench passes.
     */
    @Test
    void twoPrefixedDesignsLiveInOneProject(@TempDir Path dir) throws IOException {
        GeneratedDesign a =
                new CcVerilogGenerator("test").generate(Wiring.forNodes(7), 1).prefixed("busa_");
        GeneratedDesign b = Designs.generate("central-rr", 5, 1, "test").prefixed("busb_");
        a.with(Testbench.FILE, Testbench.text(7, 3000, 1, "test"))
                .prefixed("busa_")
                .writeTo(dir.resolve("a"));
        b.writeTo(dir.resolve("b"));
        List<String> sources = new ArrayList<>();
        a.sources().forEach(f -> sources.add("a/" + f));
        b.sources().forEach(f -> sources.add("b/" + f));
        assertTrue(
                a.sources().contains("busa_top.v") && b.sources().contains("busb_top.v"),
                a.sources() + " " + b.sources());
        Files.writeString(
                dir.resolve("both.v"),
                String.join(
                        "\n",
                        "`default_nettype none",
                        "module both (input wire clk, input wire rst, input wire [11:0] req, output wire [11:0] gnt);",
                        "    busa_top u_a (.clk(clk), .rst(rst), .req(req[6:0]), .gnt(gnt[6:0]));",
                        "    busb_top u_b (.clk(clk), .rst(rst), .req(req[11:7]), .gnt(gnt[11:7]));",
                        "endmodule",
                        ""));
        // Each design's folder is an include folder (its modules include ppbus_assert.vh).
        List<String> lint =
                new ArrayList<>(List.of("verilator", "--lint-only", "-Wall", "--top-module", "both", "-Ia", "-Ib"));
        lint.addAll(sources);
        lint.add("both.v");
        ExternalTool.Result r = ExternalTool.run(dir, 600, lint.toArray(new String[0]));
        assertEquals(0, r.exitCode(), r.output());
        assertEquals("", r.output().trim(), "verilator -Wall printed warnings");
        ExternalTool.Result build = ExternalTool.run(
                dir.resolve("a"),
                600,
                "iverilog",
                "-g2005",
                "-s",
                "tb_busa_top",
                "-o",
                "tb.vvp",
                "-c",
                "files.f",
                "tb_busa_top.v");
        assertEquals(0, build.exitCode(), build.output());
        ExternalTool.Result run = ExternalTool.run(dir.resolve("a"), 600, "vvp", "-n", "tb.vvp");
        assertTrue(run.output().contains("PASS: "), run.output());
    }
}
