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

    /**
     * Every design comes with its contract: the round robin's README states its own lone wait (1
     * cycle), its bound (M = 1), no proven worst case, every file beside it, and the counting's
     * WaveDrom file.
     */
    @Test
    void theRoundRobinComesWithItsOwnContract(@TempDir Path dir) throws Exception {
        assertEquals(0, cli.run("generate", "--algorithm", "central-rr", "--nodes", "5", "--out", dir.toString()));
        String readme = Files.readString(dir.resolve("README.md"));
        assertTrue(readme.contains("Contract of central-rr"), readme);
        assertTrue(readme.contains("waits 1 cycle;"), readme);
        assertTrue(readme.contains("at most M = 1 time (a_bounded_wait)"), readme);
        // B = 1 + (n - 1)(H + 1) at n = 5: 4H + 5.
        assertTrue(readme.contains("here 5 for H = 0, 9 for H = 1, 4H + 5 for any H."), readme);
        for (String f : new String[] {"ppbus_top.v", "ppbus_rr_arbiter.v", "ppbus_assert.vh", "timing.json"}) {
            assertTrue(readme.contains("- `" + f + "`"), f);
            assertTrue(Files.exists(dir.resolve(f)), f);
        }
        assertTrue(Files.readString(dir.resolve("timing.json")).contains("\"wave\": \"0.1.\""));
    }

    @Test
    void aWishboneBusComesWithItsTestbenchProofAndReadme(@TempDir Path dir) throws Exception {
        assertEquals(0, cli.run("generate", "--bus", "wishbone", "--nodes", "4", "--out", dir.toString()), cli.err());
        for (String f : new String[] {
            "ppbus_wb_interconnect.v",
            "tb_ppbus_wb_interconnect.v",
            "formal/ppbus_wb_proof.ys",
            "formal/ppbus_arbiter_contract.v",
            "ppbus_wb_interconnect.core"
        }) {
            assertTrue(Files.exists(dir.resolve(f)), f);
        }
        // files.f compiles the interconnect last and never the proof's stand-in for ppbus_top.
        String list = Files.readString(dir.resolve("files.f"));
        assertTrue(list.strip().endsWith("ppbus_wb_interconnect.v"), list);
        assertFalse(list.contains("formal/"), list);
        String core = Files.readString(dir.resolve("ppbus_wb_interconnect.core"));
        assertTrue(core.contains("toplevel: ppbus_wb_interconnect") && core.contains("tb_ppbus_wb_interconnect.v"));
        assertFalse(core.contains("formal/"), core);
        String readme = Files.readString(dir.resolve("README.md"));
        assertTrue(readme.contains("## The Wishbone B4 classic bus")
                && readme.contains("yosys -s formal/ppbus_wb_proof.ys"));
        assertTrue(readme.contains("--bus wishbone --out DIR"), readme);
    }

    @Test
    void aBusThatCannotBeBuiltIsBadInput(@TempDir Path dir) throws Exception {
        String out = dir.resolve("x").toString();
        assertEquals(2, cli.run("generate", "--bus", "axi", "--nodes", "4", "--out", out));
        assertEquals(
                "ppbus generate: --bus: unknown bus 'axi' (wishbone, wishbone-pipelined, axi4-lite)",
                cli.err().strip());
        assertEquals(2, cli.run("generate", "--bus", "wishbone", "--nodes", "1", "--out", out));
        assertEquals(
                2,
                cli.run(
                        "generate",
                        "--bus",
                        "wishbone-pipelined",
                        "--nodes",
                        "4",
                        "--rules",
                        "fixed+reclaim",
                        "--out",
                        out));
        assertEquals(1, cli.err().strip().lines().count(), cli.err());
        assertFalse(Files.exists(dir.resolve("x")));
    }

    /**
     * The pipelined bus around any design that keeps the contract: its interconnect last in files.f,
     * its testbench and proof beside it, its FuseSoC core named for it, and a README section that
     * names its properties and its command.
     */
    @Test
    void aPipelinedBusGoesAroundAnyDesign(@TempDir Path dir) throws Exception {
        assertEquals(
                0,
                cli.run(
                        "generate",
                        "--bus",
                        "wishbone-pipelined",
                        "--algorithm",
                        "central-rr",
                        "--nodes",
                        "4",
                        "--out",
                        dir.toString()),
                cli.err());
        for (String f : new String[] {
            "ppbus_wbp_interconnect.v",
            "tb_ppbus_wbp_interconnect.v",
            "formal/ppbus_wbp_proof.ys",
            "formal/ppbus_arbiter_contract.v",
            "ppbus_wbp_interconnect.core",
            "ppbus_rr_arbiter.v"
        }) {
            assertTrue(Files.exists(dir.resolve(f)), f);
        }
        assertTrue(Files.readString(dir.resolve("files.f")).strip().endsWith("ppbus_wbp_interconnect.v"));
        String readme = Files.readString(dir.resolve("README.md"));
        assertTrue(
                readme.contains("Wishbone B4 pipelined") && readme.contains("yosys -s formal/ppbus_wbp_proof.ys"),
                readme);
        assertTrue(readme.contains("a_lock_kept") && readme.contains("--bus wishbone-pipelined --out DIR"), readme);
    }

    /** The AXI4-Lite bus: the same layout, its own interconnect, testbench, proof and README section. */
    @Test
    void anAxiLiteBusGoesAroundAnyDesign(@TempDir Path dir) throws Exception {
        assertEquals(
                0,
                cli.run(
                        "generate",
                        "--bus",
                        "axi4-lite",
                        "--algorithm",
                        "central-matrix",
                        "--nodes",
                        "5",
                        "--out",
                        dir.toString()),
                cli.err());
        for (String f : new String[] {
            "ppbus_axil_interconnect.v",
            "tb_ppbus_axil_interconnect.v",
            "formal/ppbus_axil_proof.ys",
            "formal/ppbus_arbiter_contract.v",
            "formal/ppbus_contract.ys",
            "ppbus_axil_interconnect.core",
            "ppbus_matrix_arbiter.v"
        }) {
            assertTrue(Files.exists(dir.resolve(f)), f);
        }
        assertTrue(Files.readString(dir.resolve("files.f")).strip().endsWith("ppbus_axil_interconnect.v"));
        String readme = Files.readString(dir.resolve("README.md"));
        assertTrue(
                readme.contains("## The AXI4-Lite bus") && readme.contains("yosys -s formal/ppbus_axil_proof.ys"),
                readme);
        assertTrue(readme.contains("a_m_b_after_request") && readme.contains("--bus axi4-lite --out DIR"), readme);
    }
}
