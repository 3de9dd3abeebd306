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
 * The sweep's plots, one series per algorithm, each point the mean over seeds: messages per entry
 * against n on log–log axes (one chart per load and latency), and wait and bus utilisation against
 * load (one chart per n and latency). Each chart is written as PNG and SVG, each file atomically.
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
            series(w, e.getValue(), ResultRow::load, ResultRow::waitMean, false);
            files.addAll(save(w, dir.resolve("wait-vs-load_" + e.getKey())));
            XYChart u = chart("Bus utilisation against load " + where, "load (requests per thinking cycle)", "bus utilisation");
            series(u, e.getValue(), ResultRow::load, ResultRow::busUtilization, false);
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

    /** One series per algorithm, x ascending, y averaged over seeds; log axes skip values ≤ 0. */
    private static void series(XYChart c, List<ResultRow> rows, ToDoubleFunction<ResultRow> x, ToDoubleFunction<ResultRow> y,
                               boolean log) {
        Map<String, TreeMap<Double, double[]>> byAlgorithm = new TreeMap<>();
        for (ResultRow r : rows) {
            double[] acc = byAlgorithm.computeIfAbsent(r.algorithm(), k -> new TreeMap<>())
                    .computeIfAbsent(x.applyAsDouble(r), k -> new double[2]);
            acc[0] += y.applyAsDouble(r);
            acc[1]++;
        }
        for (Map.Entry<String, TreeMap<Double, double[]>> e : byAlgorithm.entrySet()) {
            List<Double> xs = new ArrayList<>();
            List<Double> ys = new ArrayList<>();
            e.getValue().forEach((xv, acc) -> {
                double mean = acc[0] / acc[1];
                if (!log || (xv > 0 && mean > 0)) {
                    xs.add(xv);
                    ys.add(mean);
                }
            });
            if (!xs.isEmpty()) {
                c.addSeries(e.getKey(), xs, ys).setMarker(SeriesMarkers.CIRCLE);
            }
        }
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
