package org.ppbus.verilog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ppbus.verilog.proof.IdleInduction;

class ExternalToolTest {
    /**
     * A tool's lines reach the caller while it runs, not when it ends: a line printed 1.5 s before
     * the end arrives before the end (the build of a large design streams its progress this way),
     * and every line, the unterminated last one too, arrives once and in order.
     */
    @Test
    void linesStreamWhileTheToolRuns(@TempDir Path dir) throws IOException {
        List<String> lines = new ArrayList<>();
        List<Long> at = new ArrayList<>();
        ExternalTool.Result r = ExternalTool.run(
                dir,
                30,
                line -> {
                    lines.add(line);
                    at.add(System.nanoTime());
                },
                "sh",
                "-c",
                "echo first; sleep 1.5; echo second; printf third");
        long end = System.nanoTime();
        assertEquals(0, r.exitCode());
        assertEquals(List.of("first", "second", "third"), lines);
        assertEquals("first\nsecond\nthird", r.output());
        assertTrue(end - at.get(0) > 1_000_000_000L, "the first line came only at the end");
    }

    /**
     * A JVM stopped by a signal to it alone (kill PID, not Ctrl-C, which reaches the whole process
     * group) takes its tool down with it, and the tool's own children too: here a shell's sleep,
     * standing for the yosys-abc a yosys run starts. Before, both ran on orphaned. The file the
     * tool's output went to is deleted too.
     */
    @Test
    void aStoppedJvmLeavesNoToolRunning(@TempDir Path dir) throws Exception {
        Path javaBin = Path.of(System.getProperty("java.home"), "bin", "java");
        Path tmp = Files.createDirectories(dir.resolve("tmp"));
        Process jvm = new ProcessBuilder(
                        javaBin.toString(),
                        "-Djava.io.tmpdir=" + tmp,
                        "-cp",
                        System.getProperty("java.class.path"),
                        Orphan.class.getName(),
                        dir.toString())
                .redirectErrorStream(true)
                .start();
        ProcessHandle sleep = null;
        try {
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (sleep == null && System.nanoTime() < until) {
                sleep = jvm.descendants()
                        .filter(h -> h.info().command().orElse("").endsWith("/sleep"))
                        .findFirst()
                        .orElse(null);
                Thread.sleep(50);
            }
            assertTrue(sleep != null, "the child JVM never started its tool");
            jvm.destroy();
            assertTrue(jvm.waitFor(30, TimeUnit.SECONDS), "the child JVM did not stop");
            Optional<ProcessHandle> gone = Optional.ofNullable(
                    sleep.onExit().completeOnTimeout(null, 10, TimeUnit.SECONDS).get());
            assertTrue(gone.isPresent() && !sleep.isAlive(), "the tool's child outlived the JVM");
            try (Stream<Path> left = Files.list(tmp)) {
                assertEquals(List.of(), left.toList(), "the tool's output file was left behind");
            }
        } finally {
            jvm.destroyForcibly();
            if (sleep != null) {
                sleep.destroyForcibly();
            }
        }
    }

    /**
     * A budget counted in output decides the same whether the tool outruns the caller's look or
     * not: a tool that prints the line spending its budget and then its success at once, and one
     * that pauses between them, both end in {@link ExternalTool.BudgetSpent} with the output up
     * to that line, never the success after it. The slow one is killed well before it would end.
     */
    @Test
    void aBudgetCutsTheOutputAtTheLineThatSpentItHoweverFastTheToolRan(@TempDir Path dir) {
        String spend = "echo step 1; echo 'Solving problem with 800000 variables'; ";
        for (String pause : List.of("", "sleep 30; ")) {
            long t0 = System.nanoTime();
            ExternalTool.BudgetSpent e = org.junit.jupiter.api.Assertions.assertThrows(
                    ExternalTool.BudgetSpent.class,
                    () -> ExternalTool.run(
                            dir,
                            60,
                            line -> {},
                            line -> IdleInduction.overBudget(line, IdleInduction.MOST_VARIABLES),
                            "sh",
                            "-c",
                            spend + pause + "echo 'Induction step proven: SUCCESS!'"),
                    "pause '" + pause + "'");
            assertEquals("step 1\nSolving problem with 800000 variables\n", e.output(), "pause '" + pause + "'");
            assertTrue(System.nanoTime() - t0 < TimeUnit.SECONDS.toNanos(20), "the tool was not stopped at its budget");
        }
    }

    /** Below the budget nothing is cut: the same tool with a smaller problem ends by itself. */
    @Test
    void aProblemWithinTheBudgetRunsToItsEnd(@TempDir Path dir) throws IOException {
        ExternalTool.Result r = ExternalTool.run(
                dir,
                60,
                line -> {},
                line -> IdleInduction.overBudget(line, IdleInduction.MOST_VARIABLES),
                "sh",
                "-c",
                "echo 'Solving problem with 700000 variables'; echo 'Induction step proven: SUCCESS!'");
        assertEquals(0, r.exitCode());
        assertTrue(r.output().contains("SUCCESS"), r.output());
    }

    /** The child JVM: runs a tool that would take five minutes. */
    public static final class Orphan {
        public static void main(String[] args) throws IOException {
            ExternalTool.run(Path.of(args[0]), 600, "sh", "-c", "sleep 300 & wait");
        }
    }
}
