package org.ppbus.testbench;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.TreeMap;
import org.ppbus.bus.BusSet;
import org.ppbus.bus.Fabric;
import org.ppbus.link.Direction;
import org.ppbus.plane.Wiring;
import org.ppbus.protocol.cc.CcPlanes;
import org.ppbus.protocol.cc.StateView;
import org.ppbus.protocol.cc.UnitStates;
import org.ppbus.protocol.descriptor.Algorithm;
import org.ppbus.verilog.SignalNames;

/**
 * Writes a VCD of the Java model with the names and timing of Verilator's trace of the RTL: scope
 * TOP holds clk, rst, req and gnt; scope TOP.ppbus_top holds them again with every channel, the
 * symbol its sender drives ({@code c2a_c<i>_a<j>}, {@code a2c_a<j>_c<i>}) and the symbol arriving
 * ({@code ..._rx}). Cycle t's settled values are at time 10t with clk low; clk rises at 10t + 5.
 * Only cycles in [from, to] are written.
 *
 * <p>A design with a plane per bus (campos-carvalho-k) has, as its RTL, each plane's channels in a
 * scope of its own, {@code TOP.ppbus_top.u_plane_<b>}, and the bus vector {@code bus[n*k-1:0]}
 * (bit i*k + b: processor i holds bus b) beside req and gnt; two planes driving the same-numbered
 * link in one cycle are two signals.
 *
 * <p>Tapping a Campos–Carvalho run directly ({@link Simulation#tap}) adds scope TOP.model, which the
 * RTL's trace does not have: each client's state ({@code client<i>_state}: 0 THINKING, 1 HUNGRY, 2
 * EATING) and each arbiter's OWNER ({@code arbiter<j>_owner}, x for NIL), as the clock edge at
 * 10t + 5 leaves them.
 */
public final class VcdTap implements SymbolTap, AutoCloseable {
    private final Writer out;
    private final Wiring wiring;
    private final int latency;
    private final long from;
    private final long to;
    private final int n;
    private final BitSet req = new BitSet();
    private final BitSet gnt = new BitSet();
    private final BitSet gntNext = new BitSet();
    private final BitSet bus = new BitSet(); // bit i*k + b: processor i holds bus b (k-bus designs)
    private final BitSet busNext = new BitSet();
    private int planes = 1;
    private int[] driven; // per channel of every plane: symbol driven this cycle
    private int[] shown; // per channel (2 per link: driven, rx): value last written
    private final TreeMap<Long, List<int[]>> arrivals = new TreeMap<>(); // cycle -> {channel, code}
    private String[] ids;
    private String[] names;
    private String lastReq = "";
    private String lastGnt = "";
    private String lastBus = "";
    private boolean started;
    private boolean headerWritten;
    private UnitStates units;
    private String[] unitIds = new String[0];
    private String[] unitShown = new String[0];

    /** Opens the file and writes the header. Channel c: 2ℓ is link ℓ's c2a, 2ℓ+1 its a2c. */
    public VcdTap(Path file, Wiring wiring, int latency, long from, long to) throws IOException {
        this.out = new BufferedWriter(Files.newBufferedWriter(file, StandardCharsets.UTF_8), 1 << 16);
        this.wiring = wiring;
        this.latency = latency;
        this.from = from;
        this.to = to;
        this.n = wiring.nodes();
        channels(1);
    }

    /**
     * Sizes the channels for {@code k} planes. Channel c of plane b is {@code b * 2L + c}; ids: 0
     * clk, 1 rst, 2 req, 3 gnt, then 4 + 2ch (driven) and 4 + 2ch + 1 (rx), then bus (declared only
     * with more than one plane, so a one-bus VCD is what it always was).
     */
    private void channels(int k) {
        this.planes = k;
        int channels = 2 * wiring.links() * k;
        this.driven = new int[channels];
        this.shown = new int[2 * channels];
        Arrays.fill(shown, -1);
        this.ids = new String[FIRST + 2 * channels + 1];
        this.names = new String[2 * channels];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = id(i);
        }
        for (int b = 0; b < k; b++) {
            int base = 2 * (2 * wiring.links()) * b;
            for (int link = 0; link < wiring.links(); link++) {
                int c = wiring.linkClient(link);
                int a = wiring.linkArbiter(link);
                names[base + 2 * (2 * link)] = SignalNames.c2a(c, a);
                names[base + 2 * (2 * link) + 1] = SignalNames.c2a(c, a) + "_rx";
                names[base + 2 * (2 * link + 1)] = SignalNames.a2c(a, c);
                names[base + 2 * (2 * link + 1) + 1] = SignalNames.a2c(a, c) + "_rx";
            }
        }
    }

    /** The index of the first channel's id: after clk, rst, req and gnt. */
    private static final int FIRST = 4;

    private String busId() {
        return ids[ids.length - 1];
    }

    /** How many planes of channels the VCD has: k for campos-carvalho-k, else 1. */
    public int planes() {
        return planes;
    }

    /** True when the VCD carries the units' states (scope TOP.model). */
    public boolean hasUnitStates() {
        return units != null;
    }

    /** A Campos–Carvalho network's units join the VCD (scope TOP.model). */
    @Override
    public void attached(Fabric fabric) {
        fabric.part(CcPlanes.class).ifPresent(p -> {
            if (!headerWritten) {
                channels(p.buses());
            }
        });
        UnitStates v = fabric.part(UnitStates.class).orElse(null);
        if (v != null && !headerWritten) {
            this.units = v;
            int count = wiring.nodes() + wiring.points();
            unitIds = new String[count];
            unitShown = new String[count];
            for (int k = 0; k < count; k++) {
                unitIds[k] = id(ids.length + k);
            }
        }
    }

    private static String id(int i) {
        StringBuilder b = new StringBuilder();
        do {
            b.append((char) ('!' + i % 94));
            i /= 94;
        } while (i > 0);
        return b.toString();
    }

    private void header() throws IOException {
        out.write("$version ppbus Java model $end\n$timescale 1ps $end\n");
        out.write(" $scope module TOP $end\n");
        ports("  ");
        out.write("  $scope module ppbus_top $end\n");
        int perPlane = names.length / planes;
        for (int b = 0; b < planes; b++) {
            String indent = planes == 1 ? "   " : "    ";
            if (planes > 1) {
                out.write("   $scope module u_plane_" + b + " $end\n");
            }
            List<Integer> order = new ArrayList<>();
            for (int k = b * perPlane; k < (b + 1) * perPlane; k++) {
                order.add(k);
            }
            order.sort((x, y) -> names[x].compareTo(names[y]));
            for (int k : order) {
                out.write(indent + "$var wire  2 " + ids[FIRST + k] + " " + names[k] + " [1:0] $end\n");
            }
            if (planes > 1) {
                out.write("   $upscope $end\n");
            }
        }
        ports("   ");
        out.write("  $upscope $end\n");
        if (units != null) {
            out.write("  $scope module model $end\n");
            for (int i = 0; i < wiring.nodes(); i++) {
                out.write("   $var wire  2 " + unitIds[i] + " client" + i + "_state [1:0] $end\n");
            }
            int w = ownerWidth();
            for (int j = 0; j < wiring.points(); j++) {
                out.write("   $var wire " + w + " " + unitIds[wiring.nodes() + j] + " arbiter" + j + "_owner ["
                        + (w - 1) + ":0] $end\n");
            }
            out.write("  $upscope $end\n");
        }
        out.write(" $upscope $end\n$enddefinitions $end\n\n");
        headerWritten = true;
    }

    private int ownerWidth() {
        return Algorithm.idBits(wiring.nodes());
    }

    /** The units' state after this cycle's clock edge, written at 10t + 5 where it changed. */
    private void unitStates(long cycle) throws IOException {
        StateView view = units.view(cycle);
        for (int i = 0; i < wiring.nodes(); i++) {
            int code = view.clientState(i).ordinal();
            unitValue(i, "b" + ((code >> 1) & 1) + (code & 1));
        }
        int w = ownerWidth();
        for (int j = 0; j < wiring.points(); j++) {
            int owner = view.ownerClient(j);
            String v;
            if (owner < 0) {
                v = "b" + "x".repeat(w);
            } else {
                StringBuilder b = new StringBuilder("b");
                for (int k = w - 1; k >= 0; k--) {
                    b.append((owner >> k) & 1);
                }
                v = b.toString();
            }
            unitValue(wiring.nodes() + j, v);
        }
    }

    private void unitValue(int k, String v) throws IOException {
        if (!v.equals(unitShown[k])) {
            unitShown[k] = v;
            out.write(v + " " + unitIds[k] + "\n");
        }
    }

    private void ports(String indent) throws IOException {
        out.write(indent + "$var wire  1 " + ids[0] + " clk $end\n");
        out.write(indent + "$var wire " + n + " " + ids[3] + " gnt [" + (n - 1) + ":0] $end\n");
        out.write(indent + "$var wire " + n + " " + ids[2] + " req [" + (n - 1) + ":0] $end\n");
        out.write(indent + "$var wire  1 " + ids[1] + " rst $end\n");
        if (planes > 1) {
            int w = n * planes;
            out.write(indent + "$var wire " + w + " " + busId() + " bus [" + (w - 1) + ":0] $end\n");
        }
    }

    @Override
    public void symbol(Direction direction, int link, int code, long cycle) {
        symbol(0, direction, link, code, cycle);
    }

    @Override
    public void symbol(int plane, Direction direction, int link, int code, long cycle) {
        int ch = plane * 2 * wiring.links() + direction.channel(link);
        driven[ch] = code;
        arrivals.computeIfAbsent(cycle + latency, k -> new ArrayList<>()).add(new int[] {ch, code});
    }

    @Override
    public void grant(int node, boolean high, long cycle) {
        gntNext.set(node, high);
        if (!high) {
            busNext.clear(node * planes, (node + 1) * planes);
        }
    }

    @Override
    public void grant(int node, BusSet buses, long cycle) {
        gntNext.set(node);
        busNext.clear(node * planes, (node + 1) * planes);
        for (long m = buses.mask(); m != 0; m &= m - 1) {
            int b = Long.numberOfTrailingZeros(m);
            if (b < planes) {
                busNext.set(node * planes + b);
            }
        }
    }

    @Override
    public void request(int node, boolean level, long cycle) {
        req.set(node, level);
    }

    @Override
    public void endOfCycle(long cycle) {
        try {
            if (cycle >= from && cycle <= to) {
                write(cycle);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Arrays.fill(driven, 0);
        arrivals.headMap(cycle, true).clear();
        gnt.clear();
        gnt.or(gntNext);
        bus.clear();
        bus.or(busNext);
    }

    private void write(long cycle) throws IOException {
        if (!headerWritten) {
            header();
        }
        out.write("#" + (10 * cycle) + "\n");
        if (!started) {
            out.write("0" + ids[0] + "\n0" + ids[1] + "\n");
        } else {
            out.write("0" + ids[0] + "\n");
        }
        String r = bits(req);
        if (!r.equals(lastReq)) {
            out.write("b" + r + " " + ids[2] + "\n");
            lastReq = r;
        }
        String g = bits(gnt);
        if (!g.equals(lastGnt)) {
            out.write("b" + g + " " + ids[3] + "\n");
            lastGnt = g;
        }
        if (planes > 1) {
            String u = bits(bus, n * planes);
            if (!u.equals(lastBus)) {
                out.write("b" + u + " " + busId() + "\n");
                lastBus = u;
            }
        }
        int[] rx = new int[driven.length];
        List<int[]> arriving = arrivals.get(cycle);
        if (arriving != null) {
            for (int[] a : arriving) {
                rx[a[0]] = a[1];
            }
        }
        for (int ch = 0; ch < driven.length; ch++) {
            value(2 * ch, driven[ch]);
            value(2 * ch + 1, rx[ch]);
        }
        started = true;
        out.write("#" + (10 * cycle + 5) + "\n1" + ids[0] + "\n");
        if (units != null) {
            unitStates(cycle);
        }
    }

    private void value(int k, int code) throws IOException {
        if (shown[k] != code) {
            shown[k] = code;
            out.write("b" + ((code >> 1) & 1) + (code & 1) + " " + ids[FIRST + k] + "\n");
        }
    }

    private String bits(BitSet b) {
        return bits(b, n);
    }

    private static String bits(BitSet b, int width) {
        StringBuilder s = new StringBuilder(width);
        for (int i = width - 1; i >= 0; i--) {
            s.append(b.get(i) ? '1' : '0');
        }
        return s.toString();
    }

    @Override
    public void close() throws IOException {
        if (!headerWritten) {
            header(); // no cycle fell in the window: still a valid, empty VCD
        }
        out.close();
    }
}
