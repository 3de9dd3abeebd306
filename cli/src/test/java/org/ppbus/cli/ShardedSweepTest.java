package org.ppbus.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A sweep on a cluster: shards in separate processes, one folder, then a merge. */
class ShardedSweepTest {
    private static final List<String> SWEEP = List.of(
            "sweep",
            "--algorithms",
            "campos-carvalho,lamport,raymond",
            "--nodes",
            "7,13",
            "--loads",
            "0.01,0.2",
            "--cycles",
            "3000",
            "--quiet",
            "--threads",
            "1");

    private static int inProcess(List<String> args, ByteArrayOutputStream err) {
        return Main.run(
                args.toArray(String[]::new),
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private static List<String> with(List<String> base, String... more) {
        List<String> a = new ArrayList<>(base);
        a.addAll(List.of(more));
        return a;
    }

    @Test
    void threeShardsInSeparateProcessesMergeToTheUnshardedSweep(@TempDir Path dir) throws Exception {
        Path whole = dir.resolve("whole");
        Path sharded = dir.resolve("sharded");
        assertEquals(0, inProcess(with(SWEEP, "--out", whole.toString()), new ByteArrayOutputStream()));

        List<Process> shards = new ArrayList<>();
        for (int i = 1; i <= 3; i++) {
            List<String> cmd = new ArrayList<>(List.of(
                    Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-cp",
                    System.getProperty("java.class.path"),
                    Main.class.getName()));
            cmd.addAll(with(SWEEP, "--out", sharded.toString(), "--shard", i + "/3"));
            shards.add(new ProcessBuilder(cmd)
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start());
        }
        for (Process p : shards) {
            assertTrue(p.waitFor(300, TimeUnit.SECONDS));
            assertEquals(0, p.exitValue());
        }
        assertFalse(Files.exists(sharded.resolve("sweep.csv")), "a shard wrote a CSV");
        assertEquals(0, inProcess(with(SWEEP, "--out", sharded.toString(), "--merge"), new ByteArrayOutputStream()));
        assertEquals(Files.readString(whole.resolve("sweep.csv")), Files.readString(sharded.resolve("sweep.csv")));

        // One point gone: the merge refuses and names it.
        Path gone;
        try (var s = Files.list(sharded.resolve("points"))) {
            gone = s.sorted().findFirst().orElseThrow();
        }
        Files.delete(gone);
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        assertEquals(1, inProcess(with(SWEEP, "--out", sharded.toString(), "--merge"), err));
        String name = gone.getFileName().toString().replace(".json", "");
        assertTrue(
                err.toString(StandardCharsets.UTF_8).contains("1 of 12 points are missing")
                        && err.toString(StandardCharsets.UTF_8).contains(name),
                err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void listPrintsOneCommandPerPoint(@TempDir Path dir) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        List<String> args = with(SWEEP, "--out", dir.toString(), "--list");
        assertEquals(
                0,
                Main.run(
                        args.toArray(String[]::new),
                        new PrintStream(out, true, StandardCharsets.UTF_8),
                        new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8)));
        List<String> lines = out.toString(StandardCharsets.UTF_8).lines().toList();
        assertEquals(12, lines.size());
        assertTrue(lines.get(0).endsWith("--shard 1/12") && lines.get(11).endsWith("--shard 12/12"), lines.get(0));
        assertFalse(lines.get(0).contains("--list"));
    }
}
