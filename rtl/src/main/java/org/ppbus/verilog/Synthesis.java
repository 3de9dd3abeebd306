package org.ppbus.verilog;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Yosys {@code synth_ice40} on a generated design, and optionally nextpnr-ice40 on HX8K for Fmax.
 *
 * <p>Synthesis is hierarchical ({@code -noflatten}): every distinct module is mapped once. Flattened
 * synthesis of n = 57 ran for minutes without finishing, hierarchical synthesis takes seconds; the
 * price is that no optimisation crosses a module boundary, so the counts are slightly pessimistic.
 * The mapped netlist is flattened afterwards for the totals and for place and route.
 */
public final class Synthesis {
    /** Logic cells of the iCE40 HX8K. */
    public static final int HX8K_LOGIC_CELLS = 7680;

    /** Cell counts. */
    public record Cells(long lut4, long carry, long dff) {
        /** These cells and {@code other}'s together. */
        public Cells plus(Cells other) {
            return new Cells(lut4 + other.lut4, carry + other.carry, dff + other.dff);
        }

        static Cells of(JsonNode byType) {
            long lut = 0;
            long carry = 0;
            long dff = 0;
            for (Iterator<Map.Entry<String, JsonNode>> it = byType.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                String t = e.getKey();
                long v = e.getValue().asLong();
                if (t.equals("SB_LUT4")) {
                    lut += v;
                } else if (t.equals("SB_CARRY")) {
                    carry += v;
                } else if (t.startsWith("SB_DFF")) {
                    dff += v;
                }
            }
            return new Cells(lut, carry, dff);
        }
    }

    /** One mapped module: its own cells, without those of its submodules. */
    public record Module(String name, Cells cells) {}

    /**
     * @param fmaxMhz post-route Fmax, or null when place and route was not run or did not succeed
     * @param pnrNote why there is no Fmax, or the nextpnr summary
     */
    public record Result(Cells total, List<Module> modules, Double fmaxMhz, String pnrNote) {
        public boolean fitsHx8k() {
            return total.lut4() <= HX8K_LOGIC_CELLS && total.dff() <= HX8K_LOGIC_CELLS;
        }
    }

    private Synthesis() {}

    public static Result run(GeneratedDesign design, Path dir, boolean placeAndRoute) throws IOException {
        return run(design, "ppbus_top", dir, placeAndRoute);
    }

    /** As above for a design whose top module is {@code top}. */
    public static Result run(GeneratedDesign design, String top, Path dir, boolean placeAndRoute) throws IOException {
        design.writeTo(dir);
        // The parameters of each derived module, from a run of its own: running hierarchy inside
        // the synthesis script changes the order ABC sees the netlist in, and with it a few LUTs.
        ExternalTool.Result h = ExternalTool.run(
                dir,
                600,
                "yosys",
                "-q",
                "-p",
                "read_verilog " + String.join(" ", design.sources()) + "; tee -q -o hierarchy.log hierarchy -top "
                        + top);
        if (h.exitCode() != 0) {
            throw new IOException("yosys failed: " + ExternalTool.lastLines(h.output(), 5));
        }
        String script = "read_verilog " + String.join(" ", design.sources())
                + "; synth_ice40 -noflatten -top " + top + "; tee -q -o modules.json stat -json"
                + "; flatten; tee -q -o total.json stat -json; write_json netlist.json";
        ExternalTool.Result y = ExternalTool.run(dir, 3600, "yosys", "-q", "-p", script);
        // The logs stay with the design, so a kept folder shows what each tool said.
        Files.writeString(dir.resolve("yosys.log"), y.output());
        if (y.exitCode() != 0) {
            throw new IOException("yosys failed: " + ExternalTool.lastLines(y.output(), 5));
        }
        ObjectMapper m = new ObjectMapper();
        Cells total =
                Cells.of(readStat(m, dir.resolve("total.json")).path("design").path("num_cells_by_type"));
        List<Module> modules = modules(m, dir);
        if (!placeAndRoute) {
            return new Result(total, modules, null, "not run (--no-pnr)");
        }
        if (!ExternalTool.available("nextpnr-ice40")) {
            return new Result(total, modules, null, "nextpnr-ice40 is not installed (apt-get install nextpnr-ice40)");
        }
        if (total.lut4() > HX8K_LOGIC_CELLS) {
            return new Result(
                    total,
                    modules,
                    null,
                    "does not fit HX8K: needs " + total.lut4() + " LUT4, the device has " + HX8K_LOGIC_CELLS
                            + " logic cells");
        }
        return placeAndRoute(dir, total, modules);
    }

    /** Each module's own cells, named with its parameters. */
    private static List<Module> modules(ObjectMapper m, Path dir) throws IOException {
        List<Module> modules = new ArrayList<>();
        JsonNode mods = readStat(m, dir.resolve("modules.json")).path("modules");
        Map<String, String> parameters = parameters(Files.readString(dir.resolve("hierarchy.log")));
        for (Iterator<Map.Entry<String, JsonNode>> it = mods.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            String name = parameters.getOrDefault(e.getKey(), readableName(e.getKey()));
            modules.add(new Module(name, Cells.of(e.getValue().path("num_cells_by_type"))));
        }
        return modules;
    }

    /** nextpnr-ice40 on HX8K with seed 1: the post-route Fmax, or why there is none. */
    private static Result placeAndRoute(Path dir, Cells total, List<Module> modules) throws IOException {
        ExternalTool.Result p = ExternalTool.run(
                dir,
                3600,
                "nextpnr-ice40",
                "--hx8k",
                "--package",
                "ct256",
                "--json",
                "netlist.json",
                "--pcf-allow-unconstrained",
                "--freq",
                "100",
                "--timing-allow-fail",
                "--seed",
                "1");
        Files.writeString(dir.resolve("nextpnr.log"), p.output());
        Double fmax = null;
        Matcher fm = Pattern.compile("Max frequency for clock\\s+'[^']*':\\s+([0-9.]+) MHz")
                .matcher(p.output());
        while (fm.find()) {
            fmax = Double.parseDouble(fm.group(1)); // the last one is post-route
        }
        if (p.exitCode() != 0 || fmax == null) {
            return new Result(total, modules, null, "nextpnr-ice40 failed: " + ExternalTool.lastLines(p.output(), 3));
        }
        return new Result(total, modules, fmax, "nextpnr-ice40 --hx8k --package ct256 --seed 1");
    }

    /**
     * Reads Yosys' {@code stat -json}. Yosys 0.23 also prints the text of the design hierarchy
     * ("name count" lines) into that JSON when the design has submodules; such lines are dropped.
     */
    static JsonNode readStat(ObjectMapper m, Path file) throws IOException {
        StringBuilder json = new StringBuilder();
        for (String line : Files.readAllLines(file)) {
            if (!line.matches("\\s+[^\"\\s]+\\s+\\d+\\s*")) {
                json.append(line).append('\n');
            }
        }
        return m.readTree(json.toString());
    }

    /**
     * The modules Yosys derived with parameters, by the name it gave them, as {@code ppbus_outq W=8
     * BUSY=0}: read from the log of {@code hierarchy}, which lists each derived module's parameters
     * before the line that names it. A module with several parameters is otherwise named by a hash.
     */
    static Map<String, String> parameters(String hierarchyLog) {
        Map<String, String> names = new HashMap<>();
        StringBuilder params = new StringBuilder();
        Matcher line = Pattern.compile(
                        "(?m)^(?:Parameter \\\\(\\w+) = (.*)|Generating RTLIL representation for module `(\\$paramod[^']*\\\\(\\w+))'\\.|(.*derive mode.*))$")
                .matcher(hierarchyLog);
        while (line.find()) {
            if (line.group(5) != null) {
                params.setLength(0); // each derivation lists its parameters anew
            } else if (line.group(1) != null) {
                params.append(' ')
                        .append(line.group(1))
                        .append('=')
                        .append(line.group(2).trim());
            } else {
                names.put(line.group(3), line.group(4) + params);
                params.setLength(0);
            }
        }
        return names;
    }

    /**
     * {@code $paramod\ppbus_client\K=s32'...0100} becomes {@code ppbus_client K=4}. Yosys names a
     * module with several parameters by a hash instead ({@code $paramod$5d3c...\ppbus_healclock}),
     * which becomes {@code ppbus_healclock #5d3ce2}: the parameters are not in the name.
     */
    static String readableName(String yosysName) {
        Matcher pm =
                Pattern.compile("\\$paramod\\\\(\\w+)\\\\(\\w+)=s32'([01]+)").matcher(yosysName);
        if (pm.find()) {
            return pm.group(1) + " " + pm.group(2) + "=" + Long.parseLong(pm.group(3), 2);
        }
        Matcher hashed = Pattern.compile("^\\$paramod\\$([0-9a-f]{6})[0-9a-f]*\\\\(\\w+)$")
                .matcher(yosysName);
        if (hashed.find()) {
            return hashed.group(2) + " #" + hashed.group(1);
        }
        return yosysName.startsWith("\\") ? yosysName.substring(1) : yosysName;
    }
}
