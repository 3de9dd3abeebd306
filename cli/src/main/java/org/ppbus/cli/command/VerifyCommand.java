package org.ppbus.cli.command;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.ppbus.check.Finding;
import org.ppbus.cli.console.ProgressBar;
import org.ppbus.cli.console.StopOnInterrupt;
import org.ppbus.cli.options.Outputs;
import org.ppbus.cli.options.UsageException;
import org.ppbus.cli.options.Version;
import org.ppbus.cli.verify.FaultProofStep;
import org.ppbus.cli.verify.RtlProofStep;
import org.ppbus.cli.verify.VerifyOutcome;
import org.ppbus.cli.verify.VerifyRequest;
import org.ppbus.cli.verify.WiredProofStep;
import org.ppbus.link.ChosenFaults;
import org.ppbus.protocol.cc.CcPlanes;
import org.ppbus.protocol.descriptor.Algorithm;
import org.ppbus.search.ExhaustiveSearch;
import org.ppbus.search.PlanesSearch;
import org.ppbus.search.SearchOptions;
import org.ppbus.search.SearchResult;
import org.ppbus.search.StateSearch;
import org.ppbus.testbench.Reports;
import org.ppbus.verilog.proof.RtlProof;

/**
 * {@code ppbus verify}: the exhaustive search of the Campos–Carvalho model (and, with {@code --rtl},
 * the Yosys induction proof of the generated top). Exit 0 when nothing was found, 1 with a
 * counterexample (written as a replayable request trace), 2 on bad input, 130 when interrupted.
 */
public final class VerifyCommand extends Command {
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
                    f.loopCycles());
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

    @Override
    protected Options options() {
        return VerifyRequest.options();
    }

    @Override
    protected int execute(Invocation call) throws Exception {
        CommandLine cl = call.options();
        PrintStream out = call.text();
        PrintStream stdout = call.stdout();
        PrintStream err = call.err();
        if (WiredProofStep.applies(cl)) {
            return WiredProofStep.run(cl, out, stdout, err);
        }
        VerifyRequest q = VerifyRequest.of(cl);
        SearchOptions opt = q.search();
        ExhaustiveSearch search = search(q);
        try (StopOnInterrupt stop = new StopOnInterrupt(20)) {
            ProgressBar bar = new ProgressBar(err, true);
            SearchResult r;
            try {
                r = search.progress(bar.forSearch()).run(() -> stop.requested() ? 1 : 0);
            } finally {
                bar.finish();
            }
            printHeading(out, q);
            VerifyOutcome.Written written = q.noSearch() ? null : VerifyOutcome.printSearch(out, search, r, q);
            // An interrupt during the search starts no proof: the JVM is on its way out.
            boolean prove = q.rtl() && !stop.requested();
            RtlProof.Result proof =
                    prove && !q.rtlByPdr() ? RtlProofStep.run(out, opt, q.maxSteps(), q.keep(), stop::requested) : null;
            FaultProofStep.Outcome faultProof = prove && q.rtlByPdr()
                    ? FaultProofStep.run(
                            out,
                            err,
                            opt,
                            q.repairBound(),
                            q.waitBound(),
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

    @Override
    protected Help help() {
        return new Help(
                "ppbus verify --nodes N [--latency L] [--rules R] [--reenter-without-thinking LIST] [--json FILE]\n"
                        + "       ppbus verify --algorithm A --nodes N --rtl --no-search [--json FILE]   (a design with RTL)",
                "Breadth-first search of every state the Campos-Carvalho model can reach from the cold start,\n"
                        + "with processors that do anything the req/gnt handshake allows.");
    }

    private static ExhaustiveSearch search(VerifyRequest q) throws UsageException {
        SearchOptions opt = q.search();
        try {
            if (q.buses() > 1) {
                return new PlanesSearch(opt, q.buses(), CcPlanes.Mutant.NONE);
            }
            // With --no-search, a search of depth 0 keeps the output and the JSON in one shape.
            return new StateSearch(
                            q.noSearch()
                                    ? SearchOptions.of(opt.nodes(), opt.latency(), opt.rules())
                                            .withMaxStates(1)
                                            .withMaxDepth(0)
                                            .withH(false)
                                            .withActive(0)
                                    : opt)
                    .threads(q.threads());
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }

    private static void printHeading(PrintStream out, VerifyRequest q) {
        SearchOptions opt = q.search();
        out.printf(
                Locale.ROOT,
                "ppbus verify: %sn=%d, %s, rules %s%s%s%s%n",
                q.buses() > 1 ? CcPlanes.ALGORITHM.name() + ", k=" + q.buses() + ", " : "",
                opt.nodes(),
                opt.async() ? "asynchronous FIFO channels (capacity " + q.fifo() + ")" : "L=" + opt.latency(),
                opt.rules().label(),
                opt.reenterWithoutThinking() ? ", re-entry without thinking allowed" : "",
                q.active() != null ? ", only processors " + q.active() + " ask" : "",
                q.buses() == 1 && !q.noSearch()
                        ? ", searched on " + q.threads() + " thread" + (q.threads() == 1 ? "" : "s")
                        : "");
    }

    /** Hash compaction's omission bound and disk, or null for the lossless search. */
    private static void putCompaction(ObjectNode root, SearchResult r) {
        if (r.compaction() == null) {
            root.putNull("hashCompaction");
            return;
        }
        ObjectNode h = root.putObject("hashCompaction");
        h.put("fingerprintBits", 64);
        h.put("omissionProbabilityBound", r.compaction().omissionBound());
        h.put("diskBytes", r.compaction().diskBytes());
    }

    /** The search's size, time and memory. */
    private static void searchFigures(ObjectNode root, SearchResult r) {
        root.put("statesExplored", r.states());
        root.put("unreducedStates", r.unreducedStates());
        root.put("transitions", r.transitions());
        root.put("depth", r.depth());
        root.put("exploredDepth", r.exploredDepth());
        root.put("complete", r.complete());
        root.put("stoppedBecause", r.stoppedBecause());
        root.put("seconds", r.seconds());
        root.put("tableBytes", r.bytes());
        root.put("bytesPerState", r.bytesPerState());
        root.put("storeBytesPerState", r.storeBytesPerState());
        root.put("statesPerSecond", r.statesPerSecond());
        ArrayNode layers = root.putArray("statesPerDepth");
        r.statesPerDepth().forEach(layers::add);
    }

    /** The faults' figures: the broken states and the repair bound, null when it was not decided. */
    private static void putFaults(ObjectNode root, SearchResult r, SearchOptions opt) {
        if (r.repair() == null) {
            return;
        }
        ObjectNode f = root.putObject("faults");
        f.put("kinds", ChosenFaults.names(opt.faultKinds()));
        f.put("brokenStates", r.repair().brokenStates());
        if (r.repair().boundCycles() >= 0) {
            f.put("repairBoundCycles", r.repair().boundCycles());
        } else {
            f.putNull("repairBoundCycles");
        }
    }

    private static ObjectNode json(
            VerifyRequest q, SearchResult r, RtlProof.Result proof, VerifyOutcome.Written written) throws IOException {
        SearchOptions opt = q.search();
        ObjectNode root = Reports.header(Version.VERSION);
        root.put("algorithm", q.buses() > 1 ? CcPlanes.ALGORITHM.name() : "campos-carvalho");
        root.put("buses", q.buses());
        root.put("nodes", opt.nodes());
        root.put("latency", opt.latency());
        root.put("rules", opt.rules().label());
        root.put("reenterWithoutThinking", opt.reenterWithoutThinking());
        root.put("async", opt.async());
        root.put("active", q.active() != null ? q.active() : "all");
        root.put("crash", opt.crash());
        searchFigures(root, r);
        root.put("liveness", opt.liveness());
        root.put("acyclicH", opt.checkH());
        root.put("symmetry", opt.symmetry());
        root.put("forgetIdleRanks", opt.idleUnranked());
        root.put(
                "fairnessCheck",
                r.overtakeBound() == Algorithm.NO_BOUND
                        ? "none"
                        : opt.fairness().label());
        root.put("threads", q.buses() > 1 ? 1 : q.threads());
        putCompaction(root, r);
        root.put("violations", r.findings().size());
        Reports.putOvertaking(root, r.overtakeBound(), r.maxOvertakes());
        putFaults(root, r, opt);
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
}
