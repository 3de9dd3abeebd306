package org.ppbus.testbench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Locale;
import java.util.Map;
import org.ppbus.check.Violation;
import org.ppbus.stats.Statistics;

/** The JSON report of a run and its readable summary. Field order is fixed, so equal runs give equal bytes. */
public final class Reports {
    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private Reports() {}

    public static ObjectMapper mapper() {
        return MAPPER;
    }

    public static ObjectNode json(SimulationResult r, String toolVersion) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("tool", "ppbus " + toolVersion);
        SimulationConfig c = r.config();
        root.put("algorithm", c.algorithm());
        putConfig(root.putObject("config"), c);
        ObjectNode plane = root.putObject("plane");
        plane.put("order", r.order());
        plane.put("points", r.points());
        plane.put("fictitious", r.points() - c.nodes());
        plane.put("lineSize", r.order() + 1);
        root.put("cycles", r.cycles());
        root.put("loadCycles", r.loadCycles());
        root.put("interrupted", r.interrupted());
        Statistics.Summary s = r.summary();
        root.put("entries", s.entries());
        root.put("mutexViolations", r.mutexViolations());
        root.put("deadlock", r.deadlock());
        root.put("violations", r.violation() == null ? 0 : 1);
        root.put("ungranted", r.ungranted());
        root.put("maxQueueDepth", r.maxQueueDepth());
        putOvertaking(root, r.overtakeBound(), r.maxOvertakes());
        root.put("quiescentAtEnd", r.quiescentAtEnd());
        putCount(root.putObject("messagesPerEntry"), s.messages());
        putCount(root.putObject("symbolsPerEntry"), s.symbols());
        putCount(root.putObject("bitsPerEntry"), s.bits());
        ObjectNode totals = root.putObject("totals");
        totals.put("messages", s.messages().total());
        totals.put("messagesLocal", s.messages().local());
        totals.put("messagesInterNode", s.messages().interNode());
        totals.put("symbols", s.symbols().total());
        totals.put("symbolsLocal", s.symbols().local());
        totals.put("symbolsInterNode", s.symbols().interNode());
        totals.put("bits", s.bits().total());
        ObjectNode cy = root.putObject("cleanYields");
        cy.put("total", s.cleanYields().total());
        cy.put("maxPerHungryPeriod", s.cleanYields().maxPerHungryPeriod());
        cy.put("maxAtOneArbiterPerHungryPeriod", s.cleanYields().maxAtOneArbiterPerHungryPeriod());
        putDistribution(root.putObject("wait"), s.waitCycles());
        putDistribution(root.putObject("syncDelay"), s.syncDelay());
        root.put("busUtilization", s.busUtilization());
        root.put("jainFairness", s.jainFairness());
        ObjectNode perNode = root.putObject("perNode");
        ArrayNode e = perNode.putArray("entries");
        ArrayNode wn = perNode.putArray("wait");
        for (int i = 0; i < s.entriesPerNode().length; i++) {
            e.add(s.entriesPerNode()[i]);
            putDistribution(wn.addObject(), s.waitPerNode()[i]);
        }
        if (r.fault() != null) {
            FaultOutcome f = r.fault();
            root.put("faultVerdict", f.verdict());
            ObjectNode fo = root.putObject("fault");
            fo.put("plan", f.plan());
            fo.put("injected", f.injected());
            fo.put("cycle", f.cycle());
            fo.put("channel", f.channel());
            fo.put("sent", f.sent());
            fo.put("delivered", f.delivered());
            fo.put("detectedAt", f.detectedAt());
            fo.put("detectionLatency", f.latency());
        }
        if (r.violation() != null) {
            Violation v = r.violation();
            ObjectNode vn = root.putObject("violation");
            vn.put("cycle", v.cycle());
            vn.put("invariant", v.invariant());
            vn.put("message", v.message());
            ArrayNode d = vn.putArray("details");
            v.details().forEach(d::add);
        }
        return root;
    }

    /** The settings of a run, as {@code --config} reads them back. */
    public static void putConfig(ObjectNode cfg, SimulationConfig c) {
        cfg.put("algorithm", c.algorithm());
        cfg.put("nodes", c.nodes());
        cfg.put("cycles", c.cycles());
        cfg.put("load", c.load());
        cfg.put("hold", c.holdCycles());
        cfg.put("geometricHold", c.geometricHold());
        cfg.put("latency", c.latencyCycles());
        cfg.put("seed", c.seed());
        cfg.put("rules", c.rules().label());
        cfg.put("workload", c.workload());
        ArrayNode hot = cfg.putArray("hotNodes");
        for (int h : c.hotNodes()) {
            hot.add(h);
        }
        cfg.put("hotLoad", c.hotLoad());
        cfg.put("fullCheck", c.fullCheck());
        cfg.put("watchdog", c.watchdogCycles());
        cfg.put("stall", c.stallCycles());
        cfg.put("drain", c.drain());
        cfg.put("fault", c.fault());
        ArrayNode reenter = cfg.putArray("reenterNodes");
        for (int x : c.reenterNodes()) {
            reenter.add(x);
        }
    }

    private static void putCount(ObjectNode o, Statistics.Count c) {
        o.put("mean", c.totalPerEntry().mean());
        o.put("max", c.totalPerEntry().max());
        putHistogram(o, c.totalPerEntry().histogram());
        ObjectNode local = o.putObject("local");
        local.put("mean", c.localPerEntry().mean());
        local.put("max", c.localPerEntry().max());
        ObjectNode inter = o.putObject("interNode");
        inter.put("mean", c.interNodePerEntry().mean());
        inter.put("max", c.interNodePerEntry().max());
        putHistogram(inter, c.interNodePerEntry().histogram());
    }

    private static void putHistogram(ObjectNode o, Map<Long, Long> h) {
        if (h == null) {
            return;
        }
        ObjectNode hn = o.putObject("histogram");
        h.forEach((k, v) -> hn.put(Long.toString(k), v));
    }

    private static void putDistribution(ObjectNode o, Statistics.Distribution d) {
        o.put("samples", d.samples());
        o.put("mean", d.mean());
        o.put("p50", d.p50());
        o.put("p99", d.p99());
        o.put("max", d.max());
    }

    /** The fairness bound checked and the largest count seen, both null when no bound applies. */
    public static void putOvertaking(ObjectNode root, int bound, int max) {
        ObjectNode ov = root.putObject("overtaking");
        if (bound == org.ppbus.protocol.Algorithm.NO_BOUND) {
            ov.putNull("bound");
            ov.putNull("max");
        } else {
            ov.put("bound", bound);
            ov.put("max", max);
        }
    }

    /** A readable summary for the terminal. */
    public static String text(SimulationResult r) {
        Statistics.Summary s = r.summary();
        SimulationConfig c = r.config();
        StringBuilder b = new StringBuilder();
        boolean cc = c.algorithmSpec().has(org.ppbus.protocol.Algorithm.Feature.SYMBOLS);
        if (cc) {
            b.append(String.format(Locale.ROOT, "ppbus simulate: %s, rules %s, n=%d (plane q=%d, N=%d, K=%d, %d fictitious), L=%d%n",
                    c.algorithm(), c.rules().label(), c.nodes(), r.order(), r.points(), r.order() + 1, r.points() - c.nodes(),
                    c.latencyCycles()));
        } else {
            b.append(String.format(Locale.ROOT, "ppbus simulate: %s, n=%d (req and gnt wires only)%n", c.algorithm(), c.nodes()));
        }
        b.append(String.format(Locale.ROOT, "workload %s, load %.4g, hold %d%s, seed %d%n", c.workload(), c.load(),
                c.holdCycles(), c.geometricHold() ? " (geometric)" : "", c.seed()));
        b.append(String.format(Locale.ROOT, "cycles %,d (%,d with new requests)%s%n", r.cycles(), r.loadCycles(),
                r.interrupted() ? "  INTERRUPTED" : ""));
        b.append(String.format(Locale.ROOT, "entries %,d   bus utilisation %.4f   Jain fairness %.4f%n", s.entries(),
                s.busUtilization(), s.jainFairness()));
        b.append(String.format(Locale.ROOT, "per entry      %10s %10s %10s   (max total)%n", "local", "inter-node", "total"));
        row(b, "messages", s.messages());
        row(b, "symbols", s.symbols());
        row(b, "bits", s.bits());
        Statistics.Distribution w = s.waitCycles();
        b.append(String.format(Locale.ROOT, "wait cycles    mean %.2f  p50 %d  p99 %d  max %d%n", w.mean(), w.p50(), w.p99(), w.max()));
        if (r.overtakeBound() != org.ppbus.protocol.Algorithm.NO_BOUND) {
            b.append(String.format(Locale.ROOT, "overtaking     max %d in one hungry period (bound %d)%n", Math.max(0, r.maxOvertakes()),
                    r.overtakeBound()));
        }
        b.append(String.format(Locale.ROOT, "clean yields   %d  (max %d in one hungry period, %d at one arbiter)%n",
                s.cleanYields().total(), s.cleanYields().maxPerHungryPeriod(), s.cleanYields().maxAtOneArbiterPerHungryPeriod()));
        Statistics.Distribution d = s.syncDelay();
        b.append(String.format(Locale.ROOT, "sync delay     mean %.2f  p50 %d  max %d  (%d hand-offs)%n", d.mean(), d.p50(),
                d.max(), d.samples()));
        if (r.fault() != null) {
            FaultOutcome f = r.fault();
            b.append(f.injected()
                    ? String.format(Locale.ROOT, "fault %s: cycle %d, channel %s, sent %s, delivered %s%n", f.plan(), f.cycle(),
                            f.channel(), f.sent(), f.delivered())
                    : "fault " + f.plan() + ": never hit a symbol\n");
            b.append("faultVerdict ").append(f.verdict())
                    .append(f.latency() >= 0 ? ", detected " + f.latency() + " cycles after the fault" : "").append('\n');
        }
        if (r.violation() == null) {
            b.append(String.format(Locale.ROOT, "checks: no violation (%s)%n", !cc ? "mutual exclusion, deadlock, fairness"
                    : "mutual exclusion, forks, tokens, demotion, deadlock, livelock, fairness" + (c.fullCheck() ? ", H acyclic" : "")));
        } else {
            b.append("VIOLATION ").append(r.violation().headline()).append('\n');
            r.violation().details().forEach(x -> b.append("  ").append(x).append('\n'));
        }
        if (r.ungranted() > 0) {
            b.append(r.ungranted()).append(" processors were still waiting at the end\n");
        }
        return b.toString();
    }

    private static void row(StringBuilder b, String name, Statistics.Count c) {
        b.append(String.format(Locale.ROOT, "  %-12s %10.3f %10.3f %10.3f   (%d)%n", name, c.localPerEntry().mean(),
                c.interNodePerEntry().mean(), c.totalPerEntry().mean(), c.totalPerEntry().max()));
    }
}
