package org.ppbus.cli.command;

import java.io.PrintStream;
import java.util.List;
import org.apache.commons.cli.CommandLine;

/**
 * One run of a command: its parsed options and its streams.
 *
 * @param options the arguments, parsed and checked
 * @param arguments the arguments as given, for a command that prints a command line of its own
 * @param text where the readable report goes: standard output, or standard error when a report
 *     (--json -, --csv -) takes standard output
 * @param stdout standard output, for the reports written to {@code -}
 * @param err standard error: progress, warnings, errors
 */
public record Invocation(
        CommandLine options, List<String> arguments, PrintStream text, PrintStream stdout, PrintStream err) {
    public Invocation {
        arguments = List.copyOf(arguments);
    }
}
