package org.ppbus.link;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The kinds' names, which the CLI parses and prints: each name gives its own kind and bit, and back. */
class ChosenFaultsNamesTest {
    @Test
    void eachKindHasOneNameBothWays() {
        assertEquals(ChosenFaults.DROP, ChosenFaults.kind(FaultKind.DROP));
        assertEquals(ChosenFaults.DUPLICATE, ChosenFaults.kind(FaultKind.DUPLICATE));
        assertEquals(0, ChosenFaults.kind(FaultKind.CRASH), "a crash is no symbol fault");
        assertEquals("drop", ChosenFaults.names(ChosenFaults.DROP));
        assertEquals("duplicate", ChosenFaults.names(ChosenFaults.DUPLICATE));
        assertEquals("drop,duplicate", ChosenFaults.names(ChosenFaults.DROP | ChosenFaults.DUPLICATE));
        assertEquals("", ChosenFaults.names(0));
    }

    @Test
    void faultKindsParseTheirOwnLabels() {
        for (FaultKind k : FaultKind.values()) {
            assertEquals(Optional.of(k), FaultKind.parse(k.label()));
            assertEquals(Optional.of(k), FaultKind.parse(k.label().toUpperCase(java.util.Locale.ROOT)));
        }
        assertEquals("corrupt", FaultKind.CORRUPT.label());
        assertEquals(Optional.empty(), FaultKind.parse("lose"));
    }
}
