package org.ppbus.testbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ppbus.testkit.Formal;
import org.ppbus.testkit.Verilator;
import org.ppbus.verilog.ExternalTool;
import org.ppbus.verilog.GeneratedDesign;
import org.ppbus.verilog.PlanesVerilogGenerator;
import org.ppbus.verilog.proof.PlanesBusProof;
import org.ppbus.verilog.proof.RtlFaultProof;

/**
 * campos-carvalho-k's RTL (k planes and a chooser per processor): lint-clean, and ABC's proof that
 * no bus has two holders and each holder holds one bus, with req free; a chooser that names bus 0
 * for every grant breaks the first, one that keeps every grant the second.
 */
@Formal
@Verilator
class PlanesRtlTest {
    private static final long LIMIT = 600;

    @Test
    void lintCleanAndProvenWithMutantsThatFail(@TempDir Path dir) throws IOException {
        for (int[] size : new int[][] {{3, 2}, {7, 2}, {7, 3}}) {
            GeneratedDesign d = new PlanesVerilogGenerator("test").generate(size[0], 1, size[1]);
            Path lintDir = dir.resolve("lint" + size[0] + "_" + size[1]);
            d.writeTo(lintDir);
            ExternalTool.Result lint = ExternalTool.run(
                    lintDir, 600, "verilator", "--lint-only", "-Wall", "-f", "files.f", "--top-module", "ppbus_top");
            assertEquals(0, lint.exitCode(), lint.output());
            assertEquals("", lint.output().trim(), "verilator -Wall printed warnings");
        }
        GeneratedDesign d = new PlanesVerilogGenerator("test").generate(3, 1, 2);
        RtlFaultProof.Result good = PlanesBusProof.prove(d, 3, 2, LIMIT, dir.resolve("good"), l -> {});
        assertTrue(good.proven(), good.verdicts() + "\n" + good.log());
        GeneratedDesign allBusZero =
                d.map(t -> t.replace("assign bus   = held;", "assign bus   = {{(K - 1){1'b0}}, |held};"));
        assertTrue(!allBusZero.files().equals(d.files()));
        RtlFaultProof.Result b0 = PlanesBusProof.prove(allBusZero, 3, 2, LIMIT, dir.resolve("b0"), l -> {});
        assertTrue(
                b0.of(PlanesBusProof.PROPERTIES.get(0)).broken(), b0.verdicts().toString());
        GeneratedDesign keepAll = d.map(t -> t.replace("? lowest :", "? rose :"));
        assertTrue(!keepAll.files().equals(d.files()));
        RtlFaultProof.Result ka = PlanesBusProof.prove(keepAll, 3, 2, LIMIT, dir.resolve("ka"), l -> {});
        assertTrue(
                ka.of(PlanesBusProof.PROPERTIES.get(1)).broken(), ka.verdicts().toString());
        assertEquals(List.of(true, true), List.of(ka.anyBroken(), b0.anyBroken()));
    }
}
