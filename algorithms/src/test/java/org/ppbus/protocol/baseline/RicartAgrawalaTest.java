package org.ppbus.protocol.baseline;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.ppbus.bus.Fabric;
import org.ppbus.link.MessageObserver;

class RicartAgrawalaTest {

    /** Saturated: drives every req high except in the cycle after each release. */
    private static long run(RicartAgrawala ra, int n, long cycles, boolean[] eating) {
        long meals = 0;
        for (long t = 0; t < cycles; t++) {
            for (int i = 0; i < n; i++) {
                ra.request(i, !eating[i] || (t % 7 != 0), t);
            }
            ra.step(t);
            for (boolean e : eating) {
                meals += e ? 1 : 0;
            }
        }
        return meals;
    }

    private static RicartAgrawala make(int n, int bits, boolean[] eating) {
        return new RicartAgrawala(
                n,
                1,
                bits,
                new Fabric.GrantSink() {
                    @Override
                    public void granted(int node, long cycle) {
                        eating[node] = true;
                    }

                    @Override
                    public void released(int node, long cycle) {
                        eating[node] = false;
                    }
                },
                MessageObserver.NONE);
    }

    /**
     * With 4-bit stamps the clocks wrap every 16 ticks; under saturation the stamps of waiting
     * requests drift apart by more than 8, and the model refuses the run instead of letting a wrapped
     * comparison pick the wrong order. With 16 bits the same run goes through.
     */
    @Test
    void narrowTimestampsAreRefusedNotMisordered() {
        boolean[] e4 = new boolean[7];
        IllegalStateException ex = assertThrows(IllegalStateException.class, () -> run(make(7, 4, e4), 7, 20_000, e4));
        assertTrue(ex.getMessage().contains("wrapped"), ex.getMessage());
        boolean[] e16 = new boolean[7];
        assertTrue(run(make(7, 16, e16), 7, 20_000, e16) > 0);
    }
}
