package org.ppbus.testbench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.ppbus.verilog.ExternalTool;

/** Builds and runs a testbench with Verilator, for the RTL tests (marked {@code @Verilator}). */
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
}
