package org.ppbus.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.ppbus.check.SearchOptions;
import org.ppbus.link.ChosenFaults;
import org.ppbus.testbench.GtkwSave;
import org.ppbus.testbench.Reports;
import org.ppbus.verilog.RtlFaultProof;

/**
 * {@code ppbus verify --rtl --faults drop,duplicate}: the RTL's safety under the same symbol faults
 * as the search, proven for every run at once ({@link RtlFaultProof}), with pdr's frames as progress.
 */
final class FaultProofStep {
    private FaultProofStep() {}

    static void addOptions(Options o) {
        o.addOption(Cli.valued(
                "repair-bound",
                "B",
                "with --rtl --faults: also prove that fork conservation is never broken for more than B cycles"));
        o.addOption(Cli.valued(
                "proof-seconds", "S", "with --rtl --faults: stop the proof undecided after S seconds (default 3600)"));
    }

    /** --repair-bound, checked: B, or -1 for none. */
    static int repairBound(CommandLine cl, SearchOptions opt) throws UsageException {
        if ((cl.hasOption("repair-bound") || cl.hasOption("proof-seconds"))
                && (!cl.hasOption("rtl") || opt.faultKinds() == 0)) {
            throw new UsageException(
                    "--repair-bound and --proof-seconds need --rtl and --faults drop and/or duplicate");
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

    /** The proof's result and, when a property fails, its counterexample and the file it was written to. */
    record Outcome(RtlFaultProof.Result result, RtlFaultProof.Counterexample counterexample, Path written) {}

    /** Where the waveform of a counterexample goes: beside the search's trace, as a VCD. */
    static Path vcdBeside(Path trace) {
        String name = trace.getFileName().toString();
        String stem = name.endsWith(".trace") ? name.substring(0, name.length() - ".trace".length()) : name;
        return trace.resolveSibling(stem + ".vcd");
    }

    static Outcome run(
            PrintStream out, PrintStream err, SearchOptions opt, int repairBound, long seconds, Path keep, Path vcd)
            throws IOException {
        int kinds = opt.faultKinds();
        RtlFaultProof.Faults faults = new RtlFaultProof.Faults(
                (kinds & ChosenFaults.DROP) != 0, (kinds & ChosenFaults.DUPLICATE) != 0, opt.activeMask());
        ProgressBar bar = new ProgressBar(err, true);
        bar.waiting("rtl fault proof: building the model");
        RtlFaultProof.Result r;
        RtlFaultProof.Counterexample cex = null;
        try (WorkFolder f = WorkFolder.open(keep, "ppbus-fault-proof")) {
            r = RtlFaultProof.run(
                    opt.nodes(),
                    opt.latency(),
                    opt.rules(),
                    faults,
                    repairBound,
                    seconds,
                    f.dir(),
                    Version.VERSION,
                    line -> {
                        int frame = RtlFaultProof.frameOf(line);
                        if (frame >= 0) {
                            bar.waiting("rtl fault proof: pdr frame " + frame);
                        }
                    });
            if (r.anyBroken()) {
                bar.waiting("rtl fault proof: replaying the counterexample");
                cex = RtlFaultProof.counterexample(f.dir(), r, seconds);
                Outputs.write(vcd, cex.vcd());
                if (Files.isRegularFile(vcd)) {
                    // The last cycle of the shortest run is where the property fails: the marker.
                    GtkwSave.writeForHarness(vcd, cex.cycles(), cex.cycles() - 1);
                }
            }
        } finally {
            bar.finish();
        }
        print(out, opt, faults, r, seconds, keep);
        if (cex != null) {
            out.printf(
                    Locale.ROOT,
                    "counterexample: %s (the shortest, as a waveform of %d cycles, the reset's first;"
                            + " replayed in Yosys's simulator, where %s fails)%n",
                    vcd,
                    cex.cycles(),
                    String.join(" and ", cex.failing()));
        }
        return new Outcome(r, cex, cex != null ? vcd : null);
    }

    private static void print(
            PrintStream out,
            SearchOptions opt,
            RtlFaultProof.Faults faults,
            RtlFaultProof.Result r,
            long seconds,
            Path keep) {
        String who = faults.everyoneAsks(opt.nodes())
                ? "every processor asking"
                : "only processors " + faults.askers(opt.nodes()) + " asking";
        out.printf(
                Locale.ROOT,
                "rtl under faults (n=%d, L=%d, %s, at most one %s in a run; Yosys + ABC"
                        + " pdr, %d registers after scorr, %.1f s; %s):%n",
                opt.nodes(),
                opt.latency(),
                who,
                ChosenFaults.names(opt.faultKinds()).replace(",", " and one "),
                r.latches(),
                r.seconds(),
                keep != null
                        ? "files in " + keep + ", rerun: cd " + keep + " && yosys -s proof.ys && yosys-abc -f proof.abc"
                        : "--keep DIR keeps the files");
        for (RtlFaultProof.Verdict v : r.verdicts()) {
            out.printf(
                    Locale.ROOT,
                    "  %s: %s%n",
                    v.property(),
                    v.proven()
                            ? "PROVEN in every reachable state"
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
    static ObjectNode json(Outcome outcome, int repairBound) {
        RtlFaultProof.Result r = outcome.result();
        ObjectNode o = Reports.mapper().createObjectNode();
        o.put("engine", "yosys + abc pdr");
        o.put("proven", r.proven());
        if (repairBound >= 0) {
            o.put("repairBoundCycles", repairBound);
        } else {
            o.putNull("repairBoundCycles");
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
        return o;
    }
}
