package org.ppbus.cli.command;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.ppbus.cli.console.StopOnInterrupt;
import org.ppbus.cli.options.Cli;
import org.ppbus.cli.options.Outputs;
import org.ppbus.cli.options.RunOption;
import org.ppbus.cli.options.UsageException;
import org.ppbus.cli.options.Version;
import org.ppbus.experiment.Batch;
import org.ppbus.experiment.FaultMatrix;
import org.ppbus.link.FaultKind;
import org.ppbus.protocol.RuleSet;
import org.ppbus.protocol.descriptor.Algorithm;
import org.ppbus.registry.Algorithms;
import org.ppbus.testbench.ConfigException;
import org.ppbus.testbench.Reports;
import org.ppbus.testbench.SimulationConfig;

/**
 * {@code ppbus faults}: the fault matrix. Every fault kind at a random place, once per seed, on
 * the same workload; per kind, how the runs ended and the longest detection latency.
 */
public final class FaultsCommand extends Command {
    /** One run as the JSON lists it. */
    record RunJson(
            long seed,
            String plan,
            long cycle,
            String channel,
            String sent,
            String delivered,
            String faultVerdict,
            long detectionLatency,
            long mutexViolations,
            long cycles,

            @JsonInclude(JsonInclude.Include.NON_NULL) Double servedAfterCrash,

            @JsonInclude(JsonInclude.Include.NON_NULL) Boolean derivationHolds) {}

    /** The JSON report. */
    record Report(
            String tool,
            int schemaVersion,
            JsonNode config,
            List<RunJson> runs,
            boolean interrupted,
            int runsPlanned) {}

    @Override
    public String summary() {
        return "fault matrix: each fault kind x K seeds; verdict distribution and detection or recovery latency";
    }

    @Override
    protected Options options() {
        Options o = new Options();
        o.addOption(RunOption.ALGORITHM.toOption());
        o.addOption(RunOption.NODES.toOption());
        o.addOption(Cli.valued("seeds", "K", "seeds 1..K per kind (default 100)"));
        o.addOption(RunOption.LOAD.toOption("0.05"));
        o.addOption(RunOption.CYCLES.toOption("20000"));
        o.addOption(RunOption.LATENCY.toOption());
        o.addOption(RunOption.BUSES.toOption());
        o.addOption(RunOption.RULES.toOption());
        o.addOption(Cli.valued(
                "kinds",
                "LIST",
                "default "
                        + String.join(
                                ",",
                                FaultKind.SYMBOL_KINDS.stream()
                                        .map(FaultKind::label)
                                        .toList())
                        + " for campos-carvalho, "
                        + String.join(
                                ",",
                                FaultKind.MESSAGE_KINDS.stream()
                                        .map(FaultKind::label)
                                        .toList())
                        + " for the message-passing algorithms, "
                        + "crash (a random node in a random cycle: who is still served) for the rest; crash for any"));
        o.addOption(Cli.jsonOption("every run's outcome"));
        o.addOption(Cli.threadsOption());
        return o;
    }

    @Override
    protected Help help() {
        return new Help(
                "ppbus faults [--nodes N] [--seeds K] [--json FILE]", "One random fault per run, K runs per kind.");
    }

    @Override
    protected int execute(Invocation call) throws Exception {
        CommandLine cl = call.options();
        PrintStream out = call.text();
        PrintStream stdout = call.stdout();
        PrintStream err = call.err();
        int threads = Cli.threads(cl);
        SimulationConfig base = base(cl);
        FaultMatrix matrix;
        int planned;
        try {
            base.validated(); // names a bad --algorithm, --nodes ... before the kinds are looked up
            List<FaultKind> kinds = kinds(cl, base);
            matrix = new FaultMatrix(base, kinds, Cli.parseInt("seeds", cl.getOptionValue("seeds", "100")));
            planned = matrix.runs().size();
        } catch (ConfigException e) {
            throw RunOption.usage(e);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        long t0 = System.nanoTime();
        try (StopOnInterrupt stop = new StopOnInterrupt(20)) {
            List<FaultMatrix.Run> runs = matrix.run(new Batch(threads, stop::requested));
            boolean interrupted = stop.requested();
            // Written before the stop is let go: once it is closed, an interrupted JVM halts.
            print(out, matrix, runs, planned, interrupted, threads, (System.nanoTime() - t0) / 1e9);
            if (cl.hasOption("json")) {
                writeJson(cl.getOptionValue("json"), base, runs, interrupted, planned, stdout);
            }
            if (interrupted) {
                err.println("ppbus faults: interrupted; the summary covers the runs that finished");
                return 130;
            }
            // Every run has a verdict (FaultOutcome): a detected fault is the expected result. A run
            // that contradicts its algorithm's derivation of the survivors is not.
            return runs.stream().anyMatch(r -> r.outcome().contradictsDerivation()) ? 1 : 0;
        }
    }

    /** The runs' settings: the matrix's own defaults where an option is not given. */
    private static SimulationConfig base(CommandLine cl) throws UsageException {
        SimulationConfig base = SimulationConfig.defaults();
        if (cl.hasOption("algorithm")) {
            base = RunOption.ALGORITHM.apply(base, cl.getOptionValue("algorithm"));
        }
        // The matrix's own defaults: enough load that faults meet traffic, and short runs.
        if (cl.hasOption("nodes")) {
            base = RunOption.NODES.apply(base, cl.getOptionValue("nodes"));
        }
        base = RunOption.LOAD.apply(base, cl.getOptionValue("load", "0.05"));
        base = RunOption.CYCLES.apply(base, cl.getOptionValue("cycles", "20000"));
        if (cl.hasOption("latency")) {
            base = RunOption.LATENCY.apply(base, cl.getOptionValue("latency"));
        }
        if (cl.hasOption("rules")) {
            base = RunOption.RULES.apply(base, cl.getOptionValue("rules"));
        }
        // --buses K > 1 without --algorithm is Campos-Carvalho's k-bus design, as elsewhere.
        return RunOption.applyAll(base, cl, List.of(RunOption.BUSES));
    }

    /** --kinds, each one the algorithm takes, or its default kinds. */
    private static List<FaultKind> kinds(CommandLine cl, SimulationConfig base) throws UsageException {
        Algorithm algorithm = Algorithms.named(base.algorithm());
        List<FaultKind> allowed = FaultMatrix.kinds(algorithm);
        List<FaultKind> kinds = new ArrayList<>();
        List<String> asked = cl.hasOption("kinds")
                ? Cli.parseList("kinds", cl.getOptionValue("kinds"))
                : FaultMatrix.defaultKinds(algorithm).stream()
                        .map(FaultKind::label)
                        .toList();
        for (String k : asked) {
            FaultKind kind = FaultKind.parse(k).filter(allowed::contains).orElse(null);
            if (kind == null) {
                throw new UsageException("--kinds: " + base.algorithm() + " takes " + FaultKind.labels(allowed)
                        + ", got '" + k.trim() + "'");
            }
            kinds.add(kind);
        }
        return kinds;
    }

    private static void writeJson(
            String target,
            SimulationConfig base,
            List<FaultMatrix.Run> runs,
            boolean interrupted,
            int planned,
            PrintStream stdout)
            throws IOException {
        ObjectNode config = Reports.mapper().createObjectNode();
        Reports.putConfig(config, base);
        List<RunJson> list = runs.stream()
                .map(r -> new RunJson(
                        r.result().config().seed(),
                        r.outcome().plan(),
                        r.outcome().cycle(),
                        r.outcome().channel(),
                        r.outcome().sent(),
                        r.outcome().delivered(),
                        r.outcome().verdict(),
                        r.outcome().latency(),
                        r.result().mutexViolations(),
                        r.result().cycles(),
                        r.outcome().survival() == null
                                ? null
                                : r.outcome().survival().servedAfterCrash(),
                        r.outcome().survival() == null
                                ? null
                                : r.outcome().survival().derivationHolds()))
                .toList();
        Report report =
                new Report("ppbus " + Version.VERSION, Reports.SCHEMA_VERSION, config, list, interrupted, planned);
        Outputs.write(target, Reports.mapper().writeValueAsString(report) + "\n", stdout);
    }

    private static void print(
            PrintStream out,
            FaultMatrix matrix,
            List<FaultMatrix.Run> runs,
            int planned,
            boolean interrupted,
            int threads,
            double wall) {
        SimulationConfig base = matrix.base();
        out.printf(
                Locale.ROOT,
                "ppbus faults: %s%s, n=%d%s, load %s, L=%d, %,d cycles, seeds 1..%d, one random fault per run%n",
                base.algorithm(),
                base.rules().equals(RuleSet.FIXED) ? "" : " (" + base.rules().label() + ")",
                base.nodes(),
                base.sharing().buses() == 1 ? "" : ", " + base.sharing().buses() + " buses",
                Double.toString(base.load()),
                base.latencyCycles(),
                base.cycles(),
                matrix.seeds());
        for (FaultMatrix.KindSummary k : matrix.summarise(runs)) {
            StringBuilder v = new StringBuilder();
            k.verdicts()
                    .forEach((name, count) -> v.append(v.length() == 0 ? "" : ", ")
                            .append(name)
                            .append(' ')
                            .append(count));
            out.printf(
                    Locale.ROOT,
                    "%-10s %s; longest detection or recovery %s; longest run %,d cycles;"
                            + " mutual-exclusion violations %d%s%s%n",
                    k.kind(),
                    v.length() == 0 ? "no finished run" : v,
                    k.longestDetection() < 0
                            ? "none (no run detected or recovered)"
                            : k.longestDetection() + (k.longestDetection() == 1 ? " cycle" : " cycles"),
                    k.longestRun(),
                    k.mutexViolations(),
                    k.servedAfterCrash() < 0
                            ? ""
                            : "; served after the crash " + Reports.percentDown(k.servedAfterCrash()) + " on average",
                    k.derivationChecked() == 0
                            ? ""
                            : String.format(
                                    Locale.ROOT,
                                    "; survivors as derived in %d of %d runs",
                                    k.derivationHeld(),
                                    k.derivationChecked()));
        }
        out.printf(
                Locale.ROOT,
                "%d%s runs in %.1f s on %d threads%s%n",
                runs.size(),
                interrupted ? " of " + planned : "",
                wall,
                threads,
                interrupted ? " (interrupted)" : "");
    }
}
