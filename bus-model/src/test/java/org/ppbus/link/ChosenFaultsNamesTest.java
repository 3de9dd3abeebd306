package org.ppbus.link;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The kinds' names, which the CLI parses and prints: each name gives its own bit, and back. */
class ChosenFaultsNamesTest {
    @Test
    void eachKindHasOneNameBothWays() {
        assertEquals(ChosenFaults.DROP, ChosenFaults.kind("drop"));
        assertEquals(ChosenFaults.DUPLICATE, ChosenFaults.kind("duplicate"));
        assertEquals(0, ChosenFaults.kind("crash"), "a crash is no symbol fault");
        assertEquals(0, ChosenFaults.kind("Drop"));
        assertEquals("drop", ChosenFaults.names(ChosenFaults.DROP));
        assertEquals("duplicate", ChosenFaults.names(ChosenFaults.DUPLICATE));
        assertEquals("drop,duplicate", ChosenFaults.names(ChosenFaults.DROP | ChosenFaults.DUPLICATE));
        assertEquals("", ChosenFaults.names(0));
    }
}
