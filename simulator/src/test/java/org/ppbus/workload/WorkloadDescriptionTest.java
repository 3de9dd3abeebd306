package org.ppbus.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.ppbus.bus.Sharing;

/**
 * A report's header names the settings its workload read and no other: the load only where a
 * processor draws its requests at that rate (uniform, hotspot), the hold wherever the workload makes
 * its own requests, and for a trace neither, since its requests carry their holds. Every named
 * workload has its own description, so a name added to the list without one would read as a trace.
 */
class WorkloadDescriptionTest {
    private static final Workload.Settings S =
            new Workload.Settings(0.037, 5, false, 9, 1_000, new int[] {1, 2}, 0.25, new Sharing(1, 1, 0), false);

    @Test
    void eachWorkloadNamesWhatItReads() {
        assertEquals("uniform, load 0.03700, hold 5", Workload.describe("uniform", S));
        assertEquals("hotspot, load 0.03700 (nodes [1, 2] at 0.2500), hold 5", Workload.describe("hotspot", S));
        assertEquals("saturated (every node always hungry), hold 5", Workload.describe("saturated", S));
        assertEquals("neighbours-alternating, hold 5", Workload.describe("neighbours-alternating", S));
        assertEquals(
                "runs/a.trace (a request trace: its own requests and holds)", Workload.describe("runs/a.trace", S));
        for (String name : Workload.NAMES) {
            String d = Workload.describe(name, S);
            assertTrue(d.startsWith(name) && !d.contains("trace"), d);
            assertEquals(name.equals("uniform") || name.equals("hotspot"), d.contains("load"), d);
            assertTrue(d.endsWith("hold 5"), d);
        }
        assertFalse(Workload.describe("saturated", S).contains("0.037"), "saturated reads no load");
    }
}
