package org.ppbus.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ppbus.testbench.Reports;
import org.ppbus.testkit.Formal;
import org.ppbus.testkit.Search;

/**
 * ppbus in its own JVM, stopped the way a user stops it. The shutdown hook that Ctrl-C (SIGINT)
 * runs is the one SIGTERM runs, and SIGTERM reaches a child here even where the test runner was
 * started in the background with SIGINT ignored, so the tests send SIGTERM: the exit code is
 * then 143 instead of 130, and everything else is the same.
 */
class InterruptTest {

    private static Process start(Path dir, String jvmOptions, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(
                List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-XX:+UseSerialGC"));
        if (!jvmOptions.isEmpty()) {
            cmd.add(jvmOptions);
        }
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName()));
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd)
                .directory(dir.toFile())
                .redirectOutput(dir.resolve("out.txt").toFile())
                .redirectError(dir.resolve("err.txt").toFile())
                .start();
    }

    /**
     * Waits until the child JVM has used {@code millis} of CPU: the same amount of work done on an
     * idle or a loaded machine, where a fixed sleep would see less of it. Five minutes of wall
     * clock is only the guard.
     */
    private static void awaitCpu(Process p, long millis) throws Exception {
        long guard = System.nanoTime() + TimeUnit.MINUTES.toNanos(5);
        while (p.isAlive()
                && p.info().totalCpuDuration().map(Duration::toMillis).orElse(0L) < millis) {
            assertTrue(System.nanoTime() < guard, "the run used less than " + millis + " ms of CPU in 5 minutes");
            Thread.sleep(50);
        }
    }

    private static void terminate(Process p) throws Exception {
        assertEquals(
                0,
                new ProcessBuilder("kill", "-TERM", Long.toString(p.pid()))
                        .start()
                        .waitFor());
    }

    /** The must-show run: n = 1000 with every check, stopped after 5 s, ends within 2 s with a whole report. */
    @Test
    void aLongRunStopsWithinTwoSecondsAndLeavesACompleteReport(@TempDir Path dir) throws Exception {
        Process p = start(
                dir, "", "simulate", "--nodes", "1000", "--check", "--cycles", "1e7", "--json", "r.json", "--quiet");
        awaitCpu(p, 5000);
        assertTrue(p.isAlive(), Files.readString(dir.resolve("err.txt")));
        long t0 = System.nanoTime();
        terminate(p);
        assertTrue(p.waitFor(2, TimeUnit.SECONDS), "still running 2 s after the signal");
        double seconds = (System.nanoTime() - t0) / 1e9;
        assertEquals(143, p.exitValue(), Files.readString(dir.resolve("err.txt")));
        JsonNode r = Reports.mapper().readTree(dir.resolve("r.json").toFile());
        assertTrue(r.get("interrupted").asBoolean());
        assertTrue(r.get("cycles").asLong() > 0 && r.get("cycles").asLong() < 10_000_000);
        assertTrue(seconds < 2, "stopped after " + seconds + " s");
        assertTrue(Files.readString(dir.resolve("err.txt")).contains("interrupted at cycle"));
    }

    @Test
    void soakPrintsTheSummaryOfWhatFinished(@TempDir Path dir) throws Exception {
        Process p = start(
                dir,
                "",
                "soak",
                "--nodes",
                "3,7,13,31,57,133",
                "--loads",
                "0.1,1.0",
                "--latencies",
                "1,3",
                "--cycles",
                "2000000",
                "--threads",
                "1");
        awaitCpu(p, 4000);
        terminate(p);
        assertTrue(p.waitFor(5, TimeUnit.SECONDS));
        String out = Files.readString(dir.resolve("out.txt"), StandardCharsets.UTF_8);
        assertTrue(out.contains("of 24 points finished"), out);
        assertTrue(out.contains("(interrupted)"), out);
    }

    /** The interrupted soak's JSON has the points that finished (it was written after the JVM halted: never). */
    @Test
    void soakWritesTheReportsOfWhatFinished(@TempDir Path dir) throws Exception {
        Process p = start(
                dir,
                "",
                "soak",
                "--nodes",
                "3,7,13,31,57,133",
                "--loads",
                "0.1,1.0",
                "--latencies",
                "1,3",
                "--cycles",
                "2000000",
                "--threads",
                "1",
                "--json",
                "s.json");
        awaitCpu(p, 5000);
        terminate(p);
        assertTrue(p.waitFor(20, TimeUnit.SECONDS));
        JsonNode r = Reports.mapper().readTree(dir.resolve("s.json").toFile());
        int points = r.get("points").size();
        assertTrue(points > 0 && points < 24, "points written: " + points);
    }

    /**
     * An interrupted fault matrix writes every run that finished, with its seed, and says how many
     * of the planned ones that is (it used to report "0 of 8000" and write no JSON, because only the
     * finished runs before the first unfinished one counted, and every twin ran first).
     */
    @Test
    void faultsWritesTheRunsThatFinished(@TempDir Path dir) throws Exception {
        Process p = start(dir, "", "faults", "--nodes", "13", "--seeds", "2000", "--json", "f.json", "--threads", "1");
        awaitCpu(p, 6000);
        assertTrue(p.isAlive(), Files.readString(dir.resolve("err.txt")));
        terminate(p);
        assertTrue(p.waitFor(20, TimeUnit.SECONDS));
        JsonNode r = Reports.mapper().readTree(dir.resolve("f.json").toFile());
        assertTrue(r.get("interrupted").asBoolean());
        assertEquals(8000, r.get("runsPlanned").asInt());
        int runs = r.get("runs").size();
        assertTrue(runs > 0 && runs < 8000, "runs written: " + runs);
        String out = Files.readString(dir.resolve("out.txt"), StandardCharsets.UTF_8);
        assertTrue(out.contains(runs + " of 8000 runs"), out);
    }

    /** With a heap far too small for n = 13, verify stops with a clean INCOMPLETE result, never an internal error. */
    @Search
    @Test
    void verifyStopsIncompleteWhenTheHeapIsFull(@TempDir Path dir) throws Exception {
        Process p = start(dir, "-Xmx96m", "verify", "--nodes", "13", "--json", "v.json");
        assertTrue(p.waitFor(120, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), Files.readString(dir.resolve("err.txt")));
        String out = Files.readString(dir.resolve("out.txt"));
        // The guard stops at 80% of the heap; one expansion of n = 13 (2^13 successors) can still run
        // out first, which is reported the same way.
        assertTrue(out.contains("INCOMPLETE (memory limit") || out.contains("INCOMPLETE (out of memory"), out);
        JsonNode v = Reports.mapper().readTree(dir.resolve("v.json").toFile());
        assertTrue(!v.get("complete").asBoolean(), v.toString());
        assertTrue(v.get("stoppedBecause").asText().matches("(memory limit|out of memory).*"), v.toString());
    }

    /**
     * An interrupted RTL proof stops Yosys with the JVM, says the proof is undecided, and still
     * writes the JSON report, marked interrupted (it used to write nothing and say nothing).
     */
    @Test
    @Formal
    void anInterruptedRtlProofSaysSoAndWritesItsReport(@TempDir Path dir) throws Exception {
        Process p = start(dir, "", "verify", "--nodes", "13", "--rtl", "--no-search", "--json", "v.json");
        Thread.sleep(4000); // Yosys takes about 10 s on this proof
        assertTrue(p.isAlive(), Files.readString(dir.resolve("err.txt")));
        terminate(p);
        assertTrue(p.waitFor(20, TimeUnit.SECONDS), "still running 20 s after the signal");
        assertTrue(
                Files.readString(dir.resolve("out.txt")).contains("UNDECIDED: interrupted"),
                Files.readString(dir.resolve("out.txt")) + Files.readString(dir.resolve("err.txt")));
        JsonNode r = Reports.mapper().readTree(dir.resolve("v.json").toFile());
        assertTrue(r.get("interrupted").asBoolean());
        assertFalse(r.has("rtlProof"), r.toString());
    }

    /**
     * An interrupted view removes the scratch folder of the trace the page opened. Before, 7 runs
     * in 10 left it (the JVM halted before the server closed).
     */
    @Test
    void anInterruptedViewLeavesNoScratchFolder(@TempDir Path dir) throws Exception {
        Path tmp = Files.createDirectories(dir.resolve("tmp"));
        Process p = start(dir, "-Djava.io.tmpdir=" + tmp, "view", "--port", "0");
        String address = null;
        for (int i = 0; i < 200 && address == null; i++) {
            Thread.sleep(50);
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("(http://127\\.0\\.0\\.1:\\d+/)")
                    .matcher(Files.readString(dir.resolve("out.txt")));
            address = m.find() ? m.group(1) : null;
        }
        assertTrue(address != null, Files.readString(dir.resolve("err.txt")));
        String origin = address.substring(0, address.length() - 1);
        java.net.http.HttpResponse<String> r = java.net.http.HttpClient.newHttpClient()
                .send(
                        java.net.http.HttpRequest.newBuilder(java.net.URI.create(address + "api/open?nodes=3"))
                                .header("Origin", origin)
                                .POST(java.net.http.HttpRequest.BodyPublishers.ofString(
                                        "# ppbus request trace v1\n# nodes 3\n1 0 2\n"))
                                .build(),
                        java.net.http.HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode(), r.body());
        try (java.util.stream.Stream<Path> made = Files.list(tmp)) {
            assertTrue(
                    made.anyMatch(f -> f.getFileName().toString().startsWith("ppbus-view")), "no scratch folder made");
        }
        terminate(p);
        assertTrue(p.waitFor(20, TimeUnit.SECONDS), "still running 20 s after the signal");
        try (java.util.stream.Stream<Path> left = Files.list(tmp)) {
            assertEquals(
                    List.of(),
                    left.filter(f -> f.getFileName().toString().startsWith("ppbus-view"))
                            .toList());
        }
    }

    /**
     * The k-bus design's proof (a wired proof: pdr on the bus properties) interrupted while it runs
     * prints its properties as undecided because of the interrupt, writes its report marked
     * interrupted, and leaves no work folder in the temp folder. Before, it exited with nothing
     * printed, no report, and its work folder left behind.
     */
    @Test
    @Formal
    void anInterruptedWiredProofSaysSoWritesItsReportAndCleansUp(@TempDir Path dir) throws Exception {
        Path tmp = Files.createDirectories(dir.resolve("tmp"));
        Process p = start(
                dir,
                "-Djava.io.tmpdir=" + tmp,
                "verify",
                "--buses",
                "2",
                "--nodes",
                "3",
                "--rtl",
                "--no-search",
                "--json",
                "v.json");
        Thread.sleep(5000); // the proof takes about 35 s
        assertTrue(p.isAlive(), Files.readString(dir.resolve("err.txt")));
        terminate(p);
        assertTrue(p.waitFor(20, TimeUnit.SECONDS), "still running 20 s after the signal");
        String out = Files.readString(dir.resolve("out.txt"));
        assertTrue(out.contains("no bus held by two processors: UNDECIDED (interrupted)"), out);
        JsonNode r = Reports.mapper().readTree(dir.resolve("v.json").toFile());
        assertTrue(r.get("interrupted").asBoolean(), r.toString());
        try (java.util.stream.Stream<Path> left = Files.list(tmp)) {
            assertEquals(
                    List.of(),
                    left.filter(f -> f.getFileName().toString().startsWith("ppbus-wired-proof"))
                            .toList());
        }
    }

    /**
     * The liveness proof interrupted in its search for idle stretches (bmc3 running) keeps the
     * proofs that finished, says the idle bound is undecided because it was stopped, and writes the
     * report. Before, the tool's log was deleted under the proof reading it: a one-line error and no
     * report.
     */
    @Test
    @Formal
    void anInterruptedLivenessProofKeepsWhatFinished(@TempDir Path dir) throws Exception {
        Process p = start(
                dir,
                "",
                "verify",
                "--nodes",
                "3",
                "--rtl",
                "--liveness",
                "--no-search",
                "--keep",
                "k",
                "--json",
                "v.json");
        // bmc3 breaks G = 6 at once, then spends its 30 s on G = 7, which holds.
        Path searching = dir.resolve("k/idle-search/search-0.log");
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(240);
        while (!Files.exists(searching) && p.isAlive() && System.nanoTime() < until) {
            Thread.sleep(200);
        }
        Thread.sleep(1000);
        assertTrue(p.isAlive(), Files.readString(dir.resolve("out.txt")) + Files.readString(dir.resolve("err.txt")));
        terminate(p);
        assertTrue(p.waitFor(20, TimeUnit.SECONDS), "still running 20 s after the signal");
        String out = Files.readString(dir.resolve("out.txt"));
        assertEquals(143, p.exitValue(), out + Files.readString(dir.resolve("err.txt")));
        assertTrue(out.contains("idle at most G cycles while a request waits: undecided: stopped after"), out);
        assertFalse(out.contains("NOT RUN"), out);
        JsonNode r = Reports.mapper().readTree(dir.resolve("v.json").toFile());
        assertTrue(r.get("interrupted").asBoolean());
        JsonNode proof = r.get("rtlFaultProof");
        assertEquals("stopped", proof.get("ended").asText(), proof.toString());
        List<String> verdicts = new ArrayList<>();
        proof.get("properties").forEach(v -> verdicts.add(v.get("verdict").asText()));
        assertEquals(List.of("proven", "proven", "proven", "undecided"), verdicts, proof.toString());
        assertEquals(
                List.of(6),
                List.of(proof.get("waitBound").get("idleRefuted").get(0).asInt()),
                proof.toString());
    }
}
