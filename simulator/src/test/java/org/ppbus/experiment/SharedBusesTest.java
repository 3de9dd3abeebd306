package org.ppbus.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.ppbus.protocol.descriptor.Cost;

/** The verdict on a claim of messages per entry: inside its range it holds, outside it does not. */
class SharedBusesTest {
    private static final Cost RAYMOND_13_2 = Cost.between("2N − k − 1 … 2(N − 1)", 23, 24);

    @Test
    void insideTheRangeItHolds() {
        assertEquals("holds", SharedBuses.verdict(RAYMOND_13_2, 24.0));
        assertEquals("holds", SharedBuses.verdict(RAYMOND_13_2, 23.0));
        assertEquals("holds", SharedBuses.verdict(RAYMOND_13_2, 24.004)); // to the cent
    }

    @Test
    void outsideItDoesNotAndSaysWhatWasMeasured() {
        assertEquals("does not hold: measured 24.02", SharedBuses.verdict(RAYMOND_13_2, 24.02));
        assertEquals("does not hold: measured 22.00", SharedBuses.verdict(RAYMOND_13_2, 22.0));
    }

    @Test
    void aClaimWithoutARangeIsSaidToHaveNone() {
        assertEquals(
                "no range claimed (leader alone: 18)",
                SharedBuses.verdict(new Cost("3 + 3(k − 1)", "leader alone: 18"), 18));
    }
}
