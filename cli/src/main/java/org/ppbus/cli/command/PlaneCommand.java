package org.ppbus.cli.command;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.ppbus.cli.options.Cli;
import org.ppbus.cli.options.Outputs;
import org.ppbus.cli.options.RunOption;
import org.ppbus.cli.options.UsageException;
import org.ppbus.cli.options.Version;
import org.ppbus.plane.Wiring;
import org.ppbus.testbench.Reports;

/** {@code ppbus plane}: the projective plane and padding used for n nodes, with the axioms checked. */
public final class PlaneCommand extends Command {
    @Override
    public String summary() {
        return "show the projective plane, its lines and fictitious points for n nodes; verify the axioms";
    }

    @Override
    protected Options options() {
        Options o = new Options();
        o.addOption(RunOption.NODES.requiredOption());
        o.addOption(Cli.jsonOption("the plane too"));
        return o;
    }

    @Override
    protected Help help() {
        return new Help(
                "ppbus plane --nodes N [--json FILE]",
                "Line S_i is the set of arbiters client i asks; i is always in S_i.");
    }

    @Override
    protected int execute(Invocation call) throws Exception {
        CommandLine cl = call.options();
        PrintStream out = call.text();
        PrintStream stdout = call.stdout();
        if (!cl.hasOption("nodes")) {
            throw new UsageException("--nodes is required");
        }
        int n = Cli.parseInt("nodes", cl.getOptionValue("nodes"));
        if (n < 1 || n > 4161) {
            throw new UsageException("--nodes must be in 1..4161, got " + n);
        }
        Wiring w = Wiring.forNodes(n);
        List<String> failures = w.plane().verifyAxioms();
        out.printf(
                "plane: order q=%d, N=%d points and lines, K=%d points per line, n=%d real nodes%n",
                w.plane().order(), w.points(), w.lineSize(), n);
        out.println("difference set D = " + Arrays.toString(w.plane().differenceSet()) + "  (S_i = i + D mod N)");
        out.println("fictitious points (arbiter only, no client): "
                + (w.fictitious().isEmpty() ? "none" : w.fictitious()));
        out.println("lines:");
        for (int i = 0; i < w.points(); i++) {
            out.printf("  S_%d = %s%s%n", i, Arrays.toString(w.arbitersOf(i)), i >= n ? "  (fictitious)" : "");
        }
        if (failures.isEmpty()) {
            out.println(
                    "axioms: ok (q+1 points per line, i in S_i, two points on exactly one line, two lines meet in exactly one point)");
        } else {
            out.println("axioms: FAILED");
            failures.forEach(f -> out.println("  " + f));
        }
        if (cl.hasOption("json")) {
            Outputs.write(cl.getOptionValue("json"), json(w, failures.isEmpty()) + "\n", stdout);
            if (!Outputs.STDOUT.equals(cl.getOptionValue("json"))) {
                out.println("json: " + cl.getOptionValue("json"));
            }
        }
        return failures.isEmpty() ? 0 : 1;
    }

    /** The plane as the JSON report gives it. */
    private static String json(Wiring w, boolean axiomsHold) throws IOException {
        ObjectNode root = Reports.header(Version.VERSION);
        root.put("order", w.plane().order());
        root.put("points", w.points());
        root.put("nodes", w.nodes());
        root.put("lineSize", w.lineSize());
        ArrayNode d = root.putArray("differenceSet");
        Arrays.stream(w.plane().differenceSet()).forEach(d::add);
        ArrayNode f = root.putArray("fictitious");
        w.fictitious().forEach(f::add);
        ArrayNode lines = root.putArray("lines");
        for (int i = 0; i < w.points(); i++) {
            ArrayNode l = lines.addArray();
            Arrays.stream(w.arbitersOf(i)).forEach(l::add);
        }
        root.put("axiomsHold", axiomsHold);
        return Reports.mapper().writeValueAsString(root);
    }
}
