package org.ppbus.synthesis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ppbus.testkit.PlaceAndRoute;
import org.ppbus.verilog.Designs;
import org.ppbus.verilog.GeneratedDesign;
import org.ppbus.verilog.Synthesis;
import org.ppbus.verilog.SystemBus;
import org.ppbus.verilog.TimingHarness;

/**
 * The timing harness around the AXI4-Lite bus at n = 4: it places and routes on HX8K, which the bus
 * alone cannot (its ports outnumber the pins), and it adds exactly one flip-flop per port bit but
 * clk, counted here from the interconnect's port list (AW = 16, DW = 32): the design inside is
 * kept whole.
 */
@PlaceAndRoute
class TimingHarnessTest {
    private static final int AW = 16;
    private static final int DW = 32;

    @Test
    void theHarnessedBusIsRoutedWithOneFlipFlopPerPortBit(@TempDir Path dir) throws IOException {
        int n = 4;
        SystemBus.Mode mode = SystemBus.Mode.AXI4_LITE;
        GeneratedDesign bus =
                SystemBus.around(Designs.generate("central-rr", n, 1, "test"), n, new SystemBus.Run(1, 1), mode);
        Synthesis.Result r = Synthesis.run(
                TimingHarness.around(bus, mode.top, dir.resolve("ports")), TimingHarness.TOP, dir.resolve("s"), true);
        assertNotNull(r.fmaxMhz(), r.pnrNote());
        // Inputs: rst; per master AWVALID, AWADDR, AWPROT, WVALID, WDATA, WSTRB, BREADY, ARVALID, ARADDR,
        // ARPROT, RREADY; the slave's AWREADY, WREADY, BVALID, BRESP, ARREADY, RVALID, RDATA, RRESP.
        int in = 1 + n * (1 + AW + 3 + 1 + DW + DW / 8 + 1 + 1 + AW + 3 + 1) + (1 + 1 + 1 + 2 + 1 + 1 + DW + 2);
        // Outputs: per master AWREADY, WREADY, BVALID, ARREADY, RVALID; shared BRESP, RDATA, RRESP; the
        // slave's AWVALID, AWADDR, AWPROT, WVALID, WDATA, WSTRB, BREADY, ARVALID, ARADDR, ARPROT, RREADY.
        int out = n * 5 + 2 + DW + 2 + (1 + AW + 3 + 1 + DW + DW / 8 + 1 + 1 + AW + 3 + 1);
        long inside = r.modules().stream()
                .filter(m -> !m.name().equals(TimingHarness.TOP))
                .mapToLong(m -> m.cells().dff())
                .sum();
        assertEquals(in + out, r.total().dff() - inside);
    }
}
