package org.ppbus.verilog;

import java.util.ArrayList;
import java.util.List;
import org.ppbus.protocol.cc.CcPlanes;

/**
 * The contract of a generated k-bus design (k planes of Campos–Carvalho units and a
 * bus chooser per processor), stated where its user reads it: at the head of {@code ppbus_top.v}
 * and in the {@code README.md} beside the RTL (docs/PROTOCOL.md, restated).
 */
public final class PlanesContract {
    private PlanesContract() {}

    /** The contract's lines, without comment markers. */
    public static List<String> lines(int n, int latency, int k) {
        List<String> out = new ArrayList<>();
        out.add("Contract (docs/PROTOCOL.md, \"" + CcPlanes.ALGORITHM.name()
                + "\", restated for the user of these files):");
        out.add("- Ports: clk; rst (synchronous, active high); req[" + (n - 1) + ":0] in; gnt[" + (n - 1)
                + ":0] out; bus[" + (n * k - 1) + ":0] out.");
        out.add("  Processor i is bit i of req and gnt, and bus[i*" + k + " + b] is high while it holds bus b.");
        out.add("- Handshake, as on one bus: a processor raises req[i] to ask and holds it high until gnt[i] rises");
        out.add("  and for as long as it uses its bus; it lowers req[i] to leave. gnt[i] is registered and rises");
        out.add("  with exactly one of processor i's bus bits, which stays high, alone, while gnt[i] is; both");
        out.add("  fall in the cycle after req[i] falls.");
        out.addAll(ContractTiming.lines(
                Contract.firstAfterReset(latency), "The first request after reset, L = " + latency + ", drawn"));
        out.add("- Exclusion: no bus has two holders, so at most k = " + k + " gnt are high in any cycle.");
        out.add("- Latency, channel latency L = " + latency + ": a first request after reset is granted in");
        out.add("  2L + 1 = " + Contract.firstAfterReset(latency) + " cycles, as on one bus");
        out.add("  (every plane serves a lone request alike, and the chooser keeps the lowest bus granted).");
        out.add("- Fairness: while a processor waits, another starts at most k * max(1, L) = "
                + CcPlanes.ALGORITHM.overtakeBound(latency, 0, new org.ppbus.bus.Sharing(k, 1, 0)) + " meals.");
        out.add("- Reset: every gnt and bus bit low; each plane starts as the one-bus network does.");
        out.add("- Cost: one plane's units and links per bus; plane b seats processor i at client (i + b*"
                + CcPlanes.seatShift(n, k) + ") mod " + n + ".");
        out.add("- Checked: `ppbus verify --buses " + k + " --nodes N --rtl --no-search` proves the exclusion on this");
        out.add("  RTL (ABC pdr, req free); `ppbus cosim --buses " + k + "` runs it in lockstep with the Java model.");
        return out;
    }

    /** The README.md beside the RTL: the contract, the files, and how to use them with each tool. */
    public static String readme(int n, int latency, int k, List<String> files, String regenerate) {
        StringBuilder b = new StringBuilder(
                "# Campos–Carvalho arbiter for " + k + " buses, n = " + n + ", L = " + latency + "\n\n");
        Contract.readmeHead(b, regenerate, lines(n, latency, k), files);
        b.append("\n`files.f` lists the modules in compile order after `+incdir+.`.\n\n## With your tools\n\n")
                .append("    verilator --lint-only -Wall -F files.f\n")
                .append("    iverilog -g2005 -s tb_ppbus_top -o tb.vvp -c files.f tb_ppbus_top.v && vvp -n tb.vvp\n")
                .append(
                        "    yosys -p \"read_verilog $(grep '\\.v$' files.f | tr '\\n' ' '); synth_ice40 -top ppbus_top\"\n\n")
                .append(
                        "The testbench `tb_ppbus_top.v` drives random requests that keep the handshake, checks that no\n")
                .append("bus has two holders, that each holder holds one bus with its gnt, and that every request is\n")
                .append("granted, and prints PASS or FAIL.\n");
        return b.toString();
    }
}
