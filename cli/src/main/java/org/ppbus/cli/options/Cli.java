package org.ppbus.cli.options;

import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.DefaultParser;
import org.apache.commons.cli.HelpFormatter;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.apache.commons.cli.ParseException;
import org.ppbus.protocol.RuleSet;
import org.ppbus.protocol.descriptor.Algorithm;
import org.ppbus.registry.Algorithms;
import org.ppbus.testbench.ConfigException;

/** Shared option parsing and output helpers. */
public final class Cli {
    /** The width of the algorithm column in the text tables: the longest name in the registry. */
    public static final int NAME_WIDTH =
            Algorithms.names().stream().mapToInt(String::length).max().orElse(9);

    private Cli() {}

    /** Options that name an output file: each is checked before any work starts. */
    private static final List<String> OUTPUT_FILES = List.of("json", "csv", "trace-out", "record", "vcd", "html");

    /**
     * Parses a command's options. An option given twice is an error (the first value would win
     * silently otherwise), and every output file named is checked before the command does any work.
     */
    public static CommandLine parse(Options options, String[] args) throws UsageException {
        CommandLine cl;
        try {
            // No abbreviations: Commons CLI would otherwise take a prefix for the one option it begins,
            // so "--trace FILE" (meant as a trace to replay) ran a normal run and named FILE as the
            // output of --trace-out.
            cl = DefaultParser.builder().setAllowPartialMatching(false).get().parse(options, args);
        } catch (ParseException e) {
            throw new UsageException(e.getMessage());
        }
        if (!cl.getArgList().isEmpty()) {
            throw new UsageException("unexpected argument '" + cl.getArgList().get(0) + "'");
        }
        Set<String> seen = new HashSet<>();
        for (Option o : cl.getOptions()) {
            String name = o.getLongOpt() != null ? o.getLongOpt() : o.getOpt();
            if (!seen.add(name)) {
                throw new UsageException("--" + name + " is given more than once");
            }
        }
        if (!cl.hasOption("help")) {
            checkDistinct(options, cl);
            for (String name : OUTPUT_FILES) {
                if (options.hasLongOption(name) && cl.hasOption(name)) {
                    Outputs.checkWritable(cl.getOptionValue(name));
                }
            }
        }
        return cl;
    }

    /**
     * Where a command's readable summary goes: standard error when a report takes standard output
     * ({@code --json -} or {@code --csv -}), so that what a pipe reads is the report alone.
     */
    public static PrintStream text(CommandLine cl, PrintStream stdout, PrintStream err) {
        for (String name : STDOUT_OUTPUTS) {
            if (Outputs.STDOUT.equals(cl.getOptionValue(name))) {
                return err;
            }
        }
        return stdout;
    }

    /** The outputs that may go to standard output ({@code -}): the reports. */
    private static final List<String> STDOUT_OUTPUTS = List.of("json", "csv");

    /** Options that name a file the command reads. */
    private static final List<String> INPUT_FILES = List.of("workload", "config");

    /**
     * Two outputs on one path would overwrite each other, and an output on an input would destroy
     * it: both are refused, as is {@code -} for an output that is not a report. A device (such as
     * /dev/null) may take several outputs.
     */
    private static void checkDistinct(Options options, CommandLine cl) throws UsageException {
        Map<Path, String> outputs = new HashMap<>();
        for (String name : OUTPUT_FILES) {
            if (!options.hasLongOption(name) || !cl.hasOption(name)) {
                continue;
            }
            String value = cl.getOptionValue(name);
            if (value.equals(Outputs.STDOUT) && !STDOUT_OUTPUTS.contains(name)) {
                throw new UsageException("--" + name + " cannot go to standard output ('-'): give it a file");
            }
            Path key = pathKey(value);
            if (key != null) {
                String other = outputs.putIfAbsent(key, name);
                if (other != null) {
                    throw new UsageException(
                            "--" + other + " and --" + name + " both write " + value + ": give each its own file");
                }
            }
        }
        for (String name : INPUT_FILES) {
            if (options.hasLongOption(name) && cl.hasOption(name)) {
                String value = cl.getOptionValue(name);
                Path key = pathKey(value);
                if (key != null && outputs.containsKey(key)) {
                    throw new UsageException(
                            "--" + outputs.get(key) + " would overwrite the input --" + name + " " + value);
                }
            }
        }
    }

    /** The file a path names, links and dots resolved; {@code -} for standard output; null for a device. */
    private static Path pathKey(String value) throws UsageException {
        if (value.equals(Outputs.STDOUT)) {
            return Path.of(Outputs.STDOUT);
        }
        try {
            Path p = Path.of(value).toAbsolutePath().normalize();
            if (Files.exists(p)) {
                Path real = p.toRealPath();
                return Files.isRegularFile(real) ? real : null;
            }
            Path dir = p.getParent();
            return dir != null && Files.isDirectory(dir) ? dir.toRealPath().resolve(p.getFileName()) : p;
        } catch (IOException | InvalidPathException e) {
            throw new UsageException("cannot use " + value + ": " + e.getMessage());
        }
    }

    /**
     * {@code --algorithm A} over some of the registry's algorithms, the first being the default; the
     * help lists them from their descriptors.
     */
    public static Option algorithmOption(List<Algorithm> choices) {
        StringBuilder d = new StringBuilder();
        for (Algorithm a : choices) {
            d.append(d.length() == 0 ? "" : "; ").append(a.name()).append(a == choices.get(0) ? " (default)" : "");
        }
        return valued("algorithm", "A", d.toString());
    }

    /** {@code --algorithms LIST}: a comma-separated subset of the registry. */
    public static Option algorithmsOption(String defaultText) {
        return valued(
                "algorithms",
                "LIST",
                "comma-separated, from " + String.join(", ", Algorithms.names()) + " (default " + defaultText + ")");
    }

    /** The algorithm {@code --algorithm} names among the choices (the first one by default). */
    public static Algorithm algorithm(CommandLine cl, List<Algorithm> choices) throws UsageException {
        if (!cl.hasOption("algorithm")) {
            return choices.get(0);
        }
        String name = cl.getOptionValue("algorithm");
        String names = String.join(", ", choices.stream().map(Algorithm::name).toList());
        return choices.stream()
                .filter(a -> a.name().equals(name))
                .findFirst()
                .orElseThrow(() -> new UsageException(
                        Algorithms.find(name).isPresent()
                                ? "--algorithm " + name + " is not available here (" + names + ")"
                                : "unknown --algorithm '" + name + "' (" + names + ")"));
    }

    /** The rule set {@code --rules} names, fixed by default. */
    public static RuleSet rules(CommandLine cl) throws UsageException {
        return ruleSet(cl.getOptionValue("rules", "fixed"));
    }

    static RuleSet ruleSet(String text) throws UsageException {
        try {
            return RuleSet.parse(text);
        } catch (IllegalArgumentException e) {
            throw new UsageException("--rules: " + e.getMessage());
        }
    }

    /** A comma-separated list of integers; empty text is the empty list. */
    public static int[] parseInts(String name, String value) throws UsageException {
        if (value.isBlank()) {
            return new int[0];
        }
        List<String> parts = parseList(name, value);
        int[] r = new int[parts.size()];
        for (int i = 0; i < r.length; i++) {
            r[i] = parseInt(name, parts.get(i));
        }
        return r;
    }

    /**
     * A config error under a command's own option names (a field to option map, for commands whose
     * options are lists such as {@code --latencies}); other fields as {@link RunOption} names them.
     */
    public static UsageException usage(ConfigException e, Map<String, String> options) {
        String option = options.get(e.field());
        return option != null ? new UsageException("--" + option + ": " + e.problem()) : RunOption.usage(e);
    }

    /** {@code --json FILE}: where a command writes its report as JSON ({@code -} for standard output). */
    public static Option jsonOption(String what) {
        return valued("json", "FILE", "write " + what + " as JSON (- for standard output)");
    }

    /** An option that takes a value: {@code --longOpt ARG}. */
    public static Option valued(String longOpt, String argName, String desc) {
        return Option.builder()
                .longOpt(longOpt)
                .hasArg()
                .argName(argName)
                .desc(desc)
                .build();
    }

    /** An option without a value. */
    public static Option flag(String longOpt, String desc) {
        return Option.builder().longOpt(longOpt).desc(desc).build();
    }

    /** {@code --quiet}: no progress bar. */
    public static Option quietOption() {
        return Option.builder().longOpt("quiet").desc("no progress bar").build();
    }

    /** {@code --threads T}: how many threads work at once (runs, or one search's expansions). */
    public static Option threadsOption() {
        return Option.builder()
                .longOpt("threads")
                .hasArg()
                .argName("T")
                .desc("threads at work at once (default: cores, "
                        + Runtime.getRuntime().availableProcessors() + " here)")
                .build();
    }

    /** The thread count {@code --threads} asks for, the cores by default. */
    public static int threads(CommandLine cl) throws UsageException {
        int threads = parseInt(
                "threads",
                cl.getOptionValue(
                        "threads", Integer.toString(Runtime.getRuntime().availableProcessors())));
        if (threads < 1) {
            throw new UsageException("--threads must be at least 1");
        }
        return threads;
    }

    /** A comma-separated list with no empty item; an empty list is an error. */
    public static List<String> parseList(String name, String value) throws UsageException {
        List<String> items = new ArrayList<>();
        for (String item : value.split(",", -1)) {
            if (item.isBlank()) {
                throw new UsageException("--" + name + " has an empty item in '" + value + "'");
            }
            if (items.contains(item.trim())) {
                throw new UsageException("--" + name + " lists '" + item.trim() + "' twice");
            }
            items.add(item.trim());
        }
        return items;
    }

    public static void help(PrintStream out, String usage, String header, Options options) {
        HelpFormatter f = new HelpFormatter();
        PrintWriter pw = new PrintWriter(out);
        f.printHelp(pw, 100, usage, header, options, 2, 2, null, false);
        pw.flush();
    }

    private static final Pattern INTEGER = Pattern.compile("[+-]?\\d+");
    /** 1e6 or 2.5e3 for counts of cycles; nothing looser (no 1_0, no 0x10). */
    private static final Pattern SCIENTIFIC = Pattern.compile("\\d+(\\.\\d+)?[eE]\\+?\\d+");
    /** A plain decimal number: no 0.5d, no hexadecimal, no Infinity or NaN. */
    private static final Pattern DECIMAL = Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?");

    public static long parseLong(String name, String value) throws UsageException {
        String v = value; // not trimmed: "7 " is a typo to point out, not a number
        try {
            if (INTEGER.matcher(v).matches()) {
                return Long.parseLong(v);
            }
            if (SCIENTIFIC.matcher(v).matches()) {
                BigDecimal d = new BigDecimal(v);
                return d.longValueExact();
            }
        } catch (NumberFormatException | ArithmeticException e) {
            throw new UsageException("--" + name + " expects an integer in range, got '" + value + "'");
        }
        throw new UsageException("--" + name + " expects an integer, got '" + value + "'");
    }

    public static int parseInt(String name, String value) throws UsageException {
        long v = parseLong(name, value);
        if (v > Integer.MAX_VALUE || v < Integer.MIN_VALUE) {
            throw new UsageException("--" + name + " is out of range: " + value);
        }
        return (int) v;
    }

    /** An integer from {@code min} to {@code max}, or a one-line error that names the range. */
    public static int parseInRange(String name, String value, int min, int max) throws UsageException {
        int v = parseInt(name, value);
        if (v < min || v > max) {
            throw new UsageException("--" + name + " must be " + min + " to " + max + ", got " + v);
        }
        return v;
    }

    public static double parseDouble(String name, String value) throws UsageException {
        String v = value;
        if (!DECIMAL.matcher(v).matches()) {
            throw new UsageException("--" + name + " expects a number, got '" + value + "'");
        }
        return Double.parseDouble(v);
    }
}
