package org.ppbus.cli.command;

import java.io.PrintStream;
import java.util.List;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.ppbus.cli.options.Cli;

/**
 * One {@code ppbus} command. The base does what every command does before its own work: it adds
 * {@code --help}, parses and checks the arguments ({@link Cli#parse}), picks the stream for readable
 * text (standard error when a report takes standard output), and answers {@code --help}. A command
 * says what it is ({@link #summary}, {@link #help}), what it reads ({@link #options}) and what it
 * does with it ({@link #execute}).
 */
public abstract class Command {
    /** What {@code ppbus C --help} prints above the options: the usage line(s), then what C does. */
    protected record Help(String usage, String description) {}

    /** What the command does, in one line of {@code ppbus --help}. */
    public abstract String summary();

    /** The command's help. */
    protected abstract Help help();

    /** The command's options, without {@code --help}, which every command has. */
    protected abstract Options options();

    /** Runs the command on its checked options; returns its exit code, as {@link #run} says. */
    protected abstract int execute(Invocation call) throws Exception;

    /** Runs the command: 0 done, 1 a finding (a violation, a divergence), 2 bad input, 130 interrupted. */
    public final int run(String[] args, PrintStream stdout, PrintStream err) throws Exception {
        Options o = options();
        o.addOption(Option.builder("h").longOpt("help").desc("show this help").build());
        CommandLine cl = Cli.parse(o, args);
        PrintStream text = Cli.text(cl, stdout, err);
        if (cl.hasOption("help")) {
            Help h = help();
            Cli.help(text, h.usage(), h.description() + "\n\n", o);
            return 0;
        }
        return execute(new Invocation(cl, List.of(args), text, stdout, err));
    }
}
