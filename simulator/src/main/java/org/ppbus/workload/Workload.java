package org.ppbus.workload;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.IntStream;
import org.ppbus.bus.Demand;
import org.ppbus.bus.Need;
import org.ppbus.bus.Sharing;
import org.ppbus.plane.Wiring;

/**
 * A resolved workload: the demand the processors follow, an optional reactive driver, and the
 * nodes that take part (for fairness), and the shortest hold any processor may use (which bounds
 * how often one processor can re-enter, and so the fairness bound).
 *
 * <p>Names: {@code uniform} (every node at --load), {@code hotspot} (the --hot-nodes at --hot-load,
 * the others at --load), {@code single} (node 0 always hungry again), {@code neighbours} and
 * {@code non-neighbours} (node 0 and its smallest neighbour or non-neighbour, saturated),
 * {@code neighbours-alternating} and {@code non-neighbours-alternating} (the same pairs in strict
 * alternation with quiescence before each request), {@code saturated} (every node always hungry).
 * Anything else is read as a request-trace file.
 *
 * <p>{@code offeredLoad} is the bus time asked for per cycle, the loads times the mean hold: at 1 or
 * more the bus cannot keep up, every processor soon waits behind the others, and a wait measures
 * the queue rather than the arbiter. NaN where the workload has no rate (a trace, an alternation).
 */
public record Workload(
        String name, Demand demand, Driver driver, int[] activeNodes, int minHoldCycles, double offeredLoad) {

    public static final List<String> NAMES = List.of(
            "uniform",
            "hotspot",
            "single",
            "neighbours",
            "non-neighbours",
            "neighbours-alternating",
            "non-neighbours-alternating",
            "saturated");

    /** Settings a workload may use. */
    /**
     * What a workload may read. {@code manyAtOnce}: the algorithm grants a request several buses at
     * once (h-out-of-k), so a trace's request may need more than one.
     */
    public record Settings(
            double load,
            int holdCycles,
            boolean geometricHold,
            long seed,
            long stopCycle,
            int[] hotNodes,
            double hotLoad,
            Sharing sharing,
            boolean manyAtOnce) {}

    public static Workload resolve(String spec, Wiring wiring, Settings s) throws IOException {
        int n = wiring.nodes();
        String name = spec.toLowerCase(Locale.ROOT);
        double[] load = new double[n];
        switch (name) {
            case "uniform" -> {
                Arrays.fill(load, s.load());
                return random(name, load, s);
            }
            case "hotspot" -> {
                Arrays.fill(load, s.load());
                if (s.hotNodes() == null || s.hotNodes().length == 0) {
                    throw new IllegalArgumentException("workload hotspot needs --hot-nodes");
                }
                for (int h : s.hotNodes()) {
                    if (h < 0 || h >= n) {
                        throw new IllegalArgumentException("--hot-nodes: node " + h + " is outside 0.." + (n - 1));
                    }
                    load[h] = s.hotLoad();
                }
                return random(name, load, s);
            }
            case "saturated" -> {
                Arrays.fill(load, 1.0);
                return random(name, load, s);
            }
            case "single" -> {
                load[0] = 1.0;
                return random(name, load, s);
            }
            case "neighbours", "non-neighbours" -> {
                int other = partner(wiring, name.equals("neighbours"));
                load[0] = 1.0;
                load[other] = 1.0;
                return random(name, load, s);
            }
            case "neighbours-alternating", "non-neighbours-alternating" -> {
                int other = partner(wiring, name.startsWith("neighbours"));
                int[] pair = {0, other};
                return new Workload(
                        name,
                        new ScriptedDemand(n, s.holdCycles()),
                        new AlternatingDriver(pair, s.stopCycle()),
                        pair,
                        s.holdCycles(),
                        Double.NaN);
            }
            default -> {
                return fromTrace(spec, n, s);
            }
        }
    }

    /**
     * The workload and the settings it reads, for a report's header: a named workload that keeps
     * its nodes always hungry reads no load, an alternation no load either, and a trace neither load
     * nor hold (its requests carry their holds). Naming a setting a run did not read would claim it.
     */
    public static String describe(String spec, Settings s) {
        String hold = "hold " + s.holdCycles() + (s.geometricHold() ? " (geometric)" : "");
        String load = String.format(Locale.ROOT, "load %.4g", s.load());
        String name = spec.toLowerCase(Locale.ROOT);
        return switch (name) {
            case "uniform" -> name + ", " + load + ", " + hold;
            case "hotspot" ->
                String.format(
                        Locale.ROOT,
                        "%s, %s (nodes %s at %.4g), %s",
                        name,
                        load,
                        Arrays.toString(s.hotNodes() == null ? new int[0] : s.hotNodes()),
                        s.hotLoad(),
                        hold);
            case "saturated" -> name + " (every node always hungry), " + hold;
            case "single" -> name + " (node 0 always hungry), " + hold;
            case "neighbours", "non-neighbours" -> name + " (node 0 and one other always hungry), " + hold;
            case "neighbours-alternating", "non-neighbours-alternating" -> name + ", " + hold;
            default -> spec + " (a request trace: its own requests and holds)";
        };
    }

    /** A request-trace file as a workload; its requests must rise before the run's last cycle. */
    private static Workload fromTrace(String spec, int n, Settings s) throws IOException {
        Path file = Path.of(spec);
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException("unknown workload '" + spec + "' (not one of " + String.join(", ", NAMES)
                    + ", and no such trace file)");
        }
        RequestTrace trace = RequestTrace.read(file);
        checkNeeds(spec, trace, s.sharing(), s.manyAtOnce());
        long last = trace.entries().stream()
                .mapToLong(RequestTrace.Entry::cycle)
                .max()
                .orElse(-1);
        if (last >= s.stopCycle()) {
            // Requests rise only before --cycles: a later one would be dropped without a word.
            throw new IllegalArgumentException("--workload " + spec + ": a request rises in cycle " + last
                    + ", after the last cycle with new requests (" + (s.stopCycle() - 1) + ")"
                    + (last == Long.MAX_VALUE
                            ? ", and no run is that long"
                            : "; give --cycles " + (last + 1) + " or more"));
        }
        int[] active = trace.entries().stream()
                .mapToInt(RequestTrace.Entry::node)
                .distinct()
                .sorted()
                .toArray();
        int minHold = trace.entries().stream()
                .mapToInt(RequestTrace.Entry::hold)
                .min()
                .orElse(1);
        return new Workload(file.toString(), new TraceDemand(trace, n), null, active, Math.max(1, minHold), Double.NaN);
    }

    /**
     * A v2 trace's requests must fit the run: at most k buses each, and more than one only where the
     * algorithm grants several at once (h-out-of-k; a one-per-request algorithm on k buses grants
     * one, so such a request would be served wrong); groups among the run's.
     */
    private static void checkNeeds(String spec, RequestTrace trace, Sharing sharing, boolean manyAtOnce) {
        for (RequestTrace.Entry e : trace.entries()) {
            Need need = e.need();
            String which = "--workload " + spec + ": the request of node " + e.node() + " in cycle " + e.cycle();
            if (need.buses() > sharing.buses()) {
                throw new IllegalArgumentException(
                        which + " needs " + need.buses() + " buses, more than --buses " + sharing.buses());
            }
            if (need.buses() > 1 && !manyAtOnce) {
                throw new IllegalArgumentException(which + " needs " + need.buses()
                        + " buses at once, and this algorithm grants one bus per request (an h-out-of-k algorithm"
                        + " grants several)");
            }
            if (need.grouped() && need.group() >= sharing.groups()) {
                throw new IllegalArgumentException("--workload " + spec + ": the request of node " + e.node()
                        + " in cycle " + e.cycle() + " is of group " + need.group()
                        + (sharing.groups() == 0
                                ? ", and the run has no groups (--groups)"
                                : ", outside --groups " + sharing.groups()));
            }
        }
    }

    private static Workload random(String name, double[] load, Settings s) {
        int[] active = IntStream.range(0, load.length).filter(i -> load[i] > 0).toArray();
        return new Workload(
                name,
                new RandomDemand(load, s.holdCycles(), s.geometricHold(), s.seed(), s.stopCycle()),
                null,
                active,
                s.geometricHold() ? 1 : s.holdCycles(),
                Arrays.stream(load).sum() * s.holdCycles());
    }

    /** The smallest node other than 0 that is (or is not) a neighbour of node 0. */
    static int partner(Wiring w, boolean neighbour) {
        for (int j = 1; j < w.nodes(); j++) {
            if (w.neighbours(0, j) == neighbour) {
                return j;
            }
        }
        throw new IllegalArgumentException(
                "node 0 has no " + (neighbour ? "neighbour" : "non-neighbour") + " among " + w.nodes() + " nodes");
    }
}
