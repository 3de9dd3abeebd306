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
import org.ppbus.bus.Fabric;
import org.ppbus.link.Direction;
import org.ppbus.plane.Wiring;
import org.ppbus.protocol.Algorithm;
import org.ppbus.protocol.cc.StateView;
import org.ppbus.protocol.cc.UnitStates;
import org.ppbus.verilog.SignalNames;

/**
 * Writes a VCD of the Java model with the names and timing of Verilator's trace of the RTL: scope
 * TOP holds clk, rst, req and gnt; scope TOP.ppbus_top holds them again with every channel, the
 * symbol its sender drives ({@code c2a_c<i>_a<j>}, {@code a2c_a<j>_c<i>}) and the symbol arriving
 * ({@code ..._rx}). Cycle t's settled values are at time 10t with clk low; clk rises at 10t + 5.
 * Only cycles in [from, to] are written.
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
    private final int[] driven; // per channel: symbol driven this cycle
    private final int[] shown; // per channel (2 per link: driven, rx): value last written
    private final TreeMap<Long, List<int[]>> arrivals = new TreeMap<>(); // cycle -> {channel, code}
    private final String[] ids;
    private final String[] names;
    private String lastReq = "";
    private String lastGnt = "";
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
        int channels = 2 * wiring.links();
        this.driven = new int[channels];
        this.shown = new int[2 * channels];
        Arrays.fill(shown, -1);
        // ids: 0 clk, 1 rst, 2 req, 3 gnt, then 4 + 2c (driven) and 4 + 2c + 1 (rx)
        this.ids = new String[4 + 2 * channels];
        this.names = new String[2 * channels];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = id(i);
        }
        for (int link = 0; link < wiring.links(); link++) {
            int c = wiring.linkClient(link);
            int a = wiring.linkArbiter(link);
            names[2 * (2 * link)] = SignalNames.c2a(c, a);
            names[2 * (2 * link) + 1] = SignalNames.c2a(c, a) + "_rx";
            names[2 * (2 * link + 1)] = SignalNames.a2c(a, c);
            names[2 * (2 * link + 1) + 1] = SignalNames.a2c(a, c) + "_rx";
        }
    }

    /** True when the VCD carries the units' states (scope TOP.model). */
    public boolean hasUnitStates() {
        return units != null;
    }

    /** A Campos–Carvalho network's units join the VCD (scope TOP.model). */
    @Override
    public void attached(Fabric fabric) {
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
        List<Integer> order = new ArrayList<>();
        for (int k = 0; k < names.length; k++) {
            order.add(k);
        }
        order.sort((x, y) -> names[x].compareTo(names[y]));
        for (int k : order) {
            out.write("   $var wire  2 " + ids[4 + k] + " " + names[k] + " [1:0] $end\n");
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
    }

    @Override
    public void symbol(Direction direction, int link, int code, long cycle) {
        int ch = direction.channel(link);
        driven[ch] = code;
        arrivals.computeIfAbsent(cycle + latency, k -> new ArrayList<>()).add(new int[] {ch, code});
    }

    @Override
    public void grant(int node, boolean high, long cycle) {
        gntNext.set(node, high);
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
            out.write("b" + ((code >> 1) & 1) + (code & 1) + " " + ids[4 + k] + "\n");
        }
    }

    private String bits(BitSet b) {
        StringBuilder s = new StringBuilder(n);
        for (int i = n - 1; i >= 0; i--) {
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
