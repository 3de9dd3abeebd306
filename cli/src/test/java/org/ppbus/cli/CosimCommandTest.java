package org.ppbus.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class CosimCommandTest {
    /** The build ticker names the file a compiler call compiles, and passes other lines on as they are. */
    @Test
    void aCompilerCallIsShownByItsFile() {
        assertEquals("compiling Vppbus_top__ALL.cpp", CosimCommand.buildStep(
                "g++  -I.  -MMD -I/usr/share/verilator/include -O2 -c -o Vppbus_top__ALL.o Vppbus_top__ALL.cpp"));
        assertEquals("compiling verilated_vcd_c.cpp", CosimCommand.buildStep(
                "g++ -I. -MMD -c -o verilated_vcd_c.o /usr/share/verilator/include/verilated_vcd_c.cpp"));
        assertEquals("- V e r i l a t i o n   R e p o r t", CosimCommand.buildStep("- V e r i l a t i o n   R e p o r t"));
    }
}
