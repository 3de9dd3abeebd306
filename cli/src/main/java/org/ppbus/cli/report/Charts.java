package org.ppbus.cli.report;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import javax.imageio.ImageIO;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.descriptive.SummaryStatistics;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.Marker;
import org.knowm.xchart.style.markers.SeriesMarkers;
import org.ppbus.io.AtomicFile;
import org.ppbus.protocol.descriptor.Algorithm;
import org.ppbus.protocol.descriptor.Family;
import org.ppbus.registry.Algorithms;

/**
 * The sweep's plots, one series per algorithm, each point the mean over seeds with its 95%
 * confidence interval when there are several seeds: messages per entry against n on log–log axes
 * (one chart per load and latency), and wait and bus utilisation against load on a log load axis
 * (one chart per n and latency). Each algorithm keeps its colour and marker in every chart (its
 * family and its place in the registry pick them); values a log axis cannot show are named in the title. Each
 * chart is written as PNG and SVG, each file atomically; a chart that mixes families of algorithms
 * also gets a PNG with one panel per family ({@code _by-family.png}).
 */
public final class Charts {
    private Charts() {}

    /** Draws one chart of some rows, its title completed by a suffix. */
    private interface Figure {
        XYChart draw(List<ResultRow> rows, String titleSuffix);
    }

    /** Writes every chart into dir and returns the files written. */
    public static List<Path> write(List<ResultRow> rows, Path dir) throws IOException {
        System.setProperty("java.awt.headless", "true");
        List<Path> files = new ArrayList<>();
        Map<String, List<ResultRow>> byLoad = group(rows, r -> "p" + r.load() + "_L" + r.latency());
        for (Map.Entry<String, List<ResultRow>> e : byLoad.entrySet()) {
            ResultRow any = e.getValue().get(0);
            files.addAll(figure(e.getValue(), dir.resolve("messages-vs-n_" + e.getKey()), (rs, suffix) -> {
                XYChart c = chart(
                        "Messages per entry against n (load " + any.load() + ", L = " + any.latency() + ")" + suffix,
                        "n (nodes)",
                        "messages per entry");
                c.getStyler().setXAxisLogarithmic(true);
                c.getStyler().setYAxisLogarithmic(true);
                series(c, rs, r -> r.nodes(), ResultRow::messagesPerEntry, true);
                return c;
            }));
        }
        Map<String, List<ResultRow>> byN = group(rows, r -> "n" + r.nodes() + "_L" + r.latency());
        for (Map.Entry<String, List<ResultRow>> e : byN.entrySet()) {
            ResultRow any = e.getValue().get(0);
            String where = "(n = " + any.nodes() + ", L = " + any.latency() + ")";
            files.addAll(figure(e.getValue(), dir.resolve("wait-vs-load_" + e.getKey()), (rs, suffix) -> {
                XYChart w = chart(
                        "Mean wait against load " + where + suffix,
                        "load (requests per thinking cycle)",
                        "mean wait (cycles)");
                w.getStyler().setXAxisLogarithmic(true);
                series(w, rs, ResultRow::load, ResultRow::waitMean, true);
                return w;
            }));
            files.addAll(figure(e.getValue(), dir.resolve("utilisation-vs-load_" + e.getKey()), (rs, suffix) -> {
                XYChart u = chart(
                        "Bus utilisation against load " + where + suffix,
                        "load (requests per thinking cycle)",
                        "bus utilisation");
                u.getStyler().setXAxisLogarithmic(true);
                series(u, rs, ResultRow::load, ResultRow::busUtilization, true);
                return u;
            }));
        }
        return files;
    }

    /**
     * A chart with every algorithm (PNG and SVG) and, when the rows span several families, a PNG of
     * panels, one per family, each with Campos–Carvalho drawn too as the common reference: thirty
     * lines in one legend cannot be told apart, six in a panel can.
     */
    private static List<Path> figure(List<ResultRow> rows, Path base, Figure f) throws IOException {
        List<Path> files = new ArrayList<>(save(f.draw(rows, ""), base));
        Map<Family, List<ResultRow>> byFamily = new EnumMap<>(Family.class);
        for (ResultRow r : rows) {
            Algorithms.find(r.algorithm())
                    .ifPresent(a -> byFamily.computeIfAbsent(a.family(), k -> new ArrayList<>())
                            .add(r));
        }
        if (byFamily.size() < 2) {
            return files;
        }
        String reference = Algorithms.campos().name();
        List<BufferedImage> panels = new ArrayList<>();
        for (Map.Entry<Family, List<ResultRow>> e : byFamily.entrySet()) {
            List<ResultRow> panel = new ArrayList<>(e.getValue());
            if (e.getKey() != Algorithms.campos().family()) {
                rows.stream().filter(r -> r.algorithm().equals(reference)).forEach(panel::add);
            }
            XYChart c = f.draw(panel, " - " + e.getKey().label() + " family");
            c.getStyler().setLegendPosition(Styler.LegendPosition.InsideNW);
            panels.add(BitmapEncoder.getBufferedImage(c));
        }
        int columns = 2;
        int w = panels.get(0).getWidth();
        int h = panels.get(0).getHeight();
        int rowsOfPanels = (panels.size() + columns - 1) / columns;
        BufferedImage grid = new BufferedImage(columns * w, rowsOfPanels * h, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = grid.createGraphics();
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, grid.getWidth(), grid.getHeight());
        for (int i = 0; i < panels.size(); i++) {
            g.drawImage(panels.get(i), (i % columns) * w, (i / columns) * h, null);
        }
        g.dispose();
        ByteArrayOutputStream png = new ByteArrayOutputStream();
        ImageIO.write(grid, "png", png);
        Path file = base.resolveSibling(base.getFileName() + "_by-family.png");
        AtomicFile.write(file, png.toByteArray());
        files.add(file);
        return files;
    }

    private static Map<String, List<ResultRow>> group(List<ResultRow> rows, Function<ResultRow, String> key) {
        Map<String, List<ResultRow>> m = new TreeMap<>();
        for (ResultRow r : rows) {
            m.computeIfAbsent(key.apply(r), k -> new ArrayList<>()).add(r);
        }
        return m;
    }

    private static XYChart chart(String title, String x, String y) {
        XYChart c = new XYChartBuilder()
                .width(900)
                .height(560)
                .title(title)
                .xAxisTitle(x)
                .yAxisTitle(y)
                .build();
        c.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
        c.getStyler().setChartBackgroundColor(Color.WHITE);
        return c;
    }

    /** Colours that stay apart on white; with the markers below, 40 algorithms get distinct looks. */
    private static final Color[] COLOURS = {
        new Color(0x1f77b4),
        new Color(0xd62728),
        new Color(0x2ca02c),
        new Color(0x9467bd),
        new Color(0xff7f0e),
        new Color(0x8c564b),
        new Color(0xe377c2),
        new Color(0x17becf),
        new Color(0x7f7f7f),
        new Color(0xbcbd22),
        // Added for the algorithms of more than one bus, after the first ten so that those keep
        // their colours: the quorum family has 15 members.
        new Color(0xaec7e8),
        new Color(0xff9896),
        new Color(0x98df8a),
        new Color(0xc5b0d5),
        new Color(0xffbb78),
        new Color(0xc49c94)
    };
    /** One marker per family, in the order of {@link Family}. */
    private static final Marker[] MARKERS = {
        SeriesMarkers.SQUARE,
        SeriesMarkers.DIAMOND,
        SeriesMarkers.TRIANGLE_UP,
        SeriesMarkers.TRIANGLE_DOWN,
        SeriesMarkers.CIRCLE,
        SeriesMarkers.CROSS
    };

    /** How an algorithm's series looks. */
    record Look(Marker marker, Color colour) {}

    /**
     * An algorithm's look, the same in every chart: its family's marker, and a colour by its place
     * among its family in the registry, so that a family panel never repeats one (up to ten
     * members); Campos–Carvalho, the reference in every panel, is black.
     */
    static Look look(Algorithm a) {
        Color colour;
        if (a == Algorithms.campos()) {
            colour = Color.BLACK;
        } else {
            List<Algorithm> relatives = Algorithms.all().stream()
                    .filter(o -> o.family() == a.family() && o != Algorithms.campos())
                    .toList();
            colour = COLOURS[relatives.indexOf(a) % COLOURS.length];
        }
        return new Look(MARKERS[a.family().ordinal() % MARKERS.length], colour);
    }

    private static void style(XYSeries s, String algorithm) {
        Algorithms.find(algorithm).map(Charts::look).ifPresent(l -> {
            s.setMarker(l.marker());
            s.setMarkerColor(l.colour());
            s.setLineColor(l.colour());
        });
    }

    /**
     * One series per algorithm, x ascending, y the mean over seeds with a 95% confidence interval
     * (Student's t) when there are several seeds. On log axes a point at or below 0 cannot be drawn;
     * the algorithms that lose points that way are named in the title.
     */
    private static void series(
            XYChart c,
            List<ResultRow> rows,
            ToDoubleFunction<ResultRow> x,
            ToDoubleFunction<ResultRow> y,
            boolean log) {
        // In the registry's order, so that every legend lists the algorithms alike.
        Map<String, TreeMap<Double, SummaryStatistics>> byAlgorithm = new TreeMap<>(
                Comparator.comparingInt((String a) -> Algorithms.names().indexOf(a))
                        .thenComparing(Comparator.naturalOrder()));
        for (ResultRow r : rows) {
            byAlgorithm
                    .computeIfAbsent(r.algorithm(), k -> new TreeMap<>())
                    .computeIfAbsent(x.applyAsDouble(r), k -> new SummaryStatistics())
                    .addValue(y.applyAsDouble(r));
        }
        List<String> undrawn = new ArrayList<>();
        boolean[] clipped = {false};
        for (Map.Entry<String, TreeMap<Double, SummaryStatistics>> e : byAlgorithm.entrySet()) {
            List<Double> xs = new ArrayList<>();
            List<Double> ys = new ArrayList<>();
            List<Double> bars = new ArrayList<>();
            e.getValue().forEach((xv, st) -> {
                double mean = st.getMean();
                if (!log || (xv > 0 && mean > 0)) {
                    xs.add(xv);
                    ys.add(mean);
                    double bar = halfWidth(st);
                    // A log axis cannot draw an interval that reaches 0: it is cut short, and the title says so.
                    if (log && c.getStyler().isYAxisLogarithmic() && bar >= mean) {
                        bar = mean * 0.99;
                        clipped[0] = true;
                    }
                    bars.add(bar);
                }
            });
            if (xs.size() < e.getValue().size()) {
                undrawn.add(e.getKey());
            }
            if (!xs.isEmpty()) {
                XYSeries s = bars.stream().anyMatch(b -> b > 0)
                        ? c.addSeries(e.getKey(), xs, ys, bars)
                        : c.addSeries(e.getKey(), xs, ys);
                style(s, e.getKey());
            }
        }
        if (!undrawn.isEmpty()) {
            c.setTitle(c.getTitle() + " (values at 0 not drawn: " + String.join(", ", undrawn) + ")");
        }
        if (clipped[0]) {
            c.setTitle(c.getTitle() + " (confidence intervals reaching 0 cut short)");
        }
    }

    /** Half the 95% confidence interval of a mean over seeds; 0 with fewer than two seeds. */
    static double halfWidth(SummaryStatistics st) {
        if (st.getN() < 2) {
            return 0;
        }
        double t = new TDistribution(st.getN() - 1).inverseCumulativeProbability(0.975);
        return t * st.getStandardDeviation() / Math.sqrt(st.getN());
    }

    private static List<Path> save(XYChart c, Path base) throws IOException {
        Path png = base.resolveSibling(base.getFileName() + ".png");
        Path svg = base.resolveSibling(base.getFileName() + ".svg");
        AtomicFile.write(png, BitmapEncoder.getBitmapBytes(c, BitmapEncoder.BitmapFormat.PNG));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        VectorGraphicsEncoder.saveVectorGraphic(c, out, VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
        AtomicFile.write(svg, out.toByteArray());
        return List.of(png, svg);
    }
}
