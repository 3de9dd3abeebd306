package org.ppbus.testbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.ppbus.testkit.Simulator;
import org.ppbus.verilog.Designs;
import org.ppbus.verilog.ExternalTool;

/**
 * A module given parameters outside its range says so at time 0 in simulation, by name, and ends
 * the simulation; in range, it says nothing. Each module is elaborated alone, with Icarus's -P,
 * from the design's folder.
 */
@Simulator
class ParameterCheckTest {
    @ParameterizedTest(name = "{1} {2} (in range: {3})")
    @CsvSource({
        "parallel-contention, ppbus_pc_node, M=2 NUMBER=5, M=2 NUMBER=3",
        "daisy-chain-fair, ppbus_dc_position, FAIR=2, FAIR=1",
        "campos-carvalho, ppbus_arbiter, F1=2, F1=0",
        "campos-carvalho, ppbus_client, F3=2, F3=0"
    })
    void aParameterOutOfRangeIsReportedByName(
            String algorithm, String module, String bad, String good, @TempDir Path dir) throws IOException {
        Designs.generate(algorithm, 7, 1, "test").writeTo(dir);
        String out = simulate(dir, module, bad);
        assertTrue(out.contains("PARAMETER ERROR in " + module + ": "), out);
        String fine = simulate(dir, module, good);
        assertFalse(fine.contains("PARAMETER ERROR"), fine);
    }

    private static String simulate(Path dir, String module, String parameters) throws IOException {
        List<String> cmd = new ArrayList<>(List.of("iverilog", "-g2005"));
        for (String p : parameters.split(" ")) {
            cmd.add("-P" + module + "." + p);
        }
        cmd.addAll(List.of("-s", module, "-o", "alone.vvp", "-c", "files.f"));
        ExternalTool.Result c = ExternalTool.run(dir, 120, cmd.toArray(new String[0]));
        assertEquals(0, c.exitCode(), c.output());
        return ExternalTool.run(dir, 60, "vvp", "-n", "alone.vvp").output();
    }
}
