package org.ppbus.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.ppbus.check.Finding;
import org.ppbus.check.SearchOptions;
import org.ppbus.check.SearchResult;
import org.ppbus.check.StateSearch;
import org.ppbus.check.Violation;
import org.ppbus.link.ChosenFaults;
import org.ppbus.protocol.Algorithm;
import org.ppbus.protocol.cc.RuleSet;
import org.ppbus.testbench.ConfigException;
import org.ppbus.testbench.Reports;
import org.ppbus.testbench.Simulation;
import org.ppbus.testbench.SimulationConfig;
import org.ppbus.testbench.SimulationResult;
import org.ppbus.verilog.RtlProof;
import org.ppbus.workload.RequestTrace;

/**
 * {@code ppbus verify}: the exhaustive search of the Campos–Carvalho model (and, with {@code --rtl},
 * the Yosys induction proof of the generated top). Exit 0 when nothing was found, 1 with a
 * counterexample (written as a replayable request trace), 2 on bad input, 130 when interrupted.
 */
final class VerifyCommand implements Main.Command {
    @Override
    public String summary() {
        return "exhaustive state search of the protocol (I1-I8, deadlock, starvation, livelock); counterexamples as traces";
    }

    /** A finding as the JSON lists it. */
    record FindingJson(String property, String message, int depth, int loopLength) {
        static FindingJson of(Finding f) {
            return new FindingJson(
                    f.property().label(),
                    f.message(),
                    f.loopStart() >= 0 ? f.loopStart() : f.path().size(),
                    f.loopStart() >= 0 ? f.path().size() - f.loopStart() : 0);
        }
    }

    /** The RTL proof as the JSON reports it. */
    record ProofJson(
            String property,
            boolean proven,
            boolean baseCaseFailed,
            int inductionLength,
            double seconds,
            List<String> strengthenedWith) {
        static ProofJson of(RtlProof.Result p, boolean heal) {
            List<String> with = new ArrayList<>(List.of(
                    "fork conservation per arbiter (I2) and OWNER one-hot", "an eating client holds all its forks"));
            if (heal) {
                with.add("+heal's link timing: where the fork is against OWNER, and the ages of returns, FORKs and"
                        + " reclaim requests in flight (docs/VERIFICATION.md)");
            }
            return new ProofJson(
                    "at most one gnt", p.proven(), p.baseCaseFailed(), p.inductionLength(), p.seconds(), with);
        }
    }

    /** What the options ask for. */
    private record Request(
            SearchOptions search,
            int fifo,
            boolean noSearch,
            boolean rtl,
            int maxSteps,
            String active,
            Path traceOut,
            Path keep,
            int repairBound,
            long proofSeconds) {
        /** --rtl with symbol faults: the pdr proof under faults instead of the induction proof. */
        boolean rtlUnderFaults() {
            return rtl && search.faultKinds() != 0;
        }
    }

    /**
     * A counterexample written to a file, the command that replays it, and what that replay reports
     * (run here, through the same code as {@code ppbus simulate}; null for no violation).
     */
    private record Written(Path trace, String replay, Violation replayed, int[] cutOff) {}

    private static Options options() {
        Options o = new Options();
        // Required: the state space grows so fast with n that no default suits every use.
        o.addOption(Option.builder()
                .longOpt("nodes")
                .hasArg()
                .argName("N")
                .desc("real processors, 1..31 (required)")
                .build());
        o.addOption(Option.builder()
                .longOpt("latency")
                .hasArg()
                .argName("L")
                .desc("channel latency (default 1)")
                .build());
        o.addOption(Option.builder()
                .longOpt("rules")
                .hasArg()
                .argName("R")
                .desc("fixed (default), literal, literal+F1[+F2][+F3], fixed+heal")
                .build());
        o.addOption(Option.builder()
                .longOpt("reenter-without-thinking")
                .hasArg()
                .argName("LIST")
                .desc(
                        "OUTSIDE THE CONTRACT, audit A3: these processors may also re-enter at once after eating (as in simulate)")
                .build());
        o.addOption(Option.builder()
                .longOpt("max-states")
                .hasArg()
                .argName("S")
                .desc("stop after S states (default: until the heap is 80% full)")
                .build());
        o.addOption(Option.builder()
                .longOpt("max-depth")
                .hasArg()
                .argName("D")
                .desc("stop at depth D (default: none)")
                .build());
        o.addOption(Option.builder()
                .longOpt("active")
                .hasArg()
                .argName("LIST")
                .desc(
                        "only these processors ever ask (default: all); narrows the scope, e.g. to replay an audit scenario")
                .build());
        o.addOption(Option.builder()
                .longOpt("faults")
                .hasArg()
                .argName("LIST")
                .desc("also inject faults, at most one of each kind in a run: drop, duplicate (on any symbol), or crash"
                        + " (any one node crash-stops in any cycle, searched alone; see +reclaim)")
                .build());
        o.addOption(Option.builder()
                .longOpt("no-h")
                .desc("skip I4 (H acyclic), the most expensive state check")
                .build());
        o.addOption(Option.builder()
                .longOpt("no-fairness")
                .desc("do not carry the overtaking counts in the states (a smaller graph; liveness still checked)")
                .build());
        o.addOption(Option.builder()
                .longOpt("no-liveness")
                .desc("keep no edges but those among states broken by a fault, and skip the deadlock, livelock and"
                        + " starvation analysis: safety and the repair bound only, for searches too big for the graph")
                .build());
        o.addOption(Option.builder()
                .longOpt("async")
                .desc(
                        "asynchronous channels: any delay, FIFO per channel (the paper's assumption); --latency is ignored")
                .build());
        o.addOption(Option.builder()
                .longOpt("fifo")
                .hasArg()
                .argName("C")
                .desc("with --async, symbols a channel may hold; more is reported as a violation (default 4)")
                .build());
        o.addOption(Option.builder()
                .longOpt("rtl")
                .desc(
                        "also prove 'at most one gnt' on the generated RTL (Yosys sat -tempinduct); with --faults drop,duplicate,"
                                + " prove it and 'a fork is held only by its OWNER' under those faults with every processor asking"
                                + " (Yosys + ABC pdr)")
                .build());
        FaultProofStep.addOptions(o);
        o.addOption(Option.builder()
                .longOpt("no-search")
                .desc("skip the state search (with --rtl: the proof only)")
                .build());
        o.addOption(Option.builder()
                .longOpt("keep")
                .hasArg()
                .argName("DIR")
                .desc(
                        "with --rtl: keep the design, the harness, proof.ys and proof.log here (rerun: cd DIR && yosys -s proof.ys)")
                .build());
        o.addOption(Option.builder()
                .longOpt("max-steps")
                .hasArg()
                .argName("K")
                .desc("longest induction the RTL proof tries (default 10)")
                .build());
        o.addOption(Cli.jsonOption("the result"));
        o.addOption(Option.builder()
                .longOpt("trace-out")
                .hasArg()
                .argName("FILE")
                .desc("where a counterexample goes (default ppbus-counterexample.trace; --rtl --faults writes its"
                        + " waveform beside it, as .vcd)")
                .build());
        o.addOption(Option.builder("h").longOpt("help").desc("show this help").build());
        return o;
    }

    @Override
    public int run(String[] args, PrintStream stdout, PrintStream err) throws Exception {
        Options o = options();
        CommandLine cl = Cli.parse(o, args);
        PrintStream out = Cli.text(cl, stdout, err);
        if (cl.hasOption("help")) {
            Cli.help(
                    out,
                    "ppbus verify --nodes N [--latency L] [--rules R] [--reenter-without-thinking LIST] [--json FILE]",
                    "Breadth-first search of every state the Campos-Carvalho model can reach from the cold start,\n"
                            + "with processors that do anything the req/gnt handshake allows.\n\n",
                    o);
            return 0;
        }
        Request q = request(cl);
        SearchOptions opt = q.search();
        StateSearch search;
        try {
            // With --no-search, a search of depth 0 keeps the output and the JSON in one shape.
            search = new StateSearch(
                    q.noSearch()
                            ? new SearchOptions(opt.nodes(), opt.latency(), opt.rules(), false, 1, 0, false, 0)
                            : opt);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        try (StopOnInterrupt stop = new StopOnInterrupt(20)) {
            ProgressBar bar = new ProgressBar(err, true);
            SearchResult r;
            try {
                r = search.progress(bar::search).run(() -> stop.requested() ? 1 : 0);
            } finally {
                bar.finish();
            }
            out.printf(
                    Locale.ROOT,
                    "ppbus verify: n=%d, %s, rules %s%s%s%n",
                    opt.nodes(),
                    opt.async() ? "asynchronous FIFO channels (capacity " + q.fifo() + ")" : "L=" + opt.latency(),
                    opt.rules().label(),
                    opt.reenterWithoutThinking() ? ", re-entry without thinking allowed" : "",
                    q.active() != null ? ", only processors " + q.active() + " ask" : "");
            Written written = q.noSearch() ? null : printSearch(out, search, r, q);
            // An interrupt during the search starts no proof: the JVM is on its way out.
            boolean prove = q.rtl() && !stop.requested();
            RtlProof.Result proof = prove && !q.rtlUnderFaults()
                    ? RtlProofStep.run(out, opt, q.maxSteps(), q.keep(), stop::requested)
                    : null;
            FaultProofStep.Outcome faultProof = prove && q.rtlUnderFaults()
                    ? FaultProofStep.run(
                            out,
                            err,
                            opt,
                            q.repairBound(),
                            q.proofSeconds(),
                            q.keep(),
                            FaultProofStep.vcdBeside(q.traceOut()))
                    : null;
            if (cl.hasOption("json")) {
                ObjectNode root = json(q, r, proof, written);
                if (faultProof != null) {
                    root.set("rtlFaultProof", FaultProofStep.json(faultProof, q.repairBound()));
                }
                root.put("interrupted", stop.requested());
                Outputs.write(cl.getOptionValue("json"), Reports.mapper().writeValueAsString(root) + "\n", stdout);
            }
            if (stop.requested()) {
                return 130;
            }
            boolean rtlOk = (proof == null || proof.proven())
                    && (faultProof == null || faultProof.result().proven());
            return r.findings().isEmpty() && rtlOk ? 0 : 1;
        }
    }

    /** The options as a search to run, checked. */
    private static Request request(CommandLine cl) throws UsageException {
        if (!cl.hasOption("nodes")) {
            throw new UsageException("--nodes is required (the triangle is --nodes 3)");
        }
        int nodes = Cli.parseInt("nodes", cl.getOptionValue("nodes"));
        int latency = Cli.parseInt("latency", cl.getOptionValue("latency", "1"));
        if (nodes < 1 || nodes > 31) {
            throw new UsageException("--nodes must be 1..31 for the search, got " + nodes);
        }
        try {
            SimulationConfig.defaults().withLatency(latency).validated();
        } catch (ConfigException e) {
            throw Setting.usage(e);
        }
        RuleSet rules = Cli.rules(cl);
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
        SearchOptions opt = new SearchOptions(
                        nodes, latency, rules, false, maxStates, maxDepth, !cl.hasOption("no-h"), active, fifo)
                .withReentry(reenter);
        if (cl.hasOption("no-fairness")) {
            opt = opt.withoutOvertaking();
        }
        if (cl.hasOption("no-liveness")) {
            opt = opt.withoutLiveness();
        }
        opt = withFaults(cl, opt, fifo);
        if (cl.hasOption("rtl") && opt.crash()) {
            throw new UsageException(
                    "--rtl takes --faults drop and/or duplicate, not crash: a crash is searched by the state search");
        }
        if (cl.hasOption("rtl") && rules.reclaim()) {
            throw new UsageException(
                    "--rtl takes no +reclaim: its crash recovery is checked by the search (--faults crash)"
                            + " and against the Java model (docs/VERIFICATION.md)");
        }
        if (cl.hasOption("no-search") && !cl.hasOption("rtl")) {
            throw new UsageException("--no-search needs --rtl (there would be nothing to do)");
        }
        if (cl.hasOption("keep") && !cl.hasOption("rtl")) {
            throw new UsageException("--keep needs --rtl (it keeps the proof's files)");
        }
        int repairBound = FaultProofStep.repairBound(cl, opt);
        long proofSeconds = FaultProofStep.seconds(cl);
        Path keep = cl.hasOption("keep") ? Path.of(cl.getOptionValue("keep")) : null;
        if (keep != null) {
            Outputs.checkFolder(keep, cl.getOptionValue("keep"));
        }
        Path traceOut = Path.of(cl.getOptionValue("trace-out", "ppbus-counterexample.trace"));
        if (cl.hasOption("rtl") && opt.faultKinds() != 0) {
            Outputs.checkWritable(FaultProofStep.vcdBeside(traceOut).toString());
        }
        return new Request(
                opt,
                fifo,
                cl.hasOption("no-search"),
                cl.hasOption("rtl"),
                Cli.parseInRange("max-steps", cl.getOptionValue("max-steps", "10"), 1, 1000),
                cl.getOptionValue("active"),
                traceOut,
                keep,
                repairBound,
                proofSeconds);
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
        List<String> kinds = Cli.parseList("faults", cl.getOptionValue("faults")).stream()
                .map(String::trim)
                .toList();
        int symbolKinds =
                faultKinds(kinds.stream().filter(k -> !k.equals("crash")).toList()); // names an unknown kind first
        if (!kinds.contains("crash")) {
            return opt.withFaults(symbolKinds);
        }
        if (kinds.size() > 1) {
            throw new UsageException("--faults: crash is searched alone, not with " + String.join(",", kinds));
        }
        return opt.withCrash();
    }

    /** The kinds of --faults as {@link org.ppbus.link.ChosenFaults} bits. */
    private static int faultKinds(List<String> list) throws UsageException {
        int kinds = 0;
        for (String k : list) {
            int kind = ChosenFaults.kind(k);
            if (kind == 0) {
                throw new UsageException("--faults: unknown kind '" + k + "' (drop, duplicate, crash)");
            }
            kinds |= kind;
        }
        return kinds;
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

    /** Prints the search's outcome; writes the first finding as a trace when it can be replayed. */
    private static Written printSearch(PrintStream out, StateSearch search, SearchResult r, Request q)
            throws IOException {
        SearchOptions opt = q.search();
        out.printf(
                Locale.ROOT,
                "states %,d  transitions %,d  depth %d  %s  %.1f s  %.1f MB of tables%n",
                r.states(),
                r.transitions(),
                r.depth(),
                r.complete()
                        ? "complete"
                        : "INCOMPLETE (" + r.stoppedBecause() + "; every state within " + r.exploredDepth()
                                + " cycles checked)",
                r.seconds(),
                r.bytes() / 1e6);
        if (r.overtakeBound() != Algorithm.NO_BOUND) {
            out.printf(
                    Locale.ROOT,
                    "overtaking: at most %d meals of one processor in another's hungry period"
                            + " (bound %d for L=%d and holds of 1 cycle)%n",
                    r.maxOvertakes(),
                    r.overtakeBound(),
                    opt.latency());
        }
        if (r.repair() != null) {
            out.printf(
                    Locale.ROOT,
                    "faults %s: %,d states broken by a fault and not yet repaired; %s%n",
                    ChosenFaults.names(opt.faultKinds()),
                    r.repair().brokenStates(),
                    r.repair().boundCycles() >= 0
                            ? "every fault repaired within " + r.repair().boundCycles()
                                    + " cycles (the longest run of broken states)"
                            : "no repair bound (the search is incomplete or found a violation)");
        }
        if (opt.crash()) {
            out.println(
                    "crash: any one node in any cycle; after it one live eater and live forks held by their OWNERs"
                            + " (safety), and no deadlock, livelock or starvation of a survivor (a live client that did not give up)");
        }
        if (r.findings().isEmpty()) {
            out.println((r.complete() ? "no violation in any reachable state" : "no violation in the states explored")
                    + (opt.liveness()
                            ? ""
                            : " (safety" + (r.repair() != null ? " and the repair bound" : "")
                                    + " only: --no-liveness skipped deadlock, livelock and starvation)"));
            return null;
        }
        Finding f = r.findings().get(0);
        out.printf(Locale.ROOT, "VIOLATION %s: %s%n", f.property().label(), f.message());
        out.printf(
                Locale.ROOT,
                "  at depth %d%s%n",
                f.loopStart() >= 0 ? f.loopStart() : f.path().size(),
                f.loopStart() >= 0 ? ", then a loop of " + (f.path().size() - f.loopStart()) + " cycles" : "");
        if (opt.async()) {
            out.println("  (an asynchronous counterexample is not replayable by the synchronous simulator;"
                    + " no trace written)");
            return null;
        }
        List<String> faults = search.faultsOn(f);
        if (faults.size() > 1) {
            out.println(
                    "  faults on the path: " + String.join(", ", faults) + " (ppbus simulate injects one fault per run,"
                            + " so this counterexample is not written as a trace)");
            return null;
        }
        String fault = faults.isEmpty() ? "none" : faults.get(0);
        if (!faults.isEmpty()) {
            out.println("  fault on the path: " + fault);
        }
        Written w = writeCounterexample(search, f, q, fault);
        out.println("counterexample: " + q.traceOut());
        out.println("replay: " + w.replay());
        Violation v = w.replayed();
        out.println(
                v == null && w.cutOff() != null
                        ? "  the replay checks only safety after the crash, and reports clients "
                                + Arrays.toString(w.cutOff()) + " as cut off"
                        : v == null
                                ? "  NOTE: the replay reports no violation"
                                : "  the replay reports " + v.property().label() + " at cycle " + v.cycle()
                                        + (v.property() == f.property()
                                                ? ""
                                                : "  (NOTE: not the search's verdict, "
                                                        + f.property().label() + ")"));
        return w;
    }

    private static ObjectNode json(Request q, SearchResult r, RtlProof.Result proof, Written written)
            throws IOException {
        SearchOptions opt = q.search();
        ObjectNode root = Reports.header(Version.VERSION);
        root.put("nodes", opt.nodes());
        root.put("latency", opt.latency());
        root.put("rules", opt.rules().label());
        root.put("reenterWithoutThinking", opt.reenterWithoutThinking());
        root.put("async", opt.async());
        root.put("active", q.active() != null ? q.active() : "all");
        root.put("crash", opt.crash());
        root.put("statesExplored", r.states());
        root.put("transitions", r.transitions());
        root.put("depth", r.depth());
        root.put("exploredDepth", r.exploredDepth());
        root.put("complete", r.complete());
        root.put("liveness", opt.liveness());
        root.put("stoppedBecause", r.stoppedBecause());
        root.put("seconds", r.seconds());
        root.put("tableBytes", r.bytes());
        root.put("violations", r.findings().size());
        Reports.putOvertaking(root, r.overtakeBound(), r.maxOvertakes());
        if (r.repair() != null) {
            ObjectNode f = root.putObject("faults");
            f.put("kinds", ChosenFaults.names(opt.faultKinds()));
            f.put("brokenStates", r.repair().brokenStates());
            if (r.repair().boundCycles() >= 0) {
                f.put("repairBoundCycles", r.repair().boundCycles());
            } else {
                f.putNull("repairBoundCycles");
            }
        }
        root.set(
                "findings",
                Reports.mapper()
                        .valueToTree(r.findings().stream().map(FindingJson::of).toList()));
        if (proof != null) {
            root.set(
                    "rtlProof",
                    Reports.mapper().valueToTree(ProofJson.of(proof, opt.rules().heal())));
        }
        if (written != null) {
            root.put("counterexample", written.trace().toString());
            root.put("replay", written.replay());
            if (written.replayed() == null) {
                root.putNull("replayReports");
            } else {
                ObjectNode rr = root.putObject("replayReports");
                rr.put("property", written.replayed().property().label());
                rr.put("cycle", written.replayed().cycle());
            }
        } else {
            root.putNull("counterexample");
        }
        return root;
    }

    /**
     * Writes a finding as a request trace and replays it. A loop is repeated until a run's watchdogs,
     * whose bounds the replay command sets, must have fired: the starvation and livelock bound is
     * longer than any wait before the loop can be, and the loop outlasts it, the stall bound, and the
     * n meals the starvation watchdog also waits for.
     */
    private static Written writeCounterexample(StateSearch search, Finding f, Request q, String fault)
            throws IOException {
        SearchOptions opt = q.search();
        SimulationConfig defaults = SimulationConfig.defaults();
        boolean loop = f.loopStart() >= 0;
        int loopLength = loop ? f.path().size() - f.loopStart() : 0;
        long watchdog = loop ? 64 + 2L * f.path().size() + 8L * loopLength : defaults.watchdogCycles();
        // Each turn of a starvation loop starts at least one meal, and the starvation watchdog also
        // waits for n of them.
        int repeats = loop
                ? Math.max(
                        opt.nodes() + 2,
                        (int) ((watchdog + defaults.stallCycles() + 2 + loopLength - 1) / loopLength) + 1)
                : 0;
        List<int[]> actions = f.unrolled(repeats);
        RequestTrace trace = search.trace(actions, 1_000_000);
        String header = String.format(
                Locale.ROOT,
                "# counterexample of ppbus verify: %s: %s%n# n=%d L=%d rules %s%s%n",
                f.property().label(),
                f.message(),
                opt.nodes(),
                opt.latency(),
                opt.rules().label(),
                loop ? "; the loop from cycle " + (f.loopStart() + 1) + " is repeated " + repeats + " more times" : "");
        Path tracePath = q.traceOut();
        Outputs.write(tracePath, trace.text(header));
        SimulationConfig replay = defaults.toBuilder()
                .nodes(opt.nodes())
                .latencyCycles(opt.latency())
                .rules(opt.rules())
                .workload(tracePath.toString())
                .cycles(actions.size() + 2L)
                .watchdogCycles(watchdog)
                .fairness(opt.checkOvertaking())
                .fault(fault)
                .build()
                .validated();
        SimulationResult run = new Simulation(replay).run();
        int[] cutOff = run.fault() == null || run.fault().survival() == null
                ? null
                : run.fault().survival().cutOff();
        return new Written(
                tracePath,
                SimulateCommand.replayCommand(replay, tracePath.toString(), replay.cycles()),
                run.violation(),
                cutOff);
    }
}
