package org.ppbus.protocol.cc;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntFunction;
import org.ppbus.bus.BusSet;
import org.ppbus.bus.Fabric;
import org.ppbus.plane.Wiring;
import org.ppbus.protocol.ProtocolObserver;
import org.ppbus.protocol.descriptor.Algorithm;
import org.ppbus.protocol.descriptor.Fairness;
import org.ppbus.protocol.descriptor.Family;
import org.ppbus.protocol.descriptor.Feature;
import org.ppbus.protocol.descriptor.RunInputs;
import org.ppbus.protocol.descriptor.Setting;
import org.ppbus.protocol.descriptor.Wires;

/**
 * Campos–Carvalho for k buses (docs/PROTOCOL.md, "campos-carvalho-k"): one plane of Campos–Carvalho
 * units per bus, each arbitrating its bus alone, and at each processor a bus chooser that asks on
 * every plane and keeps the first grant. A plane grants at most one processor (the paper's
 * exclusion), and a processor keeps at most one plane, so no bus has two holders and at most k
 * processors are in. The chooser cannot withdraw a request before its grant (the contract), so a
 * plane that grants a processor already served, or no longer asking, is let go at once: req falls the
 * cycle after gnt rises (a hold of zero, which the planes' liveness allows).
 *
 * <p>The planes would decide alike if they saw the processors alike: with every processor asking
 * everywhere they would grant the same one in the same cycle, and the let-goes would leave one bus
 * in use (measured: at n = 31, k = 3, L = 2, hold 1, never more than one). So each plane seats the
 * processors at other clients: processor i is plane b's client (i + b⌊n/k⌋) mod n, which changes
 * both the cold start's order and who shares an arbiter with whom.
 *
 * <p>In cycle t: the let-goes decided in t - 1 lower req on their planes; a processor that asks (or
 * asked in t - 1 while a let-go was pending) raises req on every plane where it is low; then each
 * plane steps, bus 0 first. A plane's grant to a processor that asks and holds no bus is its grant of
 * that bus (gnt rises in t + 1, with bus set {b}); any other grant is let go in t + 1. When the
 * processor lowers req, req falls on the plane it holds in the same cycle.
 */
public final class CcPlanes implements Fabric {
    public static final Algorithm ALGORITHM = Algorithm.named(
                    "campos-carvalho-k",
                    "Campos-Carvalho for k buses: one plane of units per bus, ask on every plane, keep the first grant")
            .family(Family.FORKS)
            .factory(CcPlanes::create)
            .messages(n -> CcNetwork.ALGORITHM.messages().at(n))
            // One plane's links per bus.
            .wires(Wires.withSharing((n, s) -> s.buses() * Symbols.wiresPerNode(n)))
            // On each plane another processor is granted at most max(1, L) times while one waits there
            // (ERRATA L1 with the let-goes' hold of 0), and it eats on one plane at a time: k of those.
            .fairness(Fairness.withSharing((l, h, s) -> s.buses() * Math.max(1, l)))
            .features(Feature.K_BUSES)
            .options(CcNetwork.Settings::from)
            .build();

    private final CcNetwork[] planes;
    /** Plane b's client for processor i, and back: [b][i] and [b][client]. */
    private final int[][] client;

    private final int[][] processor;
    private final Fabric.GrantSink sink;
    private final boolean[] asking;
    /** The plane each processor holds, or -1. */
    private final int[] held;
    /** req on each plane, per processor: [node][plane]. */
    private final boolean[][] req;
    /** Let-goes decided in this cycle, due in the next, as node * k + plane. */
    private List<Integer> letGo = new ArrayList<>();

    /** The let-goes being applied in this cycle (kept, like the others, to spare allocations). */
    private List<Integer> applying = new ArrayList<>();

    /** Planes where a let-go lowered req in this cycle while the processor asked: raised next cycle. */
    private List<Integer> reraise = new ArrayList<>();

    private List<Integer> raising = new ArrayList<>();

    /**
     * The design with one of its rules broken, for the checkers' own tests: a check of the design
     * must catch each of these.
     */
    public enum Mutant {
        NONE,
        /** The grant of every plane is named bus 0: bus exclusion no longer follows from the planes'. */
        NAMES_BUS_ZERO,
        /** The grant of plane b is named bus b + 1 (mod k): exclusive, but not the bus that plane arbitrates. */
        NAMES_NEXT_BUS,
        /** A processor that holds a bus keeps a second plane's grant: one processor on two buses. */
        KEEPS_SECOND_GRANT
    }

    private Mutant mutant = Mutant.NONE;

    public CcPlanes(
            Wiring wiring,
            int buses,
            CcNetwork.Options options,
            InitialState initial,
            Fabric.GrantSink sink,
            ProtocolObserver observer) {
        this(wiring, buses, options, initial, sink, b -> observer);
    }

    /** The same, with each plane heard by its own observer (the search checks each plane's I5 apart). */
    public CcPlanes(
            Wiring wiring,
            int buses,
            CcNetwork.Options options,
            InitialState initial,
            Fabric.GrantSink sink,
            IntFunction<ProtocolObserver> observerOfPlane) {
        if (buses < 1) {
            throw new IllegalArgumentException("buses must be at least 1, got " + buses);
        }
        int n = wiring.nodes();
        this.sink = sink;
        this.asking = new boolean[n];
        this.held = new int[n];
        Arrays.fill(held, -1);
        this.req = new boolean[n][buses];
        this.planes = new CcNetwork[buses];
        this.client = new int[buses][n];
        this.processor = new int[buses][n];
        for (int b = 0; b < buses; b++) {
            for (int i = 0; i < n; i++) {
                client[b][i] = client(n, buses, b, i);
                processor[b][client[b][i]] = i;
            }
            planes[b] = new CcNetwork(wiring, options, initial, planeSink(b), observerOfPlane.apply(b));
        }
    }

    /** How far plane b's seats turn from plane b - 1's: ⌊n/k⌋, at least 1. */
    public static int seatShift(int nodes, int buses) {
        return Math.max(1, nodes / buses);
    }

    /** The client at which plane b seats processor i: (i + b⌊n/k⌋) mod n. */
    public static int client(int nodes, int buses, int plane, int processor) {
        return (processor + plane * seatShift(nodes, buses)) % nodes;
    }

    /** The processor that plane b seats at {@code client}: the inverse of {@link #client}. */
    public static int processorAt(int nodes, int buses, int plane, int client) {
        return Math.floorMod(client - plane * seatShift(nodes, buses), nodes);
    }

    private static CcPlanes create(Setting s) {
        CcNetwork.Settings cs =
                s.options(CcNetwork.Settings.class, () -> CcNetwork.Settings.from(RunInputs.defaults()));
        return new CcPlanes(
                s.wiring(),
                s.buses(),
                new CcNetwork.Options(s.latencyCycles(), cs.rules(), cs.evaluateEveryUnit()),
                cs.initial() != null ? cs.initial() : InitialState.coldStart(s.wiring()),
                s.grants(),
                b -> cs.observer().ofPlane(b));
    }

    /** What plane b's grants and releases mean to the processor. */
    private Fabric.GrantSink planeSink(int b) {
        return new Fabric.GrantSink() {
            @Override
            public void granted(int c, long cycle) {
                int node = processor[b][c];
                if (asking[node] && (held[node] < 0 || mutant == Mutant.KEEPS_SECOND_GRANT)) {
                    held[node] = b;
                    sink.granted(node, BusSet.of(busNamed(b)), cycle);
                } else {
                    letGo.add(node * planes.length + b);
                }
            }

            @Override
            public void released(int c, long cycle) {
                int node = processor[b][c];
                if (held[node] == b && !asking[node]) {
                    held[node] = -1;
                    sink.released(node, cycle);
                }
            }
        };
    }

    /** The bus a grant of plane b gives: b, unless a mutant names another. */
    private int busNamed(int b) {
        return switch (mutant) {
            case NAMES_BUS_ZERO -> 0;
            case NAMES_NEXT_BUS -> (b + 1) % planes.length;
            default -> b;
        };
    }

    /** Breaks one rule of the design (the checkers' mutants); returns this. */
    public CcPlanes mutate(Mutant m) {
        this.mutant = m;
        return this;
    }

    /** Bus b's plane, for the checkers (its units, its invariants). */
    public CcNetwork plane(int b) {
        return planes[b];
    }

    /** k. */
    public int buses() {
        return planes.length;
    }

    /** Whether the processor asks (its req, as the chooser sees it). */
    public boolean asking(int node) {
        return asking[node];
    }

    /** The plane (bus) the processor holds, or -1. */
    public int held(int node) {
        return held[node];
    }

    /** Plane b's client for processor i. */
    public int clientOf(int plane, int node) {
        return client[plane][node];
    }

    /** The processor seated at plane b's client {@code c}: statistics charge plane b's symbols to it. */
    public int processorAt(int plane, int c) {
        return processor[plane][c];
    }

    /** The largest output-queue depth any unit of any plane reached so far (I8 allows 2 on each). */
    public int maxQueueDepth() {
        int max = 0;
        for (CcNetwork p : planes) {
            max = Math.max(max, p.maxQueueDepth());
        }
        return max;
    }

    /** Whether the chooser holds req high on plane b for this processor. */
    public boolean req(int node, int plane) {
        return req[node][plane];
    }

    /**
     * The whole state after cycle {@code afterCycle}, for the exhaustive search: each plane's
     * snapshot ({@link CcNetwork#snapshot}, whose length is fixed for a wiring and options), then the
     * choosers' bits. Every plane must evaluate every unit.
     */
    public long[] snapshot(long afterCycle) {
        int k = planes.length;
        int n = asking.length;
        List<long[]> parts = new ArrayList<>();
        int words = 0;
        planeWords = new int[k];
        for (int b = 0; b < k; b++) {
            long[] w = planes[b].snapshot(afterCycle);
            parts.add(w);
            planeWords[b] = w.length;
            words += w.length;
        }
        long[] out = new long[words + chooserWords(n, k)];
        int at = 0;
        for (long[] w : parts) {
            System.arraycopy(w, 0, out, at, w.length);
            at += w.length;
        }
        ChooserBits bits = new ChooserBits(out, at);
        for (int i = 0; i < n; i++) {
            bits.put(asking[i]);
            for (int b = 0; b < k; b++) {
                bits.put(held[i] == b);
                bits.put(req[i][b]);
                bits.put(letGo.contains(i * k + b));
                bits.put(reraise.contains(i * k + b));
            }
        }
        return out;
    }

    /** Restores a state saved by {@link #snapshot} as of cycle {@code atCycle}. */
    public void restore(long[] state, long atCycle) {
        int k = planes.length;
        int n = asking.length;
        if (planeWords == null) {
            throw new IllegalStateException("restore before any snapshot: the layout is not known");
        }
        int at = 0;
        for (int b = 0; b < k; b++) {
            planes[b].restore(Arrays.copyOfRange(state, at, at + planeWords[b]), atCycle);
            at += planeWords[b];
        }
        letGo.clear();
        reraise.clear();
        ChooserBits bits = new ChooserBits(state, at);
        for (int i = 0; i < n; i++) {
            asking[i] = bits.get();
            held[i] = -1;
            for (int b = 0; b < k; b++) {
                held[i] = bits.get() ? b : held[i];
                req[i][b] = bits.get();
                if (bits.get()) {
                    letGo.add(i * k + b);
                }
                if (bits.get()) {
                    reraise.add(i * k + b);
                }
            }
        }
    }

    private int[] planeWords; // each plane's snapshot length, known after the first snapshot

    private static int chooserWords(int n, int k) {
        return (n * (1 + 4 * k) + 63) / 64;
    }

    /** The choosers' booleans packed in words from a start, one after another. */
    private static final class ChooserBits {
        private final long[] words;
        private int bit;

        ChooserBits(long[] words, int firstWord) {
            this.words = words;
            this.bit = firstWord * 64;
        }

        void put(boolean v) {
            words[bit >>> 6] |= v ? 1L << (bit & 63) : 0;
            bit++;
        }

        boolean get() {
            boolean v = (words[bit >>> 6] >>> (bit & 63) & 1) != 0;
            bit++;
            return v;
        }
    }

    @Override
    public int nodes() {
        return asking.length;
    }

    /**
     * Crash-stop of processor {@code node}: on every plane its share, the client and the arbiter at
     * its seat there ({@link #clientOf}), falls silent as a crashed node of the one-bus network does
     * ({@link CcNetwork#crash}); its chooser asks no more. Docs: PROTOCOL.md, "campos-carvalho-k".
     */
    @Override
    public void crash(int node, long cycle) {
        asking[node] = false;
        for (int b = 0; b < planes.length; b++) {
            planes[b].crash(client[b][node], cycle);
        }
    }

    @Override
    public void request(int node, boolean level, long cycle) {
        asking[node] = level;
        if (level) {
            for (int b = 0; b < planes.length; b++) {
                raise(node, b, cycle);
            }
        } else if (held[node] >= 0) {
            int b = held[node];
            req[node][b] = false;
            planes[b].request(client[b][node], false, cycle);
        }
    }

    /** req rises on plane b unless it is high there (a let-go due this cycle is raised again after it). */
    private void raise(int node, int b, long cycle) {
        if (!req[node][b]) {
            req[node][b] = true;
            planes[b].request(client[b][node], true, cycle);
        }
    }

    @Override
    public void step(long cycle) {
        int k = planes.length;
        // Swap each list with its spare, so that grants during the planes' steps add to an empty one.
        List<Integer> now = letGo;
        letGo = applying;
        applying = now;
        letGo.clear();
        for (int x : now) {
            req[x / k][x % k] = false;
            planes[x % k].request(client[x % k][x / k], false, cycle);
        }
        List<Integer> again = reraise;
        reraise = raising;
        raising = again;
        reraise.clear();
        for (int x : again) {
            if (asking[x / k] && held[x / k] < 0) {
                raise(x / k, x % k, cycle);
            }
        }
        for (CcNetwork p : planes) {
            p.step(cycle);
        }
        for (int x : now) {
            if (asking[x / k] && held[x / k] < 0) {
                reraise.add(x);
            }
        }
    }

    @Override
    public boolean quiescent() {
        if (!letGo.isEmpty() || !reraise.isEmpty()) {
            return false;
        }
        for (CcNetwork p : planes) {
            if (!p.quiescent()) {
                return false;
            }
        }
        return true;
    }
}
