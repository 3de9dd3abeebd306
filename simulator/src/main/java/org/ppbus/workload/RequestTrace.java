package org.ppbus.workload;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.CharacterCodingException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.ppbus.bus.BusSet;
import org.ppbus.bus.Demand;
import org.ppbus.bus.Need;

/**
 * A request trace: when each processor raised req and how long it then held the bus.
 *
 * <p>Format (text, UTF-8): lines starting with '#' are comments; the first must be
 * {@code # ppbus request trace v1}. A {@code # nodes N} comment gives the node count. Every other
 * line is {@code CYCLE NODE HOLD}: processor NODE raises req in cycle CYCLE and, once granted,
 * holds the bus for HOLD cycles. Lines are in non-decreasing cycle order. If a processor is still
 * busy at CYCLE, its request waits until it may raise req again.
 *
 * <p>Version 2 ({@code # ppbus request trace v2}, for runs with more than one bus or groups) adds two
 * fields: {@code CYCLE NODE HOLD H GROUP}, the buses the request needs and its group ({@code -} for
 * none). A trace whose every request needs one bus and no group is written as v1, and v1 still
 * reads, each request needing one bus.
 *
 * <p>Outside the contract (audit A3 only), {@code CYCLE NODE HOLD reenter} says that processor NODE,
 * whose previous transaction ends in cycle CYCLE, keeps req high and re-enters without a THINKING
 * cycle, then holds the bus for HOLD cycles. The exhaustive search writes such lines.
 */
public record RequestTrace(int nodes, List<Entry> entries) {
    public static final String HEADER = "# ppbus request trace v1";
    public static final String HEADER_V2 = "# ppbus request trace v2";

    /** One request; {@code reenter} marks a direct re-entry outside the contract. */
    public record Entry(long cycle, int node, int hold, boolean reenter, Need need) {
        public Entry(long cycle, int node, int hold, boolean reenter) {
            this(cycle, node, hold, reenter, Need.ONE);
        }

        public Entry(long cycle, int node, int hold) {
            this(cycle, node, hold, false);
        }
    }

    /** Whether some request needs more than one bus or has a group: the trace is then v2. */
    public boolean statesNeeds() {
        return entries.stream().anyMatch(e -> !e.need().equals(Need.ONE));
    }

    public static RequestTrace read(Path file) throws IOException {
        try {
            return readText(file);
        } catch (CharacterCodingException e) {
            throw new IOException(file + ": not a request trace (not UTF-8 text)");
        }
    }

    private static RequestTrace readText(Path file) throws IOException {
        List<Entry> entries = new ArrayList<>();
        int nodes = -1;
        try (BufferedReader r = Files.newBufferedReader(file)) {
            String line = r.readLine();
            if (line != null && line.startsWith("\uFEFF")) {
                line = line.substring(1); // a byte-order mark, as some editors write UTF-8; configs take it too
            }
            boolean v2 = line != null && line.trim().equals(HEADER_V2);
            if (line == null || !(line.trim().equals(HEADER) || v2)) {
                throw new IOException(
                        file + ": not a request trace (first line must be '" + HEADER + "' or '" + HEADER_V2 + "')");
            }
            int lineNo = 1;
            long last = -1;
            while ((line = r.readLine()) != null) {
                lineNo++;
                String t = line.trim();
                if (t.isEmpty()) {
                    continue;
                }
                if (t.startsWith("#")) {
                    String[] c = t.substring(1).trim().split("\\s+");
                    if (c.length == 2 && c[0].equals("nodes")) {
                        nodes = parseInt(c[1], file, lineNo);
                        if (nodes < 1) {
                            // Left as it was, a count below 1 read as "no count" and was silently replaced.
                            throw new IOException(file + ":" + lineNo + ": '# nodes' must be at least 1, got " + nodes);
                        }
                    }
                    continue;
                }
                String[] f = t.split("\\s+");
                int fields = v2 ? 5 : 3;
                if (f.length != fields && !(f.length == fields + 1 && f[fields].equals("reenter"))) {
                    String form = v2 ? "CYCLE NODE HOLD H GROUP" : "CYCLE NODE HOLD";
                    throw new IOException(file + ":" + lineNo + ": expected '" + form + "' or '" + form + " reenter'");
                }
                long cycle = parseLong(f[0], file, lineNo);
                int node = parseInt(f[1], file, lineNo);
                int hold = parseInt(f[2], file, lineNo);
                if (cycle < 1 || node < 0 || hold < 1 || hold > Demand.MAX_HOLD_CYCLES || cycle < last) {
                    throw new IOException(file + ":" + lineNo + ": need CYCLE >= 1 in order, NODE >= 0, HOLD from 1 to "
                            + Demand.MAX_HOLD_CYCLES);
                }
                last = cycle;
                entries.add(
                        new Entry(cycle, node, hold, f.length == fields + 1, v2 ? need(f, file, lineNo) : Need.ONE));
            }
        }
        int maxNode = entries.stream().mapToInt(Entry::node).max().orElse(-1);
        if (nodes < 0) {
            nodes = maxNode + 1;
        } else if (maxNode >= nodes) {
            throw new IOException(file + ": node " + maxNode + " is outside '# nodes " + nodes + "'");
        }
        return new RequestTrace(nodes, List.copyOf(entries));
    }

    /** A v2 line's H and GROUP: 1 to {@link BusSet#MAX_BUSES} buses, a group of 0 or more or '-'. */
    private static Need need(String[] f, Path file, int line) throws IOException {
        int h = parseInt(f[3], file, line);
        int group = f[4].equals("-") ? Need.NO_GROUP : parseInt(f[4], file, line);
        if (h < 1 || h > BusSet.MAX_BUSES || group < Need.NO_GROUP || f[4].equals("-1")) {
            throw new IOException(file + ":" + line + ": need H from 1 to " + BusSet.MAX_BUSES
                    + " and GROUP 0 or more, or '-' for none");
        }
        return new Need(h, group);
    }

    public void write(Writer w) throws IOException {
        w.write(text(""));
    }

    /**
     * The trace as a file's text, with {@code notes} (whole comment lines, each "# …\n") right after
     * the header line, where a reader sees first where the trace came from.
     */
    public String text(String notes) {
        StringWriter w = new StringWriter();
        try {
            writeLines(w, notes);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a StringWriter does not fail
        }
        return w.toString();
    }

    private void writeLines(Writer w, String notes) throws IOException {
        boolean v2 = statesNeeds();
        w.write((v2 ? HEADER_V2 : HEADER) + "\n");
        w.write(notes);
        w.write("# nodes " + nodes + "\n");
        w.write(v2 ? "# cycle node hold h group\n" : "# cycle node hold\n");
        for (Entry e : entries) {
            String need = !v2
                    ? ""
                    : " " + e.need().buses() + " "
                            + (e.need().grouped() ? Integer.toString(e.need().group()) : "-");
            w.write(e.cycle() + " " + e.node() + " " + e.hold() + need + (e.reenter() ? " reenter" : "") + "\n");
        }
    }

    /** ASCII digits only: Java's parsers also take other scripts' digits (full-width ７), which a trace never means. */
    private static final Pattern ASCII_INTEGER = Pattern.compile("[+-]?[0-9]+");

    private static int parseInt(String s, Path file, int line) throws IOException {
        try {
            if (!ASCII_INTEGER.matcher(s).matches()) {
                throw new NumberFormatException(s);
            }
            return Integer.parseInt(s);
        } catch (NumberFormatException e) {
            throw new IOException(file + ":" + line + ": not an integer: " + s);
        }
    }

    private static long parseLong(String s, Path file, int line) throws IOException {
        try {
            if (!ASCII_INTEGER.matcher(s).matches()) {
                throw new NumberFormatException(s);
            }
            return Long.parseLong(s);
        } catch (NumberFormatException e) {
            throw new IOException(file + ":" + line + ": not an integer: " + s);
        }
    }
}
