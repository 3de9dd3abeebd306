package org.ppbus.verilog;

import java.util.Arrays;
import java.util.Optional;

/**
 * A system bus around a generated arbiter, N masters to one slave: Wishbone B4 classic or
 * pipelined, or AXI4-Lite. Each is an interconnect (the masters' requests as req, the slave port
 * multiplexed by the owner's gnt), its self-checking testbench, and its bus proof (formal/: the
 * arbiter's contract as assumptions, and the Yosys script). The texts are resources of this
 * package, with the size filled in.
 */
public final class SystemBus {
    private SystemBus() {}

    /** The arbiter's contract as assumptions, shared by every bus proof. */
    public static final String CONTRACT_MODEL = "formal/ppbus_arbiter_contract.v";

    /** The kinds of bus, each with its {@code --bus} name, its interconnect module and its proof. */
    public enum Mode {
        CLASSIC(
                "wishbone",
                "ppbus_wb_interconnect",
                "formal/ppbus_wb_proof.ys",
                "Wishbone B4 classic",
                "A master's CYC is\nits req; it owns the slave port while its gnt and CYC are high, for any number of"
                        + " transfers;\nACK reaches the owner only; DAT_R is shared.",
                "a_one_owner, a_ack_to_owner and a_owner_held"),
        PIPELINED(
                "wishbone-pipelined",
                "ppbus_wbp_interconnect",
                "formal/ppbus_wbp_proof.ys",
                "Wishbone B4 pipelined",
                "A master's CYC (or\nLOCK) is its req; it owns the slave port while its gnt and CYC are high, and"
                        + " keeps its gnt\nbetween bus cycles while LOCK stays high. Every other master sees STALL;"
                        + " ACK, ERR and RTY\nreach the owner only; CTI and BTE pass through; a master that drops CYC"
                        + " aborts its bus\ncycle.",
                "a_one_owner, a_owner_held, a_lock_kept, a_resp_to_owner,\na_stall_others, a_slave_stb_in_cyc and"
                        + " a_slave_request_held, with the masters' and the slave's sides\nof Wishbone B4 assumed"
                        + " (a_master_stb_in_cyc, a_master_request_held, a_slave_one_response,\n"
                        + "a_slave_response_in_cyc)"),
        AXI4_LITE(
                "axi4-lite",
                "ppbus_axil_interconnect",
                "formal/ppbus_axil_proof.ys",
                "AXI4-Lite",
                "A master's AWVALID,\nWVALID or ARVALID is its req; the owner has one transaction (a write: AW, W, then B;"
                        + " or a\nread: AR, then R) on the slave port, then gives the gnt back. Every other master sees"
                        + " READY\nand VALID low; BRESP, RDATA and RRESP are shared.",
                "the VALID/READY rules of AXI4-Lite on every port this module drives\n(a_s_aw_held, a_s_w_held,"
                        + " a_s_ar_held, a_m_b_held, a_m_r_held, a_valid_low_in_reset), one\nresponse per request"
                        + " and none without one (a_m_b_after_request, a_m_r_after_request),\nevery handshake routed"
                        + " with its payload (a_aw_routed, a_w_routed, a_ar_routed, a_b_routed,\na_r_routed),"
                        + " no EXOKAY (a_m_resp_legal), a_one_owner, a_to_owner_only, a_one_outstanding\nand"
                        + " a_phase_consistent, with the masters' and the slave's sides of AXI4-Lite assumed\n"
                        + "(a_master_aw_held, a_master_w_held, a_master_ar_held, a_slave_b_held, a_slave_r_held,\n"
                        + "a_slave_resp_legal, a_slave_b_after_request, a_slave_r_after_request)");

        /** The name {@code generate --bus} takes. */
        public final String option;
        /** The interconnect's module, and its file without ".v". */
        public final String top;
        /** The Yosys script of its proof, in the design's folder. */
        public final String proof;

        private final String title;
        private final String what;
        private final String proven;

        Mode(String option, String top, String proof, String title, String what, String proven) {
            this.option = option;
            this.top = top;
            this.proof = proof;
            this.title = title;
            this.what = what;
            this.proven = proven;
        }

        /** The self-checking testbench's file. */
        public String testbench() {
            return "tb_" + top + ".v";
        }

        /** The mode {@code --bus} names, if any. */
        public static Optional<Mode> named(String option) {
            return Arrays.stream(values()).filter(m -> m.option.equals(option)).findFirst();
        }

        /** The names {@code --bus} takes, for its help and its errors. */
        public static String options() {
            return String.join(", ", Arrays.stream(values()).map(m -> m.option).toList());
        }
    }

    /** Cycles the testbench runs before it lets the masters finish, and its seed. */
    public record Run(int cycles, int seed) {}

    /**
     * The arbiter's design with the interconnect as its last module, the testbench, and the proof.
     *
     * @param arbiter a design of n nodes behind the {@code ppbus_top} contract
     */
    public static GeneratedDesign around(GeneratedDesign arbiter, int nodes, Run run, Mode mode) {
        if (nodes < 2) {
            throw new IllegalArgumentException("a shared bus needs at least 2 masters, got " + nodes);
        }
        return arbiter.withModule(mode.top + ".v", fill(mode.top + ".v", nodes, run))
                .with(mode.testbench(), fill(mode.testbench(), nodes, run))
                .with(CONTRACT_MODEL, fill(CONTRACT_MODEL.substring("formal/".length()), nodes, run))
                .with(mode.proof, fill(mode.proof.substring("formal/".length()), nodes, run));
    }

    private static String fill(String resource, int nodes, Run run) {
        return CcVerilogGenerator.resource("bus/" + resource)
                .replace("%N%", Integer.toString(nodes))
                .replace("%CYCLES%", Integer.toString(run.cycles()))
                .replace("%SEED%", "32'd" + Integer.toUnsignedString(run.seed()));
    }

    /** The README's section on the bus: what it is and the commands that check it. */
    public static String readme(int nodes, Mode mode) {
        String top = mode.top;
        return "\n## The " + mode.title + " bus\n\n"
                + "`" + top + ".v` connects " + nodes + " " + mode.title + " masters to one slave. " + mode.what
                + "\nIts header states the rest. Simulate, prove, synthesise:\n\n"
                + "    iverilog -g2005 -s tb_" + top + " -o bus.vvp -c files.f " + mode.testbench()
                + " && vvp -n bus.vvp\n"
                + "    verilator --binary --timing -Wno-fatal -Wno-lint -Wno-style -F files.f " + mode.testbench()
                + " \\\n"
                + "        --top-module tb_" + top + " -o tb_bus && ./obj_dir/tb_bus\n"
                + "    yosys -s " + mode.proof + "\n"
                + "    yosys -p \"read_verilog $(grep '\\.v$' files.f | tr '\\n' ' '); synth_ice40 -top " + top
                + "\"\n\n"
                + "The testbench prints PASS with its counts, or FAIL. The proof (SUCCESS) covers\n" + mode.proven
                + ",\nfor any arbiter that keeps ppbus_top's contract, which it assumes, and checks that the bus\n"
                + "holds req until gnt.\n";
    }
}
