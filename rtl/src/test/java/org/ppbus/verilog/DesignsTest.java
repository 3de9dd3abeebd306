package org.ppbus.verilog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.ppbus.plane.Wiring;
import org.ppbus.protocol.RuleSet;
import org.ppbus.protocol.descriptor.Algorithm;
import org.ppbus.protocol.descriptor.Feature;
import org.ppbus.registry.Algorithms;

class DesignsTest {
    @Test
    void everyAlgorithmWithRtlHasAGeneratorAndNoOtherHas() {
        assertEquals(Set.copyOf(Algorithms.with(Feature.RTL)), Designs.GENERATORS.keySet());
    }

    @Test
    void anAlgorithmWithoutRtlIsRefusedNamingThoseWithIt() {
        Algorithm lamport = Algorithms.named("lamport");
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> Designs.generate(lamport, 7, 1, RuleSet.FIXED, "t"));
        assertEquals(
                "algorithm lamport has no RTL (RTL exists for campos-carvalho, central-rr, central-prefix-rr, central-matrix, daisy-chain, daisy-chain-fair, parallel-contention)",
                e.getMessage());
        assertThrows(
                IllegalArgumentException.class,
                () -> Designs.generate(Algorithms.named("central-rr"), 7, 1, RuleSet.LITERAL, "t"));
    }

    private static int count(String text, String what) {
        Matcher m = Pattern.compile(Pattern.quote(what)).matcher(text);
        int c = 0;
        while (m.find()) {
            c++;
        }
        return c;
    }

    /**
     * n = 7 is the full plane of order 2: 7 clients and 7 arbiters with 3 clients each. A fix that is
     * off is one parameter override per unit that has it; the fixed rules override nothing, so
     * their text is that of the golden files.
     */
    @ParameterizedTest
    @CsvSource({
        "fixed, 0, 0, 0",
        "literal, 7, 7, 7",
        "literal+F1, 0, 7, 7",
        "literal+F2+F3, 7, 0, 0",
        "literal+F1+F2+F3, 0, 0, 0"
    })
    void theRuleSetSetsTheUnitsParameters(String rules, int f1Off, int f2Off, int f3Off) {
        RuleSet r = RuleSet.parse(rules);
        GeneratedDesign d = Designs.generate(Algorithms.campos(), 7, 1, r, "t");
        String top = d.files().get("ppbus_top.v");
        assertEquals(f1Off, count(top, ".F1 (0)"));
        assertEquals(f2Off, count(top, ".F2 (0)"));
        assertEquals(f3Off, count(top, ".F3 (0)"));
        assertTrue(top.contains("rules=" + r.label() + " "), top.substring(0, 300));
        assertEquals(r.equals(RuleSet.FIXED), !top.contains("--rules"));
        if (r.equals(RuleSet.FIXED)) {
            assertEquals(
                    new CcVerilogGenerator("t").generate(Wiring.forNodes(7), 1).files(), d.files());
        }
        assertFalse(top.contains(".F1 (1)"));
    }
}
