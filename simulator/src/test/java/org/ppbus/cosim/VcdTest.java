package org.ppbus.cosim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ppbus.link.Direction;
import org.ppbus.plane.Wiring;
import org.ppbus.testbench.GtkwSave;
import org.ppbus.testbench.Simulation;
import org.ppbus.testbench.SimulationConfig;
import org.ppbus.testbench.SymbolTap;
import org.ppbus.testbench.VcdTap;
import org.ppbus.testkit.Verilator;
import org.ppbus.testkit.Waveform;
import org.ppbus.verilog.ExternalTool;

/**
 * The Java model's VCD uses the RTL's hierarchical names and timing: every signal it
 * writes has, at time 10t of every cycle t, the value of Verilator's trace of the RTL, and the clock
 * agrees at every edge; and GTKWave's reader accepts it.
 */
class VcdTest {

    @Test
    @Verilator
    void javaAndVerilatorTracesAgreeSignalBySignal(@TempDir Path dir) throws IOException {
        int n = 7;
        SimulationConfig c = SimulationConfig.defaults().toBuilder()
                .nodes(n)
                .load(0.3)
                .seed(8)
                .cycles(400)
                .drain(false)
                .build();
        Wiring w = Wiring.forNodes(n);
        Path javaVcd = dir.resolve("java.vcd");
        List<int[]> reqs = new ArrayList<>();
        BitSet req = new BitSet();
        try (VcdTap vcd = new VcdTap(javaVcd, w, 1, 0, Long.MAX_VALUE)) {
            new Simulation(c)
                    .tap(new SymbolTap() {
                        @Override
                        public void symbol(Direction direction, int link, int code, long cycle) {
                            vcd.symbol(direction, link, code, cycle);
                        }

                        @Override
                        public void grant(int node, boolean high, long cycle) {
                            vcd.grant(node, high, cycle);
                        }

                        @Override
                        public void request(int node, boolean level, long cycle) {
                            req.set(node, level);
                            vcd.request(node, level, cycle);
                        }

                        @Override
                        public void endOfCycle(long cycle) {
                            vcd.endOfCycle(cycle);
                            int[] words = new int[1];
                            for (int i = req.nextSetBit(0); i >= 0; i = req.nextSetBit(i + 1)) {
                                words[0] |= 1 << i;
                            }
                            reqs.add(words);
                        }
                    })
                    .run();
        }
        Path rtlVcd = dir.resolve("rtl.vcd");
        try (RtlModel m = new RtlModel(VerilatorLibrary.build(VerilatorLibrary.Build.of("campos-carvalho", n, 1)))) {
            m.traceTo(rtlVcd);
            int[] gnt = new int[1];
            int[] sym = new int[m.symWords()];
            for (int[] r : reqs) {
                m.run(1, r, gnt, sym);
            }
            m.closeTrace();
        }
        Map<String, TreeMap<Long, String>> java = Vcd.read(javaVcd);
        Map<String, TreeMap<Long, String>> rtl = Vcd.read(rtlVcd);
        // clk, rst, req, gnt in TOP and again in ppbus_top; per link c2a, a2c and their _rx ends.
        assertEquals(8 + 4 * w.links(), java.size());
        long last = 10L * reqs.size();
        int compared = 0;
        for (Map.Entry<String, TreeMap<Long, String>> e : java.entrySet()) {
            TreeMap<Long, String> r = rtl.get(e.getKey());
            assertTrue(r != null, "the RTL trace has no " + e.getKey());
            // Cycle t's settled values at 10t; at 10t + 5 the RTL trace also shows what the clock edge
            // updates, which the Java model shows at 10(t + 1); the clock itself is compared at both.
            boolean clock = e.getKey().endsWith(".clk");
            for (long t = 0; t < last; t += clock ? 5 : 10) {
                assertEquals(valueAt(r, t), valueAt(e.getValue(), t), e.getKey() + " at time " + t);
                compared++;
            }
        }
        assertTrue(compared > 10_000);
        assertFalse(java.get("TOP.ppbus_top.gnt").values().stream().allMatch(v -> v.matches("b0+")), "gnt never rose");
    }

    @Test
    @Waveform
    void gtkwavesReaderAcceptsTheJavaVcd(@TempDir Path dir) throws IOException {
        Path vcd = dir.resolve("x.vcd");
        try (VcdTap tap = new VcdTap(vcd, Wiring.forNodes(13), 2, 100, 900)) {
            new Simulation(SimulationConfig.defaults().toBuilder()
                            .nodes(13)
                            .latencyCycles(2)
                            .load(0.2)
                            .cycles(1000)
                            .build())
                    .tap(tap)
                    .run();
        }
        ExternalTool.Result r = ExternalTool.run(dir, 60, "vcd2fst", "x.vcd", "x.fst");
        assertEquals(0, r.exitCode(), r.output());
        assertTrue(Files.size(dir.resolve("x.fst")) > 0);
    }

    /**
     * A VCD tapped straight from a run carries the units' state (scope TOP.model), and it agrees with
     * the contract: gnt[i] is high in cycle t + 1 exactly when client i is EATING after cycle t, and
     * an eating client owns every one of its arbiters' forks. The GTKWave save file next to it names
     * only signals the VCD has, and its filters give the E1 codes their names (c2a: 01 CLEAN_FORK,
     * 10 DIRTY_FORK, 11 REQUEST; a2c: 01 FORK, 10 REQUEST, 11 STRONG_REQUEST).
     */
    @Test
    void theJavaVcdCarriesUnitStatesAndASaveFile(@TempDir Path dir) throws IOException {
        int n = 7;
        Wiring w = Wiring.forNodes(n);
        Path vcd = dir.resolve("run.vcd");
        boolean states;
        try (VcdTap tap = new VcdTap(vcd, w, 1, 0, Long.MAX_VALUE)) {
            new Simulation(SimulationConfig.defaults().toBuilder()
                            .nodes(n)
                            .load(0.3)
                            .seed(4)
                            .cycles(600)
                            .drain(false)
                            .build())
                    .tap(tap)
                    .run();
            states = tap.hasUnitStates();
        }
        assertTrue(states);
        Map<String, TreeMap<Long, String>> v = Vcd.read(vcd);
        TreeMap<Long, String> gnt = v.get("TOP.gnt");
        int eatingSeen = 0;
        for (long t = 0; t < 599; t++) {
            String g = valueAt(gnt, 10 * (t + 1));
            long gbits = Long.parseLong(g.substring(1), 2);
            for (int i = 0; i < n; i++) {
                String st = valueAt(v.get("TOP.model.client" + i + "_state"), 10 * t + 5);
                boolean eating = st.equals("b10");
                assertEquals(
                        (gbits >> i & 1) == 1,
                        eating,
                        "client " + i + " after cycle " + t + ": state " + st + ", gnt " + g);
                if (eating) {
                    eatingSeen++;
                    for (int a : w.arbitersOf(i)) {
                        assertEquals(
                                "b" + Integer.toBinaryString(i),
                                valueAt(v.get("TOP.model.arbiter" + a + "_owner"), 10 * t + 5),
                                "arbiter " + a + " while client " + i + " eats");
                    }
                }
            }
        }
        assertTrue(eatingSeen > 50, "too few meals to check: " + eatingSeen);

        GtkwSave.Written g = GtkwSave.write(vcd, w, 3, true, true, GtkwSave.View.of(0, 399, -1));
        assertEquals(dir.resolve("run.gtkw"), g.save());
        Set<String> declared = new HashSet<>();
        for (String line : Files.readAllLines(vcd)) {
            String[] f = line.trim().split("\\s+");
            if (f[0].equals("$var")) {
                declared.add(f[4] + (f[5].startsWith("[") ? f[5] : ""));
            }
        }
        int traces = 0;
        for (String line : Files.readAllLines(g.save())) {
            if (line.isEmpty() || "@^-[*".indexOf(line.charAt(0)) >= 0) {
                continue;
            }
            String leaf = line.substring(line.lastIndexOf('.') + 1);
            assertTrue(declared.contains(leaf), "the save file names " + line + ", which the VCD does not declare");
            traces++;
        }
        // clk, rst, req, gnt; K = 3 links each way for client 3 and arbiter 3, both ends; 2 states.
        assertEquals(4 + 2 * 2 * 3 * 2 + 2, traces);
        assertTrue(
                Files.readString(dir.resolve("run.c2a.filter")).contains("01 CLEAN_FORK\n10 DIRTY_FORK\n11 REQUEST\n"));
        assertTrue(
                Files.readString(dir.resolve("run.a2c.filter")).contains("01 FORK\n10 REQUEST\n11 STRONG_REQUEST\n"));
        assertTrue(Files.readString(dir.resolve("run.state.filter")).contains("00 THINKING\n01 HUNGRY\n10 EATING\n"));
        // Bare names only: the folder can move, and GTKWave finds the dump beside its save file.
        assertFalse(Files.readString(g.save()).contains("/"), Files.readString(g.save()));
    }

    /**
     * The save file alone, with no zoom command, opens on whole cycles: GTKWave printed as it opens
     * shows the symbols of a busy stretch by name. (With GTKWave's own zoom it opened on half a
     * cycle before the first dump, where every link is idle and the states unknown.)
     */
    @Test
    @Waveform
    void theSaveFileOpensOnWholeCycles(@TempDir Path dir) throws IOException {
        Wiring w = Wiring.forNodes(7);
        Path vcd = dir.resolve("busy.vcd");
        try (VcdTap tap = new VcdTap(vcd, w, 1, 0, 100)) {
            new Simulation(SimulationConfig.defaults().toBuilder()
                            .nodes(7)
                            .load(0.3)
                            .cycles(300)
                            .build())
                    .tap(tap)
                    .run();
        }
        GtkwSave.write(vcd, w, 2, true, true, GtkwSave.View.of(0, 100, -1));
        Path ps = dir.resolve("open.ps");
        Files.writeString(
                dir.resolve("print.tcl"),
                "gtkwave::/File/Print_To_File PS {Letter (8.5\" x 11\")} Full " + ps + "\ngtkwave::/File/Quit\n");
        ExternalTool.run(dir, 120, "xvfb-run", "-a", "gtkwave", "-S", "print.tcl", "busy.gtkw");
        String shown = new String(Files.readAllBytes(ps), StandardCharsets.ISO_8859_1);
        // Cycles 0-10 on node 2's links: requests, forks and a hungry client (gtkwaveShowsTheSymbolsByName).
        assertTrue(shown.contains("(REQUEST)") && shown.contains("(FORK)"), "the first view shows no traffic by name");
    }

    /**
     * GTKWave itself, on a virtual display, opens the save file and draws the symbols and states by
     * name: printed to PostScript, a busy stretch of node 2's links shows the names the filters give
     * (FORK, REQUEST, CLEAN_FORK or DIRTY_FORK, HUNGRY), which raw 2-bit values would not.
     */
    @Test
    @Waveform
    void gtkwaveShowsTheSymbolsByName(@TempDir Path dir) throws IOException {
        Wiring w = Wiring.forNodes(7);
        Path vcd = dir.resolve("busy.vcd");
        try (VcdTap tap = new VcdTap(vcd, w, 1, 0, 100)) {
            new Simulation(SimulationConfig.defaults().toBuilder()
                            .nodes(7)
                            .load(0.3)
                            .cycles(300)
                            .build())
                    .tap(tap)
                    .run();
        }
        GtkwSave.write(vcd, w, 2, true, true, GtkwSave.View.of(0, 100, -1));
        StringBuilder shown = new StringBuilder();
        for (int from : new int[] {0, 200}) { // cycles 0-12 and 20-32 of this seed are busy on node 2's links
            Path ps = dir.resolve("view" + from + ".ps");
            Files.writeString(
                    dir.resolve("print.tcl"),
                    "gtkwave::setZoomRangeTimes " + from + " " + (from + 120) + "\n"
                            + "gtkwave::/File/Print_To_File PS {Letter (8.5\" x 11\")} Full " + ps
                            + "\ngtkwave::/File/Quit\n");
            ExternalTool.run(dir, 120, "xvfb-run", "-a", "gtkwave", "-S", "print.tcl", "busy.gtkw");
            assertTrue(Files.exists(ps), "gtkwave printed nothing for " + from);
            shown.append(new String(Files.readAllBytes(ps), StandardCharsets.ISO_8859_1));
        }
        for (String name : new String[] {"(FORK)", "(REQUEST)", "(HUNGRY)"}) {
            assertTrue(shown.indexOf(name) >= 0, "GTKWave did not show " + name);
        }
        assertTrue(
                shown.indexOf("(CLEAN_FORK)") >= 0 || shown.indexOf("(DIRTY_FORK)") >= 0, "no fork returned by name");
    }

    private static String valueAt(TreeMap<Long, String> m, long t) {
        Map.Entry<Long, String> e = m.floorEntry(t);
        String v = e == null ? "b0" : e.getValue();
        return v.equals("0") ? "b0" : v.equals("1") ? "b1" : v;
    }
}
