package org.ppbus.cli.command;

import java.io.PrintStream;

/** One {@code ppbus} command: its line in the command list, and its run on its arguments. */
public interface Command {
    /** What the command does, in one line of {@code ppbus --help}. */
    String summary();

    /** Runs the command: 0 done, 1 a finding (a violation, a divergence), 2 bad input, 130 interrupted. */
    int run(String[] args, PrintStream out, PrintStream err) throws Exception;
}
