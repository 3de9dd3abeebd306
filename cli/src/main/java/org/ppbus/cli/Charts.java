package org.ppbus.cli;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The sweep's plots, one series per algorithm, each point the mean over seeds with its 95%
 * confidence interval when there are several seeds: messages per entry against n on log–log axes
 * (one chart per load and latency), and wait and bus utilisation against load on a log load axis
 * (one chart per n and latency). Each algorithm keeps its colour and marker in every chart (its
 * place in the registry picks them); values a log axis cannot show are named in the title. Each
 * chart is written as PNG and SVG, each file atomically.
 */
final class Charts {
    private Charts() {
    }

    /** Writes every chart into dir and returns the files written. */
    static List<Path> write(List<ResultRow> rows, Path dir) throws IOException {
        System.setProperty("java.awt.headless", "true");
        List<Path> files = new ArrayList<>();
        Map<String, List<ResultRow>> byLoad = group(rows, r -> "p" + r.load() + "_L" + r.latency());
        for (Map.Entry<String, List<ResultRow>> e : byLoad.entrySet()) {
            ResultRow any = e.getValue().get(0);
            XYChart c = chart("Messages per entry against n (load " + any.load() + ", L = " + any.latency() + ")",
                    "n (nodes)", "messages per entry");
            c.getStyler().setXAxisLogarithmic(true);
            c.getStyler().setYAxisLogarithmic(true);
            series(c, e.getValue(), r -> r.nodes(), ResultRow::messagesPerEntry, true);
            files.addAll(save(c, dir.resolve("messages-vs-n_" + e.getKey())));
        }
        Map<String, List<ResultRow>> byN = group(rows, r -> "n" + r.nodes() + "_L" + r.latency());
        for (Map.Entry<String, List<ResultRow>> e : byN.entrySet()) {
            ResultRow any = e.getValue().get(0);
            String where = "(n = " + any.nodes() + ", L = " + any.latency() + ")";
            XYChart w = chart("Mean wait against load " + where, "load (requests per thinking cycle)", "mean wait (cycles)");
            w.getStyler().setXAxisLogarithmic(true);
            series(w, e.getValue(), ResultRow::load, ResultRow::waitMean, true);
            files.addAll(save(w, dir.resolve("wait-vs-load_" + e.getKey())));
            XYChart u = chart("Bus utilisation against load " + where, "load (requests per thinking cycle)", "bus utilisation");
            u.getStyler().setXAxisLogarithmic(true);
            series(u, e.getValue(), ResultRow::load, ResultRow::busUtilization, true);
            files.addAll(save(u, dir.resolve("utilisation-vs-load_" + e.getKey())));
        }
        return files;
    }

    private static Map<String, List<ResultRow>> group(List<ResultRow> rows, java.util.function.Function<ResultRow, String> key) {
        Map<String, List<ResultRow>> m = new TreeMap<>();
        for (ResultRow r : rows) {
            m.computeIfAbsent(key.apply(r), k -> new ArrayList<>()).add(r);
        }
        return m;
    }

    private static XYChart chart(String title, String x, String y) {
        XYChart c = new XYChartBuilder().width(900).height(560).title(title).xAxisTitle(x).yAxisTitle(y).build();
        c.getStyler().setLegendPosition(org.knowm.xchart.style.Styler.LegendPosition.OutsideE);
        c.getStyler().setChartBackgroundColor(java.awt.Color.WHITE);
        return c;
    }

    /** Colours that stay apart on white; with the markers below, 40 algorithms get distinct looks. */
    private static final java.awt.Color[] COLOURS = {new java.awt.Color(0x1f77b4), new java.awt.Color(0xd62728),
        new java.awt.Color(0x2ca02c), new java.awt.Color(0x9467bd), new java.awt.Color(0xff7f0e), new java.awt.Color(0x8c564b),
        new java.awt.Color(0xe377c2), new java.awt.Color(0x17becf), new java.awt.Color(0x7f7f7f), new java.awt.Color(0xbcbd22)};
    private static final org.knowm.xchart.style.markers.Marker[] MARKERS = {SeriesMarkers.CIRCLE, SeriesMarkers.SQUARE,
        SeriesMarkers.DIAMOND, SeriesMarkers.TRIANGLE_UP};

    /**
     * One series per algorithm, x ascending, y the mean over seeds with a 95% confidence interval
     * (Student's t) when there are several seeds. On log axes a point at or below 0 cannot be drawn;
     * the algorithms that lose points that way are named in the title.
     */
    private static void series(XYChart c, List<ResultRow> rows, ToDoubleFunction<ResultRow> x, ToDoubleFunction<ResultRow> y,
                               boolean log) {
        Map<String, TreeMap<Double, org.apache.commons.math3.stat.descriptive.SummaryStatistics>> byAlgorithm = new TreeMap<>();
        for (ResultRow r : rows) {
            byAlgorithm.computeIfAbsent(r.algorithm(), k -> new TreeMap<>())
                    .computeIfAbsent(x.applyAsDouble(r), k -> new org.apache.commons.math3.stat.descriptive.SummaryStatistics())
                    .addValue(y.applyAsDouble(r));
        }
        List<String> undrawn = new ArrayList<>();
        List<String> order = org.ppbus.registry.Algorithms.names();
        for (Map.Entry<String, TreeMap<Double, org.apache.commons.math3.stat.descriptive.SummaryStatistics>> e : byAlgorithm.entrySet()) {
            List<Double> xs = new ArrayList<>();
            List<Double> ys = new ArrayList<>();
            List<Double> bars = new ArrayList<>();
            e.getValue().forEach((xv, st) -> {
                double mean = st.getMean();
                if (!log || (xv > 0 && mean > 0)) {
                    xs.add(xv);
                    ys.add(mean);
                    bars.add(halfWidth(st));
                }
            });
            if (xs.size() < e.getValue().size()) {
                undrawn.add(e.getKey());
            }
            if (!xs.isEmpty()) {
                int k = Math.max(0, order.indexOf(e.getKey()));
                org.knowm.xchart.XYSeries s = bars.stream().anyMatch(b -> b > 0) ? c.addSeries(e.getKey(), xs, ys, bars)
                        : c.addSeries(e.getKey(), xs, ys);
                s.setMarker(MARKERS[(k / COLOURS.length) % MARKERS.length]);
                s.setMarkerColor(COLOURS[k % COLOURS.length]);
                s.setLineColor(COLOURS[k % COLOURS.length]);
            }
        }
        if (!undrawn.isEmpty()) {
            c.setTitle(c.getTitle() + " (values at 0 not drawn: " + String.join(", ", undrawn) + ")");
        }
    }

    /** Half the 95% confidence interval of a mean over seeds; 0 with fewer than two seeds. */
    static double halfWidth(org.apache.commons.math3.stat.descriptive.SummaryStatistics st) {
        if (st.getN() < 2) {
            return 0;
        }
        double t = new org.apache.commons.math3.distribution.TDistribution(st.getN() - 1).inverseCumulativeProbability(0.975);
        return t * st.getStandardDeviation() / Math.sqrt(st.getN());
    }

    private static List<Path> save(XYChart c, Path base) throws IOException {
        Path png = base.resolveSibling(base.getFileName() + ".png");
        Path svg = base.resolveSibling(base.getFileName() + ".svg");
        atomically(png, BitmapEncoder.getBitmapBytes(c, BitmapEncoder.BitmapFormat.PNG));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        VectorGraphicsEncoder.saveVectorGraphic(c, out, VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
        atomically(svg, out.toByteArray());
        return List.of(png, svg);
    }

    private static void atomically(Path target, byte[] bytes) throws IOException {
        Path tmp = target.resolveSibling("." + target.getFileName() + "." + ProcessHandle.current().pid() + ".tmp");
        Files.write(tmp, bytes);
        Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
