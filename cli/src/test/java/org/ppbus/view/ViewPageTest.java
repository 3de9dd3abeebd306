package org.ppbus.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.ppbus.cli.CliRun;
import org.ppbus.link.Direction;
import org.ppbus.plane.Wiring;
import org.ppbus.testbench.Simulation;
import org.ppbus.testbench.SimulationConfig;
import org.ppbus.testbench.SymbolTap;
import org.ppbus.testkit.Browser;

/**
 * {@code ppbus view} in a real browser: Debian's chromium, headless, through chromium-driver. The
 * page starts a run, steps to a cycle, and what it draws (each client's state, where each fork is)
 * must be what the Java model holds at that cycle, read here straight from the network.
 */
@Browser
class ViewPageTest {
    private static ViewServer server;
    private static WebDriver browser;

    @BeforeAll
    static void open() throws IOException {
        server = new ViewServer("127.0.0.1", 0);
        browser = Chromium.start();
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

    /** The must-show: n = 7, seed 3, load 0.2; at cycle 200 the page shows the model's forks and states. */
    @Test
    void aRunStartedFromThePageShowsTheModelsStateAtCycle200() throws IOException {
        browser.get(server.address().toString());
        set("nodes", "7");
        set("seed", "3");
        set("load", "0.2");
        set("cycles", "300");
        browser.findElement(By.id("start")).click();
        waitForCycle(0);
        assertEquals(7, browser.findElements(By.cssSelector("circle.client")).size(), "the n = 7 plane's clients");
        browser.findElement(By.id("forward")).click();
        waitForCycle(1);
        WebElement go = browser.findElement(By.id("goto"));
        go.clear();
        go.sendKeys("200");
        browser.findElement(By.id("go")).click();
        waitForCycle(200);
        SimulationConfig config = SimulationConfig.defaults().toBuilder()
                .nodes(7)
                .seed(3)
                .load(0.2)
                .cycles(300)
                .build();
        ModelAt.Model m = ModelAt.cycle(config, 200);
        List<String> states = new ArrayList<>();
        for (WebElement c : browser.findElements(By.cssSelector("circle.client"))) {
            states.add(c.getAttribute("data-state"));
        }
        assertEquals(m.states(), states);
        List<String> places = new ArrayList<>();
        for (WebElement f : browser.findElements(By.cssSelector("circle.fork"))) {
            places.add(f.getAttribute("data-place"));
        }
        assertEquals(m.forks(), places);
        assertTrue(m.forks().contains("CLIENT") && m.forks().contains("ARBITER"), "a state worth comparing");
        // Clicking a hungry client says which forks it waits for; at cycle 200 client 2 eats (it holds
        // its forks), so a hungry client lacks at least the fork of the arbiter it shares with 2.
        int hungry = m.states().indexOf("HUNGRY");
        assertTrue(hungry >= 0, m.states().toString());
        browser.findElement(By.cssSelector("circle.client[data-client='" + hungry + "']"))
                .click();
        String why = browser.findElement(By.id("detail")).getText();
        assertTrue(why.startsWith("client " + hungry + " at cycle 200: HUNGRY, waiting for arbiter "), why);
        Wiring w7 = Wiring.forNodes(7);
        for (int slot = 0; slot < w7.lineSize(); slot++) {
            int link = hungry * w7.lineSize() + slot;
            boolean lacks = !m.forks().get(link).equals("CLIENT");
            assertEquals(lacks, why.contains("arbiter " + w7.linkArbiter(link) + "'s fork"), why);
        }
        // Its requests up to cycle 200, the latest first, as the model's req and gnt events give them.
        List<long[]> asked = ModelAt.requests(config, hungry).stream()
                .filter(r -> r[0] <= 200)
                .toList();
        List<String> expected = new ArrayList<>();
        for (int k = asked.size() - 1; k >= Math.max(0, asked.size() - 10); k--) {
            long granted = asked.get(k)[1];
            expected.add(asked.get(k)[0] + "/" + (granted <= 200 ? granted : -1));
        }
        new WebDriverWait(browser, Duration.ofSeconds(20))
                .until(b ->
                        !b.findElements(By.cssSelector("#requests li.request")).isEmpty());
        List<String> listed = new ArrayList<>();
        for (WebElement li : browser.findElements(By.cssSelector("#requests li.request"))) {
            listed.add(li.getAttribute("data-raised") + "/" + li.getAttribute("data-granted"));
        }
        assertEquals(expected, listed);
        assertTrue(expected.get(0).endsWith("/-1"), "the hungry client's last request still waits: " + expected);
        Path shot = Path.of("target", "view-plane.png");
        Files.createDirectories(shot.getParent());
        Files.write(shot, ((org.openqa.selenium.TakesScreenshot) browser).getScreenshotAs(OutputType.BYTES));
    }

    /**
     * The must-show of the export: {@code simulate --nodes 13 --cycles 3000 --html run.html} writes one
     * file that replays offline. The browser opens it from file:// with every network request sent to a
     * closed port, and at cycle 200 it shows the model's client states and fork places.
     */
    @Test
    void anExportedRunReplaysOfflineFromAFile(@TempDir Path dir) throws IOException {
        Path html = dir.resolve("run.html");
        CliRun cli = new CliRun();
        assertEquals(0, cli.run("simulate", "--nodes", "13", "--cycles", "3000", "--html", html.toString()), cli.err());
        ChromeOptions o = Chromium.options();
        o.addArguments("--proxy-server=127.0.0.1:9", "--proxy-bypass-list=<-loopback>");
        WebDriver offline = new ChromeDriver(Chromium.service(), o);
        try {
            offline.get(html.toUri().toString());
            Chromium.waitForCycle(offline, 0);
            WebElement go = offline.findElement(By.id("goto"));
            go.clear();
            go.sendKeys("200");
            offline.findElement(By.id("go")).click();
            Chromium.waitForCycle(offline, 200);
            ModelAt.Model m = ModelAt.cycle(
                    SimulationConfig.defaults().toBuilder()
                            .nodes(13)
                            .cycles(3000)
                            .build(),
                    200);
            assertEquals(m.states(), Chromium.attributes(offline, "circle.client", "data-state"));
            assertEquals(m.forks(), Chromium.attributes(offline, "circle.fork", "data-place"));
            Path shot = Path.of("target", "view-export.png");
            Files.write(shot, ((org.openqa.selenium.TakesScreenshot) offline).getScreenshotAs(OutputType.BYTES));
        } finally {
            offline.quit();
        }
    }

    /**
     * The A1 trace of docs/ERRATA.md under the literal rules, exported, opens on the cycle ERRATA
     * gives for its violation (25) with the invariant named (I3 request tokens), and shows client 4
     * eating there, as ERRATA's dump of arbiter 0 does.
     */
    @Test
    void theA1ViolationOpensAtItsCycleWithTheInvariantNamed(@TempDir Path dir) throws IOException {
        Path html = dir.resolve("a1.html");
        CliRun cli = new CliRun();
        cli.run(
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
                dir.resolve("v.trace").toString(),
                "--html",
                html.toString());
        browser.get(html.toUri().toString());
        waitForCycle(25);
        WebElement banner = browser.findElement(By.id("violation"));
        assertEquals("I3 request tokens", banner.getAttribute("data-invariant"));
        assertTrue(banner.getText().startsWith("VIOLATION at cycle 25: I3 request tokens"), banner.getText());
        assertEquals(
                "EATING",
                Chromium.attributes(browser, "circle.client", "data-state").get(4));
        Path shot = Path.of("target", "view-violation.png");
        Files.write(shot, ((org.openqa.selenium.TakesScreenshot) browser).getScreenshotAs(OutputType.BYTES));
    }

    /**
     * A message-passing run (Ricart–Agrawala, n = 7) is drawn as a time-space diagram: at cycle 100
     * the page draws exactly the messages of the 60 cycles around it, each with the sender, receiver
     * and sending cycle the model's run gives.
     */
    @Test
    void aMessagePassingRunIsATimeSpaceDiagram() throws IOException {
        browser.get(server.address().toString());
        set("algorithm", "ricart-agrawala");
        set("nodes", "7");
        set("seed", "2");
        set("load", "0.2");
        set("cycles", "300");
        browser.findElement(By.id("start")).click();
        waitForCycle(0);
        WebElement go = browser.findElement(By.id("goto"));
        go.clear();
        go.sendKeys("100");
        browser.findElement(By.id("go")).click();
        waitForCycle(100);
        List<String> expected = ModelAt.messages(
                SimulationConfig.defaults().toBuilder()
                        .algorithm("ricart-agrawala")
                        .nodes(7)
                        .seed(2)
                        .load(0.2)
                        .cycles(300)
                        .drain(false)
                        .build(),
                70,
                130);
        List<String> drawn = Chromium.messages(browser, "line.msg");
        assertTrue(expected.size() > 10, "a window worth drawing: " + expected);
        assertEquals(expected, drawn);
        // Clicking processor 3's row highlights its messages and names whom it sent to in the window.
        browser.findElement(By.cssSelector("circle[data-process='3']")).click();
        List<String> mine = Chromium.messages(browser, "line.msg.mine");
        assertEquals(
                expected.stream()
                        .filter(m -> m.startsWith("3>") || m.contains(">3@"))
                        .toList(),
                mine);
        java.util.TreeSet<String> to = new java.util.TreeSet<>();
        expected.stream().filter(m -> m.startsWith("3>")).forEach(m -> to.add(m.substring(2, m.indexOf('@'))));
        String talk = browser.findElement(By.id("detail")).getText();
        assertTrue(talk.startsWith("processor 3, cycles 70 to 130: sent "), talk);
        assertTrue(
                talk.contains(" to "
                        + String.join(
                                ", ",
                                to.stream()
                                        .sorted(java.util.Comparator.comparingInt(Integer::parseInt))
                                        .toList())
                        + ";"),
                talk + " / " + to);
        Path shot = Path.of("target", "view-timespace.png");
        Files.write(shot, ((org.openqa.selenium.TakesScreenshot) browser).getScreenshotAs(OutputType.BYTES));
    }

    /**
     * Live mode: the server steps the model and a click makes a processor hungry. Processor 3 of
     * n = 7, clicked at cycle 0, asks from cycle 1; the contract's first request after reset is granted
     * 2L + 1 = 3 cycles after req rises (gnt high in cycle 4), so the page first shows client 3 eating
     * at cycle 3, the cycle its client enters EATING.
     */
    @Test
    void aClickMakesAProcessorHungryInLiveMode() {
        browser.get(server.address().toString());
        set("nodes", "7");
        set("latency", "1");
        set("load", "0"); // only the click asks
        browser.findElement(By.id("live")).click();
        waitForCycle(0);
        browser.findElement(By.cssSelector("circle.client[data-client='3']")).click();
        new WebDriverWait(browser, Duration.ofSeconds(20))
                .until(b -> b.findElement(By.id("detail")).getText().startsWith("client 3 asks"));
        int eatsAt = -1;
        for (int t = 1; t <= 10 && eatsAt < 0; t++) {
            browser.findElement(By.id("forward")).click();
            waitForCycle(t);
            String state = browser.findElement(By.cssSelector("circle.client[data-client='3']"))
                    .getAttribute("data-state");
            if (state.equals("EATING")) {
                eatsAt = t;
            } else {
                assertEquals(t == 0 ? "THINKING" : "HUNGRY", state, "cycle " + t);
            }
        }
        assertEquals(1 + org.ppbus.verilog.Contract.firstAfterReset(1) - 1, eatsAt);
    }

    /**
     * Live mode under a fault: processors 0 and 2 of n = 3, clicked at cycle 0, ask from cycle 1,
     * and the FORK arbiter 0 drives to client 0 in cycle 2 is duplicated. The page shows the
     * violation banner with the cycle and invariant of a batch run of the same settings on the trace
     * of those two requests, run apart (the checker's own verdict, reached by another path).
     */
    @Test
    void aLiveRunWithAFaultShowsTheViolationBanner(@TempDir Path dir) throws IOException {
        String fault = "duplicate:2@a2c_a0_c0";
        Path trace = dir.resolve("two.trace");
        Files.writeString(trace, "# ppbus request trace v1\n# nodes 3\n1 0 4\n1 2 4\n");
        org.ppbus.check.Violation expected = new Simulation(SimulationConfig.defaults().toBuilder()
                        .nodes(3)
                        .holdCycles(4)
                        .workload(trace.toString())
                        .fault(fault)
                        .cycles(20)
                        .build())
                .run()
                .violation();
        assertTrue(expected != null, "the batch run breaks no invariant");
        browser.get(server.address().toString());
        set("nodes", "3");
        set("latency", "1");
        set("hold", "4");
        set("load", "0"); // only the clicks ask
        set("fault", fault);
        browser.findElement(By.id("live")).click();
        waitForCycle(0);
        for (int c : new int[] {0, 2}) {
            browser.findElement(By.cssSelector("circle.client[data-client='" + c + "']"))
                    .click();
            new WebDriverWait(browser, Duration.ofSeconds(20))
                    .until(b -> b.findElement(By.id("detail")).getText().startsWith("client " + c + " asks"));
        }
        WebElement alarm = browser.findElement(By.id("violation"));
        for (int t = 1; t <= expected.cycle(); t++) {
            assertTrue(!alarm.isDisplayed(), "the banner shows before cycle " + t + ": " + alarm.getText());
            browser.findElement(By.id("forward")).click();
            waitForCycle(t);
        }
        new WebDriverWait(browser, Duration.ofSeconds(20)).until(b -> alarm.isDisplayed());
        assertEquals(Long.toString(expected.cycle()), alarm.getAttribute("data-cycle"), alarm.getText());
        assertEquals(expected.property().label(), alarm.getAttribute("data-invariant"), alarm.getText());
        assertTrue(alarm.getText().startsWith("VIOLATION at cycle " + expected.cycle()), alarm.getText());
    }

    /**
     * The waveform panel: at the first cycle from 150 on in which the n = 7, seed 3 run drives a symbol
     * on client 2's links, the panel shows client 2's req, gnt and every symbol on its links as the
     * model drove them in that cycle (named as in the RTL and the VCD).
     */
    @Test
    void theWaveformShowsTheModelsSignalsAtACycle() throws IOException {
        Wiring w = Wiring.forNodes(7);
        java.util.Map<Long, java.util.Map<String, String>> symbols = new java.util.HashMap<>();
        List<long[]> reqEdges = new ArrayList<>(); // {cycle, level}
        List<long[]> gntEdges = new ArrayList<>();
        new Simulation(SimulationConfig.defaults().toBuilder()
                        .nodes(7)
                        .seed(3)
                        .load(0.2)
                        .cycles(300)
                        .drain(false)
                        .build())
                .tap(new SymbolTap() {
                    @Override
                    public void symbol(Direction d, int link, int code, long cycle) {
                        if (w.linkClient(link) == 2) {
                            int a = w.linkArbiter(link);
                            String name = d == Direction.C2A
                                    ? org.ppbus.verilog.SignalNames.c2a(2, a)
                                    : org.ppbus.verilog.SignalNames.a2c(a, 2);
                            symbols.computeIfAbsent(cycle, k -> new java.util.TreeMap<>())
                                    .put(name, org.ppbus.protocol.cc.Symbols.name(d, code));
                        }
                    }

                    @Override
                    public void grant(int node, boolean high, long cycle) {
                        if (node == 2) {
                            gntEdges.add(new long[] {cycle + 1, high ? 1 : 0}); // the register follows a cycle later
                        }
                    }

                    @Override
                    public void request(int node, boolean level, long cycle) {
                        if (node == 2) {
                            reqEdges.add(new long[] {cycle, level ? 1 : 0});
                        }
                    }
                })
                .run();
        long t = symbols.keySet().stream()
                .filter(c -> c >= 150)
                .min(Long::compare)
                .orElseThrow();
        java.util.Map<String, String> expected = new java.util.TreeMap<>();
        for (int a : w.arbitersOf(2)) {
            expected.put(org.ppbus.verilog.SignalNames.c2a(2, a), "idle");
            expected.put(org.ppbus.verilog.SignalNames.a2c(a, 2), "idle");
        }
        expected.putAll(symbols.get(t));
        expected.put("req[2]", levelAt(reqEdges, t));
        expected.put("gnt[2]", levelAt(gntEdges, t));

        browser.get(server.address().toString());
        set("nodes", "7");
        set("seed", "3");
        set("load", "0.2");
        set("cycles", "300");
        WebElement who = browser.findElement(By.id("wave-client"));
        who.clear();
        who.sendKeys("2");
        browser.findElement(By.id("start")).click();
        waitForCycle(0);
        WebElement go = browser.findElement(By.id("goto"));
        go.clear();
        go.sendKeys(Long.toString(t));
        browser.findElement(By.id("go")).click();
        waitForCycle((int) t);
        java.util.Map<String, String> shown = new java.util.TreeMap<>();
        for (WebElement cell : browser.findElements(By.cssSelector("#wave rect.wave[data-cycle='" + t + "']"))) {
            shown.put(cell.getAttribute("data-signal"), cell.getAttribute("data-value"));
        }
        assertEquals(expected, shown);
        WebElement panel = browser.findElement(By.id("waves"));
        Files.write(Path.of("target", "view-wave.png"), panel.getScreenshotAs(OutputType.BYTES));
    }

    /** A signal's level in cycle t from its edges {cycle from which it holds, level}. */
    private static String levelAt(List<long[]> edges, long t) {
        long level = 0;
        for (long[] e : edges) {
            if (e[0] <= t) {
                level = e[1];
            }
        }
        return Long.toString(level);
    }

    /**
     * Replay mode: the trace named to {@code ppbus view --trace} (ERRATA's A1) runs from the page and
     * opens on its violation; a file that is not a trace gets a one-line reason on the page.
     */
    @Test
    void aTraceNamedToTheServerReplaysFromThePage(@TempDir Path dir) throws IOException {
        Path a1 = Path.of("..", "docs", "traces", "a1.trace");
        try (ViewServer replay = new ViewServer("127.0.0.1", 0, a1.toAbsolutePath())) {
            browser.get(replay.address().toString());
            set("nodes", "7");
            set("rules", "literal");
            set("cycles", "200");
            browser.findElement(By.name("trace")).click();
            browser.findElement(By.id("start")).click();
            waitForCycle(25);
            assertEquals(
                    "I3 request tokens", browser.findElement(By.id("violation")).getAttribute("data-invariant"));
        }
        Path bad = dir.resolve("bad.trace");
        Files.writeString(bad, "<script>alert(1)</script>\n1 2 3\n");
        try (ViewServer hostile = new ViewServer("127.0.0.1", 0, bad)) {
            browser.get(hostile.address().toString());
            browser.findElement(By.name("trace")).click();
            browser.findElement(By.id("start")).click();
            new WebDriverWait(browser, Duration.ofSeconds(20))
                    .until(b -> !b.findElement(By.id("error")).getText().isEmpty());
            String message = browser.findElement(By.id("error")).getText();
            assertTrue(message.contains("not a request trace"), message);
            assertEquals(1, message.lines().count(), message);
        }
    }

    /**
     * verify --html: the search's counterexample (the literal rules on the triangle break I3, audit
     * A1, at depth 4 as docs/VERIFICATION.md gives) written as a page that opens on the violation.
     */
    @Test
    void aCounterexampleOfVerifyOpensOnItsViolation(@TempDir Path dir) {
        Path html = dir.resolve("cx.html");
        CliRun cli = new CliRun();
        assertEquals(
                1,
                cli.run(
                        "verify",
                        "--nodes",
                        "3",
                        "--rules",
                        "literal",
                        "--trace-out",
                        dir.resolve("cx.trace").toString(),
                        "--html",
                        html.toString()),
                cli.err());
        assertTrue(cli.out().contains("html: " + html), cli.out());
        browser.get(html.toUri().toString());
        new WebDriverWait(browser, Duration.ofSeconds(20))
                .until(b -> !b.findElement(By.id("violation")).getText().isEmpty());
        WebElement banner = browser.findElement(By.id("violation"));
        assertEquals("I3 request tokens", banner.getAttribute("data-invariant"));
        assertEquals(
                banner.getAttribute("data-cycle"),
                browser.findElement(By.id("cycle")).getAttribute("data-cycle"));
    }

    /** A bad request from the page gets its one-line reason on the page. */
    @Test
    void badInputIsExplainedOnThePage() {
        browser.get(server.address().toString());
        set("nodes", "0");
        browser.findElement(By.id("start")).click();
        new WebDriverWait(browser, Duration.ofSeconds(20))
                .until(b -> !b.findElement(By.id("error")).getText().isEmpty());
        assertEquals(
                "nodes must be at least 1, got 0",
                browser.findElement(By.id("error")).getText());
    }

    private static void set(String name, String value) {
        Chromium.set(browser, name, value);
    }

    private static void waitForCycle(int t) {
        Chromium.waitForCycle(browser, t);
    }
}
