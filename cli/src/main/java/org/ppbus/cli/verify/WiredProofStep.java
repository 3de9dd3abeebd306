package org.ppbus.cli.verify;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Consumer;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.ppbus.cli.console.ProgressBar;
import org.ppbus.cli.console.StopOnInterrupt;
import org.ppbus.cli.console.WorkFolder;
import org.ppbus.cli.options.Cli;
import org.ppbus.cli.options.DesignOptions;
import org.ppbus.cli.options.Outputs;
import org.ppbus.cli.options.UsageException;
import org.ppbus.cli.options.Version;
import org.ppbus.protocol.descriptor.Algorithm;
import org.ppbus.registry.Algorithms;
import org.ppbus.testbench.GtkwSave;
import org.ppbus.testbench.Reports;
import org.ppbus.verilog.Designs;
import org.ppbus.verilog.ExternalTool;
import org.ppbus.verilog.GeneratedDesign;
import org.ppbus.verilog.PlanesVerilogGenerator;
import org.ppbus.verilog.proof.OneGrantProof;
import org.ppbus.verilog.proof.PdrLog;
import org.ppbus.verilog.proof.PlanesBusProof;
import org.ppbus.verilog.proof.PortContractProof;
import org.ppbus.verilog.proof.RtlFaultProof;

/**
 * {@code verify --algorithm A --rtl --no-search} for a design other than Campos–Carvalho's: ABC's
 * pdr proves at most one gnt with req free ({@link OneGrantProof}), then every property named in
 * the design's ppbus_top.v, a_bounded_wait among them where it promises a bound, with the
 * processors' side of the handshake assumed ({@link PortContractProof}); the state search is
 * Campos–Carvalho's alone. A broken proof writes its counterexample as a waveform.
 */
public final class WiredProofStep {
    /** The options that apply here; any other is refused. */
    private static final Set<String> ALLOWED =
            Set.of("algorithm", "buses", "nodes", "rtl", "no-search", "keep", "json", "proof-seconds", "trace-out");

    private static final String REQ_FREE = "req free";

    private WiredProofStep() {}

    /**
     * Whether the command line asks for the bus proof of more than one bus (--rtl --no-search; without,
     * the k-bus search runs), or names an algorithm other than Campos–Carvalho on one bus.
     */
    public static boolean applies(CommandLine cl) {
        if (cl.hasOption("buses") && !cl.getOptionValue("buses").equals("1")) {
            return cl.hasOption("rtl") && cl.hasOption("no-search");
        }
        return cl.hasOption("algorithm")
                && !cl.getOptionValue("algorithm").equals(Algorithms.campos().name());
    }

    /**
     * Each proof's result and environment, in the target's order, and the counterexample of the
     * first that broke (null if none did).
     */
    private record Outcome(
            List<RtlFaultProof.Result> results,
            List<String> environments,
            RtlFaultProof.Counterexample counterexample) {
        boolean stopped() {
            return results.stream().anyMatch(r -> r.ended() == RtlFaultProof.Ended.STOPPED);
        }

        boolean proven() {
            return results.stream().allMatch(RtlFaultProof.Result::proven);
        }
    }

    /** Proves one design's properties in a folder. */
    private interface Prover {
        RtlFaultProof.Result prove(long seconds, Path dir, Consumer<String> progress) throws IOException;
    }

    /** One proof of a target: its folder, what its environment may do, and how it is run. */
    private record Proof(String folder, String environment, Prover prover) {}

    /**
     * What is proven: for a one-bus design, at most one gnt with req free, then the port properties
     * with a_req_held assumed; for k buses, the bus properties.
     */
    private record Target(List<Proof> proofs) {}

    private static Target target(Algorithm a, int n, int buses) throws UsageException {
        try {
            if (buses > 1) {
                GeneratedDesign d = new PlanesVerilogGenerator(Version.VERSION).generate(n, 1, buses);
                return new Target(List.of(
                        new Proof("bus", REQ_FREE, (s, dir, p) -> PlanesBusProof.prove(d, n, buses, s, dir, p))));
            }
            GeneratedDesign d = Designs.generate(a.name(), n, 1, Version.VERSION);
            return new Target(List.of(
                    new Proof("one-gnt", REQ_FREE, (s, dir, p) -> OneGrantProof.run(d, n, s, dir, p)),
                    new Proof(
                            "contract",
                            "a_req_held assumed",
                            (s, dir, p) -> PortContractProof.run(d, a, n, s, dir, p))));
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }

    public static int run(CommandLine cl, PrintStream out, PrintStream stdout, PrintStream err) throws Exception {
        Algorithm a = DesignOptions.algorithm(cl);
        check(cl, a);
        int n = Cli.parseInRange("nodes", cl.getOptionValue("nodes"), 1, 1057);
        Target target = target(a, n, DesignOptions.buses(cl));
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
        // Ctrl-C stops the tools (ExternalTool's hook); this holds the JVM until the verdicts so far
        // are printed, the JSON written and the work folder removed.
        try (StopOnInterrupt stop = new StopOnInterrupt(20)) {
            Outcome o = prove(target, seconds, keep, vcd, err);
            return report(cl, a, n, o, keep, vcd, out, stdout, err);
        }
    }

    /** Prints the verdicts, writes the JSON; the exit code (130 when an interrupt stopped the proof). */
    private static int report(
            CommandLine cl,
            Algorithm a,
            int n,
            Outcome o,
            Path keep,
            Path vcd,
            PrintStream out,
            PrintStream stdout,
            PrintStream err)
            throws Exception {
        boolean interrupted = o.stopped();
        out.printf(
                Locale.ROOT,
                "ppbus verify: %s, n=%d%s: rtl (ABC pdr on the Yosys model; %s):%n",
                a.name(),
                n,
                DesignOptions.buses(cl) > 1 ? ", k=" + DesignOptions.buses(cl) : "",
                keep != null ? "files in " + keep : "--keep DIR keeps the files");
        for (int k = 0; k < o.results().size(); k++) {
            RtlFaultProof.Result r = o.results().get(k);
            out.printf(
                    Locale.ROOT,
                    " %s, %d latches, %d after scorr, %.1f s:%n",
                    o.environments().get(k),
                    PdrLog.latchesRead(r.log()),
                    r.latches(),
                    r.seconds());
            for (RtlFaultProof.Verdict v : r.verdicts()) {
                out.printf(
                        Locale.ROOT,
                        "  %s: %s%n",
                        v.property(),
                        v.proven()
                                ? "PROVEN"
                                : v.broken()
                                        ? "FAILS"
                                        : interrupted ? "UNDECIDED (interrupted)" : "UNDECIDED (time limit)");
            }
        }
        if (o.counterexample() != null) {
            out.printf(
                    Locale.ROOT,
                    "counterexample: %s (the shortest, %d cycles from reset, replayed in Yosys's simulator)%n",
                    vcd,
                    o.counterexample().cycles());
        }
        if (cl.hasOption("json")) {
            Outputs.write(cl.getOptionValue("json"), json(a, n, DesignOptions.buses(cl), o, vcd) + "\n", stdout);
        }
        if (interrupted) {
            err.println("ppbus verify: interrupted; the verdicts above are those decided before it");
            return 130;
        }
        return o.proven() ? 0 : 1;
    }

    /** Refuses what applies to the search alone, and a run without --rtl --no-search. */
    private static void check(CommandLine cl, Algorithm a) throws UsageException {
        for (Option o : cl.getOptions()) {
            if (!ALLOWED.contains(o.getLongOpt())) {
                throw new UsageException("--" + o.getLongOpt() + " applies to campos-carvalho only; for " + a.name()
                        + " verify proves at most one gnt and the port properties on the RTL (--rtl --no-search)");
            }
        }
        if (!cl.hasOption("rtl") || !cl.hasOption("no-search")) {
            throw new UsageException("the state search is campos-carvalho's on one bus; for " + a.name()
                    + " give --rtl --no-search (the proof on its RTL)");
        }
    }

    /**
     * Runs the target's proofs in turn, each in a folder of its own, and replays the first broken
     * one's counterexample; an interrupt stops after the proof it stopped.
     */
    private static Outcome prove(Target target, long seconds, Path keep, Path vcd, PrintStream err) throws Exception {
        ProgressBar bar = new ProgressBar(err, true);
        List<RtlFaultProof.Result> results = new java.util.ArrayList<>();
        RtlFaultProof.Counterexample cex = null;
        try (WorkFolder f = WorkFolder.open(keep, "ppbus-wired-proof")) {
            for (Proof p : target.proofs()) {
                bar.waiting("rtl proof (" + p.folder() + "): building the model");
                Path dir = java.nio.file.Files.createDirectories(f.dir().resolve(p.folder()));
                RtlFaultProof.Result r = p.prover().prove(seconds, dir, line -> {
                    int frame = PdrLog.frameOf(line);
                    if (frame >= 0) {
                        bar.waiting("rtl proof (" + p.folder() + "): pdr frame " + frame);
                    }
                });
                results.add(r);
                if (r.ended() == RtlFaultProof.Ended.STOPPED) {
                    break; // an interrupt: no time to replay, nor for the next proof
                }
                if (r.anyBroken() && cex == null) {
                    bar.waiting("rtl proof (" + p.folder() + "): replaying the counterexample");
                    cex = RtlFaultProof.counterexample(dir, r, seconds);
                    Outputs.write(vcd, cex.vcd());
                    GtkwSave.writeForHarness(vcd, cex.cycles(), cex.cycles() - 1);
                }
            }
            List<String> environments = target.proofs().stream()
                    .limit(results.size())
                    .map(Proof::environment)
                    .toList();
            return new Outcome(List.copyOf(results), environments, cex);
        } finally {
            bar.finish();
        }
    }

    private static String json(Algorithm a, int n, int buses, Outcome o, Path vcd) throws Exception {
        List<RtlFaultProof.Verdict> verdicts =
                o.results().stream().flatMap(r -> r.verdicts().stream()).toList();
        ObjectNode root = Reports.header(Version.VERSION);
        root.put("algorithm", a.name());
        root.put("nodes", n);
        root.put("buses", buses);
        root.put("interrupted", o.stopped());
        ObjectNode p = root.putObject("rtlProof");
        p.put(
                "property",
                String.join(
                        "; ",
                        verdicts.stream().map(RtlFaultProof.Verdict::property).toList()));
        p.put("proven", o.proven());
        p.put("broken", verdicts.stream().anyMatch(RtlFaultProof.Verdict::broken));
        ArrayNode each = p.putArray("properties");
        for (int k = 0; k < o.results().size(); k++) {
            for (RtlFaultProof.Verdict v : o.results().get(k).verdicts()) {
                ObjectNode e = each.addObject();
                e.put("property", v.property());
                e.put("proven", v.proven());
                e.put("broken", v.broken());
                e.put("environment", o.environments().get(k));
            }
        }
        p.put(
                "seconds",
                o.results().stream().mapToDouble(RtlFaultProof.Result::seconds).sum());
        p.put("latches", PdrLog.latchesRead(o.results().get(0).log()));
        p.put("latchesAfterScorr", o.results().get(0).latches());
        p.put(
                "engine",
                "yosys + yosys-abc pdr, after the reset cycle; each property's environment says what req may do");
        if (o.counterexample() != null) {
            p.put("counterexample", vcd.toString());
            p.put("counterexampleCycles", o.counterexample().cycles());
        }
        return Reports.mapper().writeValueAsString(root);
    }
}
