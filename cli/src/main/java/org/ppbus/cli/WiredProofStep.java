package org.ppbus.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.ppbus.protocol.Algorithm;
import org.ppbus.registry.Algorithms;
import org.ppbus.testbench.GtkwSave;
import org.ppbus.testbench.Reports;
import org.ppbus.verilog.Designs;
import org.ppbus.verilog.ExternalTool;
import org.ppbus.verilog.OneGrantProof;
import org.ppbus.verilog.RtlFaultProof;

/**
 * {@code verify --algorithm A --rtl --no-search} for a design other than Campos–Carvalho's: ABC's
 * pdr proves at most one gnt with req free ({@link OneGrantProof}); the state search is
 * Campos–Carvalho's alone. A broken proof writes its counterexample as a waveform.
 */
final class WiredProofStep {
    /** The options that apply here; any other is refused. */
    private static final Set<String> ALLOWED =
            Set.of("algorithm", "nodes", "rtl", "no-search", "keep", "json", "proof-seconds", "trace-out", "quiet");

    private WiredProofStep() {}

    /** Whether the command line names an algorithm other than Campos–Carvalho. */
    static boolean applies(CommandLine cl) {
        return cl.hasOption("algorithm")
                && !cl.getOptionValue("algorithm").equals(Algorithms.campos().name());
    }

    /** The proof's result and, when it broke, its counterexample. */
    private record Outcome(RtlFaultProof.Result result, RtlFaultProof.Counterexample counterexample) {}

    static int run(CommandLine cl, PrintStream out, PrintStream stdout, PrintStream err) throws Exception {
        Algorithm a = Cli.algorithm(cl, Designs.algorithms());
        check(cl, a);
        int n = Cli.parseInRange("nodes", cl.getOptionValue("nodes"), 1, 1057);
        long seconds = FaultProofStep.seconds(cl);
        for (String tool : List.of("yosys", "yosys-abc")) {
            if (!ExternalTool.available(tool)) {
                err.println("ppbus verify: " + tool + " is not installed (apt-get install "
                        + ExternalTool.packageOf(tool) + ")");
                return 2;
            }
        }
        Path keep = cl.hasOption("keep") ? Path.of(cl.getOptionValue("keep")) : null;
        Path vcd = FaultProofStep.vcdBeside(Path.of(cl.getOptionValue("trace-out", "ppbus-counterexample.trace")));
        Outcome o = prove(a, n, seconds, keep, vcd, err);
        RtlFaultProof.Result r = o.result();
        RtlFaultProof.Verdict v = r.of(OneGrantProof.ONE_GNT);
        out.printf(
                Locale.ROOT,
                "ppbus verify: %s, n=%d: rtl: at most one gnt %s (ABC pdr on the Yosys model, req free, %d latches,"
                        + " %.1f s; %s)%n",
                a.name(),
                n,
                v.proven() ? "PROVEN" : v.broken() ? "FAILS" : "UNDECIDED (time limit)",
                r.latches(),
                r.seconds(),
                keep != null ? "files in " + keep : "--keep DIR keeps the files");
        if (o.counterexample() != null) {
            out.printf(
                    Locale.ROOT,
                    "counterexample: %s (the shortest, %d cycles from reset, replayed in Yosys's simulator)%n",
                    vcd,
                    o.counterexample().cycles());
        }
        if (cl.hasOption("json")) {
            Outputs.write(cl.getOptionValue("json"), json(a, n, o, vcd) + "\n", stdout);
        }
        return v.proven() ? 0 : 1;
    }

    /** Refuses what applies to the search alone, and a run without --rtl --no-search. */
    private static void check(CommandLine cl, Algorithm a) throws UsageException {
        for (Option o : cl.getOptions()) {
            if (!ALLOWED.contains(o.getLongOpt())) {
                throw new UsageException("--" + o.getLongOpt() + " applies to campos-carvalho only; for " + a.name()
                        + " verify proves at most one gnt on the RTL (--rtl --no-search)");
            }
        }
        if (!cl.hasOption("rtl") || !cl.hasOption("no-search")) {
            throw new UsageException("the state search is campos-carvalho's; for " + a.name()
                    + " give --rtl --no-search (the proof of at most one gnt on its RTL)");
        }
    }

    private static Outcome prove(Algorithm a, int n, long seconds, Path keep, Path vcd, PrintStream err)
            throws Exception {
        ProgressBar bar = new ProgressBar(err, true);
        bar.waiting("rtl proof: building the model");
        try (WorkFolder f = WorkFolder.open(keep, "ppbus-one-gnt")) {
            RtlFaultProof.Result r;
            try {
                r = OneGrantProof.run(Designs.generate(a.name(), n, 1, Version.VERSION), n, seconds, f.dir(), line -> {
                    int frame = RtlFaultProof.frameOf(line);
                    if (frame >= 0) {
                        bar.waiting("rtl proof: pdr frame " + frame);
                    }
                });
            } catch (IllegalArgumentException e) {
                throw new UsageException(e.getMessage());
            }
            if (!r.anyBroken()) {
                return new Outcome(r, null);
            }
            bar.waiting("rtl proof: replaying the counterexample");
            RtlFaultProof.Counterexample cex = RtlFaultProof.counterexample(f.dir(), r, seconds);
            Outputs.write(vcd, cex.vcd());
            GtkwSave.writeForHarness(vcd, cex.cycles(), cex.cycles() - 1);
            return new Outcome(r, cex);
        } finally {
            bar.finish();
        }
    }

    private static String json(Algorithm a, int n, Outcome o, Path vcd) throws Exception {
        RtlFaultProof.Verdict v = o.result().of(OneGrantProof.ONE_GNT);
        ObjectNode root = Reports.header(Version.VERSION);
        root.put("algorithm", a.name());
        root.put("nodes", n);
        ObjectNode p = root.putObject("rtlProof");
        p.put("property", OneGrantProof.ONE_GNT);
        p.put("proven", v.proven());
        p.put("broken", v.broken());
        p.put("seconds", o.result().seconds());
        p.put("latches", o.result().latches());
        p.put("engine", "yosys + yosys-abc pdr, req unconstrained after the reset cycle");
        if (o.counterexample() != null) {
            p.put("counterexample", vcd.toString());
            p.put("counterexampleCycles", o.counterexample().cycles());
        }
        return Reports.mapper().writeValueAsString(root);
    }
}
