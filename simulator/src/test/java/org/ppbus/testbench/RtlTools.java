package org.ppbus.testbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.ppbus.verilog.ExternalTool;
import org.ppbus.verilog.GeneratedDesign;

/** Builds and runs a testbench with Verilator or Icarus, for the RTL tests. */
final class RtlTools {
    private RtlTools() {}

    /**
     * Builds a testbench with Verilator's --binary --timing in {@code dir} (lint warnings off: the
     * design's own lint is RtlToolchainTest's), asserts that the build succeeded, runs it and
     * returns its output.
     *
     * @param sources the files or options naming what to compile, after the common options
     */
    static String verilatorRun(Path dir, String top, List<String> sources) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(
                "verilator",
                "--binary",
                "--timing",
                "-Wno-fatal",
                "-Wno-lint",
                "-Wno-style",
                "--top-module",
                top,
                "-o",
                "tb_run"));
        cmd.addAll(sources);
        ExternalTool.Result c = ExternalTool.run(dir, 600, cmd.toArray(new String[0]));
        assertEquals(0, c.exitCode(), ExternalTool.lastLines(c.output(), 10));
        return ExternalTool.run(dir, 300, "bash", "-c", "./obj_dir/tb_run").output();
    }

    /** A bus's own testbench in Icarus ({@link #icarus(GeneratedDesign, Path, String, String)}). */
    static String icarus(GeneratedDesign d, Path dir, org.ppbus.verilog.SystemBus.Mode mode) throws IOException {
        return icarus(d, dir, mode.top, mode.testbench());
    }

    /**
     * Writes a design, compiles {@code testbench} (top {@code tb_<top>}) with Icarus from its
     * files.f, asserts that it compiled, runs it and returns its output.
     */
    static String icarus(GeneratedDesign d, Path dir, String top, String testbench) throws IOException {
        d.writeTo(dir);
        ExternalTool.Result c = ExternalTool.run(
                dir, 300, "iverilog", "-g2005", "-s", "tb_" + top, "-o", "bus.vvp", "-c", "files.f", testbench);
        assertEquals(0, c.exitCode(), c.output());
        return ExternalTool.run(dir, 300, "vvp", "-n", "bus.vvp").output();
    }

    /**
     * Runs a bus proof (a Yosys script that ends in {@code sat -tempinduct}) on the design and on
     * each mutant of it, {@code {from, to}} replaced in its texts: the design's proof must succeed
     * and each mutant's must find a failing trace from the reset.
     */
    static void assertProofCatchesEachMutant(GeneratedDesign d, String proof, String[][] mutants, Path dir)
            throws IOException {
        d.writeTo(dir.resolve("good"));
        String good =
                ExternalTool.run(dir.resolve("good"), 600, "yosys", "-s", proof).output();
        assertTrue(good.contains("Induction step proven: SUCCESS!"), ExternalTool.lastLines(good, 10));
        for (String[] m : mutants) {
            GeneratedDesign mutant = d.map(t -> t.replace(m[0], m[1]));
            assertNotEquals(d.files(), mutant.files(), "the mutant changed the interconnect: " + m[1]);
            Path where = dir.resolve("m" + Integer.toHexString(m[1].hashCode()));
            mutant.writeTo(where);
            String bad = ExternalTool.run(where, 600, "yosys", "-s", proof).output();
            assertTrue(bad.contains("model found for base case: FAIL!"), m[1] + "\n" + ExternalTool.lastLines(bad, 10));
        }
    }

    /**
     * A bus's testbench run in Icarus and then Verilator: Icarus must print {@code pass} with no
     * assertion failure, n masters in its first group and every other group above zero (every kind
     * of event seen), and Verilator the same line. Returns Icarus's match.
     */
    static java.util.regex.Matcher passesInBothSimulators(
            GeneratedDesign d, Path dir, org.ppbus.verilog.SystemBus.Mode mode, java.util.regex.Pattern pass, int n)
            throws IOException {
        String ic = icarus(d, dir, mode);
        java.util.regex.Matcher m = pass.matcher(ic);
        assertTrue(m.find(), ic);
        assertEquals(n, Integer.parseInt(m.group(1)));
        for (int g = 2; g <= m.groupCount(); g++) {
            assertTrue(Integer.parseInt(m.group(g)) > 0, "group " + g + " of " + m.group());
        }
        assertTrue(!ic.contains("ASSERTION"), ic);
        String vl = verilatorRun(dir, "tb_" + mode.top, List.of("-F", "files.f", mode.testbench()));
        assertTrue(vl.contains(m.group()), vl + "\nagainst Icarus's " + m.group());
        return m;
    }
}
