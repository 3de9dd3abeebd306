package org.ppbus.testbench;

import java.io.IOException;
import java.io.Writer;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.UnaryOperator;
import org.ppbus.link.Direction;
import org.ppbus.link.FaultKind;
import org.ppbus.link.FaultPlan;
import org.ppbus.plane.Wiring;
import org.ppbus.protocol.descriptor.Feature;
import org.ppbus.verilog.Designs;
import org.ppbus.verilog.ExternalTool;
import org.ppbus.verilog.GeneratedDesign;
import org.ppbus.verilog.SignalNames;

/**
 * Replays a Java run (either algorithm) on the generated RTL in Icarus Verilog and compares them cycle for cycle. The
 * Java model records req per cycle, the gnt changes and every symbol driven; a generated testbench
 * drives the same req into {@code ppbus_top}, prints its gnt changes and the symbol every sender
 * drives, and checks mutual exclusion. The two listings must be equal line for line.
 */
public final class RtlReplay {
    private final SimulationConfig config;
    private final Wiring wiring;
    private final List<String> expected = new ArrayList<>();
    private final List<long[]> reqEdges = new ArrayList<>(); // {cycle, node, level}
    private long cycles;
    private SimulationResult result;

    public RtlReplay(SimulationConfig config) {
        this.config = config;
        this.wiring = Wiring.forNodes(config.nodes());
    }

    /** Runs the Java model and records what the RTL must reproduce. */
    public RtlReplay record() throws IOException {
        int n = wiring.nodes();
        List<long[]> gntEdges = new ArrayList<>();
        result = new Simulation(config)
                .tap(new SymbolTap() {
                    @Override
                    public void symbol(Direction direction, int link, int code, long cycle) {
                        int i = wiring.linkClient(link);
                        int j = wiring.linkArbiter(link);
                        expected.add("S " + cycle + " "
                                + (direction == Direction.C2A ? SignalNames.c2a(i, j) : SignalNames.a2c(j, i)) + " "
                                + code);
                    }

                    @Override
                    public void grant(int node, boolean high, long cycle) {
                        gntEdges.add(new long[] {cycle + 1, node, high ? 1 : 0});
                    }

                    @Override
                    public void request(int node, boolean level, long cycle) {
                        reqEdges.add(new long[] {cycle, node, level ? 1 : 0});
                    }
                })
                .run();
        cycles = result.cycles();
        // gnt(t) listed whenever it differs from gnt(t-1), as the testbench prints it.
        gntEdges.sort(Comparator.comparingLong(e -> e[0]));
        BigInteger gnt = BigInteger.ZERO;
        for (int k = 0; k < gntEdges.size(); ) {
            long t = gntEdges.get(k)[0];
            BigInteger before = gnt;
            while (k < gntEdges.size() && gntEdges.get(k)[0] == t) {
                long[] e = gntEdges.get(k++);
                gnt = e[2] == 1 ? gnt.setBit((int) e[1]) : gnt.clearBit((int) e[1]);
            }
            if (!gnt.equals(before) && t < cycles) {
                expected.add("G " + t + " " + hex(gnt, n));
            }
        }
        return this;
    }

    public SimulationResult javaResult() {
        return result;
    }

    public long cycles() {
        return cycles;
    }

    /** The outcome of an RTL run, with the seconds Icarus took to compile and to run it. */
    public record Outcome(
            List<String> mismatches,
            long rises,
            long grants,
            List<String> rtlErrors,
            double compileSeconds,
            double runSeconds) {
        public boolean equal() {
            return mismatches.isEmpty() && rtlErrors.isEmpty();
        }
    }

    /** Generates the RTL and the testbench into dir, runs Icarus, and compares. */
    public Outcome runIcarus(Path dir, String toolVersion) throws IOException {
        return runIcarus(dir, toolVersion, text -> text);
    }

    /**
     * As {@link #runIcarus(Path, String)}, with every generated file passed through {@code mutate}
     * first: tests use it to show that a changed RTL is caught.
     */
    public Outcome runIcarus(Path dir, String toolVersion, UnaryOperator<String> mutate) throws IOException {
        GeneratedDesign design = Designs.generate(
                config.algorithmSpec(), config.nodes(), config.latencyCycles(), config.rules(), toolVersion);
        design.writeTo(dir);
        for (String f : design.sources()) {
            Path p = dir.resolve(f);
            Files.writeString(p, mutate.apply(Files.readString(p, StandardCharsets.UTF_8)), StandardCharsets.UTF_8);
        }
        writeReq(dir.resolve("req.hex"));
        Files.writeString(dir.resolve("tb_replay.v"), testbench(), StandardCharsets.UTF_8);
        List<String> cmd = new ArrayList<>(List.of("iverilog", "-g2005", "-o", "replay.vvp", "-s", "tb_replay"));
        if (symbolFault() != null || crash() != null) {
            // The RTL's own assertions state the fault-free protocol (I2, a fork only from OWNER),
            // which a lost or repeated symbol, or a crashed client that keeps its forks, breaks on
            // purpose; the testbench still checks mutual exclusion, and every symbol is still compared.
            // (A crashed node's units go on in both models; only their outputs are lost.)
            cmd.add("-DSYNTHESIS");
        }
        cmd.addAll(design.sources());
        cmd.add("tb_replay.v");
        long t0 = System.nanoTime();
        ExternalTool.Result c = ExternalTool.run(dir, 300, cmd.toArray(new String[0]));
        if (c.exitCode() != 0) {
            throw new IOException("iverilog failed: " + c.output());
        }
        long t1 = System.nanoTime();
        ExternalTool.Result r = ExternalTool.run(dir, 3600, "vvp", "-n", "replay.vvp");
        long t2 = System.nanoTime();
        List<String> rtl = new ArrayList<>();
        List<String> errors = new ArrayList<>();
        long rises = -1;
        long grants = -1;
        for (String line : Files.readAllLines(dir.resolve("rtl.out"))) {
            if (line.startsWith("SUMMARY ")) {
                String[] f = line.split(" ");
                rises = Long.parseLong(f[1]);
                grants = Long.parseLong(f[2]);
            } else if (line.startsWith("MUTEX")) {
                errors.add(line);
            } else {
                rtl.add(line);
            }
        }
        for (String line : r.output().split("\n")) {
            if (line.matches(".*ASSERTION \\w+ FAILED.*")) { // every RTL assertion names itself
                errors.add(line.trim());
            }
        }
        return new Outcome(compare(expected, rtl), rises, grants, errors, (t1 - t0) / 1e9, (t2 - t1) / 1e9);
    }

    /** Sorted by cycle, then text; the first few differences, described. */
    static List<String> compare(List<String> javaLines, List<String> rtlLines) {
        List<String> a = sorted(javaLines);
        List<String> b = sorted(rtlLines);
        List<String> diff = new ArrayList<>();
        int i = 0;
        int j = 0;
        while ((i < a.size() || j < b.size()) && diff.size() < 10) {
            int c = i == a.size() ? 1 : j == b.size() ? -1 : ORDER.compare(a.get(i), b.get(j));
            if (c == 0) {
                i++;
                j++;
            } else if (c < 0) {
                diff.add("java only: " + a.get(i++));
            } else {
                diff.add("rtl only:  " + b.get(j++));
            }
        }
        return diff;
    }

    private static final Comparator<String> ORDER = Comparator.comparingLong(
                    (String s) -> Long.parseLong(s.split(" ")[1]))
            .thenComparing(Comparator.naturalOrder());

    private static List<String> sorted(List<String> l) {
        List<String> s = new ArrayList<>(l);
        s.sort(ORDER);
        return s;
    }

    private void writeReq(Path file) throws IOException {
        int n = wiring.nodes();
        reqEdges.sort(Comparator.comparingLong(e -> e[0]));
        BigInteger req = BigInteger.ZERO;
        int k = 0;
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            for (long t = 0; t < cycles; t++) {
                while (k < reqEdges.size() && reqEdges.get(k)[0] == t) {
                    long[] e = reqEdges.get(k++);
                    req = e[2] == 1 ? req.setBit((int) e[1]) : req.clearBit((int) e[1]);
                }
                w.write(hex(req, n));
                w.write('\n');
            }
        }
    }

    static String hex(BigInteger v, int bits) {
        int digits = (bits + 3) / 4;
        String h = v.toString(16);
        return "0".repeat(Math.max(0, digits - h.length())) + h;
    }

    private String testbench() {
        int n = wiring.nodes();
        StringBuilder b = new StringBuilder();
        b.append("// tb_replay.v: replays a recorded req trace on ppbus_top and prints gnt and every symbol.\n");
        b.append("`timescale 1ns / 1ps\n`default_nettype none\n\nmodule tb_replay;\n");
        b.append("    localparam integer N = ").append(n).append(";\n");
        b.append("    localparam integer CYCLES = ").append(cycles).append(";\n");
        b.append("    reg clk = 1'b0;\n    reg rst = 1'b1;\n    reg [N-1:0] req = {N{1'b0}};\n    wire [N-1:0] gnt;\n");
        b.append("    reg [N-1:0] reqs [0:CYCLES-1];\n    reg [N-1:0] gnt_prev;\n    reg [N-1:0] req_prev;\n");
        b.append(
                "    integer t;\n    integer f;\n    integer bit;\n    integer ones;\n    integer rises;\n    integer grants;\n");
        b.append("    reg [1:0] fault_code = 2'b00;  // a duplicate's symbol, held until its copy arrives\n");
        b.append("    reg fault_due = 1'b0;\n\n");
        b.append("    reg [N-1:0] dead = {N{1'b0}};  // +reclaim's failure detector\n");
        b.append("    ppbus_top dut (.clk(clk), .rst(rst), .req(req), ")
                .append(config.rules().reclaim() ? ".dead(dead), " : "")
                .append(".gnt(gnt));\n\n    always #5 clk = ~clk;\n\n");
        b.append("    initial begin\n        $readmemh(\"req.hex\", reqs);\n        f = $fopen(\"rtl.out\", \"w\");\n");
        b.append(
                "        gnt_prev = {N{1'b0}};\n        req_prev = {N{1'b0}};\n        rises = 0;\n        grants = 0;\n");
        b.append("        @(posedge clk);\n        @(posedge clk);\n        #1 rst = 1'b0;\n");
        b.append("        for (t = 0; t < CYCLES; t = t + 1) begin\n");
        FaultPlan fault = symbolFault();
        if (fault != null) {
            injectFault(b, fault);
        }
        if (crash() != null) {
            injectCrash(b, crash());
        }
        b.append("            req = reqs[t];\n            #3;\n");
        b.append("            if (gnt !== gnt_prev) $fwrite(f, \"G %0d %h\\n\", t, gnt);\n");
        b.append("            ones = 0;\n");
        b.append("            for (bit = 0; bit < N; bit = bit + 1) begin\n");
        b.append("                if (gnt[bit]) ones = ones + 1;\n");
        b.append("                if (req[bit] && !req_prev[bit]) rises = rises + 1;\n");
        b.append("                if (gnt[bit] && !gnt_prev[bit]) grants = grants + 1;\n");
        b.append("            end\n");
        b.append("            if (ones > 1) $fwrite(f, \"MUTEX %0d %h\\n\", t, gnt);\n");
        if (config.algorithmSpec().has(Feature.SYMBOLS)) {
            for (int i = 0; i < n; i++) {
                for (int j : wiring.arbitersOf(i)) {
                    symbolLine(b, SignalNames.c2a(i, j));
                    symbolLine(b, SignalNames.a2c(j, i));
                }
            }
        }
        b.append("            gnt_prev = gnt;\n            req_prev = req;\n");
        b.append("            @(posedge clk);\n            #1;\n        end\n");
        b.append(
                "        $fwrite(f, \"SUMMARY %0d %0d\\n\", rises, grants);\n        $fclose(f);\n        $finish;\n    end\nendmodule\n");
        return b.toString();
    }

    /**
     * Refuses, with a one-line message, a fault the RTL testbench cannot place: a random one, or a
     * kind other than drop and duplicate at CYCLE@CHANNEL and crash at NODE@CYCLE.
     */
    public void requireReplayableFault() {
        symbolFault();
        crash();
    }

    /** The run's crash-stop, or null. */
    private FaultPlan crash() {
        FaultPlan p = FaultPlan.parse(config.fault());
        if (p == null || !p.crash()) {
            return null;
        }
        if (p.random()) {
            throw new IllegalArgumentException("the RTL replay takes a crash at NODE@CYCLE, got " + config.fault());
        }
        return p;
    }

    /**
     * A crash-stop as the Java network applies it ({@link org.ppbus.protocol.cc.CcNetwork#crash}):
     * from cycle C on, every symbol the node's client and arbiter drive is lost, cleared where it
     * entered its channel, as a drop is; and with +reclaim the failure detector raises the node's
     * dead bit from cycle C + 2L on, before the units evaluate. The node's processor is stopped by
     * the recorded requests.
     */
    private void injectCrash(StringBuilder b, FaultPlan p) {
        int d = p.crashedNode();
        b.append("            if (t >= ").append(p.cycle() + 1).append(") begin\n");
        for (int j : wiring.arbitersOf(d)) {
            b.append("                dut.")
                    .append(SignalNames.channelInstance(SignalNames.c2a(d, j)))
                    .append(".stage_q[1:0] = 2'b00;\n");
        }
        for (int c : wiring.clientsOf(d)) {
            b.append("                dut.")
                    .append(SignalNames.channelInstance(SignalNames.a2c(d, c)))
                    .append(".stage_q[1:0] = 2'b00;\n");
        }
        b.append("            end\n");
        if (config.rules().reclaim()) {
            b.append("            if (t >= ")
                    .append(p.cycle() + 2L * config.latencyCycles())
                    .append(") dead[")
                    .append(d)
                    .append("] = 1'b1;\n");
        }
    }

    /** The run's fault when it hits one symbol at a named cycle and channel, as the RTL can replay it. */
    private FaultPlan symbolFault() {
        FaultPlan p = FaultPlan.parse(config.fault());
        if (p == null || p.crash()) {
            return null;
        }
        if (p.random() || !(p.kind() == FaultKind.DROP || p.kind() == FaultKind.DUPLICATE)) {
            throw new IllegalArgumentException(
                    "the RTL replay takes drop or duplicate at CYCLE@CHANNEL, got " + config.fault());
        }
        return p;
    }

    /**
     * The fault as the Java channel applies it ({@link org.ppbus.link.FaultInjector}), on the RTL
     * channel's registers at the start of a cycle, before anything reads them: the symbol driven in
     * cycle C entered the first stage at the edge that ended C. A drop clears it there; a duplicate
     * arrives again in cycle C + L + 1, or, if the channel delivers another symbol then, in the
     * first cycle after that it delivers none.
     */
    private void injectFault(StringBuilder b, FaultPlan p) {
        int latency = config.latencyCycles();
        String stage = "dut.u_" + p.channel() + ".stage_q";
        String last = stage + "[" + (2 * latency - 1) + ":" + (2 * latency - 2) + "]";
        b.append("            if (t == ").append(p.cycle() + 1).append(") begin\n");
        if (p.kind() == FaultKind.DROP) {
            b.append("                ").append(stage).append("[1:0] = 2'b00;\n");
        } else {
            b.append("                fault_code = ").append(stage).append("[1:0];\n");
            b.append("                fault_due = 1'b1;\n");
        }
        b.append("            end\n");
        if (p.kind() == FaultKind.DUPLICATE) {
            b.append("            if (fault_due && t >= ")
                    .append(p.cycle() + latency + 1)
                    .append(" && ")
                    .append(last)
                    .append(" == 2'b00) begin\n");
            b.append("                ").append(last).append(" = fault_code;\n");
            b.append("                fault_due = 1'b0;\n            end\n");
        }
    }

    private static void symbolLine(StringBuilder b, String name) {
        b.append("            if (dut.")
                .append(name)
                .append(" !== 2'b00) $fwrite(f, \"S %0d ")
                .append(name)
                .append(" %0d\\n\", t, dut.")
                .append(name)
                .append(");\n");
    }
}
