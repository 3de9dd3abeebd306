package org.ppbus.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ppbus.testkit.Formal;

/** {@code verify --algorithm A --rtl --no-search}: the proof of at most one gnt for a wired design. */
@Formal
class WiredVerifyTest {
    /**
     * The wired proof: at most one gnt with req free, then every property named in the design's
     * ppbus_top.v with a_req_held assumed (parallel contention at n = 4: a_bounded_wait with M = 2
     * among them), each verdict with the environment it was proven in.
     */
    @Test
    void aWiredDesignIsProvenAndItsReportSaysSo(@TempDir Path dir) throws Exception {
        CliRun cli = new CliRun();
        Path json = dir.resolve("v.json");
        int code = cli.run(
                "verify",
                "--algorithm",
                "parallel-contention",
                "--nodes",
                "4",
                "--rtl",
                "--no-search",
                "--json",
                json.toString());
        assertEquals(0, code, cli.out() + cli.err());
        assertTrue(cli.out().contains("at most one gnt: PROVEN"), cli.out());
        assertTrue(cli.out().contains("a_bounded_wait: PROVEN"), cli.out());
        assertTrue(cli.out().contains(" a_req_held assumed,"), cli.out());
        JsonNode p = new ObjectMapper().readTree(json.toFile()).path("rtlProof");
        assertTrue(p.path("proven").asBoolean(), p.toString());
        assertEquals(
                "at most one gnt; a_bounded_wait; a_gnt_held; a_gnt_released; a_gnt_to_requester; a_one_gnt",
                p.path("property").asText());
        assertEquals("req free", p.path("properties").get(0).path("environment").asText());
        assertEquals(
                "a_req_held assumed",
                p.path("properties").get(1).path("environment").asText());
    }

    /** campos-carvalho-k's bus properties at n = 3, k = 2, each proven (docs/PROTOCOL.md). */
    @Test
    void theKBusDesignIsProvenPropertyByProperty(@TempDir Path dir) throws Exception {
        CliRun cli = new CliRun();
        Path json = dir.resolve("v.json");
        int code = cli.run("verify", "--buses", "2", "--nodes", "3", "--rtl", "--no-search", "--json", json.toString());
        assertEquals(0, code, cli.out() + cli.err());
        assertTrue(cli.out().contains("no bus held by two processors: PROVEN"), cli.out());
        JsonNode p = new ObjectMapper().readTree(json.toFile()).path("rtlProof");
        assertEquals(2, p.path("properties").size());
        p.path("properties").forEach(v -> assertTrue(v.path("proven").asBoolean(), v.toString()));
    }

    @Test
    void whatAppliesToTheSearchAloneIsRefused() {
        CliRun cli = new CliRun();
        String[][] bad = {
            {"verify", "--algorithm", "daisy-chain", "--nodes", "7", "--rtl"},
            {"verify", "--algorithm", "daisy-chain", "--nodes", "7"},
            {"verify", "--algorithm", "daisy-chain", "--nodes", "7", "--rtl", "--no-search", "--rules", "literal"},
            {"verify", "--algorithm", "central-matrix", "--nodes", "1", "--rtl", "--no-search"},
            {"verify", "--algorithm", "lamport", "--nodes", "7", "--rtl", "--no-search"},
            {"verify", "--buses", "2", "--nodes", "3", "--rtl"},
            {"verify", "--buses", "2", "--nodes", "3", "--faults", "drop"},
            {"verify", "--buses", "2", "--nodes", "3", "--async"},
            {"verify", "--buses", "2", "--nodes", "3", "--rules", "literal"},
            {"verify", "--buses", "5", "--nodes", "3"},
            {"verify", "--buses", "2", "--nodes", "3", "--rtl", "--no-search", "--algorithm", "central-rr"}
        };
        for (String[] args : bad) {
            assertEquals(2, cli.run(args), String.join(" ", args) + ": " + cli.out() + cli.err());
            assertEquals(1, cli.err().strip().lines().count(), cli.err());
        }
    }
}
