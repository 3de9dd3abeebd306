package org.ppbus.cli.command;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.commons.cli.CommandLine;
import org.ppbus.cli.console.WorkFolder;
import org.ppbus.cli.options.Cli;
import org.ppbus.cli.options.Outputs;
import org.ppbus.cli.options.UsageException;
import org.ppbus.cli.options.Version;
import org.ppbus.plane.PrimePowers;
import org.ppbus.testbench.Reports;
import org.ppbus.verilog.CcVerilogGenerator;
import org.ppbus.verilog.ExternalTool;
import org.ppbus.verilog.Synthesis;

/**
 * {@code ppbus synth --node}: one node per plane order q, a client with q + 1 links and an arbiter
 * with q + 1 ports behind registered ports, synthesised and placed and routed alone on HX8K. The
 * node's own flip-flops are the design's less the port registers.
 */
final class NodeSynth {
    private NodeSynth() {}

    public record Row(int order, Synthesis.Result result, long lut4, long dff) {}

    static int run(CommandLine cl, PrintStream out, PrintStream stdout, PrintStream err) throws Exception {
        for (String o : new String[] {"nodes", "latency", "algorithm", "pnr"}) {
            if (cl.hasOption(o)) {
                throw new UsageException("--" + o + " does not apply to --node");
            }
        }
        List<Integer> orders = orders(cl);
        for (String tool : new String[] {"yosys", "nextpnr-ice40"}) {
            if (!ExternalTool.available(tool)) {
                err.println("ppbus synth: " + tool + " is not installed (apt-get install "
                        + ExternalTool.packageOf(tool) + ")");
                return 2;
            }
        }
        CcVerilogGenerator gen = new CcVerilogGenerator(Version.VERSION);
        out.println(
                "ppbus synth --node: one client and one arbiter with registered ports, iCE40 HX8K (nextpnr-ice40 --seed 1)");
        out.printf(Locale.ROOT, "%3s %5s %8s %8s %10s%n", "q", "K=P", "LUT4", "DFF", "Fmax MHz");
        List<Row> rows = new ArrayList<>();
        for (int q : orders) {
            Synthesis.Result r;
            try (WorkFolder f = WorkFolder.open(
                    cl.hasOption("keep") ? Path.of(cl.getOptionValue("keep"), "q" + q) : null, "ppbus-node")) {
                r = Synthesis.run(gen.node(q), "ppbus_node", f.dir(), true);
            }
            long dff = r.total().dff() - CcVerilogGenerator.nodePortRegisters(q);
            Row row = new Row(q, r, r.total().lut4(), dff);
            rows.add(row);
            out.printf(
                    Locale.ROOT,
                    "%3d %5d %8d %8d %10s%n",
                    q,
                    q + 1,
                    row.lut4(),
                    row.dff(),
                    r.fmaxMhz() == null ? "-" : String.format(Locale.ROOT, "%.1f", r.fmaxMhz()));
            if (r.fmaxMhz() == null) {
                out.println("    " + r.pnrNote());
            }
        }
        if (cl.hasOption("json")) {
            Outputs.write(cl.getOptionValue("json"), json(rows) + "\n", stdout);
        }
        return rows.stream().allMatch(r -> r.result().fmaxMhz() != null) ? 0 : 1;
    }

    /** --orders, each a prime power in 2..64. */
    private static List<Integer> orders(CommandLine cl) throws UsageException {
        List<Integer> orders = new ArrayList<>();
        for (String v : Cli.parseList("orders", cl.getOptionValue("orders", "2,3,4,5,7,8"))) {
            int q = Cli.parseInt("orders", v);
            if (q < 2 || q > 64 || !PrimePowers.isPrimePower(q)) {
                throw new UsageException("--orders takes prime powers in 2..64, got " + v);
            }
            orders.add(q);
        }
        return orders;
    }

    private static String json(List<Row> rows) throws IOException {
        ObjectNode root = Reports.header(Version.VERSION);
        root.put("device", "iCE40 HX8K");
        ArrayNode arr = root.putArray("nodes");
        for (Row row : rows) {
            ObjectNode o = arr.addObject();
            o.put("order", row.order());
            o.put("links", row.order() + 1);
            o.put("lut4", row.lut4());
            o.put("dff", row.dff());
            if (row.result().fmaxMhz() == null) {
                o.putNull("fmaxMhz");
            } else {
                o.put("fmaxMhz", row.result().fmaxMhz());
            }
            SynthCommand.putModules(o.putArray("modules"), row.result().modules());
        }
        return Reports.mapper().writeValueAsString(root);
    }
}
