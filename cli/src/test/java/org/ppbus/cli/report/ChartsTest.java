package org.ppbus.cli.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.imageio.ImageIO;
import org.apache.commons.math3.stat.descriptive.SummaryStatistics;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ppbus.protocol.descriptor.Algorithm;
import org.ppbus.registry.Algorithms;

class ChartsTest {
    /**
     * The error bar of a mean over seeds is half its 95% confidence interval: t(0.975, n − 1) · s / √n.
     * For 1, 2, 3: s = 1 and t(0.975, 2) = 4.303 (any t table), so 4.303 / √3 = 2.484. One seed has none.
     */
    @Test
    void errorBarsAreHalfTheNinetyFivePercentInterval() {
        SummaryStatistics three = new SummaryStatistics();
        for (double v : new double[] {1, 2, 3}) {
            three.addValue(v);
        }
        assertEquals(4.303 / Math.sqrt(3), Charts.halfWidth(three), 0.001);
        SummaryStatistics one = new SummaryStatistics();
        one.addValue(5);
        assertEquals(0, Charts.halfWidth(one));
    }

    /**
     * Every algorithm keeps one look in every chart, and no two algorithms share one: a family has
     * its marker, and inside a family (the panels) every member has its own colour.
     */
    @Test
    void everyAlgorithmHasItsOwnLook() {
        Set<Charts.Look> seen = new HashSet<>();
        for (Algorithm a : Algorithms.all()) {
            assertTrue(seen.add(Charts.look(a)), a.name() + " looks like another algorithm");
            assertEquals(Charts.look(a), Charts.look(a));
        }
    }

    /**
     * Rows of several families get a panel image besides the chart with everything; rows of one
     * family do not.
     */
    @Test
    void mixedFamiliesGetPanels(@TempDir Path dir) throws IOException {
        List<ResultRow> rows = new ArrayList<>();
        for (String a : new String[] {"campos-carvalho", "token-ring", "lamport"}) {
            for (int n : new int[] {7, 13}) {
                rows.add(row(a, n));
            }
        }
        List<Path> files = Charts.write(rows, Files.createDirectories(dir.resolve("mixed")));
        assertTrue(
                files.contains(dir.resolve("mixed").resolve("messages-vs-n_p0.1_L1_by-family.png")), files.toString());
        BufferedImage grid = ImageIO.read(dir.resolve("mixed")
                .resolve("messages-vs-n_p0.1_L1_by-family.png")
                .toFile());
        assertEquals(2 * 900, grid.getWidth()); // three families: two columns of 900-pixel panels, two rows
        assertEquals(2 * 560, grid.getHeight());
        List<Path> one = Charts.write(
                List.of(row("lamport", 7), row("ricart-agrawala", 7)), Files.createDirectories(dir.resolve("one")));
        assertTrue(one.stream().noneMatch(p -> p.toString().contains("by-family")), one.toString());
    }

    private static ResultRow row(String algorithm, int n) {
        return new ResultRow(
                algorithm, n, 0.1, 1, 1, 1000, 100, 0, false, true, 3.0 * n, 2.0 * n, 8.0 * n, 10, 9, 20, 30, 2, 0.5,
                0.9, 2, 4, "uniform", "fixed", 0, 1, 1, 0);
    }
}
