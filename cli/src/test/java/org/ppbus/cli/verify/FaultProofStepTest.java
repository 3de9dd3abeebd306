package org.ppbus.cli.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** How the liveness proof's refuted idle bounds are written: runs of three or more as ranges. */
class FaultProofStepTest {
    @Test
    void runsOfThreeOrMoreAreRanges() {
        assertEquals("", FaultProofStep.runs(List.of()));
        assertEquals("6", FaultProofStep.runs(List.of(6)));
        assertEquals("6, 7", FaultProofStep.runs(List.of(6, 7)));
        assertEquals(
                "6 to 63",
                FaultProofStep.runs(
                        java.util.stream.IntStream.rangeClosed(6, 63).boxed().toList()));
        assertEquals("6 to 8, 10, 12 to 14, 16, 17", FaultProofStep.runs(List.of(6, 7, 8, 10, 12, 13, 14, 16, 17)));
    }
}
