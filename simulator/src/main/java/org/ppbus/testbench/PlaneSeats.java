package org.ppbus.testbench;

import org.ppbus.protocol.cc.CcPlanes;
import org.ppbus.stats.Seats;

/**
 * Where a run's processors sit on its planes: campos-carvalho-k seats them at other clients of each
 * plane ({@link CcPlanes#client}); every other design has one plane, or none.
 */
final class PlaneSeats {
    private PlaneSeats() {}

    static Seats of(SimulationConfig c) {
        if (!c.algorithm().equals(CcPlanes.ALGORITHM.name())) {
            return Seats.ONE;
        }
        int n = c.nodes();
        int k = c.sharing().buses();
        return new Seats() {
            @Override
            public int planes() {
                return k;
            }

            @Override
            public int processorAt(int plane, int client) {
                return CcPlanes.processorAt(n, k, plane, client);
            }

            @Override
            public int clientOf(int plane, int processor) {
                return CcPlanes.client(n, k, plane, processor);
            }
        };
    }
}
