package org.ppbus.protocol.baseline;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.ppbus.bus.Fabric;

class TokenRingTest {

    /**
     * B-19: with no other demand, a request d hops downstream of the token costs d token messages.
     * The token leaves node 0 in cycle 0 and moves one hop per L cycles, so in cycle r it has just
     * reached node r / L (mod n) or is on its way there. Node j asks in cycle r = L (token arrives at
     * node 1 then): d = j − 1 hops remain, and j eats in cycle L + d·L.
     */
    @ParameterizedTest
    @CsvSource({"7,3,1", "7,6,1", "7,3,2", "13,12,1", "7,1,3"})
    void requestDHopsDownstreamCostsDMessages(int n, int j, int latency) {
        List<long[]> sent = new ArrayList<>();
        long[] ate = {-1};
        TokenRing ring = new TokenRing(
                n,
                latency,
                new Fabric.GrantSink() {
                    @Override
                    public void granted(int node, long cycle) {
                        assertEquals(j, node);
                        ate[0] = cycle;
                    }

                    @Override
                    public void released(int node, long cycle) {}
                },
                (m, cycle) -> sent.add(new long[] {cycle, m.from(), m.to()}));
        long r = latency;
        for (long t = 0; t <= r + (long) n * latency && ate[0] < 0; t++) {
            if (t == r) {
                ring.request(j, true, t);
            }
            ring.step(t);
        }
        int d = j - 1;
        assertEquals(r + (long) d * latency, ate[0]);
        long during = sent.stream().filter(s -> s[0] >= r && s[0] < ate[0]).count();
        assertEquals(d, during);
    }
}
