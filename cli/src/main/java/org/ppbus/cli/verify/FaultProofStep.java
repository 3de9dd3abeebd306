package org.ppbus.cli.verify;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.ppbus.cli.console.ProgressBar;
import org.ppbus.cli.console.WorkFolder;
import org.ppbus.cli.options.Cli;
import org.ppbus.cli.options.Outputs;
import org.ppbus.cli.options.UsageException;
import org.ppbus.cli.options.Version;
import org.ppbus.link.ChosenFaults;
import org.ppbus.search.SearchOptions;
import org.ppbus.testbench.GtkwSave;
import org.ppbus.testbench.Reports;
import org.ppbus.verilog.Contract;
import org.ppbus.verilog.ExternalTool;
import org.ppbus.verilog.proof.LivenessProof;
import org.ppbus.verilog.proof.PdrLog;
import org.ppbus.verilog.proof.RtlFaultProof;

/**
 * {@code ppbus verify --rtl --faults drop,duplicate}: the RTL's safety under the same symbol faults
 * as the search, proven for every run at once ({@link RtlFaultProof}), with pdr's frames as progress.
 */
public final class FaultProofStep {
    private FaultProofStep() {}

    static void addOptions(Options o) {
        o.addOption(Cli.valued(
                "repair-bound",
                "B",
                "with --rtl --faults: also prove that fork conservation is never broken for more than B cycles"));
        o.addOption(Cli.valued(
                "proof-seconds",
                "S",
                "with --rtl --faults or --liveness: stop the proof undecided after S seconds (default 3600)"));
        o.addOption(Cli.flag(
                "liveness",
                "with --rtl: also prove with pdr that every request is granted within the derived bound B cycles,"
                        + " every processor asking and each lowering req at most --hold-max cycles after its gnt"));
        o.addOption(Cli.valued(
                "hold-max",
                "H",
                "with --liveness: the longest hold, in cycles from gnt rising to req falling (default 1)"));
    }

    /** The largest idle bound the liveness proof tries: beyond it the idle stretches are taken as unbounded. */
    private static final int MAX_IDLE = 64;

    /** --liveness and --hold-max, checked: the wait bound to prove, or null. */
    static Contract.WaitBound waitBound(CommandLine cl, SearchOptions opt) throws UsageException {
        if (cl.hasOption("hold-max") && !cl.hasOption("liveness")) {
            throw new UsageException("--hold-max needs --liveness");
        }
        if (!cl.hasOption("liveness")) {
            return null;
        }
        if (!cl.hasOption("rtl")) {
            throw new UsageException("--liveness needs --rtl (the search checks liveness by itself)");
        }
        if (opt.fifoCapacity() > 0) {
            throw new UsageException("--liveness: the RTL has synchronous channels, not --async");
        }
        if (opt.faultKinds() != 0) {
            throw new UsageException("--liveness proves liveness without faults; with --faults use --repair-bound");
        }
        int hold = Cli.parseInRange("hold-max", cl.getOptionValue("hold-max", "1"), 0, 16);
        return Contract.waitBound(opt.nodes(), opt.latency(), hold);
    }

    /** --repair-bound, checked: B, or -1 for none. */
    static int repairBound(CommandLine cl, SearchOptions opt) throws UsageException {
        if (cl.hasOption("repair-bound") && (!cl.hasOption("rtl") || opt.faultKinds() == 0)) {
            throw new UsageException("--repair-bound needs --rtl and --faults drop and/or duplicate");
        }
        if (cl.hasOption("proof-seconds")
                && (!cl.hasOption("rtl") || opt.faultKinds() == 0 && !cl.hasOption("liveness"))) {
            throw new UsageException("--proof-seconds needs --rtl and --faults drop and/or duplicate, or --liveness");
        }
        if (!cl.hasOption("repair-bound")) {
            return -1;
        }
        int b = Cli.parseInt("repair-bound", cl.getOptionValue("repair-bound"));
        if (b < 1 || b > 254) {
            throw new UsageException("--repair-bound must be 1..254 cycles, got " + b);
        }
        return b;
    }

    /** --proof-seconds, checked. */
    static long seconds(CommandLine cl) throws UsageException {
        long s = Cli.parseLong("proof-seconds", cl.getOptionValue("proof-seconds", "3600"));
        if (s < 10) {
            throw new UsageException("--proof-seconds must be at least 10, got " + s);
        }
        return s;
    }

    /**
     * The proof's result, with --liveness the bound it ended with and the idle bounds refuted on the
     * way, the folder of the model the last proof read, and, when a property fails, its
     * counterexample and the file it was written to.
     */
    public record Outcome(
            RtlFaultProof.Result result,
            Contract.WaitBound waitBound,
            List<Integer> refuted,
            Path model,
            List<String> notRun,
            LivenessProof.Strengthening strengthening,
            RtlFaultProof.Counterexample counterexample,
            Path written) {}

    /** Where the waveform of a counterexample goes: beside the search's trace, as a VCD. */
    public static Path vcdBeside(Path trace) {
        String name = trace.getFileName().toString();
        String stem = name.endsWith(".trace") ? name.substring(0, name.length() - ".trace".length()) : name;
        return trace.resolveSibling(stem + ".vcd");
    }

    public static Outcome run(
            PrintStream out,
            PrintStream err,
            SearchOptions opt,
            int repairBound,
            Contract.WaitBound wait,
            long seconds,
            Path keep,
            Path vcd)
            throws IOException {
        int kinds = opt.faultKinds();
        RtlFaultProof.Faults faults = new RtlFaultProof.Faults(
                (kinds & ChosenFaults.DROP) != 0, (kinds & ChosenFaults.DUPLICATE) != 0, opt.activeMask());
        ProgressBar bar = new ProgressBar(err, true);
        String what = opt.faultKinds() != 0 ? "rtl fault proof" : "rtl liveness proof";
        bar.waiting(what + ": building the model");
        Outcome o;
        try (WorkFolder f = WorkFolder.open(keep, "ppbus-fault-proof")) {
            o = prove(opt, faults, repairBound, wait, seconds, f.dir(), progress(bar, what));
            // After an interrupt no tool starts again: a failure found is reported without its replay.
            if (o.result().anyBroken() && o.result().ended() != RtlFaultProof.Ended.STOPPED) {
                bar.waiting(what + ": replaying the counterexample");
                o = withCounterexample(o, seconds, vcd);
            }
        } finally {
            bar.finish();
        }
        print(out, opt, faults, o, seconds, keep);
        summary(out, o, vcd, keep);
        return o;
    }

    /** {@code o} with its counterexample replayed and written to {@code vcd}, unless an interrupt stops the replay. */
    private static Outcome withCounterexample(Outcome o, long seconds, Path vcd) throws IOException {
        RtlFaultProof.Counterexample cex;
        try {
            cex = RtlFaultProof.counterexample(o.model(), o.result(), seconds);
        } catch (ExternalTool.Stopped e) {
            return o;
        }
        Outputs.write(vcd, cex.vcd());
        if (Files.isRegularFile(vcd)) {
            // The last cycle of the shortest run is where the property fails: the marker.
            GtkwSave.writeForHarness(vcd, cex.cycles(), cex.cycles() - 1);
        }
        return new Outcome(o.result(), o.waitBound(), o.refuted(), o.model(), o.notRun(), o.strengthening(), cex, vcd);
    }

    /** After the verdicts: the parts not run, the bound that follows, the refuted bounds, the counterexample. */
    private static void summary(PrintStream out, Outcome o, Path vcd, Path keep) {
        for (String p : o.notRun()) {
            out.printf(Locale.ROOT, "  %s: NOT RUN (a proof before it did not succeed)%n", p);
        }
        Contract.WaitBound b = o.waitBound();
        if (b != null && !b.direct() && o.result().proven()) {
            out.printf(
                    Locale.ROOT,
                    "  every request granted within B = ((n-1)M + 1)(H + 1) + ((n-1)M + 2)G = %d cycles: FOLLOWS"
                            + " from the two above and the hold (docs/VERIFICATION.md 2a)%n",
                    b.cycles());
        }
        if (!o.refuted().isEmpty()) {
            out.printf(
                    Locale.ROOT,
                    "  idle bounds refuted on the way: G = %s (bmc3, pdr or an induction's base case broke each:"
                            + " a longer idle stretch is reachable)%n",
                    runs(o.refuted()));
        }
        IdleProofReport.print(out, o.strengthening(), b, keep);
        if (o.counterexample() == null && o.result().anyBroken()) {
            out.printf("counterexample: not replayed (interrupted); run again to get its waveform%n");
        }
        if (o.counterexample() != null) {
            out.printf(
                    Locale.ROOT,
                    "counterexample: %s (the shortest, as a waveform of %d cycles, the reset's first;"
                            + " replayed in Yosys's simulator, where %s fails)%n",
                    vcd,
                    o.counterexample().cycles(),
                    String.join(" and ", o.counterexample().failing()));
        }
    }

    /** Ascending numbers with runs of three or more written "a to b": "6 to 14, 16". */
    static String runs(List<Integer> values) {
        List<String> parts = new ArrayList<>();
        for (int k = 0; k < values.size(); ) {
            int end = k;
            while (end + 1 < values.size() && values.get(end + 1) == values.get(end) + 1) {
                end++;
            }
            parts.add(
                    end - k >= 2
                            ? values.get(k) + " to " + values.get(end)
                            : values.subList(k, end + 1).stream()
                                    .map(String::valueOf)
                                    .collect(Collectors.joining(", ")));
            k = end + 1;
        }
        return String.join(", ", parts);
    }

    /** pdr's frames as progress, after the idle bound being tried. */
    private static Consumer<String> progress(ProgressBar bar, String what) {
        String[] stage = {""};
        return line -> {
            int frame = PdrLog.frameOf(line);
            if (line.startsWith(LivenessProof.STAGE)) {
                stage[0] = ", " + line.substring(LivenessProof.STAGE.length());
                bar.waiting(what + stage[0]);
            } else if (frame >= 0) {
                bar.waiting(what + stage[0] + ": pdr frame " + frame);
            }
        };
    }

    /** The liveness proof (with {@code wait}) or the fault proof, without a counterexample yet. */
    private static Outcome prove(
            SearchOptions opt,
            RtlFaultProof.Faults faults,
            int repairBound,
            Contract.WaitBound wait,
            long seconds,
            Path dir,
            Consumer<String> progress)
            throws IOException {
        if (wait != null) {
            LivenessProof.Result live = LivenessProof.run(
                    opt.nodes(),
                    opt.latency(),
                    opt.rules(),
                    wait.hold(),
                    MAX_IDLE,
                    seconds,
                    dir,
                    Version.VERSION,
                    progress);
            return new Outcome(
                    live.proof(),
                    live.bound(),
                    live.refuted(),
                    live.last(),
                    live.notRun(),
                    live.strengthening(),
                    null,
                    null);
        }
        RtlFaultProof.Result r = RtlFaultProof.run(
                opt.nodes(),
                opt.latency(),
                opt.rules(),
                faults,
                repairBound,
                null,
                seconds,
                dir,
                Version.VERSION,
                progress);
        return new Outcome(r, null, List.of(), dir, List.of(), null, null, null);
    }

    private static void print(
            PrintStream out, SearchOptions opt, RtlFaultProof.Faults faults, Outcome o, long seconds, Path keep) {
        Contract.WaitBound wait = o.waitBound();
        RtlFaultProof.Result r = o.result();
        String who = faults.everyoneAsks(opt.nodes())
                ? "every processor asking"
                : "only processors " + faults.askers(opt.nodes()) + " asking";
        String faultsText = opt.faultKinds() == 0
                ? "no faults"
                : "at most one " + ChosenFaults.names(opt.faultKinds()).replace(",", " and one ") + " in a run";
        String holdText = wait == null
                ? ""
                : String.format(
                        Locale.ROOT,
                        ", each lowering req at most H = %d cycle%s after its gnt, M = %d, (n-1)M = %d, G = %d",
                        wait.hold(),
                        wait.hold() == 1 ? "" : "s",
                        wait.perOther(),
                        wait.meals(),
                        wait.gap());
        out.printf(
                Locale.ROOT,
                "rtl %s (n=%d, L=%d, %s, %s%s; Yosys + ABC pdr, %d registers after scorr, %.1f s; %s):%n",
                opt.faultKinds() == 0 ? "liveness" : "under faults",
                opt.nodes(),
                opt.latency(),
                who,
                faultsText,
                holdText,
                r.latches(),
                r.seconds(),
                keep == null
                        ? "--keep DIR keeps the files"
                        : wait == null
                                ? "files in " + keep + ", rerun: cd " + keep
                                        + " && yosys -s proof.ys && yosys-abc -f proof.abc"
                                : "one proof per folder of " + keep + ", rerun a pdr one: cd " + keep
                                        + "/meals && yosys -s proof.ys && yosys-abc -f proof.abc");
        for (RtlFaultProof.Verdict v : r.verdicts()) {
            out.printf(
                    Locale.ROOT,
                    "  %s: %s%n",
                    v.property(),
                    v.proven()
                            ? IdleProofReport.proven(o.strengthening(), v)
                            : v.broken()
                                    ? "FAILS: pdr's counterexample breaks it in cycle " + v.frame()
                                            + " (cycle 0 is the reset)"
                                    : undecided(r, seconds));
        }
    }

    private static String undecided(RtlFaultProof.Result r, long seconds) {
        String where = r.frameReached() >= 0 ? ", pdr in frame " + r.frameReached() : "";
        return r.ended() == RtlFaultProof.Ended.STOPPED
                ? String.format(Locale.ROOT, "undecided: stopped after %.1f s%s", r.seconds(), where)
                : "undecided within " + seconds + " s (--proof-seconds)" + where;
    }

    /** The result as the JSON's {@code rtlFaultProof}. */
    public static ObjectNode json(Outcome outcome, int repairBound) {
        Contract.WaitBound wait = outcome.waitBound();
        RtlFaultProof.Result r = outcome.result();
        ObjectNode o = Reports.mapper().createObjectNode();
        o.put("engine", "yosys + abc pdr");
        o.put("proven", r.proven());
        if (repairBound >= 0) {
            o.put("repairBoundCycles", repairBound);
        } else {
            o.putNull("repairBoundCycles");
        }
        if (wait != null) {
            ObjectNode b = o.putObject("waitBound");
            b.put("holdMaxCycles", wait.hold());
            b.put("perOtherGrantsMax", wait.perOther());
            b.put("othersGrantsMax", wait.meals());
            b.put("idleMaxCycles", wait.gap());
            b.put("cycles", wait.cycles());
            b.put("cyclesAssertedDirectly", wait.direct());
            ArrayNode refuted = b.putArray("idleRefuted");
            outcome.refuted().forEach(refuted::add);
            IdleProofReport.json(b, outcome.strengthening());
        } else {
            o.putNull("waitBound");
        }
        o.put("registers", r.latches());
        o.put("seconds", r.seconds());
        o.put("ended", r.ended().label);
        o.put("pdrFrame", r.frameReached());
        if (outcome.counterexample() != null) {
            ObjectNode c = o.putObject("counterexample");
            c.put("vcd", outcome.written().toString());
            c.put("cycles", outcome.counterexample().cycles());
            ArrayNode fails = c.putArray("replayFails");
            outcome.counterexample().failing().forEach(fails::add);
        } else {
            o.putNull("counterexample");
        }
        ArrayNode props = o.putArray("properties");
        for (RtlFaultProof.Verdict v : r.verdicts()) {
            ObjectNode p = props.addObject();
            p.put("property", v.property());
            p.put("verdict", v.proven() ? "proven" : v.broken() ? "fails" : "undecided");
            if (v.broken()) {
                p.put("counterexampleCycles", v.frame());
            } else {
                p.putNull("counterexampleCycles");
            }
        }
        for (String name : outcome.notRun()) {
            ObjectNode p = props.addObject();
            p.put("property", name);
            p.put("verdict", "not run");
            p.putNull("counterexampleCycles");
        }
        return o;
    }
}
