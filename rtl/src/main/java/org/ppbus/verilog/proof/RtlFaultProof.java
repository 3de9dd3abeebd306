package org.ppbus.verilog.proof;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;
import java.util.function.Consumer;
import java.util.regex.Pattern;
import org.ppbus.plane.Wiring;
import org.ppbus.protocol.RuleSet;
import org.ppbus.registry.Algorithms;
import org.ppbus.verilog.Contract;
import org.ppbus.verilog.Designs;
import org.ppbus.verilog.ExternalTool;
import org.ppbus.verilog.GeneratedDesign;

/**
 * Safety of the generated RTL under symbol faults, for every run at once: the design inside
 * {@link FaultHarness}, turned into an AIGER model by Yosys and proven by ABC's property-directed
 * reachability ({@code pdr}, after {@code scorr} merges registers that always agree). Unlike the
 * state search this covers every processor of the network asking, at sizes the search cannot
 * enumerate; unlike the induction proof of {@link RtlProof} it needs no hand-written invariant,
 * since pdr finds its own. It proves safety and a repair bound on fork conservation, not liveness.
 */
public final class RtlFaultProof {
    private RtlFaultProof() {}

    /**
     * What the proof covers: whether a run may drop a symbol, duplicate one, or both, and the
     * processors that may ask (bit i for processor i; -1 for all).
     */
    public record Faults(boolean drops, boolean duplicates, long active) {
        public Faults(boolean drops, boolean duplicates) {
            this(drops, duplicates, -1L);
        }

        public boolean everyoneAsks(int n) {
            long all = (1L << n) - 1;
            return (active & all) == all;
        }

        /** The processors that may ask, as a list "0,2,4,6". */
        public String askers(int n) {
            StringJoiner j = new StringJoiner(",");
            for (int i = 0; i < n; i++) {
                if ((active >> i & 1) != 0) {
                    j.add(Integer.toString(i));
                }
            }
            return j.toString();
        }
    }

    /**
     * One property's verdict: proven, or broken in cycle {@code frame} of pdr's counterexample (the
     * reset is cycle 0; pdr's need not be the shortest, {@link #counterexample} finds that), or
     * undecided.
     */
    public record Verdict(String property, boolean proven, int frame) {
        public boolean broken() {
            return frame >= 0;
        }
    }

    /**
     * How a proof ended: every property decided; pdr's time limit reached ({@code --proof-seconds});
     * or pdr killed from outside before either (an interrupt).
     */
    public enum Ended {
        DECIDED("decided"),
        TIME_LIMIT("time limit"),
        STOPPED("stopped");

        /** The name the reports use. */
        public final String label;

        Ended(String label) {
            this.label = label;
        }
    }

    /**
     * Every property's verdict, in the harness's order, the size of the model pdr worked on, the
     * last frame pdr worked in (-1 before the first), and how the proof ended.
     */
    public record Result(
            List<Verdict> verdicts,
            int latches,
            double seconds,
            int frameReached,
            Ended ended,
            String log,
            List<String> outputs) {
        public boolean proven() {
            return verdicts.stream().allMatch(Verdict::proven);
        }

        public boolean anyBroken() {
            return verdicts.stream().anyMatch(Verdict::broken);
        }

        /** The verdict of the named property. */
        public Verdict of(String property) {
            return verdicts.stream()
                    .filter(v -> v.property().equals(property))
                    .findFirst()
                    .orElseThrow();
        }
    }

    /**
     * Proves the RTL of {@code rules} at n nodes and latency L in {@code dir} within
     * {@code timeoutSeconds}, passing ABC's progress lines to {@code progress}.
     *
     * @param repairBound B, or a negative number for safety only
     */
    public static Result run(
            int nodes,
            int latency,
            RuleSet rules,
            Faults faults,
            int repairBound,
            long timeoutSeconds,
            Path dir,
            String toolVersion,
            Consumer<String> progress)
            throws IOException {
        return run(
                nodes,
                latency,
                rules,
                faults,
                repairBound,
                (LivenessGoal) null,
                timeoutSeconds,
                dir,
                toolVersion,
                progress);
    }

    /**
     * As above, with bounded liveness too where {@code live} is not null: the parts of the wait
     * bound it names, for processors that hold at most its hold ({@link Contract#waitBound}).
     */
    public static Result run(
            int nodes,
            int latency,
            RuleSet rules,
            Faults faults,
            int repairBound,
            LivenessGoal live,
            long timeoutSeconds,
            Path dir,
            String toolVersion,
            Consumer<String> progress)
            throws IOException {
        if (rules.reclaim()) {
            throw new IllegalArgumentException(
                    "the fault proof takes no +reclaim (a crash is searched by verify --faults crash)");
        }
        GeneratedDesign design = Designs.generate(Algorithms.campos(), nodes, latency, rules, toolVersion);
        return run(design, nodes, latency, faults, repairBound, live, timeoutSeconds, dir, progress);
    }

    /** The proof of a given design at n nodes and latency L (tests pass mutants). */
    public static Result run(
            GeneratedDesign design,
            int nodes,
            int latency,
            Faults faults,
            int repairBound,
            LivenessGoal live,
            long timeoutSeconds,
            Path dir,
            Consumer<String> progress)
            throws IOException {
        long t0 = System.nanoTime();
        FaultHarness.Harness h = FaultHarness.of(Wiring.forNodes(nodes), latency, faults, repairBound, live);
        try {
            build(design, h, timeoutSeconds, dir);
        } catch (ExternalTool.Stopped e) {
            return PdrLog.stoppedBefore(h.outputs(), (System.nanoTime() - t0) / 1e9);
        } catch (ExternalTool.TimedOut e) {
            return PdrLog.parse("", h.outputs(), (System.nanoTime() - t0) / 1e9);
        }
        // -r -n -c: more effort in generalising a clause, with its 'down' step and counterexamples to
        // generalisation (CTGs) on; it proved n = 7 under one drop in 94 s where the defaults took 770
        // (docs/VERIFICATION.md). fold: the harness's assumptions are constraints.
        return pdr(dir, "fold\n", "-r -n -c ", h.outputs(), t0, timeoutSeconds, progress);
    }

    /**
     * Writes the design, the harness and the scripts into {@code dir} and builds the AIGER models
     * of harness {@code h} with Yosys ({@link #models}), whose outputs are the harness's.
     *
     * @throws ExternalTool.Stopped when an interrupt stopped Yosys
     */
    static void build(GeneratedDesign design, FaultHarness.Harness h, long timeoutSeconds, Path dir)
            throws IOException {
        write(design, h, dir);
        writeScripts(design, h, dir);
        ExternalTool.Result y = ExternalTool.run(
                        dir, timeoutSeconds, "yosys", "-q", "-s", "proof.ys", "-l", "aiger.log")
                .unlessKilled("yosys");
        if (y.exitCode() != 0) {
            throw new IOException("yosys failed on the fault proof's script: " + ExternalTool.lastLines(y.output(), 1));
        }
    }

    /**
     * ABC's pdr on the model after the reset that the script left in {@code dir}, with what remains
     * of the time limit counted from {@code t0}: the verdict of each property (the model's outputs in
     * order). {@code prelude} runs first (for instance fold, for a harness with assumptions).
     */
    static Result pdr(
            Path dir,
            String prelude,
            String options,
            List<String> outputs,
            long t0,
            long timeoutSeconds,
            Consumer<String> progress)
            throws IOException {
        long left = Math.max(1, timeoutSeconds - (System.nanoTime() - t0) / 1_000_000_000L);
        // pdr stops itself at the proof's time limit; the tool's deadline leaves it a grace beyond that
        // (pdr looks at the clock only between SAT calls), so that an undecided proof is reported, not
        // killed, however short the limit (the model's build may have used it up).
        Files.writeString(
                dir.resolve("proof.abc"),
                "read_aiger " + STARTED + "\n" + prelude + "strash\nprint_stats\nscorr\nprint_stats\npdr -a -v "
                        + options + "-T " + left + "\n");
        long t1 = System.nanoTime();
        ExternalTool.Result abc;
        try {
            abc = ExternalTool.run(dir, left + Math.max(30, left / 10), progress, "yosys-abc", "-f", "proof.abc");
        } catch (ExternalTool.Stopped e) {
            return PdrLog.stoppedBefore(outputs, (System.nanoTime() - t0) / 1e9);
        } catch (ExternalTool.TimedOut e) {
            // The outer guard, when pdr did not stop itself at its own limit (one long SAT call on a
            // loaded machine): what it decided before stands, the rest is undecided, never an error.
            Files.writeString(dir.resolve("proof.log"), e.output());
            return PdrLog.parse(e.output(), outputs, (System.nanoTime() - t0) / 1e9);
        }
        double secs = (System.nanoTime() - t0) / 1e9;
        Files.writeString(dir.resolve("proof.log"), abc.output());
        boolean atLimit = (System.nanoTime() - t1) / 1e9 >= left - 1;
        return PdrLog.judge(PdrLog.parse(abc.output(), outputs, secs), abc, atLimit);
    }

    /** The design, the proof's channel and the harness {@code h}, written into {@code dir}. */
    static void write(GeneratedDesign design, FaultHarness.Harness h, Path dir) throws IOException {
        design.writeTo(dir);
        Files.writeString(dir.resolve("ppbus_fault_channel.v"), h.channel());
        Files.writeString(dir.resolve("ppbus_faults.v"), h.verilog());
    }

    /** proof.ys, which builds the model, and replay.ys, which replays a counterexample on it. */
    private static void writeScripts(GeneratedDesign design, FaultHarness.Harness h, Path dir) throws IOException {
        StringBuilder ys = new StringBuilder(readDesign(design, h));
        ys.append(netlist("ppbus_faults.v", "ppbus_faults"));
        Files.writeString(dir.resolve("proof.ys"), ys + models());
        // The same model, replaying a counterexample in Yosys's own simulator instead of writing it out.
        Files.writeString(
                dir.resolve("replay.ys"),
                ys + "sim -q -r " + WITNESS + " -map proof.aim -clock clk -vcd " + VCD + "\n");
    }

    /**
     * The Yosys commands that read the design with the proof's channel, flatten it and expose the
     * wires harness {@code h} reads and drives, ready for the harness to be read.
     */
    static String readDesign(GeneratedDesign design, FaultHarness.Harness h) {
        List<String> sources = design.sources().stream()
                .filter(f -> !f.equals("ppbus_channel.v"))
                .toList();
        StringBuilder ys =
                new StringBuilder("read_verilog -DSYNTHESIS " + String.join(" ", sources) + " ppbus_fault_channel.v");
        ys.append("\nprep -top ppbus_top\nflatten");
        for (String wire : h.exposed()) {
            ys.append("\nexpose w:").append(wire.replace('[', '?').replace(']', '?'));
        }
        for (String wire : h.driven()) {
            ys.append("\nexpose -input w:").append(wire);
        }
        return ys.append('\n').toString();
    }

    /** The flow of SymbiYosys's AIGER models: a flat netlist of AND gates and plain flip-flops. */
    static String netlist(String file, String top) {
        return "read_verilog -formal " + file + "\nprep -top " + top + "\nflatten\nopt_clean\nmemory_map\nopt -full"
                + "\ntechmap\nopt -fast\ndffunmap\nabc -g AND -fast\nopt_clean\nstat\n";
    }

    /**
     * Writes the netlist as two models: from power-up (proof.aig, for bmc3 and the replay of a
     * counterexample, which show the reset) and after the reset cycle (for pdr, {@link #AFTER_RESET}).
     */
    static String models() {
        return AIGER + "\n" + AFTER_RESET + "\n";
    }

    private static final String AIGER = "write_aiger -zinit -map proof.aim proof.aig";
    static final String STARTED = "proof-after-reset.aig";
    /**
     * The model started after its reset cycle. Yosys simulates that cycle in three values, every
     * input and every register's power-up value unknown, and writes the result back as the
     * registers' initial values: a register the reset sets gets that value, one it leaves unknown
     * stays free. Three-valued simulation is conservative, so every state a run can be in after the
     * reset is an initial state of this model, and the properties are checked from there on (the
     * harness asserts nothing in the reset cycle). pdr then needs no frame for the reset and no
     * input per register for its power-up value: n = 7 under one duplicate went from 925 inputs
     * to 99, and in one run pdr reached a frame in 265 s that took 659 s before (docs/VERIFICATION.md).
     */
    private static final String AFTER_RESET = "sim -clock clk -n 1 -w\nwrite_aiger -zinit " + STARTED;

    static final String WITNESS = "counterexample.aiw";
    static final String VCD = "counterexample.vcd";

    /**
     * A counterexample of a broken proof, as Yosys's simulator replayed it on the harness: its
     * waveform (VCD), its length in cycles from reset, and the properties whose assertions the
     * replay saw fail, in the harness's order.
     */
    public record Counterexample(String vcd, int cycles, List<String> failing) {}

    /**
     * The shortest counterexample of the model {@link #run} left in {@code dir}, found again by
     * ABC's bounded model checker (pdr names the frame, not the inputs) and then replayed in Yosys's
     * simulator, which writes the waveform. The replay is a check independent of ABC: a
     * counterexample whose replay breaks no assertion is an error, not a result.
     *
     * @param proof the broken proof's result, whose earliest failure bounds the search
     * @throws ExternalTool.Stopped when an interrupt stopped a tool
     */
    public static Counterexample counterexample(Path dir, Result proof, long timeoutSeconds) throws IOException {
        int frames = proof.verdicts().stream()
                .filter(Verdict::broken)
                .mapToInt(Verdict::frame)
                .min()
                .orElseThrow(() -> new IllegalArgumentException("no property is broken"));
        // pdr's frame is the length of its own counterexample on the model after the reset, which
        // for safety is the shortest's or near it; a broken wait bound's shortest run was found
        // longer (n = 3, literal rules: pdr's frame 31, bmc3's 43), so bmc3 may go twice as deep.
        // It deepens one cycle at a time and stops at the first failure, so the limit costs nothing
        // where the failure is shallow.
        int depth = 2 * (frames + 2) + 8;
        Files.writeString(
                dir.resolve("counterexample.abc"),
                "read_aiger proof.aig\nfold\nstrash\nbmc3 -F " + depth + "\nwrite_cex -a " + WITNESS + "\n");
        ExternalTool.Result bmc = ExternalTool.run(dir, timeoutSeconds, "yosys-abc", "-f", "counterexample.abc")
                .unlessKilled("yosys-abc");
        if (bmc.exitCode() != 0 || !ASSERTED_ANY.matcher(bmc.output()).find()) {
            throw new IOException("ABC's bmc3 did not find the counterexample again within " + depth + " cycles: "
                    + ExternalTool.lastLines(bmc.output(), 1));
        }
        int cycles = writeWitness(dir);
        ExternalTool.Result sim = ExternalTool.run(
                        dir, timeoutSeconds, "yosys", "-q", "-s", "replay.ys", "-l", "replay.log")
                .unlessKilled("yosys");
        if (sim.exitCode() != 0) {
            throw new IOException(
                    "yosys failed to replay the counterexample: " + ExternalTool.lastLines(sim.output(), 1));
        }
        List<String> outputs = proof.outputs();
        List<String> failing = new ArrayList<>();
        for (int k = 0; k < outputs.size(); k++) {
            // "Assert <harness>.<label> ...": the harness is the fault proofs' or another's, and the
            // label is the harness's p0000... or, for a design's own named property, its name.
            if (!failing.contains(outputs.get(k))
                    && Pattern.compile("Assert \\S+\\.(" + FaultHarness.label(k) + "|" + Pattern.quote(outputs.get(k))
                                    + ") ")
                            .matcher(sim.output())
                            .find()) {
                failing.add(outputs.get(k));
            }
        }
        if (failing.isEmpty()) {
            throw new IOException("the counterexample's replay in Yosys breaks no assertion (see replay.log)");
        }
        return new Counterexample(Files.readString(dir.resolve(VCD)), cycles, List.copyOf(failing));
    }

    /**
     * Rewrites ABC's witness as an AIGER 1.9 one, which Yosys's simulator reads: ABC writes the
     * latches' initial values (zero here, {@code -zinit}, and one more latch of its own) and the
     * inputs of each cycle, without the header. Returns the cycles.
     */
    private static int writeWitness(Path dir) throws IOException {
        String[] header = Files.readAllLines(dir.resolve("proof.aig"), StandardCharsets.ISO_8859_1)
                .get(0)
                .split(" ");
        int inputs = Integer.parseInt(header[2]);
        int latches = Integer.parseInt(header[3]);
        List<String> lines = Files.readAllLines(dir.resolve(WITNESS)).stream()
                .map(l -> l.replace("# DONE", "").trim())
                .filter(l -> !l.isEmpty())
                .toList();
        StringBuilder w =
                new StringBuilder("1\nb0\n").append("0".repeat(latches)).append('\n');
        for (String frame : lines.subList(1, lines.size())) {
            if (frame.length() != inputs) {
                throw new IOException(
                        "ABC's witness has " + frame.length() + " inputs in a cycle, the model " + inputs);
            }
            w.append(frame).append('\n');
        }
        Files.writeString(dir.resolve(WITNESS), w.append(".\n").toString());
        return lines.size() - 1;
    }

    private static final Pattern ASSERTED_ANY = Pattern.compile("Output \\d+ of miter \\S+ was asserted in frame");
}
