package org.ppbus.verilog;

import java.io.File;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.Predicate;

/** Runs an external program (iverilog, vvp, yosys, verilator) with a time limit and captures its output. */
public final class ExternalTool {
    private ExternalTool() {}

    /** What a run printed (stdout and stderr merged) and its exit code. */
    public record Result(int exitCode, String output) {
        /**
         * Killed from outside by SIGINT, SIGKILL or SIGTERM (the shell's 128 + signal): an interrupt
         * stops the tool with the JVM, and what it printed is then a part, not a failure.
         */
        public boolean killed() {
            int signal = exitCode - 128;
            return signal == 2 || signal == 9 || signal == 15;
        }

        /** This result, or {@link Stopped} when {@code tool} was {@link #killed}: for callers that need no part of its output. */
        public Result unlessKilled(String tool) throws Stopped {
            if (killed()) {
                throw new Stopped(tool);
            }
            return this;
        }
    }

    /**
     * A tool killed at its deadline, with what it printed until then: a caller that gave it a
     * budget reports its question undecided.
     */
    public static final class TimedOut extends IOException {
        private final transient String output;

        TimedOut(String tool, long seconds, String output) {
            super(tool + " did not finish within " + seconds + " s");
            this.output = output;
        }

        public String output() {
            return output;
        }
    }

    /**
     * A tool stopped by its caller's budget, counted in what the tool printed (variables of a SAT
     * problem, frames), never in time: its output up to and including the line that spent the
     * budget, so that what the caller reads does not depend on how far the tool got before it was
     * killed.
     */
    public static final class BudgetSpent extends IOException {
        private final transient String output;

        BudgetSpent(String tool, String output) {
            super(tool + " was stopped at its budget");
            this.output = output;
        }

        public String output() {
            return output;
        }
    }

    /**
     * A tool that an interrupt stopped, or that was not started because ppbus is stopping: the
     * caller reports what finished before it as undecided, not as an error.
     */
    public static final class Stopped extends IOException {
        public Stopped(String tool) {
            super(tool + " was stopped: ppbus is stopping");
        }
    }

    /** The Debian package that provides each tool, for the message when it is missing. */
    public static String packageOf(String tool) {
        return switch (tool) {
            case "iverilog", "vvp" -> "iverilog";
            case "verilator" -> "verilator";
            case "yosys", "yosys-abc" -> "yosys";
            case "nextpnr-ice40" -> "nextpnr-ice40";
            case "chromedriver" -> "chromium-driver";
            case "vcd2fst" -> "gtkwave";
            case "xvfb-run" -> "xvfb";
            default -> tool;
        };
    }

    /** The last n lines of a tool's output, joined with " | ", for a one-line error message. */
    public static String lastLines(String text, int n) {
        String[] l = text.strip().split("\n");
        return String.join(" | ", Arrays.asList(l).subList(Math.max(0, l.length - n), l.length));
    }

    public static boolean available(String tool) {
        String path = System.getenv("PATH");
        if (path == null) {
            return false;
        }
        for (String dir : path.split(File.pathSeparator)) {
            if (Files.isExecutable(Path.of(dir, tool))) {
                return true;
            }
        }
        return false;
    }

    /** Throws with a one-line message naming the Debian package when the tool is not on PATH. */
    public static void require(String tool) {
        if (!available(tool)) {
            throw new IllegalStateException(tool + " is not installed (apt-get install " + packageOf(tool) + ")");
        }
    }

    public static Result run(Path workDir, long timeoutSeconds, String... command) throws IOException {
        return run(workDir, timeoutSeconds, line -> {}, command);
    }

    /**
     * As above, passing each line of output to {@code lines} as it appears (a build of minutes can
     * then show where it is), besides returning all of it.
     */
    public static Result run(Path workDir, long timeoutSeconds, Consumer<String> lines, String... command)
            throws IOException {
        return run(workDir, timeoutSeconds, lines, line -> false, command);
    }

    /**
     * As above, with a budget: the first line of output for which {@code spent} is true stops the
     * tool, which throws {@link BudgetSpent} with the output up to that line. The time limit stays
     * an outer guard ({@link TimedOut}); the budget decides what the caller concludes.
     */
    public static Result run(
            Path workDir, long timeoutSeconds, Consumer<String> lines, Predicate<String> spent, String... command)
            throws IOException {
        require(command[0]);
        List<String> cmd = new ArrayList<>(List.of(command));
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(workDir.toFile()).redirectErrorStream(true);
        Path log = Files.createTempFile("ppbus-tool", ".log");
        // Deleted below; if the JVM halts first, by the JDK's own hook, which runs after every
        // application hook has finished, so never under a caller still reading it (an interrupted
        // proof reads what its tool printed before writing its report).
        log.toFile().deleteOnExit();
        try (RandomAccessFile tail = new RandomAccessFile(log.toFile(), "r")) {
            pb.redirectOutput(log.toFile());
            // If the JVM is stopped (a signal to it alone, not to its process group), the tool and
            // whatever it started must not run on orphaned: a proof would hold a core for an hour.
            // The hook goes in first, so that a tool is never started once the JVM is stopping.
            AtomicReference<Process> running = new AtomicReference<>();
            AtomicBoolean stopping = new AtomicBoolean();
            Thread reaper = new Thread(() -> {
                stopping.set(true);
                Process started = running.get();
                if (started != null) {
                    stop(started);
                }
            });
            try {
                Runtime.getRuntime().addShutdownHook(reaper);
            } catch (IllegalStateException shuttingDown) {
                throw new Stopped(command[0]);
            }
            try {
                Process p = pb.start();
                running.set(p);
                if (stopping.get()) {
                    stop(p);
                }
                return await(p, command[0], timeoutSeconds, tail, lines, spent, log);
            } finally {
                try {
                    Runtime.getRuntime().removeShutdownHook(reaper);
                } catch (IllegalStateException shuttingDown) {
                    // the hook is running or has run
                }
            }
        } finally {
            Files.deleteIfExists(log);
        }
    }

    /** Kills the tool and its descendants, which are collected first: once it is dead they are no longer its. */
    private static void stop(Process p) {
        List<ProcessHandle> all = new ArrayList<>(p.descendants().toList());
        all.add(0, p.toHandle());
        all.forEach(ProcessHandle::destroyForcibly);
    }

    private static Result await(
            Process p,
            String tool,
            long timeoutSeconds,
            RandomAccessFile tail,
            Consumer<String> lines,
            Predicate<String> spent,
            Path log)
            throws IOException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(timeoutSeconds);
        StringBuilder partial = new StringBuilder();
        StringBuilder read = new StringBuilder(); // every complete line so far, for a budget's cut
        Consumer<String> watched = line -> {
            read.append(line).append('\n');
            lines.accept(line);
        };
        try {
            while (!p.waitFor(200, TimeUnit.MILLISECONDS)) {
                if (follow(tail, partial, watched, spent)) {
                    stop(p);
                    throw new BudgetSpent(tool, read.toString());
                }
                if (System.nanoTime() > deadline) {
                    stop(p);
                    throw new TimedOut(tool, timeoutSeconds, Files.readString(log, StandardCharsets.UTF_8));
                }
            }
        } catch (InterruptedException e) {
            stop(p);
            Thread.currentThread().interrupt();
            throw new IOException(tool + " was interrupted");
        }
        // The tool ended by itself; a line that spent the budget before its end still decides, so
        // the outcome does not depend on whether the tool finished between two looks.
        while (tail.getFilePointer() < tail.length()) {
            if (follow(tail, partial, watched, spent)) {
                throw new BudgetSpent(tool, read.toString());
            }
        }
        if (partial.length() > 0) {
            lines.accept(partial.toString());
            if (spent.test(partial.toString())) {
                throw new BudgetSpent(tool, read + partial.toString());
            }
        }
        return new Result(p.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
    }

    /**
     * Passes on the complete lines written since the last call, up to the first for which {@code
     * spent} is true (then true, and the rest unread); keeps an unfinished one.
     */
    private static boolean follow(
            RandomAccessFile tail, StringBuilder partial, Consumer<String> lines, Predicate<String> spent)
            throws IOException {
        long length = tail.length();
        if (length <= tail.getFilePointer()) {
            return false;
        }
        byte[] fresh = new byte[(int) Math.min(1 << 20, length - tail.getFilePointer())];
        tail.readFully(fresh);
        partial.append(new String(fresh, StandardCharsets.UTF_8));
        int nl;
        while ((nl = partial.indexOf("\n")) >= 0) {
            String line = partial.substring(0, nl);
            partial.delete(0, nl + 1);
            lines.accept(line);
            if (spent.test(line)) {
                return true;
            }
        }
        return false;
    }
}
