package org.ppbus.view;

import java.time.Duration;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.ppbus.cli.CliRun;
import org.ppbus.testkit.Browser;

/**
 * A benchmark, not a test (the suite does not run it; its name does not end in Test): the view of a
 * 10^5-cycle n = 57 run in headless chromium, how long it takes to open (the run simulated and
 * recorded, the plane drawn at cycle 0) and to step a cycle. Run with
 * {@code mvn -pl cli test -Dtest=ViewBenchmark -Dsurefire.failIfNoSpecifiedTests=false}; the figures
 * go to docs/PERFORMANCE.md.
 */
class ViewBenchmark {
    @Test
    @Browser
    void openAndStepALongRun() throws Exception {
        try (ViewServer server = new ViewServer("127.0.0.1", 0)) {
            ChromeOptions o = new ChromeOptions();
            o.setBinary("/usr/bin/chromium");
            o.addArguments("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,1000");
            WebDriver b = new ChromeDriver(
                    new ChromeDriverService.Builder()
                            .usingDriverExecutable(new java.io.File("/usr/bin/chromedriver"))
                            .build(),
                    o);
            try {
                b.get(server.address().toString());
                for (String[] kv : new String[][] {
                    {"nodes", "57"}, {"cycles", "100000"}, {"load", "0.001"}, {"latency", "2"}, {"seed", "7"}
                }) {
                    WebElement e = b.findElement(By.name(kv[0]));
                    e.clear();
                    e.sendKeys(kv[1]);
                }
                long t0 = System.nanoTime();
                b.findElement(By.id("start")).click();
                try {
                    await(b, 0);
                } catch (RuntimeException e) {
                    System.out.println(
                            "page error: " + b.findElement(By.id("error")).getText());
                    throw e;
                }
                double open = (System.nanoTime() - t0) / 1e9;
                int steps = 200;
                long t1 = System.nanoTime();
                for (int t = 1; t <= steps; t++) {
                    b.findElement(By.id("forward")).click();
                    await(b, t);
                }
                double step = (System.nanoTime() - t1) / 1e6 / steps;
                // The same steps timed inside the page, without WebDriver's round trips: each click
                // until the cycle label shows the next cycle (the frame fetched and drawn).
                b.manage().timeouts().scriptTimeout(Duration.ofSeconds(120));
                Object inPage = ((org.openqa.selenium.JavascriptExecutor) b)
                        .executeAsyncScript("const done = arguments[arguments.length - 1];"
                                + "const label = document.getElementById('cycle');"
                                + "const start = performance.now(); let k = 0; const n = " + steps + ";"
                                + "const first = Number(label.dataset.cycle);"
                                + "function next() {"
                                + "  if (k === n) { done((performance.now() - start) / n); return; }"
                                + "  k++; document.getElementById('forward').click(); wait(); }"
                                + "function wait() {"
                                + "  if (Number(label.dataset.cycle) === first + k) { next(); } else { setTimeout(wait, 0); } }"
                                + "next();");
                Object fetch = ((org.openqa.selenium.JavascriptExecutor) b)
                        .executeAsyncScript("const done = arguments[arguments.length - 1];"
                                + "(async () => { const s = performance.now();"
                                + " for (let k = 0; k < 50; k++) { await (await fetch('api/frames?from=' + (5000 + k)"
                                + " + '&to=' + (5000 + k))).json(); } done((performance.now() - s) / 50); })();");
                System.out.printf(
                        Locale.ROOT, "view benchmark: one frame fetched in %.1f ms%n", ((Number) fetch).doubleValue());
                System.out.printf(
                        Locale.ROOT,
                        "view benchmark: n = 57, 100,000 cycles: opened in %.2f s; %.1f ms a step through WebDriver,"
                                + " %.1f ms timed in the page (means of %d)%n",
                        open,
                        step,
                        ((Number) inPage).doubleValue(),
                        steps);
            } finally {
                b.quit();
            }
        }
    }

    /**
     * The export's must-show size: simulate --nodes 57 --cycles 10000 --html, opened from file:// in
     * headless chromium: the file's size, the time to the plane drawn at cycle 0, and a step.
     */
    @Test
    void openAnExportOf10000CyclesAtN57(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        java.nio.file.Path html = dir.resolve("n57.html");
        CliRun cli = new CliRun();
        long w0 = System.nanoTime();
        cli.run(
                "simulate",
                "--nodes",
                "57",
                "--cycles",
                "10000",
                "--load",
                "0.2",
                "--seed",
                "7",
                "--html",
                html.toString());
        double write = (System.nanoTime() - w0) / 1e9;
        WebDriver b = Chromium.start();
        try {
            long t0 = System.nanoTime();
            b.get(html.toUri().toString());
            await(b, 0);
            double open = (System.nanoTime() - t0) / 1e9;
            long t1 = System.nanoTime();
            int steps = 100;
            for (int t = 1; t <= steps; t++) {
                b.findElement(By.id("forward")).click();
                await(b, t);
            }
            double step = (System.nanoTime() - t1) / 1e6 / steps;
            System.out.printf(
                    Locale.ROOT,
                    "view benchmark: export of n = 57, 10,000 cycles: %.1f MB written in %.2f s, opened in %.2f s;"
                            + " %.1f ms a step through WebDriver (mean of %d)%n",
                    java.nio.file.Files.size(html) / 1e6,
                    write,
                    open,
                    step,
                    steps);
        } finally {
            b.quit();
        }
    }

    private static void await(WebDriver b, int t) {
        new WebDriverWait(b, Duration.ofSeconds(120))
                .pollingEvery(Duration.ofMillis(2))
                .until(d ->
                        d.findElement(By.id("cycle")).getAttribute("data-cycle").equals(Integer.toString(t)));
    }
}
