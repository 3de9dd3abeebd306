package org.ppbus.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.ppbus.testbench.Reports;
import org.ppbus.testkit.Formal;
import org.ppbus.testkit.Search;
import org.ppbus.verilog.ExternalTool;

@Search
class VerifyCommandTest {
    private final CliRun cli = new CliRun();

    private int run(String... args) {
        return cli.run(args);
    }

    /** The JSON contract: statesExplored, violations, complete, counterexample. */
    @Test
    void cleanSearchReportsCompleteWithNoCounterexample(@TempDir Path dir) throws IOException {
        Path json = dir.resolve("v.json");
        assertEquals(0, run("verify", "--nodes", "3", "--json", json.toString()));
        JsonNode j = Reports.mapper().readTree(json.toFile());
        assertTrue(
                j.get("statesExplored").asLong() > 1000, "too few states for the triangle: " + j.get("statesExplored"));
        assertEquals(0, j.get("violations").asInt());
        assertTrue(j.get("complete").asBoolean());
        assertTrue(j.get("liveness").asBoolean());
        assertTrue(j.get("acyclicH").asBoolean());
        assertTrue(j.get("counterexample").isNull());
        assertTrue(cli.out().contains("no violation in any reachable state\n"), cli.out());
    }

    /** A search that skipped I4 or the overtaking bound says so, instead of "no violation" alone. */
    @Test
    void withoutIFourTheReportSaysSo(@TempDir Path dir) throws IOException {
        Path json = dir.resolve("v.json");
        assertEquals(0, run("verify", "--nodes", "3", "--no-h", "--json", json.toString()));
        assertTrue(cli.out().contains("no violation in any reachable state (--no-h skipped I4, H acyclic)"), cli.out());
        assertFalse(Reports.mapper().readTree(json.toFile()).get("acyclicH").asBoolean());
        assertEquals(0, run("verify", "--nodes", "3", "--no-h", "--no-liveness"));
        assertTrue(
                cli.out().contains("skipped deadlock, livelock and starvation; --no-h skipped I4, H acyclic)"),
                cli.out());
        assertEquals(0, run("verify", "--nodes", "3", "--no-fairness"));
        assertTrue(
                cli.out()
                        .contains(
                                "no violation in any reachable state (the overtaking bound not checked: --no-fairness)"),
                cli.out());
        assertEquals(0, run("verify", "--nodes", "3", "--async"));
        assertTrue(cli.out().contains("(the overtaking bound not checked: asynchronous channels)"), cli.out());
    }

    /**
     * --fairness-after-search: the graph without the counts (the states of --no-fairness), the most
     * meals the counts give (1 on the triangle at L = 1, where the bound is 1), and the report names
     * the way; a search stopped early decides nothing and says so.
     */
    @Test
    void theBoundDecidedAfterTheSearchIsTheCountsBound(@TempDir Path dir) throws IOException {
        Path counts = dir.resolve("c.json");
        Path graph = dir.resolve("g.json");
        Path none = dir.resolve("n.json");
        assertEquals(0, run("verify", "--nodes", "3", "--json", counts.toString()));
        assertEquals(0, run("verify", "--nodes", "3", "--fairness-after-search", "--json", graph.toString()));
        assertTrue(cli.out().contains(", decided on the complete graph\n"), cli.out());
        assertEquals(0, run("verify", "--nodes", "3", "--no-fairness", "--json", none.toString()));
        JsonNode c = Reports.mapper().readTree(counts.toFile());
        JsonNode g = Reports.mapper().readTree(graph.toFile());
        JsonNode n = Reports.mapper().readTree(none.toFile());
        assertEquals("counts", c.get("fairnessCheck").asText());
        assertEquals("graph", g.get("fairnessCheck").asText());
        assertEquals("none", n.get("fairnessCheck").asText());
        assertEquals(1, c.get("overtaking").get("max").asInt());
        assertEquals(c.get("overtaking"), g.get("overtaking"));
        assertEquals(n.get("statesExplored"), g.get("statesExplored"));
        assertEquals(1863, g.get("statesExplored").asInt(), "the triangle's graph without the counts");
        assertEquals(
                0,
                run(
                        "verify",
                        "--nodes",
                        "3",
                        "--fairness-after-search",
                        "--max-depth",
                        "4",
                        "--json",
                        graph.toString()));
        assertTrue(cli.out().contains("overtaking: not decided"), cli.out());
        assertTrue(Reports.mapper()
                .readTree(graph.toFile())
                .get("overtaking")
                .get("max")
                .isNull());
    }

    /**
     * The layers in the JSON add up to the states, the text names the widest of them (orbits under
     * --symmetry), and a search stopped by depth gives the last complete layer's growth, computed
     * here from the JSON.
     */
    @Test
    void theLayersAddUpAndTheTextNamesThem(@TempDir Path dir) throws IOException {
        Path json = dir.resolve("v.json");
        assertEquals(0, run("verify", "--nodes", "3", "--symmetry", "--json", json.toString()));
        JsonNode j = Reports.mapper().readTree(json.toFile());
        long sum = 0;
        for (JsonNode layer : j.get("statesPerDepth")) {
            sum += layer.asLong();
        }
        assertEquals(j.get("statesExplored").asLong(), sum);
        assertEquals(j.get("depth").asInt() + 1, j.get("statesPerDepth").size());
        assertTrue(cli.out().contains("layers: the widest, depth "), cli.out());
        assertTrue(
                Pattern.compile("layers: the widest, depth \\d+, has [\\d,]+ orbits\\R")
                        .matcher(cli.out())
                        .find(),
                cli.out());
        Path part = dir.resolve("p.json");
        assertEquals(0, run("verify", "--nodes", "3", "--max-depth", "6", "--json", part.toString()));
        JsonNode p = Reports.mapper().readTree(part.toFile());
        double growth = p.get("statesPerDepth").get(6).asDouble()
                / p.get("statesPerDepth").get(5).asDouble();
        assertTrue(
                cli.out()
                        .contains(String.format(
                                java.util.Locale.ROOT,
                                "depth 6, has %,d (%.2f times depth 5)",
                                p.get("statesPerDepth").get(6).asLong(),
                                growth)),
                cli.out());
    }

    /** --no-liveness says what it left out, in the text and in the JSON, and keeps the repair bound. */
    @Test
    void withoutLivenessTheReportSaysSo(@TempDir Path dir) throws IOException {
        Path json = dir.resolve("v.json");
        ByteArrayOutputStream text = new ByteArrayOutputStream();
        int rc = Main.run(
                new String[] {
                    "verify",
                    "--nodes",
                    "3",
                    "--rules",
                    "fixed+heal",
                    "--faults",
                    "drop,duplicate",
                    "--active",
                    "0",
                    "--no-liveness",
                    "--json",
                    json.toString()
                },
                new PrintStream(text),
                System.err);
        assertEquals(0, rc);
        assertTrue(
                text.toString()
                        .contains("safety and the repair bound only: --no-liveness skipped deadlock, livelock"
                                + " and starvation; the overtaking bound not checked: faults (a repair may break it"
                                + " once))"),
                text.toString());
        JsonNode j = Reports.mapper().readTree(json.toFile());
        assertFalse(j.get("liveness").asBoolean());
        assertTrue(j.get("faults").get("repairBoundCycles").asInt() > 0);
    }

    /** A violation exits 1 and leaves a trace that `simulate` replays to the same invariant. */
    @Test
    void violationWritesAReplayableTrace(@TempDir Path dir) throws IOException {
        Path json = dir.resolve("v.json");
        Path trace = dir.resolve("cx.trace");
        assertEquals(
                1,
                run(
                        "verify",
                        "--nodes",
                        "3",
                        "--rules",
                        "literal",
                        "--json",
                        json.toString(),
                        "--trace-out",
                        trace.toString()));
        JsonNode j = Reports.mapper().readTree(json.toFile());
        assertEquals(1, j.get("violations").asInt());
        assertEquals(trace.toString(), j.get("counterexample").asText());
        assertEquals(
                1,
                run("simulate", "--nodes", "3", "--rules", "literal", "--workload", trace.toString(), "--cycles", "6"));
        assertTrue(cli.out().contains("VIOLATION cycle 4: I3 request tokens"), cli.out());
        assertTrue(
                Files.readString(trace).startsWith("# ppbus request trace v1\n# counterexample of ppbus verify: I3"));
    }

    /**
     * A finding after a fault is written as a trace too, and its replay injects the same fault: the
     * fixed rules with a duplicated symbol fail, and so does the replay, which without the fault
     * would run clean.
     */
    @ParameterizedTest
    @ValueSource(strings = {"duplicate", "drop"})
    void aFindingAfterAFaultReplaysWithItsFault(String kind, @TempDir Path dir) throws IOException {
        Path trace = dir.resolve("cx.trace");
        assertEquals(
                1,
                run("verify", "--nodes", "3", "--rules", "fixed", "--faults", kind, "--trace-out", trace.toString()));
        String out = cli.out();
        // The replay gives the search's verdict in the search's cycle (a lost symbol's
        // search named a deadlock, its replay I3).
        Matcher v = Pattern.compile("VIOLATION ([^:]+):.*\n  at depth (\\d+)").matcher(out);
        assertTrue(v.find(), out);
        assertTrue(out.contains("the replay reports " + v.group(1) + " at cycle " + v.group(2) + "\n"), out);
        assertFalse(out.contains("NOTE"), out);
        Matcher m =
                Pattern.compile("fault on the path: (" + kind + ":\\d+@\\w+)").matcher(out);
        assertTrue(m.find(), out);
        String replay = out.lines()
                .filter(l -> l.startsWith("replay: ppbus "))
                .findFirst()
                .orElseThrow()
                .substring("replay: ppbus ".length());
        assertTrue(replay.contains("--fault " + m.group(1)), replay);
        assertEquals(1, run(replay.split(" ")), "the replay with the fault fails");
        assertEquals(0, run(replay.replace(" --fault " + m.group(1), "").split(" ")), "without it, it runs clean");
        assertTrue(Files.readString(trace).startsWith("# ppbus request trace v1\n# counterexample of ppbus verify:"));
    }

    /**
     * A crash in the search: with the recovery the triangle is clean; without it the finding is a
     * client left waiting, and the replay, which checks only safety after a crash, names it as cut
     * off. A crash is searched alone.
     */
    @Test
    void aCrashIsSearchedWithAndWithoutTheRecovery(@TempDir Path dir) throws IOException {
        Path json = dir.resolve("v.json");
        assertEquals(
                0,
                run(
                        "verify",
                        "--nodes",
                        "3",
                        "--rules",
                        "fixed+reclaim",
                        "--faults",
                        "crash",
                        "--json",
                        json.toString()));
        JsonNode j = Reports.mapper().readTree(json.toFile());
        assertTrue(j.get("crash").asBoolean());
        assertTrue(j.get("complete").asBoolean());
        assertEquals(0, j.get("violations").asInt());
        Path trace = dir.resolve("cx.trace");
        assertEquals(
                1,
                run(
                        "verify",
                        "--nodes",
                        "3",
                        "--rules",
                        "fixed",
                        "--faults",
                        "crash",
                        "--trace-out",
                        trace.toString()));
        assertTrue(cli.out().contains("fault on the path: crash:"), cli.out());
        assertTrue(cli.out().contains("as cut off"), cli.out());
        assertEquals(2, run("verify", "--nodes", "3", "--rules", "fixed+reclaim", "--faults", "crash,drop"));
        assertTrue(cli.err().contains("crash is searched alone"), cli.err());
        assertEquals(2, run("verify", "--nodes", "3", "--rules", "fixed+reclaim", "--faults", "crash,bogus"));
        assertTrue(cli.err().contains("unknown kind 'bogus'"), cli.err());
        assertEquals(2, run("verify", "--nodes", "3", "--rules", "fixed+reclaim", "--faults", "crash", "--async"));
        assertEquals(2, run("verify", "--nodes", "3", "--rules", "fixed+reclaim", "--rtl", "--no-search"));
    }

    /**
     * Every kind of finding replays to the same verdict: the command verify prints, run as a user
     * runs it, reports the search's property, at the cycle verify says. A safety finding at depth d
     * is cycle d of the replay (search cycle k is simulation cycle k + 1, and the depth counts the
     * cold start); a loop's verdict comes from a run's watchdog, so it falls after the loop begins.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "I3 request tokens|--nodes 3 --latency 2 --rules literal",
                "fairness|--nodes 7 --rules literal+F1 --active 0,2,4,6",
                "deadlock|--nodes 7 --rules literal+F1 --active 0,2,4,6 --no-fairness",
                "starvation|--nodes 7 --rules literal+F1+F2 --active 0,2 --reenter-without-thinking 0,2 --no-fairness",
                // The reduced search's path renamed to the cold start's processors (a path left in the
                // representatives' numbering replays clean in the first two), and hash compaction's.
                "I3 request tokens|--nodes 3 --rules literal --symmetry",
                "fairness|--nodes 7 --rules literal+F1 --active 0,2,4,6 --symmetry",
                "fairness|--nodes 3 --rules literal+F1+F2 --reenter-without-thinking 0,1,2 --symmetry",
                // Loops of orbits, unrolled until they close and renamed: in the first, the representative's
                // starving client (2) is not the cold start's (1).
                "starvation|--nodes 3 --rules literal+F1+F2 --reenter-without-thinking 0 --no-fairness --symmetry",
                "deadlock|--nodes 7 --rules literal+F1 --active 0,2,4,6 --no-fairness --symmetry",
                "fairness|--nodes 7 --rules literal+F1 --active 0,2,4,6 --hash-compaction",
                // The bound decided on the complete graph: a shortest run found after the search.
                "fairness|--nodes 7 --rules literal+F1 --active 0,2,4,6 --fairness-after-search",
                "fairness|--nodes 3 --rules literal+F1+F2 --reenter-without-thinking 0,1,2 --fairness-after-search",
                // The idle processors' places forgotten: the trace is a run of the network all the same.
                "fairness|--nodes 7 --rules literal+F1 --active 0,2,4,6 --forget-idle-ranks",
                "deadlock|--nodes 7 --rules literal+F1 --active 0,2,4,6 --no-fairness --forget-idle-ranks --symmetry",
                // Faults on a reduced search: the fault's link renamed with the processors (left in the
                // representative's numbering, the first one's fault hits a link that carries nothing then).
                "I2 fork conservation|--nodes 7 --faults drop --active 0,1,2 --symmetry",
                "I2 fork conservation|--nodes 3 --latency 2 --faults drop,duplicate --symmetry"
            })
    void everyFindingReplaysToTheSameVerdictAtTheSameCycle(String property, String args, @TempDir Path dir) {
        Path trace = dir.resolve("cx.trace");
        String[] verify = (args + " --trace-out " + trace).split(" ");
        assertEquals(1, run(concat("verify", verify)));
        String out = cli.out();
        Matcher found = Pattern.compile("VIOLATION ([^:]+): .*\n  at depth (\\d+)(, then a loop)?")
                .matcher(out);
        assertTrue(found.find(), out);
        assertEquals(property, found.group(1), out);
        Matcher said =
                Pattern.compile("  the replay reports (.+) at cycle (\\d+)\n").matcher(out);
        assertTrue(said.find(), out);
        assertEquals(property, said.group(1), out);
        long cycle = Long.parseLong(said.group(2));
        long depth = Long.parseLong(found.group(2));
        if (found.group(3) == null) {
            assertEquals(depth, cycle, out);
        } else {
            assertTrue(cycle > depth, out);
        }
        String replay = out.lines()
                .filter(l -> l.startsWith("replay: ppbus "))
                .findFirst()
                .orElseThrow()
                .substring("replay: ppbus ".length());
        assertEquals(1, run(replay.split(" ")));
        assertTrue(
                cli.out().contains("VIOLATION cycle " + cycle + ": " + property + ": "),
                replay + " gave:\n" + cli.out());
    }

    private static String[] concat(String first, String[] rest) {
        String[] all = new String[rest.length + 1];
        all[0] = first;
        System.arraycopy(rest, 0, all, 1, rest.length);
        return all;
    }

    @Test
    void badInputIsAOneLineUsageError() {
        assertEquals(2, run("verify", "--nodes", "0"));
        assertEquals(2, run("verify", "--nodes", "3", "--rules", "literal+F9"));
        assertEquals(2, run("verify", "--nodes", "3", "--active", "5"));
        assertEquals(2, run("verify", "--nodes", "13", "--async"));
        assertEquals(2, run("verify", "--nodes", "3", "--no-search"));
        assertEquals(2, run("verify", "--nodes", "3", "--hash-compaction", "--faults", "drop"));
        assertEquals(2, run("verify", "--nodes", "3", "--symmetry", "--faults", "crash"));
        assertEquals(2, run("verify", "--nodes", "3", "--hash-compaction", "--buses", "2"));
        assertEquals(2, run("verify", "--nodes", "3", "--threads", "0"));
        assertEquals(2, run("simulate", "--fault", "drop:7@c2a_c0_a9"));
        assertEquals(1, cli.err().strip().lines().count(), cli.err());
        assertEquals(2, run("verify", "--nodes", "3", "--rtl", "--faults", "crash", "--no-search"));
        assertEquals(2, run("verify", "--nodes", "3", "--rtl", "--repair-bound", "20", "--no-search"));
        assertEquals(2, run("verify", "--nodes", "3", "--faults", "drop", "--repair-bound", "20"));
        assertEquals(
                2, run("verify", "--nodes", "3", "--rtl", "--faults", "drop", "--repair-bound", "0", "--no-search"));
        assertEquals(
                2, run("verify", "--nodes", "3", "--rtl", "--faults", "drop", "--proof-seconds", "x", "--no-search"));
        assertEquals(2, run("verify", "--nodes", "3", "--liveness"));
        assertEquals(2, run("verify", "--nodes", "3", "--rtl", "--hold-max", "2", "--no-search"));
        assertEquals(2, run("verify", "--nodes", "3", "--rtl", "--liveness", "--hold-max", "17", "--no-search"));
        assertEquals(2, run("verify", "--nodes", "3", "--rtl", "--liveness", "--faults", "drop", "--no-search"));
        assertEquals(1, cli.err().strip().lines().count(), cli.err());
    }

    /**
     * --rtl with symbol faults proves safety on the RTL under them. Without +heal a duplicated FORK
     * leaves a client holding a fork its arbiter no longer lends it (the search finds the same at
     * depth 4): the run exits 1 and the JSON names the broken property with its counterexample's length.
     */
    @Test
    @Formal
    void theRtlProofUnderFaultsNamesWhatBreaks(@TempDir Path dir) throws IOException {
        Path json = dir.resolve("f.json");
        assertEquals(
                1,
                run(
                        "verify",
                        "--nodes",
                        "3",
                        "--faults",
                        "duplicate",
                        "--rtl",
                        "--no-search",
                        "--json",
                        json.toString(),
                        "--trace-out",
                        dir.resolve("cex.trace").toString()));
        assertTrue(cli.out().contains("a fork is held only by its arbiter's OWNER: FAILS"), cli.out());
        JsonNode p = Reports.mapper().readTree(json.toFile()).get("rtlFaultProof");
        assertFalse(p.get("proven").asBoolean());
        // pdr decided both (broken), within its time limit, after at least its first frame.
        assertEquals("decided", p.get("ended").asText());
        assertTrue(p.get("pdrFrame").asInt() >= 1, p.toString());
        JsonNode holder = p.get("properties").get(1);
        assertEquals("fails", holder.get("verdict").asText());
        assertTrue(holder.get("counterexampleCycles").asInt() >= 4, holder.toString());
        // The waveform goes beside --trace-out, and the replay breaks the property that failed first.
        JsonNode cex = p.get("counterexample");
        Path vcd = dir.resolve("cex.vcd");
        assertEquals(vcd.toString(), cex.get("vcd").asText());
        assertTrue(Files.readString(vcd).contains("$enddefinitions"), "not a VCD");
        // Its GTKWave save file names only what the VCD declares, by bare file names.
        String save = Files.readString(dir.resolve("cex.gtkw"));
        assertTrue(save.contains("[dumpfile] \"cex.vcd\"") && save.contains("ppbus_faults.gnt[2:0]"), save);
        for (String line :
                save.lines().filter(l -> l.startsWith("ppbus_faults.")).toList()) {
            String name = line.substring("ppbus_faults.".length()).replaceFirst("\\[.*", "");
            assertTrue(Files.readString(vcd).contains(" " + name + " $end"), line);
        }
        assertTrue(cli.out().contains("counterexample: " + vcd), cli.out());
        // The waveform is the shortest run (bounded model checking), so no longer than pdr's.
        assertTrue(
                cex.get("cycles").asInt() - 1
                        <= holder.get("counterexampleCycles").asInt(),
                cex.toString());
        assertEquals(
                holder.get("property").asText(), cex.get("replayFails").get(0).asText());
    }

    /** The waveform's file is checked before the proof runs, like every output. */
    @Test
    void theRtlProofRefusesAWaveformItCannotWrite(@TempDir Path dir) throws IOException {
        Files.createDirectories(dir.resolve("cex.vcd"));
        assertEquals(
                2,
                run(
                        "verify",
                        "--nodes",
                        "3",
                        "--faults",
                        "duplicate",
                        "--rtl",
                        "--no-search",
                        "--trace-out",
                        dir.resolve("cex.trace").toString()));
        assertTrue(cli.err().contains("cex.vcd: it is a folder"), cli.err());
    }

    /**
     * The RTL proof leaves nothing behind unless asked; --keep keeps a folder that plain Yosys
     * proves again with the script in it.
     */
    @Test
    @Formal
    void theRtlProofKeepsItsFilesOnlyWhenAsked(@TempDir Path dir) throws IOException {
        Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
        long before = proofFolders(tmp);
        assertEquals(0, run("verify", "--nodes", "2", "--rtl", "--no-search"));
        assertEquals(before, proofFolders(tmp), "a proof folder was left in " + tmp);
        Path keep = dir.resolve("proof");
        assertEquals(0, run("verify", "--nodes", "2", "--rtl", "--no-search", "--keep", keep.toString()));
        for (String f : new String[] {"proof.ys", "proof.log", "ppbus_formal.v", "ppbus_top.v"}) {
            assertTrue(Files.exists(keep.resolve(f)), f);
        }
        ExternalTool.Result again = ExternalTool.run(keep, 600, "yosys", "-s", "proof.ys");
        assertEquals(0, again.exitCode());
        assertTrue(again.output().contains("Induction step proven: SUCCESS"), again.output());
        assertEquals(2, run("verify", "--nodes", "2", "--keep", keep.toString()));
    }

    private static long proofFolders(Path tmp) throws IOException {
        try (Stream<Path> s = Files.list(tmp)) {
            return s.filter(p -> p.getFileName().toString().startsWith("ppbus-proof"))
                    .count();
        }
    }

    /** --reenter-without-thinking takes the processors that may re-enter, as in simulate: fewer of them, fewer states. */
    @Test
    void reentryTakesAListOfProcessors(@TempDir Path dir) throws IOException {
        Path all = dir.resolve("all.json");
        Path one = dir.resolve("one.json");
        assertEquals(0, run("verify", "--nodes", "3", "--reenter-without-thinking", "0,1,2", "--json", all.toString()));
        assertEquals(0, run("verify", "--nodes", "3", "--reenter-without-thinking", "1", "--json", one.toString()));
        long everyone =
                Reports.mapper().readTree(all.toFile()).get("statesExplored").asLong();
        long single =
                Reports.mapper().readTree(one.toFile()).get("statesExplored").asLong();
        assertEquals(3868, everyone, "the figure docs/VERIFICATION.md gives for the triangle with re-entry");
        assertTrue(single < everyone, single + " states with one re-entering processor, " + everyone + " with three");
        assertEquals(2, run("verify", "--nodes", "3", "--reenter-without-thinking", "3"));
    }
}
