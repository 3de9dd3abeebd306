package org.ppbus.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * docs/USING.md, "Use ppbus as a library": examples/library is a Maven project of its own whose tests
 * build a Simulation through the public API. It runs here against the modules this build has just
 * installed (simulator installs before cli's tests run).
 */
class LibraryUseTest {
    @Test
    void aSeparateProjectRunsASimulationThroughThePublicApi() throws Exception {
        Path project = Path.of("..", "examples", "library").toAbsolutePath().normalize();
        Path reports = project.resolve("target").resolve("surefire-reports");
        Process p = new ProcessBuilder("mvn", "-B", "-q", "-o", "test")
                .directory(project.toFile())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        assertTrue(p.waitFor(300, TimeUnit.SECONDS), "the example's build took over 5 minutes");
        assertEquals(0, p.exitValue(), "mvn test in examples/library failed; see " + reports);
        String report = Files.readString(reports.resolve("TEST-example.LibraryUseTest.xml"));
        assertTrue(
                report.contains("tests=\"2\"") && report.contains("failures=\"0\"") && report.contains("errors=\"0\""),
                report.lines().filter(l -> l.contains("<testsuite")).findFirst().orElse(report));
    }
}
