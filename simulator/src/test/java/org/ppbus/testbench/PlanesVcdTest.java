package org.ppbus.testbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ppbus.bus.BusSet;
import org.ppbus.bus.Sharing;
import org.ppbus.cosim.Vcd;
import org.ppbus.link.Direction;
import org.ppbus.plane.Wiring;
import org.ppbus.protocol.cc.CcPlanes;
import org.ppbus.verilog.SignalNames;

/**
 * A k-bus run's VCD, read back and compared with what its tap saw: each plane's channels in a scope
 * of their own (u_plane_b, as in the RTL), so that two planes driving the same-numbered link in one
 * cycle are two signals; the bus vector (bit i*k + b while processor i holds bus b); and a GTKWave
 * save file whose every signal is in the VCD.
 */
class PlanesVcdTest {
    private static final int N = 7;
    private static final int K = 2;

    @Test
    void eachPlanesSymbolsAndTheBusesAreInTheVcd(@TempDir Path dir) throws IOException {
        SimulationConfig c = SimulationConfig.defaults().toBuilder()
                .algorithm(CcPlanes.ALGORITHM.name())
                .nodes(N)
                .cycles(400)
                .load(0.3)
                .holdCycles(2)
                .seed(3)
                .drain(false)
                .sharing(new Sharing(K, 1, 0))
                .build()
                .validated();
        Wiring w = Wiring.forNodes(N);
        Path file = dir.resolve("k.vcd");
        Map<String, Integer> seen = new HashMap<>(); // "plane/channel@cycle" -> code
        Map<Long, Map<Integer, Integer>> held = new HashMap<>(); // cycle -> node -> bus, from cycle + 1
        int[] both = new int[1];
        try (VcdTap vcd = new VcdTap(file, w, 1, 0, Long.MAX_VALUE)) {
            new Simulation(c)
                    .tap(vcd)
                    .tap(new SymbolTap() {
                        @Override
                        public void symbol(Direction d, int link, int code, long cycle) {
                            throw new AssertionError("a k-bus symbol names its plane");
                        }

                        @Override
                        public void symbol(int plane, Direction d, int link, int code, long cycle) {
                            String name = d == Direction.C2A
                                    ? SignalNames.c2a(w.linkClient(link), w.linkArbiter(link))
                                    : SignalNames.a2c(w.linkArbiter(link), w.linkClient(link));
                            seen.put(plane + "/" + name + "@" + cycle, code);
                            if (seen.containsKey((1 - plane) + "/" + name + "@" + cycle)) {
                                both[0]++;
                            }
                        }

                        @Override
                        public void grant(int node, boolean high, long cycle) {}

                        @Override
                        public void grant(int node, BusSet buses, long cycle) {
                            held.computeIfAbsent(cycle + 1, t -> new HashMap<>())
                                    .put(node, Long.numberOfTrailingZeros(buses.mask()));
                        }
                    })
                    .run();
        }
        assertTrue(both[0] > 0, "no cycle in which both planes drove the same link: the case is not exercised");
        Map<String, TreeMap<Long, String>> v = Vcd.read(file);
        for (Map.Entry<String, Integer> e : seen.entrySet()) {
            String[] pc = e.getKey().split("@");
            String[] p = pc[0].split("/");
            long cycle = Long.parseLong(pc[1]);
            TreeMap<Long, String> signal = v.get("TOP.ppbus_top.u_plane_" + p[0] + "." + p[1]);
            assertTrue(signal != null, "no signal for " + e.getKey());
            String at = signal.floorEntry(10 * cycle).getValue();
            assertEquals(e.getValue().longValue(), Long.parseLong(at.substring(1), 2), e.getKey());
        }
        TreeMap<Long, String> bus = v.get("TOP.bus");
        for (Map.Entry<Long, Map<Integer, Integer>> g : held.entrySet()) {
            long bits =
                    Long.parseLong(bus.floorEntry(10 * g.getKey()).getValue().substring(1), 2);
            for (Map.Entry<Integer, Integer> h : g.getValue().entrySet()) {
                assertEquals(1, bits >> (h.getKey() * K + h.getValue()) & 1, "cycle " + g.getKey() + " " + h);
            }
        }
        GtkwSave.Written s = GtkwSave.write(
                file,
                w,
                2,
                new int[] {CcPlanes.client(N, K, 0, 2), CcPlanes.client(N, K, 1, 2)},
                true,
                false,
                GtkwSave.View.of(0, 399, -1));
        Matcher m = Pattern.compile("^(TOP\\.[^\\[\\n]+)", Pattern.MULTILINE).matcher(Files.readString(s.save()));
        int named = 0;
        while (m.find()) {
            assertTrue(v.containsKey(m.group(1)), m.group(1) + " is not in the VCD");
            named++;
        }
        // clk, rst, req, gnt, bus, and on each of the 2 planes the seat's 3 client and 3 arbiter links,
        // each with its two ends each way.
        assertEquals(5 + 2 * (3 + 3) * 4, named, "the save file names " + named + " signals");
    }
}
