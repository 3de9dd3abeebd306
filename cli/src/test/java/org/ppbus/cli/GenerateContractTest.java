package org.ppbus.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** generate writes the contract where the user of the RTL reads it: ppbus_top.v's head and README.md. */
class GenerateContractTest {
    private final CliRun cli = new CliRun();

    @Test
    void theTopAndTheReadmeStateTheContract(@TempDir Path dir) throws Exception {
        assertEquals(0, cli.run("generate", "--nodes", "13", "--latency", "2", "--out", dir.toString()), cli.err());
        String top = Files.readString(dir.resolve("ppbus_top.v"));
        String readme = Files.readString(dir.resolve("README.md"));
        for (String s : new String[] {
            "holds it high until gnt[i] rises", "falls in the cycle after req[i] falls", "2L + 1 = 5 cycles",
            "4L + 1 = 9 cycles", "synchronous, active high", "every gnt low"
        }) {
            assertTrue(top.contains(s), s);
            assertTrue(readme.contains(s), s);
        }
        // The README lists every file written, and the commands for each tool.
        for (String f :
                new String[] {"ppbus_top.v", "files.f", "tb_ppbus_top.v", "ppbus_top.core", "ppbus_assert.vh"}) {
            assertTrue(readme.contains("- `" + f + "`"), f);
            assertTrue(Files.exists(dir.resolve(f)), f);
        }
        assertTrue(readme.contains("verilator --lint-only") && readme.contains("iverilog") && readme.contains("yosys"));
        assertTrue(readme.contains("ppbus generate --nodes 13 --latency 2 --out DIR"), readme);
    }

    @Test
    void aPrefixRenamesTheReadmeToo(@TempDir Path dir) throws Exception {
        assertEquals(0, cli.run("generate", "--nodes", "7", "--prefix", "arb0_", "--out", dir.toString()), cli.err());
        String readme = Files.readString(dir.resolve("README.md"));
        assertTrue(readme.contains("- `arb0_top.v`") && readme.contains("- `arb0_top.core`"), readme);
        assertFalse(readme.contains("ppbus_top"), readme);
    }

    @Test
    void theRoundRobinReferenceHasNoContractReadme(@TempDir Path dir) throws Exception {
        assertEquals(0, cli.run("generate", "--algorithm", "central-rr", "--nodes", "5", "--out", dir.toString()));
        assertFalse(Files.exists(dir.resolve("README.md")));
    }
}
