package org.ppbus.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SweepCommandTest {
    private final CliRun cli = new CliRun();

    private int run(String... args) {
        return cli.run(args);
    }

    private static final String[] SMALL = {
        "--algorithms",
        "campos-carvalho,ricart-agrawala,token-ring",
        "--nodes",
        "3,7",
        "--loads",
        "0.05,1.0",
        "--seeds",
        "2",
        "--cycles",
        "3000",
        "--quiet"
    };

    private static String[] with(String... more) {
        return Stream.concat(Stream.of("sweep"), Stream.concat(Stream.of(SMALL), Stream.of(more)))
                .toArray(String[]::new);
    }

    private static long files(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.toString().endsWith(".json")).count();
        }
    }

    /** 3 algorithms × 2 n × 2 loads × 2 seeds = 24 points: 24 files, a CSV of 24 rows, 4 kinds of chart × 2 formats. */
    @Test
    void writesOneFilePerPointACsvAndPlots(@TempDir Path dir) throws IOException {
        assertEquals(0, run(with("--out", dir.toString())), cli.err());
        assertEquals(24, files(dir.resolve("points")));
        List<String> csv = Files.readAllLines(dir.resolve("sweep.csv"));
        assertEquals(25, csv.size());
        assertTrue(csv.get(0).startsWith("algorithm,nodes,load,latency,seed"));
        // messages-vs-n per load (2), wait and utilisation per n (2 each): 6 charts, PNG and SVG.
        for (String f : new String[] {"messages-vs-n_p0.05_L1", "wait-vs-load_n7_L1", "utilisation-vs-load_n3_L1"}) {
            byte[] png = Files.readAllBytes(dir.resolve(f + ".png"));
            assertEquals((byte) 0x89, png[0]);
            assertEquals('P', png[1]);
            assertTrue(Files.readString(dir.resolve(f + ".svg")).contains("<svg"));
        }
    }

    /** A rerun skips every finished point; a damaged point file is run again. */
    @Test
    void resumesAndRepairs(@TempDir Path dir) throws IOException {
        assertEquals(0, run(with("--out", dir.toString())));
        String first = Files.readString(dir.resolve("sweep.csv"));
        assertEquals(0, run(with("--out", dir.toString())));
        assertTrue(cli.err().contains("24 already done, 0 to run"), cli.err());
        Path victim;
        try (Stream<Path> s = Files.list(dir.resolve("points"))) {
            victim = s.sorted().findFirst().orElseThrow();
        }
        Files.writeString(victim, "{\"truncated\": ");
        assertEquals(0, run(with("--out", dir.toString())));
        assertTrue(cli.err().contains("23 already done, 1 to run"), cli.err());
        assertEquals(first, Files.readString(dir.resolve("sweep.csv")));
    }

    /**
     * Three shards in three runs into one folder give the same points, and, merged, the same CSV
     * byte for byte, as one run: each point is a deterministic function of its seed, wherever it
     * runs (a shard writes only its points; --merge writes the CSV).
     */
    @Test
    void shardsTogetherEqualTheWholeSweep(@TempDir Path whole, @TempDir Path sharded) throws IOException {
        assertEquals(0, run(with("--out", whole.toString())));
        long[] sizes = new long[3];
        for (int i = 1; i <= 3; i++) {
            assertEquals(0, run(with("--out", sharded.toString(), "--shard", i + "/3")));
            sizes[i - 1] = files(sharded.resolve("points"));
        }
        assertEquals(8, sizes[0]);
        assertEquals(16, sizes[1]);
        assertEquals(24, sizes[2]);
        assertFalse(Files.exists(sharded.resolve("sweep.csv")), "a shard wrote a CSV");
        assertEquals(0, run(with("--out", sharded.toString(), "--merge")));
        assertEquals(Files.readString(whole.resolve("sweep.csv")), Files.readString(sharded.resolve("sweep.csv")));
    }

    @Test
    void badValuesAreUsageErrors(@TempDir Path dir) {
        assertEquals(2, run(with("--out", dir.toString(), "--shard", "0/3")));
        assertTrue(cli.err().contains("1 <= i <= k"), cli.err());
        assertEquals(2, run(with("--out", dir.toString(), "--shard", "4/3")));
        assertEquals(2, run(with("--out", dir.toString(), "--shard", "x")));
        assertEquals(2, run("sweep", "--nodes", "7"));
        assertEquals(2, run("sweep", "--out", dir.toString(), "--algorithms", "suzuki-kasami"));
        assertEquals(2, run("sweep", "--out", dir.toString(), "--loads", "1.5"));
        assertEquals(1, cli.err().strip().lines().count(), cli.err());
    }

    /** An output folder that cannot be made: one line naming it, exit 2, nothing else. */
    @Test
    void anUnusableOutputFolderIsNamed(@TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve("plain-file"), "x");
        assertEquals(2, run(with("--out", file.resolve("sub").toString())));
        assertEquals(1, cli.err().strip().lines().count(), cli.err());
        assertTrue(cli.err().contains("cannot write into " + file.resolve("sub")), cli.err());
    }
}
