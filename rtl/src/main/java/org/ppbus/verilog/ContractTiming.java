package org.ppbus.verilog;

import java.util.ArrayList;
import java.util.List;

/**
 * How every contract counts a wait, stated once for all designs: in rising clk edges, each signal
 * sampled at the edge. If req[i] is first sampled high at edge t and gnt[i] first sampled high at
 * edge t + d, processor i waited d cycles. A testbench that drives req right after an edge and
 * checks gnt at the edges reads the contract's figures; one that counts from the edge at which it
 * drove req reads one more. The diagram shows one wait, as ASCII art for the files' comments and
 * as WaveDrom JSON for the README's folder.
 */
public final class ContractTiming {
    private ContractTiming() {}

    /** Columns per clock cycle in the ASCII diagram. */
    private static final int STEP = 6;

    /** The longest wait drawn; a longer one is stated in the contract's figures, and an example drawn. */
    static final int DRAWN = 6;

    /**
     * The counting rule and a diagram of a wait of {@code d} cycles, {@code what} naming that wait;
     * a wait longer than {@link #DRAWN} cycles is replaced by an example of 3.
     */
    public static List<String> lines(int d, String what) {
        if (d < 1) {
            throw new IllegalArgumentException("a wait is at least one cycle, got " + d);
        }
        if (d > DRAWN) {
            return lines(3, "For example");
        }
        List<String> out = new ArrayList<>();
        out.add("- Counting: waits are counted in rising clk edges, each signal sampled at the edge. If req[i]");
        out.add("  is first sampled high at edge t and gnt[i] first sampled high at edge t + d, processor i");
        out.add("  waited d cycles (a testbench that counts from the edge at which it drove req reads d + 1).");
        out.add("  " + what + " (d = " + d + "; WaveDrom: timing.json):");
        out.add("");
        StringBuilder edges = new StringBuilder("      edge   ");
        StringBuilder clk = new StringBuilder("      clk    ");
        for (int k = 0; k <= d + 1; k++) {
            String label = k == 0 ? "t" : "t+" + k;
            edges.append("  ").append(label).append(" ".repeat(Math.max(1, STEP - 2 - label.length())));
            clk.append("__/~~\\");
        }
        out.add(edges.toString().stripTrailing());
        out.add(clk.toString());
        out.add("      req[i] " + step(0, d) + "   first sampled high at edge t");
        out.add("      gnt[i] " + step(d, d) + "   first sampled high at edge t+" + d + ": d = " + d);
        return out;
    }

    /** A signal that rises just before edge {@code edge} (sampled high there), drawn to edge d + 1. */
    private static String step(int edge, int d) {
        int width = STEP * (d + 2);
        int rise = STEP * edge + 1; // the clk line's edge k is at column STEP * k + 2
        return "_".repeat(rise) + "/" + "~".repeat(width - rise - 1);
    }

    /**
     * The same wait as WaveDrom JSON (wavedrom.com): one character per cycle, a value set in a
     * cycle first sampled at the next edge, so the edges between req's and gnt's rises are d.
     */
    public static String wavedrom(int d, String what) {
        if (d > DRAWN) {
            return wavedrom(3, "For example");
        }
        String cycles = ".".repeat(d + 1);
        return "{\n"
                + "  \"signal\": [\n"
                + "    {\"name\": \"clk\", \"wave\": \"p" + cycles + ".\"},\n"
                + "    {\"name\": \"req[i]\", \"wave\": \"01" + cycles + "\"},\n"
                + "    {\"name\": \"gnt[i]\", \"wave\": \"0" + ".".repeat(d) + "1.\"}\n"
                + "  ],\n"
                + "  \"head\": {\"text\": \"" + what + ": d = " + d + " cycles\"}\n"
                + "}\n";
    }
}
