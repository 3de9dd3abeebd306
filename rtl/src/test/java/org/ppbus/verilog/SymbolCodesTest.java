package org.ppbus.verilog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.ppbus.plane.Wiring;
import org.ppbus.protocol.cc.Symbols;

class SymbolCodesTest {
    @Test
    void theUnitsDeclareTheCodesOfSymbols() {
        Map<String, Integer> expected = Map.of(
                "A_FORK",
                Symbols.FORK,
                "A_REQUEST",
                Symbols.A_REQUEST,
                "A_STRONG",
                Symbols.STRONG_REQUEST,
                "C_CLEAN",
                Symbols.CLEAN_FORK,
                "C_DIRTY",
                Symbols.DIRTY_FORK,
                "C_REQUEST",
                Symbols.C_REQUEST);
        // n = 9 pads the plane of order 3 so that some arbiters keep one client: both modules are emitted.
        GeneratedDesign d = new CcVerilogGenerator("t").generate(Wiring.forNodes(9), 1);
        Pattern p = Pattern.compile("localparam \\[1:0\\] ([AC]_[A-Z]+) *= 2'd(\\d);");
        int seen = 0;
        for (String f : new String[] {"ppbus_client.v", "ppbus_arbiter.v", "ppbus_arbiter1.v"}) {
            String text = d.files().get(f);
            assertFalse(Pattern.compile("@[A-Z_]+@").matcher(text).find(), f);
            Matcher m = p.matcher(text);
            while (m.find()) {
                assertEquals(expected.get(m.group(1)), Integer.valueOf(m.group(2)), f + " " + m.group(1));
                seen++;
            }
        }
        assertEquals(6 + 6 + 5, seen); // arbiter1: no StrongREQUEST (nobody else competes), the REQUEST of +heal's H3
    }

    @Test
    void anUnknownPlaceholderIsRefused() {
        assertEquals("x = 2'd3;", SymbolCodes.fill("x = 2'd@C_REQUEST@;"));
        assertThrows(IllegalStateException.class, () -> SymbolCodes.fill("x = 2'd@C_BOGUS@;"));
    }
}
