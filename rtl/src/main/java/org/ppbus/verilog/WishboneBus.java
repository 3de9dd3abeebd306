package org.ppbus.verilog;

/**
 * A Wishbone B4 classic bus around a generated arbiter: {@code ppbus_wb_interconnect} (N masters,
 * one slave, CYC as req, the slave port multiplexed by the owner's gnt), its self-checking
 * testbench, and the bus proof (formal/: the arbiter's contract as assumptions, and the Yosys
 * script). The texts are resources of this package, with the size filled in.
 */
public final class WishboneBus {
    private WishboneBus() {}

    public static final String TOP = "ppbus_wb_interconnect";
    public static final String TESTBENCH = "tb_ppbus_wb_interconnect.v";
    public static final String PROOF = "formal/ppbus_wb_proof.ys";
    public static final String CONTRACT_MODEL = "formal/ppbus_wb_arbiter_contract.v";

    /** Cycles the testbench runs before it lets the masters finish, and its seed. */
    public record Run(int cycles, int seed) {}

    /**
     * The arbiter's design with the interconnect as its last module, the testbench, and the proof.
     *
     * @param arbiter a Campos–Carvalho design of n nodes ({@code ppbus_top})
     */
    public static GeneratedDesign around(GeneratedDesign arbiter, int nodes, Run run) {
        if (nodes < 2) {
            throw new IllegalArgumentException("a shared bus needs at least 2 masters, got " + nodes);
        }
        return arbiter.withModule(TOP + ".v", fill("ppbus_wb_interconnect.v", nodes, run))
                .with(TESTBENCH, fill("tb_ppbus_wb_interconnect.v", nodes, run))
                .with(CONTRACT_MODEL, fill("ppbus_wb_arbiter_contract.v", nodes, run))
                .with(PROOF, fill("ppbus_wb_proof.ys", nodes, run));
    }

    private static String fill(String resource, int nodes, Run run) {
        return CcVerilogGenerator.resource("wishbone/" + resource)
                .replace("%N%", Integer.toString(nodes))
                .replace("%CYCLES%", Integer.toString(run.cycles()))
                .replace("%SEED%", "32'd" + Integer.toUnsignedString(run.seed()));
    }

    /** The README's section on the bus: what it is and the commands that check it. */
    public static String readme(int nodes) {
        return "\n## The Wishbone bus\n\n"
                + "`" + TOP + ".v` connects " + nodes + " Wishbone B4 classic masters to one slave. A master's CYC is\n"
                + "its req; it owns the slave port while its gnt and CYC are high, for any number of transfers;\n"
                + "ACK reaches the owner only; DAT_R is shared. Its header states the rest. Simulate, prove, synthesise:\n\n"
                + "    iverilog -g2005 -s tb_" + TOP + " -o wb.vvp -c files.f tb_" + TOP + ".v && vvp -n wb.vvp\n"
                + "    verilator --binary --timing -Wno-fatal -Wno-lint -Wno-style -F files.f tb_" + TOP + ".v \\\n"
                + "        --top-module tb_" + TOP + " -o tb_wb && ./obj_dir/tb_wb\n"
                + "    yosys -s " + PROOF + "\n"
                + "    yosys -p \"read_verilog $(grep '\\.v$' files.f | tr '\\n' ' '); synth_ice40 -top " + TOP
                + "\"\n\n"
                + "The testbench prints PASS with the transfers, reads checked and writes, or FAIL. The proof\n"
                + "(SUCCESS) covers a_one_owner, a_ack_to_owner and a_owner_held for any arbiter that keeps\n"
                + "ppbus_top's contract, which it assumes, and checks that the bus holds req until gnt.\n";
    }
}
