package org.ppbus.verilog;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs an external program (iverilog, vvp, yosys, verilator) with a time limit and captures its output. */
public final class ExternalTool {
    private ExternalTool() {}

    /** What a run printed (stdout and stderr merged) and its exit code. */
    public record Result(int exitCode, String output) { }

    /** The Debian package that provides each tool, for the message when it is missing. */
    public static String packageOf(String tool) {
        return switch (tool) {
            case "iverilog", "vvp" -> "iverilog";
            case "verilator" -> "verilator";
            case "yosys" -> "yosys";
            case "nextpnr-ice40" -> "nextpnr-ice40";
            default -> tool;
        };
    }

    public static boolean available(String tool) {
        String path = System.getenv("PATH");
        if (path == null) {
            return false;
        }
        for (String dir : path.split(java.io.File.pathSeparator)) {
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
        require(command[0]);
        List<String> cmd = new ArrayList<>(List.of(command));
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(workDir.toFile()).redirectErrorStream(true);
        Path log = Files.createTempFile("ppbus-tool", ".log");
        try {
            pb.redirectOutput(log.toFile());
            Process p = pb.start();
            try {
                if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                    p.destroyForcibly();
                    throw new IOException(command[0] + " did not finish within " + timeoutSeconds + " s");
                }
            } catch (InterruptedException e) {
                p.destroyForcibly();
                Thread.currentThread().interrupt();
                throw new IOException(command[0] + " was interrupted");
            }
            return new Result(p.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(log);
        }
    }
}
