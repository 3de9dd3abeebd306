package org.ppbus.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code verify --algorithm A --rtl --no-search}: the proof of at most one gnt for a wired design. */
class WiredVerifyTest {
    @Test
    void aWiredDesignIsProvenAndItsReportSaysSo(@TempDir Path dir) throws Exception {
        RequiredTools.require("yosys", "yosys-abc");
        CliRun cli = new CliRun();
        Path json = dir.resolve("v.json");
        int code = cli.run(
                "verify",
                "--algorithm",
                "parallel-contention",
                "--nodes",
                "7",
                "--rtl",
                "--no-search",
                "--json",
                json.toString());
        assertEquals(0, code, cli.out() + cli.err());
        assertTrue(cli.out().contains("at most one gnt PROVEN"), cli.out());
        JsonNode p = new ObjectMapper().readTree(json.toFile()).path("rtlProof");
        assertTrue(p.path("proven").asBoolean(), p.toString());
        assertEquals("at most one gnt", p.path("property").asText());
    }

    @Test
    void whatAppliesToTheSearchAloneIsRefused() {
        CliRun cli = new CliRun();
        String[][] bad = {
            {"verify", "--algorithm", "daisy-chain", "--nodes", "7", "--rtl"},
            {"verify", "--algorithm", "daisy-chain", "--nodes", "7"},
            {"verify", "--algorithm", "daisy-chain", "--nodes", "7", "--rtl", "--no-search", "--rules", "literal"},
            {"verify", "--algorithm", "central-matrix", "--nodes", "1", "--rtl", "--no-search"},
            {"verify", "--algorithm", "lamport", "--nodes", "7", "--rtl", "--no-search"}
        };
        for (String[] args : bad) {
            assertEquals(2, cli.run(args), String.join(" ", args) + ": " + cli.out() + cli.err());
            assertEquals(1, cli.err().strip().lines().count(), cli.err());
        }
    }
}
