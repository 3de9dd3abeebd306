package org.ppbus.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.ppbus.cli.CliRun;
import org.ppbus.testbench.Reports;
import org.ppbus.testbench.SimulationConfig;
import org.ppbus.testkit.Browser;

/**
 * The view's replay mode in headless chromium: a file ppbus wrote, picked in the page's file input
 * as a user would, runs again and opens where it matters; a hostile file gets one line of reason.
 */
@Browser
class ViewReplayTest {
    private static ViewServer server;
    private static WebDriver browser;

    @BeforeAll
    static void open() throws IOException {
        browser = Chromium.start();
        server = new ViewServer("127.0.0.1", 0);
    }

    @AfterAll
    static void close() {
        if (browser != null) {
            browser.quit();
        }
        if (server != null) {
            server.close();
        }
    }

    private static void pick(Path file) {
        browser.findElement(By.id("open"))
                .sendKeys(file.toAbsolutePath().normalize().toString());
    }

    private static void go(int t) {
        WebElement go = browser.findElement(By.id("goto"));
        go.clear();
        go.sendKeys(Integer.toString(t));
        browser.findElement(By.id("go")).click();
        Chromium.waitForCycle(browser, t);
    }

    /**
     * A simulate report (n = 13, seed 3, load 0.2) replays with its own settings, whatever the form
     * says: at cycle 200 the page shows the model's client states and fork places.
     */
    @Test
    void aSimulateReportReplaysWithItsSettings(@TempDir Path dir) throws IOException {
        Path report = dir.resolve("r.json");
        CliRun cli = new CliRun();
        assertEquals(
                0,
                cli.run(
                        "simulate",
                        "--nodes",
                        "13",
                        "--cycles",
                        "400",
                        "--seed",
                        "3",
                        "--load",
                        "0.2",
                        "--json",
                        report.toString()),
                cli.err());
        browser.get(server.address().toString());
        Chromium.set(browser, "nodes", "7"); // the report's n wins
        pick(report);
        Chromium.waitForCycle(browser, 0);
        go(200);
        ModelAt.Model m = ModelAt.cycle(
                SimulationConfig.defaults().toBuilder()
                        .nodes(13)
                        .seed(3)
                        .load(0.2)
                        .cycles(400)
                        .build(),
                200);
        assertEquals(m.states(), Chromium.attributes(browser, "circle.client", "data-state"));
        assertEquals(m.forks(), Chromium.attributes(browser, "circle.fork", "data-place"));
    }

    /**
     * A k-bus run (campos-carvalho-k, n = 7, k = 2, seed 3, load 0.2) draws one plane per bus: in a
     * cycle with both buses in use each plane's client states and fork places are that plane's in the model, and each
     * client is labelled with the processor it seats there.
     */
    @Test
    void aKBusRunDrawsEachPlane() throws IOException {
        browser.get(server.address().toString());
        Chromium.set(browser, "nodes", "7");
        Chromium.set(browser, "buses", "2");
        Chromium.set(browser, "seed", "3");
        Chromium.set(browser, "load", "0.2");
        Chromium.set(browser, "cycles", "300");
        browser.findElement(By.id("start")).click();
        Chromium.waitForCycle(browser, 0);
        SimulationConfig c = SimulationConfig.defaults().toBuilder()
                .algorithm("campos-carvalho-k")
                .nodes(7)
                .buses(2)
                .seed(3)
                .load(0.2)
                .cycles(300)
                .build();
        // From cycle 200, the first in which both buses are in use, by the model.
        int t = 200;
        while (!(ModelAt.plane(c, t, 0).model().states().contains("EATING")
                && ModelAt.plane(c, t, 1).model().states().contains("EATING"))) {
            t++;
            assertTrue(t < 300, "both buses in use somewhere in cycles 200 to 299");
        }
        go(t);
        for (int b = 0; b < 2; b++) {
            new org.openqa.selenium.support.ui.Select(browser.findElement(By.id("bus"))).selectByValue("" + b);
            ModelAt.PlaneModel m = ModelAt.plane(c, t, b);
            int bus = b;
            new org.openqa.selenium.support.ui.WebDriverWait(browser, java.time.Duration.ofSeconds(20))
                    .until(x -> Chromium.attributes(x, "circle.client", "data-state")
                            .equals(m.model().states()));
            assertEquals(m.model().forks(), Chromium.attributes(browser, "circle.fork", "data-place"), "bus " + bus);
            assertEquals(
                    m.seats().stream().map(String::valueOf).toList(),
                    Chromium.attributes(browser, "circle.client", "data-processor"));
        }
        Files.createDirectories(Path.of("target"));
        Files.write(Path.of("target", "view-kbus.png"), ((TakesScreenshot) browser).getScreenshotAs(OutputType.BYTES));
    }

    /**
     * The symbols on their way and an arbiter's priority list, at L = 2: in a cycle with symbols
     * driven in it and in the cycle before (both still on their way), the page draws exactly the
     * model's, and clicking arbiter 0 gives the model's OWNER and priority order at that cycle.
     */
    @Test
    void symbolsOnTheirWayAndAnArbitersPriorities() throws IOException {
        SimulationConfig c = SimulationConfig.defaults().toBuilder()
                .nodes(7)
                .latencyCycles(2)
                .seed(5)
                .load(0.3)
                .cycles(300)
                .drain(false)
                .build();
        ModelAt.Traffic model = ModelAt.traffic(c, 0);
        int t = 100;
        while (!(model.symbols().containsKey((long) t) && model.symbols().containsKey((long) t - 1))) {
            t++;
            assertTrue(t < 300, "symbols in two cycles in a row somewhere from cycle 100");
        }
        browser.get(server.address().toString());
        Chromium.set(browser, "nodes", "7");
        Chromium.set(browser, "latency", "2");
        Chromium.set(browser, "seed", "5");
        Chromium.set(browser, "load", "0.3");
        Chromium.set(browser, "cycles", "300");
        browser.findElement(By.id("start")).click();
        Chromium.waitForCycle(browser, 0);
        go(t);
        List<String> expected = new ArrayList<>(model.symbols().get((long) t - 1));
        expected.addAll(model.symbols().get((long) t));
        List<String> drawn = new ArrayList<>();
        for (WebElement e : browser.findElements(By.cssSelector("rect.symbol"))) {
            drawn.add(e.getAttribute("data-channel") + "/" + e.getAttribute("data-symbol") + "/"
                    + e.getAttribute("data-sent"));
        }
        java.util.Collections.sort(expected);
        java.util.Collections.sort(drawn);
        assertEquals(expected, drawn);
        browser.findElement(By.cssSelector("rect.arbiter[data-arbiter='0']")).click();
        WebElement detail = browser.findElement(By.id("detail"));
        assertEquals(
                model.priority().get((long) t).stream()
                        .map(String::valueOf)
                        .collect(java.util.stream.Collectors.joining(",")),
                detail.getAttribute("data-priority"));
        assertEquals(String.valueOf(model.owner().get((long) t)), detail.getAttribute("data-owner"));
        assertTrue(detail.getText().startsWith("arbiter 0 at cycle " + t + ": OWNER "), detail.getText());
    }

    /**
     * A co-simulation report with a divergence (a simulate report given the fields cosim --json adds:
     * the RTL's settings and the divergence) opens on the divergence's cycle with the signal named.
     */
    @Test
    void aCosimReportOpensOnItsDivergence(@TempDir Path dir) throws IOException {
        Path report = dir.resolve("r.json");
        CliRun cli = new CliRun();
        assertEquals(0, cli.run("simulate", "--nodes", "7", "--cycles", "300", "--json", report.toString()), cli.err());
        ObjectNode root = (ObjectNode) Reports.mapper().readTree(report.toFile());
        ((ObjectNode) root.get("config")).put("rtlAssertions", true).put("rtlSimulator", "verilator");
        root.putObject("divergence")
                .put("cycle", 137)
                .put("signal", "u_c2a_c4_a0.stage_q")
                .put("expected", "REQUEST")
                .put("actual", "idle");
        Files.writeString(report, Reports.mapper().writeValueAsString(root));
        browser.get(server.address().toString());
        pick(report);
        Chromium.waitForCycle(browser, 137);
        WebElement banner = browser.findElement(By.id("violation"));
        assertEquals("u_c2a_c4_a0.stage_q", banner.getAttribute("data-signal"));
        assertTrue(
                banner.getText().startsWith("DIVERGENCE at cycle 137: the RTL's u_c2a_c4_a0.stage_q was idle"),
                banner.getText());
    }

    /**
     * A message-passing run exported with --html (Maekawa, n = 7) replays offline as a time-space
     * diagram: at cycle 100 it draws the messages the model sent around it.
     */
    @Test
    void aMessagePassingExportIsATimeSpaceDiagram(@TempDir Path dir) throws IOException {
        Path html = dir.resolve("m.html");
        CliRun cli = new CliRun();
        assertEquals(
                0,
                cli.run(
                        "simulate",
                        "--algorithm",
                        "maekawa",
                        "--nodes",
                        "7",
                        "--cycles",
                        "300",
                        "--seed",
                        "2",
                        "--load",
                        "0.2",
                        "--html",
                        html.toString()),
                cli.err());
        browser.get(html.toUri().toString());
        Chromium.waitForCycle(browser, 0);
        go(100);
        List<String> expected = ModelAt.messages(
                SimulationConfig.defaults().toBuilder()
                        .algorithm("maekawa")
                        .nodes(7)
                        .seed(2)
                        .load(0.2)
                        .cycles(300)
                        .build(),
                70,
                130);
        List<String> drawn = Chromium.messages(browser, "line.msg");
        assertTrue(expected.size() > 10, "a window worth drawing: " + expected);
        assertEquals(expected, drawn);
    }

    /**
     * A token algorithm's time-space diagram draws the token's messages apart and says where the
     * token is: token-ring at n = 7, cycle 100, against the model's TOKEN messages.
     */
    @Test
    void theTokenIsDrawnApartAndLocated() throws IOException {
        browser.get(server.address().toString());
        Chromium.set(browser, "algorithm", "token-ring");
        Chromium.set(browser, "nodes", "7");
        Chromium.set(browser, "seed", "4");
        Chromium.set(browser, "load", "0.1");
        Chromium.set(browser, "cycles", "300");
        browser.findElement(By.id("start")).click();
        Chromium.waitForCycle(browser, 0);
        go(100);
        SimulationConfig c = SimulationConfig.defaults().toBuilder()
                .algorithm("token-ring")
                .nodes(7)
                .seed(4)
                .load(0.1)
                .cycles(300)
                .drain(false)
                .build();
        List<String> tokens = ModelAt.messages(c, 70, 130, 0); // token-ring's one kind, TOKEN
        List<String> drawn = Chromium.messages(browser, "line.msg.token");
        assertTrue(tokens.size() > 3, "the token moves in the window: " + tokens);
        assertEquals(tokens, drawn);
        // Where it is at 100: on a message sent by 100 and received after, or with the last receiver.
        List<String> around = ModelAt.messages(c, 101, 100, 0);
        String where = browser.findElement(By.id("detail")).getText();
        if (around.isEmpty()) {
            List<String> before = ModelAt.messages(c, 0, 100, 0);
            String last = before.get(before.size() - 1);
            String holder = last.substring(last.indexOf('>') + 1, last.indexOf('@'));
            assertTrue(where.startsWith("at cycle 100 the TOKEN is at processor " + holder + ","), where);
        } else {
            String m = around.get(0);
            assertTrue(
                    where.startsWith("at cycle 100 the TOKEN is on its way: " + m.substring(0, m.indexOf('>')) + " to "
                            + m.substring(m.indexOf('>') + 1, m.indexOf('@'))),
                    where);
        }
    }

    /**
     * Clicking a waiting processor of a message-passing run (Ricart-Agrawala, n = 7) lists its
     * requests as the model's req and gnt events give them, and names those it sent to since its req
     * rose that have sent nothing back, as the model's messages say.
     */
    @Test
    void aWaitingProcessorSaysWhomItWaitsFor() throws IOException {
        SimulationConfig c = SimulationConfig.defaults().toBuilder()
                .algorithm("ricart-agrawala")
                .nodes(7)
                .seed(6)
                .load(0.2)
                .cycles(300)
                .drain(false)
                .build();
        // The first request from cycle 60 on that waits at least 4 cycles, seen 2 cycles before its grant.
        int p = -1;
        long raised = 0;
        long t = 0;
        for (int i = 0; i < 7 && p < 0; i++) {
            for (long[] r : ModelAt.requests(c, i)) {
                if (r[0] >= 60 && r[1] - r[0] >= 4 && r[1] < 250) {
                    p = i;
                    raised = r[0];
                    t = r[1] - 2;
                    break;
                }
            }
        }
        assertTrue(p >= 0, "a request that waits");
        List<long[]> messages = ModelAt.messageList(c);
        java.util.Map<Long, Long> firstSent = new java.util.TreeMap<>();
        for (long[] m : messages) {
            if (m[0] == p && m[1] != p && m[3] >= raised && m[3] <= t) {
                firstSent.putIfAbsent(m[1], m[3]);
            }
        }
        List<String> silent = new ArrayList<>();
        for (var e : firstSent.entrySet()) {
            boolean answered = false;
            for (long[] m : messages) {
                answered |= m[0] == e.getKey() && m[1] == p && m[4] >= 0 && m[4] <= t && m[3] >= e.getValue();
            }
            if (!answered) {
                silent.add(Long.toString(e.getKey()));
            }
        }
        assertTrue(!silent.isEmpty() && silent.size() < firstSent.size(), "some answered, some not: " + silent);
        browser.get(server.address().toString());
        Chromium.set(browser, "algorithm", "ricart-agrawala");
        Chromium.set(browser, "nodes", "7");
        Chromium.set(browser, "seed", "6");
        Chromium.set(browser, "load", "0.2");
        Chromium.set(browser, "cycles", "300");
        browser.findElement(By.id("start")).click();
        Chromium.waitForCycle(browser, 0);
        go((int) t);
        browser.findElement(By.cssSelector("circle[data-process='" + p + "']")).click();
        String detail = browser.findElement(By.id("detail")).getText();
        String expected = silent.isEmpty()
                ? "; every processor it sent to has answered"
                : "; no message back yet from " + String.join(", ", silent);
        assertTrue(detail.endsWith(". Waiting since cycle " + raised + expected), detail);
        new org.openqa.selenium.support.ui.WebDriverWait(browser, java.time.Duration.ofSeconds(20))
                .until(b ->
                        !b.findElements(By.cssSelector("#requests li.request")).isEmpty());
        WebElement latest =
                browser.findElements(By.cssSelector("#requests li.request")).get(0);
        assertEquals(Long.toString(raised), latest.getAttribute("data-raised"));
        assertEquals("-1", latest.getAttribute("data-granted"));
    }

    /**
     * Live mode with a message-passing algorithm (Ricart-Agrawala, n = 5, hold 3): processor 2,
     * clicked at cycle 0, asks from cycle 1; after 20 cycles stepped on the server the page draws the
     * messages of a run of the same settings on the trace "1 2 3" (processor 2 asks in cycle 1 and
     * holds 3 cycles), run apart.
     */
    @Test
    void aLiveMessagePassingRunMatchesItsTrace(@TempDir Path dir) throws IOException {
        browser.get(server.address().toString());
        Chromium.set(browser, "algorithm", "ricart-agrawala");
        Chromium.set(browser, "nodes", "5");
        Chromium.set(browser, "hold", "3");
        Chromium.set(browser, "load", "0");
        browser.findElement(By.id("live")).click();
        Chromium.waitForCycle(browser, 0);
        browser.findElement(By.cssSelector("circle[data-process='2']")).click();
        new org.openqa.selenium.support.ui.WebDriverWait(browser, java.time.Duration.ofSeconds(20))
                .until(b -> b.findElement(By.id("detail")).getText().startsWith("processor 2 asks"));
        for (int t = 1; t <= 20; t++) {
            browser.findElement(By.id("forward")).click();
            Chromium.waitForCycle(browser, t);
        }
        Path trace = dir.resolve("live.trace");
        Files.writeString(trace, "# ppbus request trace v1\n# nodes 5\n1 2 3\n");
        List<String> expected = ModelAt.messages(
                SimulationConfig.defaults().toBuilder()
                        .algorithm("ricart-agrawala")
                        .nodes(5)
                        .holdCycles(3)
                        .workload(trace.toString())
                        .cycles(21)
                        .drain(false)
                        .build(),
                0,
                20);
        List<String> drawn = Chromium.messages(browser, "line.msg");
        assertTrue(expected.size() >= 8, "REQUESTs and REPLYs: " + expected);
        assertEquals(expected, drawn);
    }

    /**
     * A file keeps a window of a long run: A1's trace moved 12,000 cycles later breaks I3 in cycle
     * 12,025, past the first 10,000 cycles; the run stops there, and the export keeps the 10,000
     * cycles that end with it, says so in its heading, and opens on the violation.
     */
    @Test
    void aLongRunsExportKeepsTheWindowOfItsViolation(@TempDir Path dir) throws IOException {
        Path trace = dir.resolve("late-a1.trace");
        Files.writeString(trace, "# ppbus request trace v1\n# nodes 7\n12001 6 1\n12020 4 1\n");
        Path html = dir.resolve("late.html");
        CliRun cli = new CliRun();
        cli.run(
                "simulate",
                "--nodes",
                "7",
                "--cycles",
                "12200",
                "--rules",
                "literal",
                "--workload",
                trace.toString(),
                "--trace-out",
                dir.resolve("v.trace").toString(),
                "--html",
                html.toString());
        assertTrue(cli.out().contains("html: " + html + " (10000 cycles"), cli.out());
        browser.get(html.toUri().toString());
        Chromium.waitForCycle(browser, 12025);
        assertEquals(
                "I3 request tokens", browser.findElement(By.id("violation")).getAttribute("data-invariant"));
        String heading = browser.findElement(By.tagName("h1")).getText();
        assertTrue(heading.contains(", cycles 2026 to 12025 of 12026 "), heading);
        go(2026);
        WebElement go = browser.findElement(By.id("goto"));
        go.clear();
        go.sendKeys("10");
        browser.findElement(By.id("go")).click();
        Chromium.waitForCycle(browser, 2026); // before the window: its first cycle
    }

    /** The A1 trace picked in the page, under the literal rules, opens on its violation (cycle 25, I3). */
    @Test
    void aViolationTracePickedInThePageOpensOnItsViolation() throws IOException {
        browser.get(server.address().toString());
        Chromium.set(browser, "rules", "literal");
        Chromium.set(browser, "cycles", "200");
        Chromium.set(browser, "nodes", "13"); // the trace's '# nodes 7' wins
        pick(Path.of("..", "docs", "traces", "a1.trace"));
        Chromium.waitForCycle(browser, 25);
        WebElement banner = browser.findElement(By.id("violation"));
        assertEquals("I3 request tokens", banner.getAttribute("data-invariant"));
        assertEquals(7, browser.findElements(By.cssSelector("circle.client")).size());
        String heading = browser.findElement(By.tagName("h1")).getText();
        assertTrue(heading.endsWith("rules literal, replaying a request trace of 2 requests"), heading);
        Files.createDirectories(Path.of("target"));
        Files.write(
                Path.of("target", "view-replay.png"), ((TakesScreenshot) browser).getScreenshotAs(OutputType.BYTES));
    }

    /**
     * Hostile files: each gets one line on the page naming the file and the reason, and the server
     * reads no file a report names. The server still serves a good run afterwards.
     */
    @Test
    void aHostileFileGetsOneLineOfReason(@TempDir Path dir) throws IOException {
        browser.get(server.address().toString());
        String[][] cases = {
            {"passwd.json", "{\"config\": {\"nodes\": 7, \"workload\": \"/etc/passwd\"}}", "open that trace instead"},
            {"deep.json", "{\"a\":".repeat(5000), "malformed JSON"},
            {"odd.json", "{\"config\": {\"nodes\": 7, \"shell\": \"rm -rf /\"}}", "unknown setting 'shell'"},
            {"big.json", "{\"config\": {\"nodes\": 7, \"cycles\": 1e12}}", "cycles"},
            {"bytes.bin", "\u0000\u0001<script>alert(1)</script>", "not a ppbus report or request trace"},
            {"bad.trace", "# ppbus request trace v1\n5 0 1\n3 1 1\n", "the trace:3: need CYCLE >= 1 in order"},
            {"verify.json", "{\"tool\": \"ppbus\", \"complete\": true}", "has no run to replay"},
        };
        for (String[] c : cases) {
            Path f = dir.resolve(c[0]);
            Files.writeString(f, c[1]);
            browser.navigate().refresh();
            pick(f);
            String message = Chromium.waitForError(browser);
            assertTrue(message.startsWith(c[0] + ": ") && message.contains(c[2]), c[0] + ": " + message);
            assertEquals(1, message.lines().count(), message);
        }
        browser.navigate().refresh();
        browser.findElement(By.id("start")).click();
        Chromium.waitForCycle(browser, 0);
    }
}
