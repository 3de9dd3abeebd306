package org.ppbus.protocol.baseline;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.ppbus.bus.Fabric;

class RaymondTest {

    /**
     * B-21: on a line of N nodes with the token at one end, a request from the other end sends
     * N − 1 REQUESTs towards the token and the token comes back in N − 1 PRIVILEGE hops: 2(N − 1)
     * messages (N = 7: 12), and the requester eats (N − 1)·2L cycles after it asked.
     */
    @ParameterizedTest
    @CsvSource({"7,1", "7,2", "13,1"})
    void lineWithTheTokenAtTheOtherEnd(int n, int latency) {
        int[] line = new int[n];
        for (int i = 1; i < n; i++) {
            line[i] = i - 1;
        }
        List<int[]> sent = new ArrayList<>();
        long[] ate = {-1};
        Raymond r = new Raymond(
                n,
                latency,
                line,
                new Fabric.GrantSink() {
                    @Override
                    public void granted(int node, long cycle) {
                        assertEquals(n - 1, node);
                        ate[0] = cycle;
                    }

                    @Override
                    public void released(int node, long cycle) {}
                },
                (m, cycle) -> sent.add(new int[] {m.type(), m.from(), m.to()}));
        r.request(n - 1, true, 5);
        for (long t = 5; t < 5 + 4L * n * latency && ate[0] < 0; t++) {
            r.step(t);
        }
        assertEquals(2L * (n - 1), sent.size());
        assertEquals(n - 1, sent.stream().filter(s -> s[0] == Raymond.REQUEST).count());
        assertEquals(5 + 2L * (n - 1) * latency, ate[0]);
    }
}
