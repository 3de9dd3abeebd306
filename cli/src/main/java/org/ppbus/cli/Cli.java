package org.ppbus.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.DefaultParser;
import org.apache.commons.cli.HelpFormatter;
import org.apache.commons.cli.Options;
import org.apache.commons.cli.ParseException;

/** Shared option parsing and output helpers. */
final class Cli {
    private Cli() {}

    static CommandLine parse(Options options, String[] args) throws UsageException {
        try {
            CommandLine cl = new DefaultParser().parse(options, args);
            if (!cl.getArgList().isEmpty()) {
                throw new UsageException("unexpected argument '" + cl.getArgList().get(0) + "'");
            }
            return cl;
        } catch (ParseException e) {
            throw new UsageException(e.getMessage());
        }
    }

    static void help(PrintStream out, String usage, String header, Options options) {
        HelpFormatter f = new HelpFormatter();
        java.io.PrintWriter pw = new java.io.PrintWriter(out);
        f.printHelp(pw, 100, usage, header, options, 2, 2, null, false);
        pw.flush();
    }

    static long parseLong(String name, String value) throws UsageException {
        try {
            return Long.parseLong(value.trim().replace("_", ""));
        } catch (NumberFormatException e) {
            // Accept 1e6 style for cycle counts.
            try {
                double d = Double.parseDouble(value.trim());
                if (d == Math.rint(d) && Math.abs(d) < 9e18) {
                    return (long) d;
                }
            } catch (NumberFormatException ignored) {
                // fall through
            }
            throw new UsageException("--" + name + " expects an integer, got '" + value + "'");
        }
    }

    static int parseInt(String name, String value) throws UsageException {
        long v = parseLong(name, value);
        if (v > Integer.MAX_VALUE || v < Integer.MIN_VALUE) {
            throw new UsageException("--" + name + " is out of range: " + value);
        }
        return (int) v;
    }

    static double parseDouble(String name, String value) throws UsageException {
        try {
            double d = Double.parseDouble(value.trim());
            if (Double.isNaN(d)) {
                throw new NumberFormatException();
            }
            return d;
        } catch (NumberFormatException e) {
            throw new UsageException("--" + name + " expects a number, got '" + value + "'");
        }
    }

    /**
     * Writes a file atomically: to a temporary sibling first, then renamed over the target, so an
     * interrupted run never leaves a partial file under the final name.
     */
    static void writeAtomically(Path target, String content) throws IOException {
        Path abs = target.toAbsolutePath();
        Path dir = abs.getParent();
        if (dir != null) {
            Files.createDirectories(dir);
        }
        // A sibling in the same folder, so the rename is atomic; created with the usual permissions.
        Path tmp = abs.resolveSibling("." + abs.getFileName() + "." + ProcessHandle.current().pid() + ".tmp");
        try {
            Files.writeString(tmp, content);
            try {
                Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (java.nio.file.AtomicMoveNotSupportedException e) {
                Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }
}
