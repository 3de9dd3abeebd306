package org.ppbus.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ppbus.testkit.PlaceAndRoute;
import org.ppbus.verilog.Designs;

/** {@code ppbus size}: one row per design, figures that follow from the designs, and bad input refused. */
class SizeCommandTest {
    /**
     * At n = 7 without place and route: every algorithm with RTL has a row, and where a design's
     * flip-flops follow from its RTL they are counted exactly: a central round robin keeps gnt and
     * the pointer mask (2n), the matrix gnt and the upper triangle (n + n(n - 1)/2), the chain gnt
     * and the grant register of each position and of its source (2n + 1), plus the served mark when
     * fair (3n + 1). Crash survivors are the derived ones: a central design loses everybody with node
     * 0 and nobody else with node n/2; the chain keeps the positions before the dead one; contention
     * keeps every live processor.
     */
    /**
     * A size one of the designs lacks is refused at once, naming the design, not after the designs
     * before it in the table were synthesised (central-matrix needs two processors). The bound is
     * in the answer, not in time: nothing is synthesised, so no yosys is needed.
     */
    @Test
    void aSizeADesignLacksIsRefusedBeforeAnyRow() {
        CliRun cli = new CliRun();
        assertEquals(2, cli.run("size", "--nodes", "1", "--no-pnr"), cli.out() + cli.err());
        assertEquals(
                "ppbus size: --nodes: central-matrix needs at least 2 processors, and size has a row for every design,"
                        + " got 1",
                cli.err().trim());
        assertEquals("", cli.out());
    }

    /**
     * --buses names the k of the k-bus rows: at n = 3, k = 2 only gives one campos-carvalho-k row,
     * after the one-bus designs; a k outside 2..n is a one-line error.
     */
    @Test
    @PlaceAndRoute
    void busesNamesTheKBusRows() {
        CliRun cli = new CliRun();
        assertEquals(0, cli.run("size", "--nodes", "3", "--buses", "2", "--no-pnr", "--cycles", "200"), cli.err());
        assertTrue(cli.out().contains("campos-carvalho-k (k = 2)"), cli.out());
        assertFalse(cli.out().contains("(k = 3)"), cli.out());
        assertEquals(2, cli.run("size", "--nodes", "3", "--buses", "4"));
        assertEquals(
                "ppbus size: --buses: each k of a k-bus row is 2 to n (3), got 4 (give 1 alone for no k-bus row)",
                cli.err().trim());
    }

    @Test
    @PlaceAndRoute
    void everyDesignHasARowWithTheFiguresItsRtlImplies(@TempDir Path dir) throws Exception {
        CliRun cli = new CliRun();
        Path json = dir.resolve("s.json");
        Path csv = dir.resolve("s.csv");
        int code = cli.run(
                "size",
                "--nodes",
                "7",
                "--no-pnr",
                "--cycles",
                "2000",
                "--json",
                json.toString(),
                "--csv",
                csv.toString());
        assertEquals(0, code, cli.out() + cli.err());
        JsonNode root = new ObjectMapper().readTree(json.toFile());
        Map<String, JsonNode> rows = new HashMap<>();
        root.path("algorithms").forEach(r -> rows.put(r.path("algorithm").asText(), r));
        List<String> expected = new java.util.ArrayList<>(Designs.names());
        expected.addAll(List.of("campos-carvalho-k (k = 2)", "campos-carvalho-k (k = 3)"));
        assertEquals(expected, List.copyOf(rowsInOrder(root)));
        int n = 7;
        assertEquals(2 * n, rows.get("central-rr").path("dff").asInt());
        assertEquals(2 * n, rows.get("central-prefix-rr").path("dff").asInt());
        assertEquals(n + n * (n - 1) / 2, rows.get("central-matrix").path("dff").asInt());
        assertEquals(2 * n + 1, rows.get("daisy-chain").path("dff").asInt());
        assertEquals(3 * n + 1, rows.get("daisy-chain-fair").path("dff").asInt());
        // k planes, each the one-bus network, and per processor a chooser of 4k + 1 flip-flops
        // (the planes' gnt as last seen, the bus held before, req per plane, the let-goes, req).
        int plane = rows.get("campos-carvalho").path("dff").asInt();
        for (int k = 2; k <= 3; k++) {
            JsonNode r = rows.get("campos-carvalho-k (k = " + k + ")");
            assertEquals(k * plane + n * (4 * k + 1), r.path("dff").asInt());
            assertEquals(
                    k * rows.get("campos-carvalho").path("wiresPerNode").asDouble(),
                    r.path("wiresPerNode").asDouble());
            assertEquals(k, r.path("overtakeBound").asInt(), "k max(1, L) at L = 1");
        }
        for (JsonNode r : rows.values()) {
            assertTrue(r.path("lut4").asInt() > 0, r.toString());
            assertTrue(r.path("fmaxMhz").isNull(), "no Fmax without place and route");
            for (String load : new String[] {"light", "heavy"}) {
                JsonNode w = r.path(load);
                assertTrue(w.path("waitP50").asLong() <= w.path("waitP99").asLong(), r.toString());
                assertTrue(w.path("waitP99").asLong() <= w.path("waitMax").asLong(), r.toString());
            }
        }
        assertEquals(
                0,
                rows.get("central-matrix")
                        .path("survivorsAfterCrash")
                        .path("node0")
                        .asInt());
        assertEquals(
                n - 1,
                rows.get("central-matrix")
                        .path("survivorsAfterCrash")
                        .path("nodeHalf")
                        .asInt());
        assertEquals(
                n / 2,
                rows.get("daisy-chain")
                        .path("survivorsAfterCrash")
                        .path("nodeHalf")
                        .asInt());
        assertEquals(
                n - 1,
                rows.get("parallel-contention")
                        .path("survivorsAfterCrash")
                        .path("node0")
                        .asInt());
        assertTrue(rows.get("daisy-chain").path("overtakeBound").isNull());
        assertFalse(rows.get("daisy-chain").path("starvationFree").asBoolean());
        assertEquals(2, rows.get("parallel-contention").path("overtakeBound").asInt());
        List<String> lines = Files.readAllLines(csv);
        assertEquals(1 + expected.size(), lines.size());
        assertTrue(lines.get(0).startsWith("algorithm,lut4,carry,dff,fmax_mhz"));
        assertTrue(cli.out().contains("parallel-contention"), cli.out());
        busRowsCountTheInterconnectsRegisters(cli.out(), n);
    }

    /**
     * The buses' table: a row per bus, whose flip-flops follow from the interconnect's RTL (its
     * checks compiled out): both Wishbone buses keep one asked flag per master (n); AXI4-Lite keeps
     * asked, busy, release and read-next per master (4n), three handshake flags, and its phase (2
     * bits, or 3 where Yosys recodes the 3-state machine one-hot).
     */
    private static void busRowsCountTheInterconnectsRegisters(String out, int n) {
        Map<String, Integer> dff = new HashMap<>();
        java.util.regex.Matcher m = java.util.regex.Pattern.compile(
                        "(?m)^(wishbone|wishbone-pipelined|axi4-lite)" + " +(\\d+) +(\\d+) +(\\d+) +-$")
                .matcher(out);
        while (m.find()) {
            assertTrue(Integer.parseInt(m.group(2)) > 0, m.group());
            dff.put(m.group(1), Integer.parseInt(m.group(3)));
        }
        assertEquals(n, dff.get("wishbone"), out);
        assertEquals(n, dff.get("wishbone-pipelined"), out);
        int axi = dff.get("axi4-lite");
        assertTrue(axi == 4 * n + 5 || axi == 4 * n + 6, out);
    }

    private static List<String> rowsInOrder(JsonNode root) {
        List<String> names = new java.util.ArrayList<>();
        root.path("algorithms").forEach(r -> names.add(r.path("algorithm").asText()));
        return names;
    }

    @Test
    void badInputIsOneLineAndExitTwo(@TempDir Path dir) {
        CliRun cli = new CliRun();
        String same = dir.resolve("x").toString();
        String[][] bad = {
            {"size"},
            {"size", "--nodes", "7", "--light", "0"},
            {"size", "--nodes", "7", "--heavy", "nine"},
            {"size", "--nodes", "7", "--cycles", "5"},
            {"size", "--nodes", "7", "--json", same, "--csv", same},
            {"size", "--nodes", "0"}
        };
        for (String[] args : bad) {
            assertEquals(2, cli.run(args), String.join(" ", args) + ": " + cli.err());
            assertEquals(1, cli.err().strip().lines().count(), cli.err());
            assertTrue(cli.out().isEmpty(), cli.out());
        }
    }
}
