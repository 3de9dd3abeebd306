package org.ppbus.testbench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.ppbus.protocol.descriptor.Algorithm;
import org.ppbus.protocol.descriptor.CrashDerivation;
import org.ppbus.protocol.descriptor.Feature;
import org.ppbus.protocol.descriptor.MessageKind;
import org.ppbus.stats.BusUse;
import org.ppbus.stats.Statistics;
import org.ppbus.workload.Workload;

/** The JSON report of a run and its readable summary. Field order is fixed, so equal runs give equal bytes. */
public final class Reports {
    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /**
     * The version of every JSON report's shape (docs/schemas/). It changes when a field is renamed,
     * removed or changes meaning; adding a field does not change it.
     */
    public static final int SCHEMA_VERSION = 3;

    private Reports() {}

    /** A report's header: the tool and the schema version. */
    public static ObjectNode header(String toolVersion) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("tool", "ppbus " + toolVersion);
        root.put("schemaVersion", SCHEMA_VERSION);
        return root;
    }

    public static ObjectMapper mapper() {
        return MAPPER;
    }

    /** The run's report ({@link RunReport}) as a tree, to which a command may add fields. */
    public static ObjectNode json(SimulationResult r, String toolVersion) {
        return MAPPER.valueToTree(RunReport.of(r, toolVersion));
    }

    /** The settings of a run, as {@code --config} reads them back. */
    public static void putConfig(ObjectNode cfg, SimulationConfig c) {
        cfg.setAll((ObjectNode) MAPPER.valueToTree(RunReport.Config.of(c)));
    }

    /**
     * The opening of a report that compares the model with an RTL simulator (cosim, a fault
     * replay): the run's configuration with the simulator and whether the RTL's own assertions ran,
     * then the cycles compared and whether the run was interrupted.
     */
    public static ObjectNode rtlComparison(
            String toolVersion,
            SimulationConfig c,
            String simulator,
            boolean assertions,
            long cycles,
            boolean interrupted) {
        ObjectNode root = header(toolVersion);
        ObjectNode cfg = root.putObject("config");
        putConfig(cfg, c);
        cfg.put("rtlAssertions", assertions);
        cfg.put("rtlSimulator", simulator);
        root.put("cycles", cycles);
        root.put("interrupted", interrupted);
        return root;
    }

    /** The fairness bound checked and the largest count seen, both null when no bound applies. */
    public static void putOvertaking(ObjectNode root, int bound, int max) {
        root.set("overtaking", MAPPER.valueToTree(RunReport.Overtaking.of(bound, max)));
    }

    /**
     * A share as a percentage with one decimal, rounded down: 99.98% of the requests served, with a
     * processor cut off, must not read as 100.0%.
     */
    public static String percentDown(double share) {
        return String.format(Locale.ROOT, "%.1f%%", Math.floor(share * 1000 + 1e-9) / 10);
    }

    /** A readable summary for the terminal. */
    public static String text(SimulationResult r) {
        Statistics.Summary s = r.summary();
        SimulationConfig c = r.config();
        StringBuilder b = new StringBuilder();
        boolean cc = c.algorithmSpec().has(Feature.SYMBOLS);
        heading(b, r, cc);
        b.append(String.format(
                Locale.ROOT,
                "cycles %,d (%,d with new requests)%s%n",
                r.cycles(),
                r.loadCycles(),
                r.interrupted() ? "  INTERRUPTED" : ""));
        b.append(String.format(
                Locale.ROOT,
                "entries %,d   bus utilisation %.4f   Jain fairness %.4f%n",
                s.entries(),
                r.shared() == null ? s.busUtilization() : r.shared().overall(),
                s.jainFairness()));
        if (r.shared() != null) {
            shared(b, r.shared());
        }
        b.append(String.format(
                Locale.ROOT, "per entry      %10s %10s %10s   (max total)%n", "local", "inter-node", "total"));
        row(b, "messages", s.messages());
        if (cc) {
            row(b, "symbols", s.symbols()); // the 2-bit symbols of the contract; the others send messages
        }
        row(b, "bits", s.bits());
        outsideEntries(b, s, cc);
        Statistics.Distribution w = s.waitCycles();
        b.append(String.format(
                Locale.ROOT,
                "wait cycles    mean %.2f  p50 %d  p99 %d  max %d%n",
                w.mean(),
                w.p50(),
                w.p99(),
                w.max()));
        fairness(b, r, s, cc);
        Statistics.Distribution d = s.syncDelay();
        b.append(String.format(
                Locale.ROOT,
                "sync delay     mean %.2f  p50 %d  max %d  (%d hand-offs)%n",
                d.mean(),
                d.p50(),
                d.max(),
                d.samples()));
        if (r.fault() != null) {
            fault(b, r.fault());
        }
        if (r.violation() == null) {
            checks(b, r);
        } else {
            b.append("VIOLATION ").append(r.violation().headline()).append('\n');
            r.violation().details().forEach(x -> b.append("  ").append(x).append('\n'));
        }
        if (r.ungranted() > 0) {
            b.append(r.ungranted()).append(" processors were still waiting at the end\n");
        }
        return b.toString();
    }

    /** The checks a clean run made, and apart those its length could not reach. */
    private static void checks(StringBuilder b, SimulationResult r) {
        b.append("checks: no violation of\n");
        r.checks().made().forEach(x -> b.append("  ").append(x).append('\n'));
        if (!r.checks().outOfReach().isEmpty()) {
            b.append(String.format(
                    Locale.ROOT,
                    "not checked: the run's %,d cycles are too few for these windows (--watchdog, --stall)%n",
                    r.cycles()));
            r.checks().outOfReach().forEach(x -> b.append("  ").append(x).append('\n'));
        }
    }

    /** The run's algorithm, plane, workload and offered load. */
    private static void heading(StringBuilder b, SimulationResult r, boolean cc) {
        SimulationConfig c = r.config();
        if (cc) {
            b.append(String.format(
                    Locale.ROOT,
                    "ppbus simulate: %s, rules %s, n=%d (plane q=%d, N=%d, K=%d, %d fictitious), L=%d%n",
                    c.algorithm(),
                    c.rules().label(),
                    c.nodes(),
                    r.order(),
                    r.points(),
                    r.order() + 1,
                    r.points() - c.nodes(),
                    c.latencyCycles()));
        } else {
            b.append(String.format(
                    Locale.ROOT,
                    "ppbus simulate: %s, n=%d, L=%d, %s%n",
                    c.algorithm(),
                    c.nodes(),
                    c.latencyCycles(),
                    messageKinds(c.algorithmSpec(), c.nodes())));
        }
        b.append("workload ")
                .append(Workload.describe(c.workload(), Simulation.workloadSettings(c)))
                .append(", seed ")
                .append(c.seed())
                .append('\n');
        if (!Double.isNaN(r.offeredLoad())) {
            b.append(String.format(
                    Locale.ROOT,
                    "offered load %.3g (bus cycles asked for per cycle: load x nodes x hold)%s%n",
                    r.offeredLoad(),
                    r.saturated()
                            ? "\nnote: the offered load is 1 or more, so the bus is saturated and the"
                                    + " waits measure the queue, not the arbiter"
                            : ""));
        }
    }

    /** Overtaking or starvation against its bound, and Campos–Carvalho's clean yields. */
    private static void fairness(StringBuilder b, SimulationResult r, Statistics.Summary s, boolean cc) {
        if (r.overtakeBound() != Algorithm.NO_BOUND) {
            b.append(String.format(
                    Locale.ROOT,
                    "overtaking     max %d in one hungry period (bound %d)%n",
                    Math.max(0, r.maxOvertakes()),
                    r.overtakeBound()));
        } else if (r.starvationBound() != Long.MAX_VALUE) {
            b.append(String.format(
                    Locale.ROOT,
                    "starvation     max %d meals of the others while one waited (bound %d)%n",
                    r.maxServedWhileWaiting(),
                    r.starvationBound()));
        } else if (!r.config().algorithmSpec().starvationFree()) {
            b.append(String.format(
                    Locale.ROOT,
                    "starvation     max %d meals of the others while one waited (not checked: %s promises no"
                            + " freedom from starvation)%n",
                    r.maxServedWhileWaiting(),
                    r.config().algorithm()));
        }
        if (cc) {
            b.append(String.format(
                    Locale.ROOT,
                    "clean yields   %d  (max %d in one hungry period, %d at one arbiter)%n",
                    s.cleanYields().total(),
                    s.cleanYields().maxPerHungryPeriod(),
                    s.cleanYields().maxAtOneArbiterPerHungryPeriod()));
        }
    }

    /** An algorithm's messages and their widths at n, from its descriptor. */
    static String messageKinds(Algorithm a, int nodes) {
        List<MessageKind> kinds = a.messages().at(nodes);
        if (kinds.isEmpty()) {
            return "req and gnt wires only, no messages";
        }
        StringBuilder k = new StringBuilder("messages");
        for (MessageKind m : kinds) {
            k.append(k.length() == 8 ? " " : ", ")
                    .append(m.name())
                    .append(' ')
                    .append(m.bits())
                    .append(" bits");
        }
        return k.toString();
    }

    /** The fault's lines: what was injected, the verdict, and after a crash who was still served. */
    /** A shared run's buses: k, h, groups, how many were in use and in at once, and each bus's utilisation. */
    private static void shared(StringBuilder b, BusUse.Summary u) {
        StringBuilder per = new StringBuilder();
        for (double x : u.utilization()) {
            per.append(String.format(Locale.ROOT, " %.4f", x));
        }
        b.append(String.format(
                Locale.ROOT,
                "buses %d (demand %d, %s)   at most %d in use   processors in: mean %.3f, max %d%n"
                        + "bus utilisation per bus%s, %.4f in all (bus-cycles per cycle)   exclusion violations %d%n",
                u.sharing().buses(),
                u.sharing().demand(),
                u.sharing().groups() == 0 ? "no groups" : u.sharing().groups() + " groups",
                u.maxInUse(),
                u.concurrencyMean(),
                u.concurrencyMax(),
                per,
                u.total(),
                u.exclusionViolations()));
    }

    private static void fault(StringBuilder b, FaultOutcome f) {
        b.append(
                f.injected()
                        ? String.format(
                                Locale.ROOT,
                                "fault %s: cycle %d, channel %s, sent %s, delivered %s%n",
                                f.plan(),
                                f.cycle(),
                                f.channel(),
                                f.sent(),
                                f.delivered())
                        : "fault " + f.plan() + ": " + f.notInjectedWhy() + "\n");
        b.append("faultVerdict ")
                .append(f.verdict())
                .append(
                        f.stallCycles() >= 0
                                ? " after a stall of " + cycles(f.stallCycles()) + " (nobody ate while a"
                                        + " processor waited), " + cycles(f.latency()) + " after the fault"
                                : f.latency() >= 0 ? ", detected " + cycles(f.latency()) + " after the fault" : "")
                .append('\n');
        if (f.survival() != null) {
            FaultOutcome.Survival sv = f.survival();
            b.append(String.format(
                    Locale.ROOT,
                    "after the crash of node %d in cycle %d: %s of the requests served;"
                            + " survivors %s; cut off %s%n",
                    sv.crashed(),
                    sv.cycle(),
                    percentDown(sv.servedAfterCrash()),
                    Arrays.toString(sv.survivors()),
                    Arrays.toString(sv.cutOff())));
            if (sv.derived() != null) {
                CrashDerivation dv = sv.derived();
                b.append("derived: sure to survive ")
                        .append(Arrays.toString(dv.survive()))
                        .append(dv.cutOff().length > 0 ? "; sure to be cut off " + Arrays.toString(dv.cutOff()) : "")
                        .append(
                                dv.atMostOneOf().length > 0
                                        ? "; at most one of " + Arrays.toString(dv.atMostOneOf()) + " survives"
                                        : "")
                        .append(" (")
                        .append(dv.why())
                        .append("): ")
                        .append(sv.derivationHolds() ? "the run agrees" : "THE RUN DISAGREES")
                        .append('\n');
            }
        }
    }

    private static void row(StringBuilder b, String name, Statistics.Count c) {
        b.append(String.format(
                Locale.ROOT,
                "  %-12s %10.3f %10.3f %10.3f   (%d)%n",
                name,
                c.localPerEntry().mean(),
                c.interNodePerEntry().mean(),
                c.totalPerEntry().mean(),
                c.totalPerEntry().max()));
    }

    /**
     * The traffic the per-entry rows leave out, when there is some: sent before a processor's first
     * request, or for a request still unserved at the end (a violation stops the run mid-traffic).
     */
    private static void outsideEntries(StringBuilder b, Statistics.Summary s, boolean cc) {
        long messages = s.messages().outsideEntries();
        long symbols = s.symbols().outsideEntries();
        if (messages == 0 && symbols == 0) {
            return;
        }
        b.append(String.format(
                Locale.ROOT,
                "  outside any served entry: %,d messages%s (before a first request or for a request unserved at"
                        + " the end)%n",
                messages,
                cc ? String.format(Locale.ROOT, ", %,d symbols", symbols) : ""));
    }

    /** "1 cycle", "n cycles". */
    private static String cycles(long n) {
        return n + (n == 1 ? " cycle" : " cycles");
    }
}
