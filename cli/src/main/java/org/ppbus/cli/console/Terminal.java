package org.ppbus.cli.console;

import com.sun.jna.Library;
import com.sun.jna.Native;

/**
 * Whether standard error is a terminal, asked of the C library (JNA is already on the classpath
 * for co-simulation). {@code System.console()} would ask about standard input and output instead,
 * so a progress bar would vanish as soon as stdout is redirected to a file.
 */
final class Terminal {
    private interface LibC extends Library {
        int isatty(int fd);
    }

    private static final boolean STDERR = ask();

    private Terminal() {}

    static boolean stderr() {
        return STDERR;
    }

    private static boolean ask() {
        try {
            return Native.load("c", LibC.class).isatty(2) == 1;
        } catch (Throwable e) {
            return System.console() != null; // no libc to ask: the old, narrower answer
        }
    }
}
