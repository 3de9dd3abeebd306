package org.ppbus.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.FileSystemException;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.ppbus.cli.command.Command;
import org.ppbus.cli.command.CompareCommand;
import org.ppbus.cli.command.CosimCommand;
import org.ppbus.cli.command.FaultsCommand;
import org.ppbus.cli.command.GenerateCommand;
import org.ppbus.cli.command.PlaneCommand;
import org.ppbus.cli.command.ResultsCommand;
import org.ppbus.cli.command.SimulateCommand;
import org.ppbus.cli.command.SizeCommand;
import org.ppbus.cli.command.SoakCommand;
import org.ppbus.cli.command.SweepCommand;
import org.ppbus.cli.command.SynthCommand;
import org.ppbus.cli.command.VerifyCommand;
import org.ppbus.cli.command.ViewCommand;
import org.ppbus.cli.options.RunOption;
import org.ppbus.cli.options.UsageException;
import org.ppbus.cli.options.Version;
import org.ppbus.testbench.ConfigException;

/**
 * {@code ppbus COMMAND [OPTIONS]}. Exit codes: 0 success, 1 the run found a violation (or the
 * command failed), 2 bad usage or input, 130 interrupted.
 */
public final class Main {
    private Main() {}

    static Map<String, Command> commands() {
        Map<String, Command> m = new TreeMap<>();
        m.put("simulate", new SimulateCommand());
        m.put("plane", new PlaneCommand());
        m.put("soak", new SoakCommand());
        m.put("generate", new GenerateCommand());
        m.put("synth", new SynthCommand());
        m.put("size", new SizeCommand());
        m.put("cosim", new CosimCommand());
        m.put("compare", new CompareCommand());
        m.put("sweep", new SweepCommand());
        m.put("results", new ResultsCommand());
        m.put("verify", new VerifyCommand());
        m.put("faults", new FaultsCommand());
        m.put("view", new ViewCommand());
        return m;
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        Map<String, Command> commands = commands();
        if (args.length == 0 || args[0].equals("--help") || args[0].equals("-h") || args[0].equals("help")) {
            if (args.length >= 2 && commands.containsKey(args[1])) {
                return run(new String[] {args[1], "--help"}, out, err);
            }
            printHelp(out, commands);
            return args.length == 0 ? 2 : 0;
        }
        if (args[0].equals("--version")) {
            out.println("ppbus " + Version.VERSION);
            return 0;
        }
        Command c = commands.get(args[0]);
        if (c == null) {
            err.println("ppbus: unknown command '" + args[0] + "' (try: ppbus --help)");
            return 2;
        }
        try {
            return c.run(Arrays.copyOfRange(args, 1, args.length), out, err);
        } catch (ConfigException e) {
            err.println("ppbus " + args[0] + ": " + RunOption.usage(e).getMessage());
            return 2;
        } catch (UsageException | IllegalArgumentException e) {
            err.println("ppbus " + args[0] + ": " + e.getMessage());
            return 2;
        } catch (FileSystemException e) {
            // Its message is often only the path: say what went wrong with it.
            err.println("ppbus " + args[0] + ": cannot use " + e.getFile()
                    + (e.getReason() != null
                            ? ": " + e.getReason()
                            : " ("
                                    + e.getClass()
                                            .getSimpleName()
                                            .replace("Exception", "")
                                            .replaceAll("([a-z])([A-Z])", "$1 $2")
                                            .toLowerCase(Locale.ROOT)
                                    + ")"));
            return 2;
        } catch (IOException e) {
            err.println("ppbus " + args[0] + ": " + e.getMessage());
            return 2;
        } catch (Exception | LinkageError | VirtualMachineError e) {
            // One line, never a stack trace: a missing class or memory is reported like any failure.
            err.println("ppbus " + args[0] + ": internal error: " + e);
            return 1;
        }
    }

    private static void printHelp(PrintStream out, Map<String, Command> commands) {
        out.println("usage: ppbus COMMAND [OPTIONS]");
        out.println();
        out.println("Distributed bus arbitration after Campos and Carvalho (1988).");
        out.println();
        out.println("commands:");
        commands.forEach((name, c) -> out.printf("  %-10s %s%n", name, c.summary()));
        out.println();
        out.println("ppbus COMMAND --help shows the options of a command.");
        out.println("exit codes: 0 ok, 1 violation or failure, 2 bad usage or input, 130 interrupted");
    }
}
