package org.ppbus.cosim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.ppbus.testkit.Verilator;
import org.ppbus.verilog.ExternalTool;

/**
 * One compiled copy of each unit serves all its instances (docs/PERFORMANCE.md, "one compiled copy
 * per unit"): Verilator names a function of a unit after one instance, and merges the instances'
 * functions only when none of them holds anything particular to its instance. So in the library's
 * symbol table every unit module (one class per parameterisation) must name a single instance. A
 * unit whose input is aliased to a variable of ppbus_top again, or an assertion that prints %m
 * under Verilator, names every instance, as the libraries built before did.
 */
@Verilator
class UnitCodeSharingTest {
    // e.g. Vppbus_top_ppbus_arbiter__P4___nba_sequent__TOP__ppbus_top__DOT__u_arbiter_5__1
    private static final Pattern UNIT_FUNCTION = Pattern.compile(
            "(Vppbus_top_ppbus_(?:client|arbiter1?)\\w*?)___\\w+?_sequent__TOP__ppbus_top__DOT__u_(?:client|arbiter)_(\\d+)__\\d+");

    /**
     * n = 13, a full plane: one client class and one arbiter class. (Below about five ports
     * Verilator inlines a unit into the top level instead, so n = 10 would show no arbiter here.)
     * n = 40, whose padded plane gives arbiters of several port counts and so several classes, is
     * in CosimScopesBenchmark: its build took 64 s of the suite.
     */
    @Test
    void everyUnitClassNamesOneInstance() throws IOException {
        everyUnitClassNamesOneInstance(13);
    }

    static void everyUnitClassNamesOneInstance(int n) throws IOException {
        Path lib = VerilatorLibrary.build(VerilatorLibrary.Build.of("campos-carvalho", n, 1));
        Map<String, Set<String>> instances = instancesPerClass(lib);
        assertFalse(instances.isEmpty(), "no unit function in the symbol table of " + lib);
        assertTrue(instances.keySet().stream().anyMatch(c -> c.contains("client")), instances::toString);
        assertTrue(instances.keySet().stream().anyMatch(c -> c.contains("arbiter")), instances::toString);
        instances.forEach((cls, ids) -> assertEquals(1, ids.size(), cls + " has code per instance: " + ids));
        if (n == 40) {
            assertTrue(
                    instances.keySet().stream()
                                    .filter(c -> c.contains("arbiter"))
                                    .count()
                            > 1,
                    instances::toString);
        }
    }

    /**
     * The two mutations this test exists for: %m in a client's assertion, and the client's inputs
     * without the metacomment (aliased to ppbus_top's variables again). Either gives every client
     * instance its own code.
     */
    @ParameterizedTest
    @ValueSource(strings = {"%m", "aliased inputs"})
    void codePerInstanceIsCaught(String mutation) throws IOException {
        int n = 13;
        UnaryOperator<String> mutate = mutation.equals("%m")
                ? t -> t.replace(
                        "`PPBUS_ASSERT_FAILED(\"a_fork_not_held\", \"ppbus_client\");",
                        "$write(\"ASSERTION a_fork_not_held FAILED in %m: \");")
                : t -> t.contains("\nmodule ppbus_client #(") ? t.replace("/*verilator public_flat_rd*/", "") : t;
        Path lib = VerilatorLibrary.build(
                VerilatorLibrary.Build.of("campos-carvalho", n, 1).withMutation(mutate));
        Map<String, Set<String>> instances = instancesPerClass(lib);
        assertTrue(
                instances.entrySet().stream()
                        .anyMatch(e ->
                                e.getKey().contains("client") && e.getValue().size() == n),
                () -> "expected code per client instance: " + instances);
    }

    private static Map<String, Set<String>> instancesPerClass(Path lib) throws IOException {
        if (!ExternalTool.available("nm")) {
            throw new AssertionError("nm (binutils) is missing; the Verilator build needs it too");
        }
        ExternalTool.Result r = ExternalTool.run(lib.getParent(), 120, "nm", lib.toString());
        assertEquals(0, r.exitCode(), r.output());
        Map<String, Set<String>> out = new TreeMap<>();
        Matcher m = UNIT_FUNCTION.matcher(r.output());
        while (m.find()) {
            out.computeIfAbsent(m.group(1), k -> new TreeSet<>()).add(m.group(2));
        }
        return out;
    }
}
