package org.ppbus.cli.report;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import org.ppbus.cli.console.WorkFolder;
import org.ppbus.verilog.Designs;
import org.ppbus.verilog.GeneratedDesign;
import org.ppbus.verilog.Synthesis;
import org.ppbus.verilog.SystemBus;
import org.ppbus.verilog.TimingHarness;

/**
 * What each bus of {@code generate --bus} costs at n masters ({@code ppbus size}'s second table):
 * the interconnect's own cells (Yosys synth_ice40, hierarchical, at its default widths: AW = 16,
 * DW = 32), and the Fmax of the bus around the central round robin on HX8K with every port
 * registered ({@link TimingHarness}), since no bus of 4 masters or more fits the package's pins.
 */
public final class BusWrapperTable {
    private BusWrapperTable() {}

    /** The arbiter every bus is measured around: the smallest, so that the bus's own paths show. */
    public static final String ARBITER = "central-rr";

    /** One bus: the interconnect's own cells, the arbiter's, and the Fmax or why there is none. */
    public record Row(SystemBus.Mode bus, Synthesis.Cells own, Synthesis.Cells arbiter, Double fmaxMhz, String note) {}

    /** Measures every bus at n masters, reporting each as it starts; stops before the next when asked. */
    public static List<Row> measure(int nodes, boolean pnr, Consumer<String> progress, BooleanSupplier stop)
            throws IOException {
        List<Row> rows = new ArrayList<>();
        for (SystemBus.Mode mode : SystemBus.Mode.values()) {
            if (stop.getAsBoolean()) {
                break;
            }
            progress.accept("--bus " + mode.option);
            try {
                rows.add(row(mode, nodes, pnr));
            } catch (IOException e) {
                if (!stop.getAsBoolean()) {
                    throw e;
                }
            }
        }
        return rows;
    }

    private static Row row(SystemBus.Mode mode, int nodes, boolean pnr) throws IOException {
        GeneratedDesign bus = SystemBus.around(
                Designs.generate(ARBITER, nodes, 1, "ppbus size"), nodes, new SystemBus.Run(1, 1), mode);
        try (WorkFolder f = WorkFolder.open(null, "ppbus-size-bus")) {
            GeneratedDesign timed = TimingHarness.around(bus, mode.top, f.dir().resolve("ports"));
            Synthesis.Result r = Synthesis.run(timed, TimingHarness.TOP, f.dir().resolve("synth"), pnr);
            return new Row(mode, own(r, mode.top), arbiter(r, mode.top), r.fmaxMhz(), r.pnrNote());
        }
    }

    private static Synthesis.Cells own(Synthesis.Result r, String module) throws IOException {
        return r.modules().stream()
                .filter(m -> m.name().equals(module))
                .map(Synthesis.Module::cells)
                .findFirst()
                .orElseThrow(() -> new IOException("no module " + module + " in the synthesised bus"));
    }

    /** The cells of every module but the interconnect and the harness: the arbiter's. */
    private static Synthesis.Cells arbiter(Synthesis.Result r, String interconnect) {
        return r.modules().stream()
                .filter(m -> !m.name().equals(interconnect) && !m.name().equals(TimingHarness.TOP))
                .map(Synthesis.Module::cells)
                .reduce(new Synthesis.Cells(0, 0, 0), Synthesis.Cells::plus);
    }

    /** The table as text, after {@code ppbus size}'s main table. */
    public static String text(int nodes, List<Row> rows) {
        StringBuilder b = new StringBuilder();
        b.append(String.format(
                Locale.ROOT,
                "%nbuses (generate --bus) at n=%d: the interconnect's own cells (AW=16, DW=32); Fmax with %s, every port"
                        + " registered%n",
                nodes,
                ARBITER));
        b.append(String.format(Locale.ROOT, "%-20s %6s %5s %11s %6s%n", "bus", "LUT4", "DFF", "arbiter LUT4", "Fmax"));
        for (Row r : rows) {
            b.append(String.format(
                    Locale.ROOT,
                    "%-20s %6d %5d %11d %6s%n",
                    r.bus().option,
                    r.own().lut4(),
                    r.own().dff(),
                    r.arbiter().lut4(),
                    r.fmaxMhz() == null ? "-" : String.format(Locale.ROOT, "%.1f", r.fmaxMhz())));
        }
        for (Row r : rows) {
            if (r.fmaxMhz() == null) {
                b.append("  ")
                        .append(r.bus().option)
                        .append(": no Fmax, ")
                        .append(r.note())
                        .append('\n');
            }
        }
        return b.toString();
    }
}
