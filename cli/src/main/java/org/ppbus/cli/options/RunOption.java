package org.ppbus.cli.options;

import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.ppbus.protocol.cc.CcPlanes;
import org.ppbus.registry.Algorithms;
import org.ppbus.testbench.ConfigException;
import org.ppbus.testbench.SimulationConfig;
import org.ppbus.workload.Workload;

/**
 * The settings of a run that options and {@code --config} files set, each declared once: its
 * option, its key in a config file, the config field it fills, how its text is read, and its
 * default, which comes from {@link SimulationConfig#defaults()}. Commands add the ones they take;
 * a {@link ConfigException} on a field is reported under the option that sets it.
 */
public enum RunOption {
    ALGORITHM(
            "algorithm",
            "algorithm",
            "algorithm",
            "A",
            "the arbitration algorithm: " + String.join(", ", Algorithms.names()),
            c -> c.algorithm(),
            (b, v) -> b.algorithm(v)),
    NODES(
            "nodes",
            "nodes",
            "nodes",
            "N",
            "real processors n >= 1",
            c -> Integer.toString(c.nodes()),
            (b, v) -> b.nodes(Cli.parseInt("nodes", v))),
    CYCLES(
            "cycles",
            "cycles",
            "cycles",
            "C",
            "cycles with new requests",
            c -> Long.toString(c.cycles()),
            (b, v) -> b.cycles(Cli.parseLong("cycles", v))),
    LOAD(
            "load",
            "load",
            "load",
            "P",
            "per-cycle request probability of a thinking processor, in [0,1]",
            c -> Double.toString(c.load()),
            (b, v) -> b.load(Cli.parseDouble("load", v))),
    HOLD(
            "hold",
            "hold",
            "holdCycles",
            "H",
            "bus cycles per grant, >= 1",
            c -> Integer.toString(c.holdCycles()),
            (b, v) -> b.holdCycles(Cli.parseInt("hold", v))),
    LATENCY(
            "latency",
            "latency",
            "latencyCycles",
            "L",
            "channel latency in cycles, 1..1024",
            c -> Integer.toString(c.latencyCycles()),
            (b, v) -> b.latencyCycles(Cli.parseInt("latency", v))),
    SEED(
            "seed",
            "seed",
            "seed",
            "S",
            "run seed",
            c -> Long.toString(c.seed()),
            (b, v) -> b.seed(Cli.parseLong("seed", v))),
    RULES(
            "rules",
            "rules",
            "rules",
            "R",
            "Campos-Carvalho's rules: fixed, literal, or literal+F1+F2+F3 subsets; "
                    + "+heal (fixed only) repairs a lost or duplicated symbol, +reclaim recovers from a crash",
            c -> c.rules().label(),
            (b, v) -> b.rules(Cli.ruleSet(v))),
    WORKLOAD(
            "workload",
            "workload",
            "workload",
            "NAME|FILE",
            "one of " + String.join(", ", Workload.NAMES) + ", or a request-trace file",
            c -> c.workload(),
            (b, v) -> b.workload(v)),
    HOT_NODES(
            "hot-nodes",
            "hotNodes",
            "hotNodes",
            "LIST",
            "hotspot workload: comma-separated nodes",
            c -> "none",
            (b, v) -> b.hotNodes(Cli.parseInts("hot-nodes", v))),
    HOT_LOAD(
            "hot-load",
            "hotLoad",
            "hotLoad",
            "P",
            "hotspot workload: load of the hot nodes",
            c -> Double.toString(c.hotLoad()),
            (b, v) -> b.hotLoad(Cli.parseDouble("hot-load", v))),
    WATCHDOG(
            "watchdog",
            "watchdog",
            "watchdogCycles",
            "C",
            "livelock bound: cycles without a meal; where no overtaking bound is checked, also the starvation bound: one processor's wait while the others start n meals",
            c -> Long.toString(c.watchdogCycles()),
            (b, v) -> b.watchdogCycles(Cli.parseLong("watchdog", v))),
    STALL(
            "stall",
            "stall",
            "stallCycles",
            "C",
            "deadlock bound: cycles with a waiter and nothing moving",
            c -> Long.toString(c.stallCycles()),
            (b, v) -> b.stallCycles(Cli.parseLong("stall", v))),
    REENTER(
            "reenter-without-thinking",
            "reenterNodes",
            "reenterNodes",
            "LIST",
            "OUTSIDE THE CONTRACT, to reproduce audit A3: these processors re-enter without lowering req",
            c -> "none",
            (b, v) -> b.reenterNodes(Cli.parseInts("reenter-without-thinking", v))),
    WARMUP(
            "warmup",
            "warmup",
            "warmupCycles",
            "C",
            "the first cycles, left out of the statistics (the checks cover them)",
            c -> Long.toString(c.warmupCycles()),
            (b, v) -> b.warmupCycles(Cli.parseLong("warmup", v))),
    BUSES(
            "buses",
            "buses",
            "buses",
            "K",
            "identical buses, at most K processors in at once (k-exclusion; the algorithms that serve more than one)",
            c -> Integer.toString(c.sharing().buses()),
            (b, v) -> b.buses(Cli.parseInt("buses", v))),
    DEMAND(
            "demand",
            "demand",
            "demand",
            "H",
            "buses each request needs at once, at most --buses (h-out-of-k)",
            c -> Integer.toString(c.sharing().demand()),
            (b, v) -> b.demand(Cli.parseInt("demand", v))),
    GROUPS(
            "groups",
            "groups",
            "groups",
            "M",
            "each request belongs to one of M groups, a seeded draw; one group at a time may share the bus"
                    + " (group mutual exclusion; 0 for none)",
            c -> Integer.toString(c.sharing().groups()),
            (b, v) -> b.groups(groups(v))),
    FAULT(
            "fault",
            "fault",
            "fault",
            "KIND:WHERE",
            "inject one fault: KIND drop, duplicate, corrupt or delay; WHERE random "
                    + "or CYCLE@CHANNEL (e.g. drop:120@c2a_c0_a1); for the message-passing algorithms drop:random, "
                    + "drop:CYCLE@m_FROM_TO (a lost message) or delay:CYCLE@m_FROM_TO+D (a late one); for every algorithm "
                    + "crash:NODE@CYCLE (crash-stop; crash:nNODE from the start); the report gives faultVerdict",
            c -> c.fault(),
            (b, v) -> b.fault(v));

    /** --groups: 0 for none (as a report's config writes it, so that the report replays), or more. */
    private static int groups(String v) throws UsageException {
        int m = Cli.parseInt("groups", v);
        if (m < 0) {
            throw new UsageException("--groups must be 0 (no groups) or more, got " + m);
        }
        return m;
    }

    /** Sets one field of a config from the option's text. */
    @FunctionalInterface
    interface Parser {
        void set(SimulationConfig.Builder b, String value) throws UsageException;
    }

    private final String option;
    private final String key;
    private final String field;
    private final String argName;
    private final String what;
    private final Function<SimulationConfig, String> defaultText;
    private final Parser parser;

    RunOption(
            String option,
            String key,
            String field,
            String argName,
            String what,
            Function<SimulationConfig, String> defaultText,
            Parser parser) {
        this.option = option;
        this.key = key;
        this.field = field;
        this.argName = argName;
        this.what = what;
        this.defaultText = defaultText;
        this.parser = parser;
    }

    String option() {
        return option;
    }

    /** The key of a {@code --config} file. */
    String key() {
        return key;
    }

    /** The option with the defaults' value in its help. */
    public Option toOption() {
        return toOption(defaultText.apply(SimulationConfig.defaults()));
    }

    /** The option, which this command requires. */
    public Option requiredOption() {
        return Option.builder()
                .longOpt(option)
                .hasArg()
                .argName(argName)
                .desc(what + " (required)")
                .build();
    }

    /** The option with a command's own default in its help. */
    public Option toOption(String defaultValue) {
        return Option.builder()
                .longOpt(option)
                .hasArg()
                .argName(argName)
                .desc(what + " (default " + defaultValue + ")")
                .build();
    }

    public SimulationConfig apply(SimulationConfig c, String value) throws UsageException {
        SimulationConfig.Builder b = c.toBuilder();
        parser.set(b, value);
        return b.build();
    }

    /** Adds these settings' options. */
    public static void addAll(Options o, List<RunOption> settings) {
        for (RunOption s : settings) {
            o.addOption(s.toOption());
        }
    }

    /** Applies the given settings that the command line sets. */
    public static SimulationConfig applyAll(SimulationConfig c, CommandLine cl, List<RunOption> settings)
            throws UsageException {
        for (RunOption s : settings) {
            if (cl.hasOption(s.option)) {
                c = s.apply(c, cl.getOptionValue(s.option));
            }
        }
        return kBusesOfCampos(c, cl);
    }

    /**
     * --buses K > 1 without --algorithm: Campos-Carvalho's k-bus design, as generate, synth, verify and
     * cosim read it (the paper's one-bus network cannot serve k buses).
     */
    private static SimulationConfig kBusesOfCampos(SimulationConfig c, CommandLine cl) {
        return !cl.hasOption(ALGORITHM.option) && cl.hasOption(BUSES.option) ? kBusDesign(c) : c;
    }

    /** Campos-Carvalho asked to serve k > 1 buses: its k-bus design (the view's form reads it so too). */
    public static SimulationConfig kBusDesign(SimulationConfig c) {
        if (c.sharing().buses() > 1 && c.algorithm().equals(Algorithms.campos().name())) {
            return c.toBuilder().algorithm(CcPlanes.ALGORITHM.name()).build();
        }
        return c;
    }

    static RunOption byKey(String key) {
        for (RunOption s : values()) {
            if (s.key.equals(key)) {
                return s;
            }
        }
        return null;
    }

    /** The config keys, for help texts. */
    static List<String> keys() {
        return Arrays.stream(values()).map(s -> s.key).toList();
    }

    /**
     * A config error under the name of the option that sets the field; a field no option sets
     * keeps the model's wording.
     */
    public static UsageException usage(ConfigException e) {
        for (RunOption s : values()) {
            if (s.field.equals(e.field())) {
                return new UsageException("--" + s.option + ": " + e.problem());
            }
        }
        return new UsageException(e.getMessage());
    }

    /** The command that runs the same settings on the recorded requests: every setting that matters, spelled out. */
    public static String replayCommand(SimulationConfig c, String trace, long cycles) {
        StringBuilder b = new StringBuilder("ppbus simulate --algorithm " + c.algorithm() + " --nodes " + c.nodes()
                + " --latency " + c.latencyCycles() + c.rulesOption() + c.sharingOptions() + " --hold "
                + c.holdCycles());
        if (c.geometricHold()) {
            b.append(" --geometric-hold");
        }
        if (c.fullCheck()) {
            b.append(" --check");
        }
        if (!c.drain()) {
            b.append(" --no-drain");
        }
        if (!c.fairness()) {
            b.append(" --no-fairness");
        }
        if (!c.fault().equals("none")) {
            b.append(" --fault ").append(c.fault()).append(" --seed ").append(c.seed());
        }
        return b.append(" --watchdog ")
                .append(c.watchdogCycles())
                .append(" --stall ")
                .append(c.stallCycles())
                .append(" --cycles ")
                .append(cycles)
                .append(" --workload ")
                .append(trace)
                .toString();
    }
}
