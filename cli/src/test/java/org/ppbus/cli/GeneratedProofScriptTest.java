package org.ppbus.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ppbus.testkit.Formal;
import org.ppbus.verilog.ExternalTool;

/**
 * The proof a generated folder carries runs as its README says, with the installed tools alone,
 * from the folder: it proves every named port property of the design, and a starving mutant of the
 * same folder (a round robin whose pointer never moves) is counted as disproved.
 */
@Formal
class GeneratedProofScriptTest {
    private static String prove(Path dir) throws Exception {
        ExternalTool.Result y = ExternalTool.run(dir, 300, "yosys", "-q", "-s", "formal/ppbus_contract.ys");
        assertEquals(0, y.exitCode(), y.output());
        return ExternalTool.run(dir, 600, "yosys-abc", "-f", "formal/ppbus_contract.abc")
                .output();
    }

    @Test
    void theFoldersOwnScriptsProveItsContract(@TempDir Path dir) throws Exception {
        CliRun cli = new CliRun();
        assertEquals(
                0,
                cli.run("generate", "--algorithm", "central-rr", "--nodes", "6", "--out", dir.toString()),
                cli.err());
        String readme = Files.readString(dir.resolve("README.md"));
        assertTrue(
                readme.contains("yosys -q -s formal/ppbus_contract.ys && yosys-abc -f formal/ppbus_contract.abc"),
                readme);
        String good = prove(dir);
        assertTrue(good.contains("Properties:  All = 5. Proved = 5. Disproved = 0."), ExternalTool.lastLines(good, 3));

        Path rr = dir.resolve("ppbus_rr_arbiter.v");
        String text = Files.readString(rr);
        String mutant = text.replace("mask_q <= ~((pick << 1) - ONE);", "mask_q <= {N{1'b1}};");
        assertTrue(!mutant.equals(text), "mutation not applied");
        Files.writeString(rr, mutant);
        String bad = prove(dir);
        assertTrue(bad.contains("Disproved = 1."), ExternalTool.lastLines(bad, 3));
    }
}
