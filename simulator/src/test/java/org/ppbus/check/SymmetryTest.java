package org.ppbus.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.ppbus.link.Direction;
import org.ppbus.plane.Collineations;
import org.ppbus.plane.Wiring;
import org.ppbus.protocol.cc.InitialState;
import org.ppbus.testbench.Simulation;
import org.ppbus.testbench.SimulationConfig;
import org.ppbus.testbench.SymbolTap;
import org.ppbus.testkit.Search;

/**
 * The protocol treats every client and arbiter alike but for its state: moved by any symmetry of
 * the plane (a collineation g), a run moves with it. From the cold start moved by g, on the
 * request trace with each processor i replaced by g(i), every symbol is driven on the image link
 * and every gnt edge is the image processor's, in the same cycle as in the run from the cold
 * start. This is what makes a symmetry-reduced search sound: the transition relation
 * commutes with the group, and the id-ordered priority lists of the cold start are only its
 * initial state, one member of an orbit.
 */
@Search
class SymmetryTest {
    @ParameterizedTest(name = "n = {0}, rules {1}, L = {2}")
    @CsvSource({"3, fixed, 1", "3, literal, 2", "7, fixed, 1", "7, fixed, 2", "7, literal, 1", "7, fixed+heal, 1"})
    void everySymmetryMovesARunWithIt(int n, String rules, int latency, @TempDir Path dir) throws IOException {
        Wiring w = Wiring.forNodes(n);
        List<Collineations.Collineation> group = Collineations.of(w);
        SplittableRandom random = new SplittableRandom(40L * n + latency);
        int moved = 0;
        int caught = 0;
        for (int t = 0; t < 2; t++) {
            List<long[]> trace = randomTrace(random, n);
            List<String> before = events(run(dir, w, rules, latency, trace, null, false), null, w);
            for (Collineations.Collineation g : group) {
                List<long[]> image = new ArrayList<>();
                for (long[] e : trace) {
                    image.add(new long[] {e[0], g.client()[(int) e[1]], e[2]});
                }
                List<String> after = events(run(dir, w, rules, latency, image, g, true), null, w);
                assertEquals(events(before, g, w), after, "moved by " + java.util.Arrays.toString(g.point()));
                moved += g.identity() ? 0 : 1;
                // The mutant: the trace moved but the start not (its lists left in ascending order).
                if (!g.identity()
                        && !events(run(dir, w, rules, latency, image, g, false), null, w)
                                .equals(after)) {
                    caught++;
                }
            }
            assertTrue(before.size() >= 15, "a run worth moving: " + before.size() + " events");
        }
        assertEquals(2 * (group.size() - 1), moved);
        assertTrue(caught > 0, "a start not moved with the trace changes some run");
    }

    /**
     * The same, state by state: after every cycle of the moved run, the whole network state (every
     * client, arbiter, queue and symbol on its way) is the original run's state moved by g
     * ({@code CcNetwork.snapshotMoved}), and the identity moves nothing. This is the map a reduced
     * search canonicalises states with.
     */
    @ParameterizedTest(name = "n = {0}, rules {1}, L = {2}")
    @CsvSource({"3, fixed, 1", "3, literal, 2", "7, fixed, 2", "7, fixed+heal, 1"})
    void everyStateMovesWithItsRun(int n, String rules, int latency, @TempDir Path dir) throws IOException {
        Wiring w = Wiring.forNodes(n);
        List<Collineations.Collineation> group = Collineations.of(w);
        List<long[]> trace = randomTrace(new SplittableRandom(7L * n + latency), n);
        for (int i = 0; i < group.size(); i += n == 3 ? 1 : 11) {
            Collineations.Collineation g = group.get(i);
            List<long[]> image = new ArrayList<>();
            for (long[] e : trace) {
                image.add(new long[] {e[0], g.client()[(int) e[1]], e[2]});
            }
            List<String> expected = new ArrayList<>();
            List<String> unmoved = new ArrayList<>();
            snapshots(dir, w, rules, latency, trace, null, (net, t) -> {
                expected.add(t + " " + java.util.Arrays.toString(net.snapshotMoved(t, g)));
                unmoved.add(t + " " + java.util.Arrays.toString(net.snapshot(t)));
            });
            List<String> actual = new ArrayList<>();
            snapshots(
                    dir,
                    w,
                    rules,
                    latency,
                    image,
                    g,
                    (net, t) -> actual.add(t + " " + java.util.Arrays.toString(net.snapshot(t))));
            assertEquals(expected.size(), actual.size());
            for (int t = 0; t < expected.size(); t++) { // one state in a failure's message, not the run
                assertEquals(expected.get(t), actual.get(t), "moved by " + java.util.Arrays.toString(g.point()));
            }
            if (g.identity()) {
                assertEquals(unmoved, expected, "the identity moves nothing");
            }
            assertTrue(expected.size() > 100, "cycles compared: " + expected.size());
        }
    }

    /** A run of the trace (written to a file in dir) for this many cycles of new requests. */
    private static SimulationConfig config(
            Path dir, Wiring w, String rules, int latency, List<long[]> trace, int cycles) throws IOException {
        StringBuilder text = new StringBuilder("# ppbus request trace v1\n# nodes " + w.nodes() + "\n");
        trace.forEach(e -> text.append(e[0])
                .append(' ')
                .append(e[1])
                .append(' ')
                .append(e[2])
                .append('\n'));
        Path file = dir.resolve("t.trace");
        Files.writeString(file, text);
        return SimulationConfig.defaults().toBuilder()
                .nodes(w.nodes())
                .latencyCycles(latency)
                .rules(rules)
                .workload(file.toString())
                .cycles(cycles)
                .build();
    }

    private interface StateWatch {
        void at(org.ppbus.protocol.cc.CcNetwork net, long cycle);
    }

    /** Runs the trace from the cold start (moved by g unless null), every unit every cycle, watching each state. */
    private static void snapshots(
            Path dir,
            Wiring w,
            String rules,
            int latency,
            List<long[]> trace,
            Collineations.Collineation g,
            StateWatch watch)
            throws IOException {
        SimulationConfig c = config(dir, w, rules, latency, trace, 300).withChecks(false, true);
        InitialState start = g == null
                ? InitialState.coldStart(w)
                : InitialState.coldStart(w).moved(g);
        new Simulation(c, start)
                .tap(new SymbolTap() {
                    private org.ppbus.protocol.cc.CcNetwork net;

                    @Override
                    public void attached(org.ppbus.bus.Fabric f) {
                        net = f.part(org.ppbus.protocol.cc.CcNetwork.class).orElseThrow();
                    }

                    @Override
                    public void symbol(Direction d, int link, int code, long cycle) {}

                    @Override
                    public void grant(int node, boolean high, long cycle) {}

                    @Override
                    public void endOfCycle(long cycle) {
                        watch.at(net, cycle);
                    }
                })
                .run();
    }

    /**
     * Every processor at once in cycle 1, then about 12 requests in all on the triangle, 3 a processor
     * at n = 7, in 200 cycles, each holding 1 to 4 cycles.
     */
    private static List<long[]> randomTrace(SplittableRandom r, int n) {
        List<long[]> t = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            t.add(new long[] {1, i, 2}); // everyone at once from the cold start: its priority lists decide
        }
        for (int i = 0; i < Math.max(12, 3 * n); i++) {
            t.add(new long[] {1 + r.nextInt(200), r.nextInt(n), 1 + r.nextInt(4)});
        }
        t.sort((a, b) -> Long.compare(a[0], b[0]));
        return t;
    }

    /** The run's symbols and gnt edges, each "cycle kind where code", from the cold start, moved by g if asked. */
    private static List<String> run(
            Path dir,
            Wiring w,
            String rules,
            int latency,
            List<long[]> trace,
            Collineations.Collineation g,
            boolean moveTheStart)
            throws IOException {
        SimulationConfig c = config(dir, w, rules, latency, trace, 400);
        InitialState start = moveTheStart ? InitialState.coldStart(w).moved(g) : InitialState.coldStart(w);
        List<String> out = new ArrayList<>();
        new Simulation(c, start)
                .tap(new SymbolTap() {
                    @Override
                    public void symbol(Direction d, int link, int code, long cycle) {
                        out.add(cycle + " " + d + " " + link + " " + code);
                    }

                    @Override
                    public void grant(int node, boolean high, long cycle) {
                        out.add(cycle + " gnt " + node + " " + high);
                    }
                })
                .run();
        return out;
    }

    /** The events sorted, each moved by g first (null: as they are). */
    private static List<String> events(List<String> raw, Collineations.Collineation g, Wiring w) {
        List<String> out = new ArrayList<>();
        for (String e : raw) {
            String[] f = e.split(" ");
            if (g != null) {
                int where = Integer.parseInt(f[2]);
                f[2] = Integer.toString(f[1].equals("gnt") ? g.client()[where] : g.link(w, where));
            }
            out.add(String.join(" ", f));
        }
        Collections.sort(out);
        return out;
    }
}
