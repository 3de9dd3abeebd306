package org.example.plugin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ppbus.cli.Main;
import org.ppbus.registry.AlgorithmProvider;

/**
 * An algorithm written outside ppbus (this package) through the public plug-in interface alone
 * ({@link LockServer}) and registered the way a library registers one: a services file on the class
 * path. The ppbus command then runs it like its own: the simulator and its checkers, and compare.
 * Each run is a separate JVM whose class path is this test's plus the folder with the services file,
 * which the JVM running the other tests never sees.
 */
class PluginAlgorithmTest {
    private static int ppbus(Path dir, String... args) throws Exception {
        Path services = dir.resolve("plugin").resolve("META-INF").resolve("services");
        Files.createDirectories(services);
        Files.writeString(services.resolve(AlgorithmProvider.class.getName()), Provider.class.getName() + "\n");
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path") + File.pathSeparator + dir.resolve("plugin"),
                Main.class.getName()));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd)
                .directory(dir.toFile())
                .redirectOutput(dir.resolve("out.txt").toFile())
                .redirectError(dir.resolve("err.txt").toFile())
                .start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "ppbus " + String.join(" ", args) + " took over 2 minutes");
        return p.exitValue();
    }

    private static JsonNode json(Path file) throws Exception {
        return new ObjectMapper().readTree(file.toFile());
    }

    @Test
    void theSimulatorRunsAndChecksIt(@TempDir Path dir) throws Exception {
        int exit = ppbus(
                dir,
                "simulate",
                "--algorithm",
                "example-lock-server",
                "--nodes",
                "7",
                "--load",
                "0.3",
                "--latency",
                "3",
                "--cycles",
                "20000",
                "--check",
                "--json",
                "r.json");
        assertEquals(0, exit, Files.readString(dir.resolve("err.txt")));
        JsonNode r = json(dir.resolve("r.json"));
        assertTrue(r.path("violation").isMissingNode(), r.path("violation").toString());
        assertEquals(0, r.path("violations").asInt(-1));
        assertEquals(0, r.path("mutexViolations").asInt(-1));
        assertEquals(0, r.path("ungranted").asInt(-1), r.toPrettyString());
        assertTrue(r.path("entries").asLong() > 1000, r.toPrettyString());
        assertTrue(
                r.path("checks").toString().contains("mutual exclusion"),
                r.path("checks").toString());
    }

    @Test
    void theCheckersCatchItsMutant(@TempDir Path dir) throws Exception {
        int exit = ppbus(
                dir,
                "simulate",
                "--algorithm",
                "example-lock-server-broken",
                "--nodes",
                "7",
                "--load",
                "0.3",
                "--cycles",
                "20000",
                "--json",
                "r.json");
        assertEquals(1, exit, Files.readString(dir.resolve("err.txt")));
        JsonNode r = json(dir.resolve("r.json"));
        assertTrue(r.path("mutexViolations").asInt() > 0, r.toPrettyString());
        assertTrue(
                r.path("violation").path("invariant").asText().contains("mutual exclusion"),
                r.path("violation").toString());
    }

    /**
     * The central base serves a plug-in's order: under saturation a fixed priority serves node 0
     * more often than node 6 and makes node 6 wait longer (a first-principles consequence of always
     * granting the lowest requester), with mutual exclusion checked and no fairness bound claimed.
     */
    @Test
    void aCentralArbiterOnTheWiredBaseRunsWithItsOwnOrder(@TempDir Path dir) throws Exception {
        int exit = ppbus(
                dir,
                "simulate",
                "--algorithm",
                "example-fixed-priority",
                "--nodes",
                "7",
                "--load",
                "0.9",
                "--cycles",
                "20000",
                "--check",
                "--json",
                "r.json");
        assertEquals(0, exit, Files.readString(dir.resolve("err.txt")));
        JsonNode r = json(dir.resolve("r.json"));
        assertEquals(0, r.path("mutexViolations").asInt(-1));
        JsonNode entries = r.path("perNode").path("entries");
        JsonNode wait = r.path("perNode").path("wait");
        assertTrue(entries.get(0).asLong() > entries.get(6).asLong(), entries.toString());
        assertTrue(
                wait.get(6).path("mean").asDouble() > wait.get(0).path("mean").asDouble(), wait.toString());
        assertTrue(
                r.path("checks").toString().contains("mutual exclusion"),
                r.path("checks").toString());
        assertTrue(
                !r.path("checks").toString().contains("fairness"),
                r.path("checks").toString());
    }

    @Test
    void compareListsItBesideTheBuiltInOnes(@TempDir Path dir) throws Exception {
        int exit = ppbus(
                dir,
                "compare",
                "--algorithms",
                "coordinator,example-lock-server",
                "--nodes",
                "7",
                "--load",
                "0.05",
                "--cycles",
                "20000",
                "--json",
                "c.json");
        assertEquals(0, exit, Files.readString(dir.resolve("err.txt")));
        JsonNode rows = json(dir.resolve("c.json"));
        String text = rows.toString();
        assertTrue(text.contains("\"example-lock-server\""), text);
        assertTrue(text.contains("\"coordinator\""), text);
    }
}
