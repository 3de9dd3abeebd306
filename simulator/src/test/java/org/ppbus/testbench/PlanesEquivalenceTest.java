package org.ppbus.testbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.ppbus.bus.BusSet;
import org.ppbus.bus.Fabric;
import org.ppbus.plane.Wiring;
import org.ppbus.protocol.ProtocolObserver;
import org.ppbus.protocol.RuleSet;
import org.ppbus.protocol.cc.CcNetwork;
import org.ppbus.protocol.cc.CcPlanes;
import org.ppbus.protocol.cc.InitialState;
import org.ppbus.testkit.Simulator;
import org.ppbus.verilog.ExternalTool;
import org.ppbus.verilog.GeneratedDesign;
import org.ppbus.verilog.PlanesVerilogGenerator;

/**
 * campos-carvalho-k's RTL against its Java model, cycle for cycle, on gnt and on the bus each
 * holder drives: random processors (ask with probability p when idle, lower req H cycles after gnt
 * rises) drive the Java {@link CcPlanes}; Icarus replays the same req on the RTL and compares every
 * cycle's gnt and bus vectors with the model's.
 */
@Simulator
class PlanesEquivalenceTest {
    @ParameterizedTest
    @CsvSource({"3,2,1,0.2,1,1", "7,2,1,0.1,4,2", "7,3,2,0.3,1,3", "13,2,1,0.05,2,4", "7,4,1,0.5,1,5"})
    void theRtlGrantsTheSameBusesInTheSameCycles(
            int n, int k, int latency, double p, int hold, long seed, @TempDir Path dir) throws IOException {
        assertEquals(-1, firstDifference(n, k, latency, p, hold, seed, dir, t -> t));
    }

    /** A chooser that never asks again where it let a grant go waits longer: the replay differs. */
    @Test
    void aChooserWithoutTheReRaiseIsCaught(@TempDir Path dir) throws IOException {
        int first = firstDifference(
                7,
                2,
                1,
                0.3,
                1,
                3,
                dir,
                t -> t.replace(
                        "wire [K-1:0] again  = letgo_q & {K{req_q & req & idle}};",
                        "wire [K-1:0] again  = letgo_q & {K{req_q & req & idle & 1'b0}};"));
        assertTrue(first >= 0, "the mutant replayed the model exactly");
    }

    /** The first cycle whose gnt or bus differ between the model and the (mutated) RTL, or -1. */
    private static int firstDifference(
            int n, int k, int latency, double p, int hold, long seed, Path dir, UnaryOperator<String> mutate)
            throws IOException {
        int cycles = 3000;
        int[] gnt = new int[n];
        int[] bus = new int[n]; // bus + 1 while granted
        Fabric.GrantSink sink = new Fabric.GrantSink() {
            @Override
            public void granted(int node, long cycle) {
                throw new AssertionError("a grant without its bus");
            }

            @Override
            public void granted(int node, BusSet buses, long cycle) {
                bus[node] = Long.numberOfTrailingZeros(buses.mask()) + 1;
            }

            @Override
            public void released(int node, long cycle) {
                bus[node] = -bus[node]; // low from the next cycle
            }
        };
        Wiring w = Wiring.forNodes(n);
        CcPlanes f = new CcPlanes(
                w,
                k,
                new CcNetwork.Options(latency, RuleSet.FIXED, false),
                InitialState.coldStart(w),
                sink,
                ProtocolObserver.NONE);
        SplittableRandom random = new SplittableRandom(seed);
        boolean[] req = new boolean[n];
        long[] gntRose = new long[n];
        List<String> reqHex = new ArrayList<>();
        List<String> expect = new ArrayList<>();
        int grants = 0;
        for (int t = 0; t < cycles; t++) {
            // gnt(t) and bus(t) follow the events of t - 1.
            long gv = 0;
            long bv = 0;
            for (int i = 0; i < n; i++) {
                if (bus[i] < 0) {
                    bus[i] = 0;
                }
                boolean on = bus[i] > 0;
                if (on && gnt[i] == 0) {
                    gntRose[i] = t;
                    grants++;
                }
                gnt[i] = on ? 1 : 0;
                if (on) {
                    gv |= 1L << i;
                    bv |= 1L << (i * k + bus[i] - 1);
                }
            }
            for (int i = 0; i < n; i++) {
                boolean next = req[i];
                if (!req[i] && gnt[i] == 0) {
                    next = random.nextDouble() < p;
                } else if (req[i] && gnt[i] == 1 && t - gntRose[i] >= hold) {
                    next = false;
                }
                if (next != req[i]) {
                    req[i] = next;
                    f.request(i, next, t);
                }
            }
            long rv = 0;
            for (int i = 0; i < n; i++) {
                rv |= req[i] ? 1L << i : 0;
            }
            reqHex.add(Long.toHexString(rv));
            expect.add(Long.toHexString(gv) + " " + Long.toHexString(bv));
            f.step(t);
        }
        assertTrue(grants > 100, "too few grants: " + grants);
        GeneratedDesign d =
                new PlanesVerilogGenerator("test").generate(n, latency, k).map(mutate);
        d.writeTo(dir);
        Files.write(dir.resolve("req.hex"), reqHex);
        Files.write(dir.resolve("expect.txt"), expect);
        Files.writeString(dir.resolve("tb_planes.v"), testbench(n, k, cycles));
        List<String> cmd = new ArrayList<>(List.of("iverilog", "-g2005", "-o", "tb.vvp", "-s", "tb_planes", "-I", "."));
        cmd.addAll(d.sources());
        cmd.add("tb_planes.v");
        ExternalTool.Result build = ExternalTool.run(dir, 600, cmd.toArray(String[]::new));
        assertEquals(0, build.exitCode(), build.output());
        ExternalTool.Result run = ExternalTool.run(dir, 600, "vvp", "-n", "tb.vvp");
        List<String> rtl = Files.readAllLines(dir.resolve("rtl.txt"));
        assertEquals(cycles, rtl.size(), run.output());
        for (int t = 0; t < cycles; t++) {
            if (!expect.get(t).equals(rtl.get(t))) {
                return t;
            }
        }
        return -1;
    }

    private static String testbench(int n, int k, int cycles) {
        return "`timescale 1ns / 1ps\n`default_nettype none\nmodule tb_planes;\n"
                + "    reg clk = 1'b0;\n    reg rst = 1'b1;\n"
                + "    reg [" + (n - 1) + ":0] req = 0;\n    wire [" + (n - 1) + ":0] gnt;\n"
                + "    wire [" + (n * k - 1) + ":0] bus;\n"
                + "    reg [" + (n - 1) + ":0] reqs [0:" + (cycles - 1) + "];\n    integer t;\n    integer f;\n"
                + "    ppbus_top dut (.clk(clk), .rst(rst), .req(req), .gnt(gnt), .bus(bus));\n"
                + "    always #5 clk = ~clk;\n"
                + "    initial begin\n        $readmemh(\"req.hex\", reqs);\n        f = $fopen(\"rtl.txt\", \"w\");\n"
                + "        @(posedge clk);\n        @(posedge clk);\n        #1 rst = 1'b0;\n"
                + "        for (t = 0; t < " + cycles + "; t = t + 1) begin\n"
                + "            req = reqs[t];\n            #3;\n"
                + "            $fwrite(f, \"%0h %0h\\n\", gnt, bus);\n"
                + "            @(posedge clk);\n            #1;\n        end\n"
                + "        $fclose(f);\n        $finish;\n    end\nendmodule\n";
    }
}
