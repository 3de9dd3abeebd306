package org.ppbus.cli.verify;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.ppbus.cli.options.Cli;
import org.ppbus.cli.options.DesignOptions;
import org.ppbus.cli.options.Outputs;
import org.ppbus.cli.options.RunOption;
import org.ppbus.cli.options.UsageException;
import org.ppbus.link.ChosenFaults;
import org.ppbus.link.FaultKind;
import org.ppbus.protocol.RuleSet;
import org.ppbus.search.SearchOptions;
import org.ppbus.testbench.ConfigException;
import org.ppbus.testbench.SimulationConfig;
import org.ppbus.verilog.Contract;
import org.ppbus.verilog.Designs;
import org.ppbus.view.HtmlExport;

/** What {@code ppbus verify}'s options ask for: its options, and the command line read and checked. */
public record VerifyRequest(
        SearchOptions search,
        int threads,
        int buses,
        int fifo,
        boolean noSearch,
        boolean rtl,
        int maxSteps,
        String active,
        Path traceOut,
        Path html,
        Path keep,
        int repairBound,
        Contract.WaitBound waitBound,
        long proofSeconds) {

    /** --rtl with symbol faults or --liveness: the pdr proof instead of the induction proof. */
    public boolean rtlByPdr() {
        return rtl && (search.faultKinds() != 0 || waitBound != null);
    }

    /** verify's options; --nodes is required: the state space grows so fast with n that no default suits every use. */
    public static Options options() {
        Options o = new Options();
        o.addOption(RunOption.NODES.requiredOption());
        o.addOption(RunOption.LATENCY.toOption());
        o.addOption(RunOption.RULES.toOption());
        o.addOption(Cli.algorithmOption(Designs.algorithms()));
        o.addOption(DesignOptions.busesOption());
        o.addOption(
                Cli.valued(
                        "reenter-without-thinking",
                        "LIST",
                        "OUTSIDE THE CONTRACT, audit A3: these processors may also re-enter at once after eating (as in simulate)"));
        o.addOption(Cli.valued("max-states", "S", "stop after S states (default: until the heap is 80% full)"));
        o.addOption(Cli.valued("max-depth", "D", "stop at depth D (default: none)"));
        o.addOption(Cli.threadsOption());
        o.addOption(Cli.valued(
                "active",
                "LIST",
                "only these processors ever ask (default: all); narrows the scope, e.g. to replay an audit scenario"));
        o.addOption(Cli.valued(
                "faults",
                "LIST",
                "also inject faults, at most one of each kind in a run: drop, duplicate (on any symbol), or crash"
                        + " (any one node crash-stops in any cycle, searched alone; see +reclaim)"));
        checkOptions(o);
        searchShapeOptions(o);
        o.addOption(Cli.flag(
                "rtl",
                "also prove 'at most one gnt' on the generated RTL (Yosys sat -tempinduct); with --faults drop,duplicate,"
                        + " prove it and 'a fork is held only by its OWNER' under those faults with every processor asking"
                        + " (Yosys + ABC pdr)"));
        FaultProofStep.addOptions(o);
        o.addOption(Cli.flag("no-search", "skip the state search (with --rtl: the proof only)"));
        o.addOption(
                Cli.valued(
                        "keep",
                        "DIR",
                        "with --rtl: keep the design, the harness, proof.ys and proof.log here (rerun: cd DIR && yosys -s proof.ys)"));
        o.addOption(Cli.valued("max-steps", "K", "longest induction the RTL proof tries (default 10)"));
        o.addOption(Cli.jsonOption("the result"));
        o.addOption(HtmlExport.option());
        o.addOption(Cli.valued(
                "trace-out",
                "FILE",
                "where a counterexample goes (default ppbus-counterexample.trace; --rtl --faults writes its"
                        + " waveform beside it, as .vcd)"));
        return o;
    }

    /** The options that leave a check out or move it: --no-h, --no-fairness, --fairness-after-search, --no-liveness. */
    private static void checkOptions(Options o) {
        o.addOption(Cli.flag("no-h", "skip I4 (H acyclic), the most expensive state check"));
        o.addOption(Cli.flag(
                "no-fairness",
                "do not carry the overtaking counts in the states (a smaller graph; liveness still checked)"));
        o.addOption(Cli.flag(
                "fairness-after-search",
                "carry each processor's hunger instead of the overtaking counts, and decide the bound on the complete"
                        + " graph after the search (a smaller graph; the run over the bound is found only once the search"
                        + " is complete; needs the liveness analysis; not with --symmetry or --async)"));
        o.addOption(
                Cli.flag(
                        "no-liveness",
                        "keep no edges but those among states broken by a fault, and skip the deadlock, livelock and"
                                + " starvation analysis: safety and the repair bound only, for searches too big for the graph"));
    }

    /** The options that change what the state search stores: --symmetry, --forget-idle-ranks, --hash-compaction, --async and --fifo. */
    private static void searchShapeOptions(Options o) {
        o.addOption(Cli.flag(
                "forget-idle-ranks",
                "with --active: keep out of the states where the processors that never ask stand in the arbiters'"
                        + " lists (no rule reads those places, so states that differ only there are searched once);"
                        + " I4 then covers the processors that ask; not with --faults crash"));
        o.addOption(Cli.flag(
                "symmetry",
                "store one state per orbit of the plane's symmetries that keep --active; the liveness"
                        + " analysis follows the processors (and --async's channels) through the symmetries; a violation's"
                        + " trace is renamed to the cold start's processors and links; with --faults drop and"
                        + " duplicate, not crash"));
        o.addOption(Cli.flag(
                "hash-compaction",
                "store each state as a 64-bit fingerprint, with the states still to expand on disk: far"
                        + " less memory, safety only, and a state may be missed with the probability the report"
                        + " states; not a complete search"));
        o.addOption(Cli.flag(
                "async",
                "asynchronous channels: any delay, FIFO per channel (the paper's assumption); --latency is ignored"));
        o.addOption(Cli.valued(
                "fifo", "C", "with --async, symbols a channel may hold; more is reported as a violation (default 4)"));
    }

    /** --symmetry and --hash-compaction, checked against the faults and the crash. */
    private static SearchOptions withStorage(CommandLine cl, SearchOptions opt) throws UsageException {
        if (cl.hasOption("symmetry")) {
            if (opt.crash()) {
                throw new UsageException(
                        "--symmetry takes no --faults crash: a crashed node ties a client to its node's arbiter, which a"
                                + " symmetry does not keep");
            }
            opt = opt.withSymmetry();
        }
        if (cl.hasOption("hash-compaction")) {
            opt = refusedAs("hash-compaction", opt::withHashCompaction);
        }
        return opt;
    }

    /** --forget-idle-ranks and --fairness-after-search, checked against the rest of the search. */
    private static SearchOptions withReductions(CommandLine cl, SearchOptions opt) throws UsageException {
        if (cl.hasOption("forget-idle-ranks")) {
            if (!cl.hasOption("active")) {
                throw new UsageException("--forget-idle-ranks needs --active (without it every processor asks)");
            }
            opt = refusedAs("forget-idle-ranks", opt::withIdleUnranked);
        }
        if (cl.hasOption("fairness-after-search")) {
            opt = refusedAs("fairness-after-search", opt::withOvertakingOnGraph);
        }
        return opt;
    }

    /** A narrowing of the search, its refusal (an IllegalArgumentException) as a one-line error naming the option. */
    private static SearchOptions refusedAs(String option, Supplier<SearchOptions> narrowed) throws UsageException {
        try {
            return narrowed.get();
        } catch (IllegalArgumentException e) {
            throw new UsageException("--" + option + ": " + e.getMessage());
        }
    }

    /** The options as a search to run, checked. */
    public static VerifyRequest of(CommandLine cl) throws UsageException {
        SearchOptions opt = search(cl);
        if (cl.hasOption("no-fairness")) {
            opt = opt.withoutOvertaking();
        }
        if (cl.hasOption("no-liveness")) {
            opt = opt.withoutLiveness();
        }
        opt = withStorage(cl, withFaults(cl, opt, opt.fifoCapacity()));
        opt = withReductions(cl, opt);
        if (cl.hasOption("rtl") && opt.crash()) {
            throw new UsageException(
                    "--rtl takes --faults drop and/or duplicate, not crash: a crash is searched by the state search");
        }
        if (cl.hasOption("rtl") && opt.rules().reclaim()) {
            throw new UsageException(
                    "--rtl takes no +reclaim: its crash recovery is checked by the search (--faults crash)"
                            + " and against the Java model (docs/VERIFICATION.md)");
        }
        if (cl.hasOption("no-search") && !cl.hasOption("rtl")) {
            throw new UsageException("--no-search needs --rtl (there would be nothing to do)");
        }
        refuseSearchOptionsWithoutASearch(cl);
        if (cl.hasOption("keep") && !cl.hasOption("rtl")) {
            throw new UsageException("--keep needs --rtl (it keeps the proof's files)");
        }
        int repairBound = FaultProofStep.repairBound(cl, opt);
        Contract.WaitBound wait = FaultProofStep.waitBound(cl, opt);
        long proofSeconds = FaultProofStep.seconds(cl);
        Path keep = cl.hasOption("keep") ? Path.of(cl.getOptionValue("keep")) : null;
        if (keep != null) {
            Outputs.checkFolder(keep, cl.getOptionValue("keep"));
        }
        Path traceOut = Path.of(cl.getOptionValue("trace-out", "ppbus-counterexample.trace"));
        if (cl.hasOption("rtl") && (opt.faultKinds() != 0 || wait != null)) {
            Outputs.checkWritable(FaultProofStep.vcdBeside(traceOut).toString());
        }
        return new VerifyRequest(
                opt,
                Cli.threads(cl),
                buses(cl, opt),
                opt.fifoCapacity(),
                cl.hasOption("no-search"),
                cl.hasOption("rtl"),
                Cli.parseInRange("max-steps", cl.getOptionValue("max-steps", "10"), 1, 1000),
                cl.getOptionValue("active"),
                traceOut,
                cl.hasOption("html") ? Path.of(cl.getOptionValue("html")) : null,
                keep,
                repairBound,
                wait,
                proofSeconds);
    }

    /** What only the state search reads: given with --no-search, each would silently do nothing. */
    private static final List<String> SEARCH_ONLY = List.of(
            "max-states",
            "max-depth",
            "threads",
            "symmetry",
            "hash-compaction",
            "no-liveness",
            "no-fairness",
            "fairness-after-search",
            "forget-idle-ranks",
            "no-h");

    private static void refuseSearchOptionsWithoutASearch(CommandLine cl) throws UsageException {
        if (!cl.hasOption("no-search")) {
            return;
        }
        for (String o : SEARCH_ONLY) {
            if (cl.hasOption(o)) {
                throw new UsageException("--" + o + " sets the state search, which --no-search skips");
            }
        }
    }

    /**
     * --buses, checked: above 1 the search is campos-carvalho-k's ({@code PlanesSearch}), which
     * takes timed channels without faults or re-entry, and no proof but the bus proof (which
     * --rtl --no-search runs on its own).
     */
    private static int buses(CommandLine cl, SearchOptions opt) throws UsageException {
        int buses = DesignOptions.buses(cl);
        if (buses == 1) {
            return 1;
        }
        DesignOptions.algorithm(cl); // campos-carvalho-k with the fixed rules, or a one-line refusal
        for (String o : List.of(
                "async",
                "faults",
                "reenter-without-thinking",
                "rtl",
                "keep",
                "max-steps",
                "symmetry",
                "hash-compaction",
                "fairness-after-search",
                "forget-idle-ranks")) {
            if (cl.hasOption(o)) {
                throw new UsageException("--buses " + buses + ": the k-bus search takes no --" + o
                        + (o.equals("rtl") ? " (the bus proof on the RTL is --rtl --no-search)" : ""));
            }
        }
        return buses;
    }

    /** The search's size, scope and limits: --nodes, --latency, --rules, the limits, --active, --async. */
    private static SearchOptions search(CommandLine cl) throws UsageException {
        if (!cl.hasOption("nodes")) {
            throw new UsageException("--nodes is required (the triangle is --nodes 3)");
        }
        SimulationConfig size = RunOption.applyAll(
                SimulationConfig.defaults(), cl, List.of(RunOption.NODES, RunOption.LATENCY, RunOption.RULES));
        int nodes = size.nodes();
        int latency = size.latencyCycles();
        if (nodes < 1 || nodes > 31) {
            throw new UsageException("--nodes must be 1..31 for the search, got " + nodes);
        }
        try {
            size.validated();
        } catch (ConfigException e) {
            throw RunOption.usage(e);
        }
        RuleSet rules = size.rules();
        // By default the search runs until the heap is four-fifths full (measured as it goes), then
        // stops with an INCOMPLETE result; PPBUS_JAVA_OPTS=-Xmx... raises that.
        long maxStates = Cli.parseLong("max-states", cl.getOptionValue("max-states", Long.toString(Long.MAX_VALUE)));
        int maxDepth = Cli.parseInt("max-depth", cl.getOptionValue("max-depth", Integer.toString(Integer.MAX_VALUE)));
        if (maxStates < 1) {
            throw new UsageException("--max-states must be at least 1, got " + maxStates);
        }
        if (maxDepth < 0) {
            throw new UsageException("--max-depth must not be negative, got " + maxDepth);
        }
        long active = cl.hasOption("active") ? mask(cl, "active", nodes) : -1L;
        long reenter = cl.hasOption("reenter-without-thinking") ? mask(cl, "reenter-without-thinking", nodes) : 0L;
        if (cl.hasOption("fifo") && !cl.hasOption("async")) {
            throw new UsageException("--fifo needs --async");
        }
        int fifo = cl.hasOption("async") ? Cli.parseInRange("fifo", cl.getOptionValue("fifo", "4"), 1, 15) : 0;
        SearchOptions opt = SearchOptions.of(nodes, latency, rules)
                .withMaxStates(maxStates)
                .withMaxDepth(maxDepth)
                .withH(!cl.hasOption("no-h"))
                .withActive(active)
                .withFifo(fifo)
                .withReentry(reenter);
        return opt;
    }

    /** --faults, checked, added to the search's options. */
    private static SearchOptions withFaults(CommandLine cl, SearchOptions opt, int fifo) throws UsageException {
        if (!cl.hasOption("faults")) {
            return opt;
        }
        if (fifo > 0) {
            throw new UsageException(
                    "--faults: the search injects faults on synchronous channels only, not with --async");
        }
        List<FaultKind> kinds = new ArrayList<>();
        for (String k : Cli.parseList("faults", cl.getOptionValue("faults"))) {
            FaultKind kind = FaultKind.parse(k).orElse(null);
            if (kind == null || kind != FaultKind.CRASH && ChosenFaults.kind(kind) == 0) {
                throw new UsageException("--faults: unknown kind '" + k.trim() + "' (drop, duplicate, crash)");
            }
            kinds.add(kind);
        }
        if (!kinds.contains(FaultKind.CRASH)) {
            int symbolKinds = 0;
            for (FaultKind k : kinds) {
                symbolKinds |= ChosenFaults.kind(k);
            }
            return opt.withFaults(symbolKinds);
        }
        if (kinds.size() > 1) {
            throw new UsageException("--faults: crash is searched alone, not with "
                    + String.join(",", kinds.stream().map(FaultKind::label).toList()));
        }
        return opt.withCrash();
    }

    /** A list of processors as a bit mask, each checked against n. */
    private static long mask(CommandLine cl, String option, int nodes) throws UsageException {
        long m = 0;
        for (String a : Cli.parseList(option, cl.getOptionValue(option))) {
            int i = Cli.parseInt(option, a.trim());
            if (i < 0 || i >= nodes) {
                throw new UsageException("--" + option + ": node " + i + " is outside 0.." + (nodes - 1));
            }
            m |= 1L << i;
        }
        return m;
    }
}
