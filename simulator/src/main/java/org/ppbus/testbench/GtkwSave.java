package org.ppbus.testbench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.IntFunction;
import org.ppbus.io.AtomicFile;
import org.ppbus.plane.Wiring;
import org.ppbus.protocol.ClientState;
import org.ppbus.protocol.cc.Symbols;
import org.ppbus.protocol.descriptor.Algorithm;
import org.ppbus.verilog.SignalNames;

/**
 * A GTKWave save file next to a VCD of ppbus_top (the Java model's or Verilator's), and the
 * translate filters it uses, so that {@code gtkwave X.gtkw} opens on something a person can read:
 * clk, req and gnt; one group for the chosen node's client (its links to its K arbiters, each end)
 * and one for its arbiter (the links from its clients); with the model's scope, the states of that
 * node's client and arbiter. The 2-bit symbols are shown by name (CLEAN_FORK, STRONG_REQUEST, ...),
 * from {@link Symbols}, the one home of the codes.
 */
public final class GtkwSave {
    // GTKWave trace flags (its save-file format): binary display, right-justified names, a translate
    // filter file, a blank line (labels), and the beginning and end of a group.
    private static final int BIN = 0x8;
    private static final int RJUSTIFY = 0x20;
    private static final int BLANK = 0x200;
    private static final int FTRANSLATED = 0x2000;
    private static final int GRP_BEGIN = 0x800000;
    private static final int GRP_END = 0x1000000;

    private GtkwSave() {}

    /** The files written: the save file first, then its filters. */
    public record Written(Path save, List<Path> filters) {}

    /**
     * What the window shows when it opens: {@code cycles} cycles from {@code firstCycle}, with the
     * marker on {@code markerCycle} (-1 for none), so that the first look is at whole cycles with
     * values, not at half a cycle before the first dump.
     */
    public record View(long firstCycle, long cycles, long markerCycle) {
        /**
         * The cycles the window shows at most: about 90 pixels a cycle, so that a one-cycle symbol's
         * name (STRONG_REQUEST) can be read; GTKWave's zoom-out shows more.
         */
        public static final long MAX_CYCLES = 10;

        /** Up to {@link #MAX_CYCLES} cycles of the dump [first, last], the marker on {@code marker}. */
        public static View of(long first, long last, long marker) {
            return new View(first, Math.max(1, Math.min(MAX_CYCLES, last - first + 1)), marker);
        }
    }

    /** Time units per clock cycle in ppbus's VCDs (the Java model's and the Verilated RTL's). */
    private static final int UNITS_PER_CYCLE = 10;
    /**
     * GTKWave 3.3 draws this many pixels per time unit at zoom 0 in a window of the size this file
     * asks for (measured on a screenshot); the zoom is log2 of the factor from there.
     */
    private static final double PIXELS_PER_UNIT_AT_ZOOM_0 = 199;
    /** The width of the wave pane, in pixels, in a 1400-pixel window. */
    private static final double WAVE_PANE_PIXELS = 900;

    /**
     * Writes {@code X.gtkw} and its filters next to {@code X.vcd}.
     *
     * @param node the node whose client and arbiter are grouped
     * @param symbols whether the VCD has the channels (algorithms with the contract's symbols)
     * @param model whether the VCD has the Java model's scope TOP.model (unit states)
     */
    public static Written write(Path vcd, Wiring wiring, int node, boolean symbols, boolean model, View view)
            throws IOException {
        return write(vcd, wiring, node, new int[] {node}, symbols, model, view);
    }

    /**
     * The same for a design with a plane per bus (campos-carvalho-k): the bus vector beside req and
     * gnt, and on each plane b the links of the node's seat there, {@code seats[b]}, in that plane's
     * scope (u_plane_b).
     */
    public static Written write(
            Path vcd, Wiring wiring, int node, int[] seats, boolean symbols, boolean model, View view)
            throws IOException {
        if (node < 0 || node >= wiring.nodes()) {
            throw new IllegalArgumentException("node " + node + " is outside 0.." + (wiring.nodes() - 1));
        }
        Path c2a = beside(vcd, ".c2a.filter");
        Path a2c = beside(vcd, ".a2c.filter");
        Path state = beside(vcd, ".state.filter");
        writeFilters(c2a, a2c, model ? state : null);
        Path save = beside(vcd, ".gtkw");
        AtomicFile.write(save, text(vcd, save, wiring, node, seats, symbols, model, view, c2a, a2c, state));
        List<Path> filters = new ArrayList<>(List.of(c2a, a2c));
        if (model) {
            filters.add(state);
        }
        return new Written(save, filters);
    }

    /**
     * Writes {@code X.gtkw} and its filters next to the waveform of an RTL fault proof's
     * counterexample ({@code verify --rtl --faults}): the fault harness's own signals, read from the
     * VCD's declarations, in the order a reader follows the run: clk, req and gnt; where each fault
     * struck (one bit per channel, in the harness's channel order); every channel's symbol by name; each client's state, each
     * arbiter's OWNER and fork. The window opens on the whole run, the marker on {@code failCycle}.
     */
    public static Written writeForHarness(Path vcd, long cycles, long failCycle) throws IOException {
        List<String> vars = new ArrayList<>();
        String scope = null;
        for (String line : Files.readAllLines(vcd, StandardCharsets.UTF_8)) {
            String[] f = line.trim().split("\\s+");
            if (f[0].equals("$scope") && scope == null) {
                scope = f[2];
            } else if (f[0].equals("$var") && !f[4].contains(".")) {
                // GTKWave names a vector declared without a range NAME[W-1:0].
                int width = Integer.parseInt(f[2]);
                vars.add(f[4] + (width > 1 && !f[5].startsWith("[") ? "[" + (width - 1) + ":0]" : ""));
            } else if (f[0].equals("$enddefinitions")) {
                break;
            }
        }
        Path c2a = beside(vcd, ".c2a.filter");
        Path a2c = beside(vcd, ".a2c.filter");
        Path state = beside(vcd, ".state.filter");
        writeFilters(c2a, a2c, state);
        Path save = beside(vcd, ".gtkw");
        StringBuilder b = header(vcd.getFileName(), save.getFileName(), View.of(0, cycles - 1, failCycle));
        String top = scope + ".";
        flags(b, BIN | RJUSTIFY);
        // drop_req and dup_req: the channel each fault strikes, one bit per channel (the harness's
        // drops and dups are its free choices, which the replay leaves unknown).
        for (String name : List.of("clk", "req", "gnt", "drop_req", "dup_req")) {
            vars.stream()
                    .filter(v -> v.equals(name) || v.startsWith(name + "["))
                    .forEach(v -> b.append(top).append(v).append('\n'));
        }
        harnessGroup(b, "channels", top, vars, "st_c2a_", c2a, 1);
        harnessGroup(b, "channels", top, vars, "st_a2c_", a2c, 2);
        harnessGroup(b, "clients", top, vars, "state_", state, 3);
        group(b, "arbiters", true);
        flags(b, 0x4 | RJUSTIFY);
        vars.stream()
                .filter(v -> v.startsWith("owner_") || v.startsWith("fork_"))
                .sorted()
                .forEach(v -> b.append(top).append(v).append('\n'));
        group(b, "arbiters", false);
        AtomicFile.write(save, b.toString());
        return new Written(save, List.of(c2a, a2c, state));
    }

    /** The harness's signals with a prefix, shown by name through a filter. */
    private static void harnessGroup(
            StringBuilder b, String label, String top, List<String> vars, String prefix, Path filter, int filterId) {
        group(b, label + " " + prefix.replace("st_", "").replace("_", ""), true);
        flags(b, BIN | RJUSTIFY | FTRANSLATED);
        b.append('^').append(filterId).append(' ').append(filter.getFileName()).append('\n');
        vars.stream()
                .filter(v -> v.startsWith(prefix))
                .sorted()
                .forEach(v -> b.append(top).append(v).append('\n'));
        group(b, label + " " + prefix.replace("st_", "").replace("_", ""), false);
    }

    /**
     * The save file's opening lines: bare file names (GTKWave finds a dump file beside its save
     * file, so the folder can move), the window's size, and the view's zoom, start and marker.
     */
    private static StringBuilder header(Path vcd, Path save, View view) {
        StringBuilder b = new StringBuilder();
        b.append("[*] ppbus; open with: gtkwave ").append(save).append('\n');
        b.append("[dumpfile] \"").append(vcd).append("\"\n");
        b.append("[savefile] \"").append(save).append("\"\n");
        double zoom = Math.log(WAVE_PANE_PIXELS / (PIXELS_PER_UNIT_AT_ZOOM_0 * UNITS_PER_CYCLE * view.cycles()))
                / Math.log(2);
        b.append("[timestart] ").append(UNITS_PER_CYCLE * view.firstCycle()).append("\n[size] 1400 900\n[pos] -1 -1\n");
        b.append(String.format(
                Locale.ROOT, "*%.6f %d\n", zoom, view.markerCycle() < 0 ? -1 : UNITS_PER_CYCLE * view.markerCycle()));
        return b;
    }

    /** {@code X.vcd}'s sibling {@code X} + suffix. */
    private static Path beside(Path vcd, String suffix) {
        return vcd.toAbsolutePath()
                .getParent()
                .resolve(vcd.getFileName().toString().replaceFirst("\\.vcd$", "") + suffix);
    }

    /** The translate filters: the symbols each way, and the client states where {@code state} is not null. */
    private static void writeFilters(Path c2a, Path a2c, Path state) throws IOException {
        AtomicFile.write(c2a, filter(Symbols::c2aName));
        AtomicFile.write(a2c, filter(Symbols::a2cName));
        if (state != null) {
            AtomicFile.write(
                    state,
                    filter(code -> code < ClientState.values().length ? ClientState.values()[code].name() : "-"));
        }
    }

    /** A translate filter for 2-bit values shown in binary: "00 idle", "01 FORK", ... */
    static String filter(IntFunction<String> name) {
        StringBuilder b = new StringBuilder("# ppbus: 2-bit codes by name\n");
        for (int code = 0; code < 4; code++) {
            b.append((code >> 1) & 1)
                    .append(code & 1)
                    .append(' ')
                    .append(name.apply(code))
                    .append('\n');
        }
        return b.toString();
    }

    /**
     * The save file. Every path in it is a bare file name: the VCD, the filters and the save file sit
     * in one folder, and GTKWave finds a dump file beside its save file, so the folder can move.
     */
    private static String text(
            Path vcdPath,
            Path savePath,
            Wiring w,
            int node,
            int[] seats,
            boolean symbols,
            boolean model,
            View view,
            Path c2aPath,
            Path a2cPath,
            Path statePath) {
        Path vcd = vcdPath.getFileName();
        Path save = savePath.getFileName();
        Path c2a = c2aPath.getFileName();
        Path a2c = a2cPath.getFileName();
        Path state = statePath.getFileName();
        int n = w.nodes();
        String top = "TOP.ppbus_top.";
        StringBuilder b = header(vcd, save, view);
        b.append("[*] req, gnt and the links of node ").append(node).append('\n');
        b.append("[treeopen] TOP.\n[treeopen] TOP.ppbus_top.\n");
        flags(b, BIN | RJUSTIFY);
        b.append("TOP.clk\nTOP.rst\nTOP.req[")
                .append(n - 1)
                .append(":0]\nTOP.gnt[")
                .append(n - 1)
                .append(":0]\n");
        if (seats.length > 1) {
            b.append("TOP.bus[").append(n * seats.length - 1).append(":0]\n");
        }
        if (!symbols) {
            return b.toString();
        }
        for (int p = 0; p < seats.length; p++) {
            String scope = seats.length == 1 ? top : top + "u_plane_" + p + ".";
            String on = seats.length == 1 ? "" : "plane " + p + ": ";
            nodeLinks(b, w, scope, on, seats[p], c2a, a2c);
        }
        if (model) {
            modelState(b, node, n, state);
        }
        return b.toString();
    }

    /** The links of the client and of the arbiter at {@code seat}, in {@code scope}, each way by name. */
    private static void nodeLinks(StringBuilder b, Wiring w, String scope, String on, int seat, Path c2a, Path a2c) {
        group(b, on + "client " + seat, true);
        for (int a : w.arbitersOf(seat)) {
            link(b, scope + SignalNames.c2a(seat, a), 1, c2a);
            link(b, scope + SignalNames.a2c(a, seat), 2, a2c);
        }
        group(b, on + "client " + seat, false);
        group(b, on + "arbiter " + seat, true);
        for (int c : w.clientsOf(seat)) {
            if (c < w.nodes()) {
                link(b, scope + SignalNames.c2a(c, seat), 1, c2a);
                link(b, scope + SignalNames.a2c(seat, c), 2, a2c);
            }
        }
        group(b, on + "arbiter " + seat, false);
    }

    /** The Java model's state of the node's client and arbiter, decoded. */
    private static void modelState(StringBuilder b, int node, int n, Path state) {
        group(b, "model state", true);
        flags(b, BIN | RJUSTIFY | FTRANSLATED);
        b.append("^3 ").append(state).append('\n');
        b.append("TOP.model.client").append(node).append("_state[1:0]\n");
        flags(b, 0x4 | RJUSTIFY); // decimal: the client that owns the arbiter's fork
        int width = Algorithm.idBits(n);
        b.append("TOP.model.arbiter")
                .append(node)
                .append("_owner[")
                .append(width - 1)
                .append(":0]\n");
        group(b, "model state", false);
    }

    /** A link's two ends, the symbol driven and the one arriving L cycles later, by name. */
    private static void link(StringBuilder b, String name, int filterId, Path filter) {
        flags(b, BIN | RJUSTIFY | FTRANSLATED);
        b.append('^').append(filterId).append(' ').append(filter).append('\n');
        b.append(name).append("[1:0]\n");
        b.append(name).append("_rx[1:0]\n");
    }

    private static void group(StringBuilder b, String label, boolean begin) {
        flags(b, (begin ? GRP_BEGIN : GRP_END) | BLANK);
        b.append('-').append(label).append('\n');
    }

    private static void flags(StringBuilder b, int f) {
        b.append('@').append(Integer.toHexString(f)).append('\n');
    }
}
