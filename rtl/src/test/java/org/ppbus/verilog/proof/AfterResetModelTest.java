package org.ppbus.verilog.proof;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ppbus.testkit.Formal;
import org.ppbus.verilog.ExternalTool;

/**
 * The fault proof's pdr starts after the reset cycle, from the registers' values that Yosys's
 * three-valued simulation of that cycle writes back. That is sound only if a register the reset
 * does not set stays free. Here a register keeps its power-up value unless an input clears it:
 * from power-up it may be 1 in the first cycle after the reset, so its property must fail on the
 * model after the reset too (with the power-up values taken as zero instead, it would be proven).
 * The register the reset clears and nothing sets again keeps its property, in both models.
 */
@Formal
class AfterResetModelTest {
    private static final String DESIGN = """
            module t (input wire clk, input wire in);
                reg past_valid = 1'b0;
                reg cleared;
                reg left;
                always @(posedge clk) begin
                    past_valid <= 1'b1;
                    cleared <= past_valid ? (cleared & in) : 1'b0;
                    left <= left & in;
                end
                always @* begin
                    if (past_valid) begin
                        p0: assert (!cleared);
                        p1: assert (!left);
                    end
                end
            endmodule
            """;

    @Test
    void aRegisterTheResetLeavesAloneStaysFree(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("t.v"), DESIGN);
        Files.writeString(dir.resolve("t.ys"), RtlFaultProof.netlist("t.v", "t") + RtlFaultProof.models());
        ExternalTool.Result y = ExternalTool.run(dir, 300, "yosys", "-q", "-s", "t.ys");
        assertEquals(0, y.exitCode(), y.output());
        List<String> properties = List.of("cleared", "left");
        for (String model : List.of("proof.aig", RtlFaultProof.STARTED)) {
            ExternalTool.Result abc =
                    ExternalTool.run(dir, 300, "yosys-abc", "-c", "read_aiger " + model + "; fold; strash; pdr -a");
            RtlFaultProof.Result r = PdrLog.parse(abc.output(), properties, 0);
            assertTrue(r.of("cleared").proven(), model + ": " + abc.output());
            assertTrue(r.of("left").broken(), model + ": " + abc.output());
        }
    }
}
