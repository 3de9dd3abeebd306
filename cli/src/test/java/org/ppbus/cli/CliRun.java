package org.ppbus.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** Runs {@code ppbus} in-process and keeps what it printed, for the command tests. */
public final class CliRun {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    /** Runs one command line; the previous output is forgotten. Returns the exit code. */
    public int run(String... args) {
        out.reset();
        err.reset();
        return Main.run(
                args,
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    public String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    public String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    /** Runs a command line that must be bad input: exit 2 and one line on stderr, no stack trace. */
    void assertOneLineUsageError(String... args) {
        assertEquals(2, run(args), out() + err());
        String e = err().trim();
        assertEquals(1, e.lines().count(), e);
        assertFalse(e.contains("Exception"), e);
    }
}
