package org.ppbus.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ppbus.testbench.Reports;
import org.ppbus.testkit.Formal;
import org.ppbus.testkit.PlaceAndRoute;
import org.ppbus.testkit.Verilator;

/** Every JSON report carries schemaVersion and matches its schema in docs/schemas/. */
@Formal
@PlaceAndRoute
@Verilator
class ReportSchemaTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final SchemaRegistry SCHEMAS = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);

    private static Schema schema(String name) throws IOException {
        return SCHEMAS.getSchema(Files.readString(Path.of("..", "docs", "schemas", name)));
    }

    private static JsonNode report(Path dir, String name, String... args) throws IOException {
        Path file = dir.resolve(name);
        String[] all = Arrays.copyOf(args, args.length + 2);
        all[args.length] = "--json";
        all[args.length + 1] = file.toString();
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        PrintStream quiet = new PrintStream(sink, true, StandardCharsets.UTF_8);
        Main.run(all, quiet, quiet);
        return JSON.readTree(file.toFile());
    }

    private static void assertValid(Schema schema, JsonNode report, String what) {
        List<Error> errors = schema.validate(report);
        assertEquals(List.of(), errors.stream().map(Error::toString).toList(), what);
        assertEquals(Reports.SCHEMA_VERSION, report.get("schemaVersion").asInt(), what);
    }

    @Test
    void runReportsMatchTheirSchema(@TempDir Path dir) throws IOException {
        Schema run = schema("run-report.schema.json");
        assertValid(run, report(dir, "cc.json", "simulate", "--nodes", "10", "--cycles", "3000"), "campos-carvalho");
        assertValid(
                run,
                report(dir, "lamport.json", "simulate", "--algorithm", "lamport", "--nodes", "5", "--cycles", "3000"),
                "lamport");
        assertValid(
                run,
                report(dir, "rr.json", "simulate", "--algorithm", "central-rr", "--nodes", "4", "--cycles", "100"),
                "central-rr");
        assertValid(
                run,
                report(
                        dir,
                        "fault.json",
                        "simulate",
                        "--nodes",
                        "7",
                        "--cycles",
                        "3000",
                        "--load",
                        "0.1",
                        "--fault",
                        "drop:random"),
                "a fault run");
        assertValid(
                run,
                report(
                        dir,
                        "violation.json",
                        "simulate",
                        "--nodes",
                        "7",
                        "--cycles",
                        "200",
                        "--rules",
                        "literal",
                        "--workload",
                        Path.of("..", "docs", "traces", "a1.trace").toString(),
                        "--trace-out",
                        dir.resolve("v.trace").toString()),
                "a run with a violation");
        assertValid(
                run,
                report(dir, "idle.json", "simulate", "--nodes", "3", "--cycles", "10", "--load", "0"),
                "no entries");
        JsonNode crash = report(
                dir,
                "crash.json",
                "simulate",
                "--nodes",
                "7",
                "--cycles",
                "3000",
                "--load",
                "0.1",
                "--watchdog",
                "1000",
                "--fault",
                "crash:2@1000");
        assertValid(run, crash, "a crash run");
        assertTrue(crash.get("fault").has("crash"), "a crash run reports its survivors");
        assertTrue(
                crash.get("fault").get("crash").has("derived")
                        && crash.get("fault").get("crash").has("derivationHolds"),
                "a Campos-Carvalho crash run reports the derived survivors");
        assertValid(
                run,
                report(
                        dir,
                        "recovered.json",
                        "simulate",
                        "--algorithm",
                        "misra",
                        "--nodes",
                        "7",
                        "--cycles",
                        "3000",
                        "--fault",
                        "drop:random"),
                "a recovered run");
    }

    @Test
    void commandReportsMatchTheirSchemas(@TempDir Path dir) throws IOException {
        Schema run = schema("run-report.schema.json");
        JsonNode compare = report(dir, "compare.json", "compare", "--nodes", "5", "--cycles", "1000");
        assertValid(schema("compare.schema.json"), compare, "compare");
        compare.get("algorithms").forEach(a -> assertValid(run, a, "compare: " + a.get("algorithm")));
        JsonNode soak = report(
                dir, "soak.json", "soak", "--nodes", "3,7", "--loads", "0.1", "--latencies", "1", "--cycles", "2000");
        assertValid(schema("soak.schema.json"), soak, "soak");
        soak.get("points").forEach(p -> assertValid(run, p, "soak point"));
        assertValid(
                schema("faults.schema.json"),
                report(dir, "faults.json", "faults", "--nodes", "3", "--seeds", "2", "--cycles", "2000"),
                "faults");
        assertValid(
                schema("faults.schema.json"),
                report(
                        dir,
                        "faults-crash.json",
                        "faults",
                        "--algorithm",
                        "token-ring",
                        "--nodes",
                        "5",
                        "--kinds",
                        "drop,crash",
                        "--seeds",
                        "2",
                        "--cycles",
                        "2000"),
                "faults with crashes");
        assertValid(schema("plane.schema.json"), report(dir, "plane.json", "plane", "--nodes", "10"), "plane");
        Schema synth = schema("synth.schema.json");
        assertValid(synth, report(dir, "synth.json", "synth", "--nodes", "7"), "synth");
        assertValid(
                synth,
                report(dir, "synth-rr.json", "synth", "--algorithm", "central-rr", "--nodes", "7", "--no-pnr"),
                "synth central-rr");
        assertValid(synth, report(dir, "node.json", "synth", "--node", "--orders", "2"), "synth --node");
        assertValid(
                schema("cosim.schema.json"),
                report(dir, "cosim.json", "cosim", "--nodes", "7", "--cycles", "2000"),
                "cosim");
        Schema verify = schema("verify.schema.json");
        assertValid(verify, report(dir, "verify.json", "verify", "--nodes", "2"), "a clean search");
        JsonNode compacted = report(dir, "verify-h.json", "verify", "--nodes", "3", "--hash-compaction");
        assertValid(verify, compacted, "a hash-compacted search");
        assertEquals(false, compacted.get("complete").asBoolean(), "hash compaction is never complete");
        assertTrue(
                compacted.get("hashCompaction").get("omissionProbabilityBound").asDouble() > 0);
        // With faults, complete and reduced: the same repair bound, broken states counted as orbits.
        String[] faulted = {
            "verify", "--nodes", "3", "--rules", "fixed+heal", "--faults", "drop,duplicate", "--active", "0"
        };
        JsonNode faults = report(dir, "verify-d.json", faulted);
        assertValid(verify, faults, "a search with faults");
        String[] reduced = Arrays.copyOf(faulted, faulted.length + 1);
        reduced[faulted.length] = "--symmetry";
        JsonNode orbits = report(dir, "verify-ds.json", reduced);
        assertValid(verify, orbits, "a reduced search with faults");
        assertTrue(faults.get("faults").get("repairBoundCycles").asInt() > 0);
        assertEquals(
                faults.get("faults").get("repairBoundCycles").asInt(),
                orbits.get("faults").get("repairBoundCycles").asInt());
        assertValid(
                verify,
                report(
                        dir,
                        "verify-x.json",
                        "verify",
                        "--nodes",
                        "3",
                        "--rules",
                        "literal",
                        "--trace-out",
                        dir.resolve("x.trace").toString()),
                "a search with a finding");
        assertValid(
                verify,
                report(
                        dir,
                        "verify-f.json",
                        "verify",
                        "--nodes",
                        "3",
                        "--faults",
                        "duplicate",
                        "--rtl",
                        "--no-search",
                        "--trace-out",
                        dir.resolve("f.trace").toString()),
                "the RTL proof under faults, with a counterexample");
        JsonNode live = report(dir, "verify-l.json", "verify", "--nodes", "3", "--rtl", "--liveness", "--no-search");
        assertValid(verify, live, "the RTL liveness proof, with an idle bound refuted on the way");
        // The idle bound by k-induction on the 152 invariants of the triangle (LivenessInvariantsTest).
        JsonNode idle = live.get("rtlFaultProof").get("waitBound").get("idleProof");
        assertEquals(152, idle.get("invariants").asInt());
        assertEquals("k-induction", idle.get("method").asText());
        assertTrue(idle.get("segmentMaxCycles").isNull());
    }

    /** The schemas are not vacuous: a report missing a field, or with one of the wrong type, fails. */
    @Test
    void aReportThatDriftsFails(@TempDir Path dir) throws IOException {
        Schema run = schema("run-report.schema.json");
        ObjectNode r = (ObjectNode) report(dir, "r.json", "simulate", "--nodes", "7", "--cycles", "1000");
        ObjectNode missing = r.deepCopy();
        missing.remove("entries");
        assertFalse(run.validate(missing).isEmpty(), "a report without entries passed");
        ObjectNode wrong = r.deepCopy();
        ((ObjectNode) wrong.get("config")).put("latency", "one");
        assertFalse(run.validate(wrong).isEmpty(), "a latency of \"one\" passed");
        ObjectNode renamed = r.deepCopy();
        renamed.set("busUtilisation", renamed.remove("busUtilization"));
        assertFalse(run.validate(renamed).isEmpty(), "a renamed field passed");
    }
}
