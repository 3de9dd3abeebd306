package org.ppbus.view;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.WebDriverWait;

/** Debian's chromium, headless, through chromium-driver, and what the view's tests do with it. */
final class Chromium {
    private Chromium() {}

    /** A headless browser; the caller quits it. Its tests are marked {@code @Browser}. */
    static WebDriver start() {
        return new ChromeDriver(service(), options());
    }

    static ChromeOptions options() {
        ChromeOptions o = new ChromeOptions();
        o.setBinary("/usr/bin/chromium");
        o.addArguments("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,1000");
        return o;
    }

    static ChromeDriverService service() {
        return new ChromeDriverService.Builder()
                .usingDriverExecutable(new java.io.File("/usr/bin/chromedriver"))
                .build();
    }

    /** Types a value into the run form's field. */
    static void set(WebDriver browser, String name, String value) {
        WebElement e = browser.findElement(By.name(name));
        e.clear();
        e.sendKeys(value);
    }

    /** Waits until the page shows cycle t. */
    static void waitForCycle(WebDriver driver, int t) {
        new WebDriverWait(driver, Duration.ofSeconds(30))
                .until(b ->
                        b.findElement(By.id("cycle")).getAttribute("data-cycle").equals(Integer.toString(t)));
    }

    /** Waits until the page shows an error, and returns it. */
    static String waitForError(WebDriver driver) {
        new WebDriverWait(driver, Duration.ofSeconds(30))
                .until(b -> !b.findElement(By.id("error")).getText().isEmpty());
        return driver.findElement(By.id("error")).getText();
    }

    /** An attribute of every element the selector finds, in document order. */
    static List<String> attributes(WebDriver b, String css, String attribute) {
        List<String> out = new ArrayList<>();
        for (WebElement e : b.findElements(By.cssSelector(css))) {
            out.add(e.getAttribute(attribute));
        }
        return out;
    }

    /** The messages a time-space diagram draws (those the selector picks), as "from>to@sent". */
    static List<String> messages(WebDriver b, String css) {
        List<String> out = new ArrayList<>();
        for (WebElement e : b.findElements(By.cssSelector(css))) {
            out.add(e.getAttribute("data-from") + ">" + e.getAttribute("data-to") + "@" + e.getAttribute("data-sent"));
        }
        return out;
    }
}
