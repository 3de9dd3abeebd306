package org.ppbus.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ppbus.bus.Sharing;
import org.ppbus.protocol.descriptor.Algorithm;
import org.ppbus.registry.Algorithms;
import org.ppbus.testkit.PlaceAndRoute;

@PlaceAndRoute
class ResultsCommandTest {

    /**
     * A short run of the documented command: the four comparison tables with a row per algorithm,
     * the plots it links, and the §6 claims whose values follow from the protocol (CcScenarioTest
     * derives them): first entry 2K, re-entry 0, worst case 4K, for K = 3, 4 and 8. The hardware
     * table at n = 3 only (its synthesis and place-and-route at n = 7 took 50 s; SizeCommandTest
     * checks the table's figures).
     */
    @Test
    void writesTheReportItsPlotsAndTheClaims(@TempDir Path dir) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Path report = dir.resolve("RESULTS.md");
        int code = Main.run(
                new String[] {
                    "results",
                    "--report",
                    report.toString(),
                    "--cycles",
                    "2000",
                    "--hardware-nodes",
                    "3",
                    "--soak-nodes",
                    "3,7",
                    "--quiet"
                },
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(0, code, err.toString(StandardCharsets.UTF_8));
        String md = Files.readString(report);
        for (String t : new String[] {
            "## n = 57, load 0.01", "## n = 57, load 0.2", "## n = 273, load 0.01", "## n = 273, load 0.2"
        }) {
            String section = md.substring(md.indexOf(t), md.indexOf("\n## ", md.indexOf(t) + 1));
            for (Algorithm a : Algorithms.serving(Sharing.SINGLE)) {
                assertTrue(section.contains("| " + a.name() + " |"), t + " has no row for " + a.name());
            }
            assertTrue(!section.contains("FAILED"), t);
        }
        // More than one bus: a table per kind of sharing, every run clean.
        String shared = md.substring(
                md.indexOf("## More than one bus"), md.indexOf("\n## ", md.indexOf("## More than one bus") + 1));
        for (String t : new String[] {"### k-exclusion", "### h-out-of-k", "### group mutual exclusion"}) {
            assertTrue(shared.contains(t), t);
        }
        assertTrue(
                shared.contains("| raymond-k | 13 | 2 |") && shared.contains("| cenci-groups | 31 | 1 | 1 | 5 |"),
                shared);
        assertFalse(shared.contains("FAILED"), shared);
        // The soak: every algorithm over the 2 sizes asked for x 4 loads x 2 latencies, each point a CSV row.
        String soak = md.substring(
                md.indexOf("## Every algorithm under every checker"),
                md.indexOf("\n## ", md.indexOf("## Every algorithm under every checker") + 1));
        for (Algorithm a : Algorithms.all()) {
            assertTrue(soak.contains("| " + a.name() + " | 16 | 0 |"), "soak row of " + a.name() + ":\n" + soak);
        }
        assertEquals(
                1 + 16 * Algorithms.all().size(),
                Files.readAllLines(dir.resolve("results/soak.csv")).size());
        assertTrue(soak.contains("(`results/soak.csv`)") || soak.contains("`results/soak.csv`"), soak);
        assertTrue(Files.size(dir.resolve("results/messages-vs-n_p0.01_L1.png")) > 1000);
        assertTrue(md.contains("(results/messages-vs-n_p0.01_L1.png)"));
        assertTrue(md.contains("## The hardware architect's table") && md.contains("### n = 3"), md);
        for (String k : new String[] {
            "7 (3) | 6 | 6 (4 remote) | holds",
            "13 (4) | 8 | 8 (6 remote) | holds",
            "57 (8) | 16 | 16 (14 remote) | holds",
            "7 (3) | 12 | 12 (10 remote) | holds",
            "57 (8) | 32 | 32 (30 remote) | holds",
            "7 (3) | 0 | 0 per re-entry | holds"
        }) {
            assertTrue(md.contains(k), "claims table lacks: " + k);
        }
    }
}
