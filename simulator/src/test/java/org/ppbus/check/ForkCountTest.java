package org.ppbus.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.ppbus.bus.Fabric;
import org.ppbus.link.Direction;
import org.ppbus.link.FaultInjector;
import org.ppbus.link.FaultPlan;
import org.ppbus.plane.Wiring;
import org.ppbus.protocol.ProtocolObserver;
import org.ppbus.protocol.RuleSet;
import org.ppbus.protocol.cc.CcNetwork;
import org.ppbus.protocol.cc.Symbols;

/**
 * The I2 check reads the forks on each link from counters the channels and queues keep; here they
 * are compared, after every cycle and on every link, with a scan of what the pipelines and queues
 * hold, in random runs with and without a fault.
 */
class ForkCountTest {
    @ParameterizedTest(name = "n={0} L={1} fault={2}")
    @CsvSource({
        "3, 1, none",
        "7, 1, none",
        "7, 3, none",
        "10, 2, none",
        "13, 4, none",
        "7, 1, drop:random",
        "7, 2, duplicate:random",
        "7, 3, delay:random",
        "13, 2, corrupt:random"
    })
    void countersEqualAScan(int n, int latency, String fault) {
        Wiring w = Wiring.forNodes(n);
        boolean[] eating = new boolean[n];
        Fabric.GrantSink sink = new Fabric.GrantSink() {
            @Override
            public void granted(int node, long cycle) {
                eating[node] = true;
            }

            @Override
            public void released(int node, long cycle) {
                eating[node] = false;
            }
        };
        FaultPlan plan = FaultPlan.parse(fault);
        CcNetwork net = CcNetwork.coldStart(
                w, new CcNetwork.Options(latency, RuleSet.FIXED, plan != null), sink, ProtocolObserver.NONE);
        if (plan != null) {
            net.inject(new FaultInjector(plan, null, -1, n * 31L + latency, 3000));
        }
        SplittableRandom random = new SplittableRandom(n * 1000L + latency);
        boolean[] req = new boolean[n];
        long[] grantedAt = new long[n];
        long moved = 0;
        for (long t = 0; t < 3000; t++) {
            for (int i = 0; i < n; i++) {
                if (!req[i] && random.nextInt(6) == 0) {
                    req[i] = true;
                    grantedAt[i] = -1;
                    net.request(i, true, t);
                } else if (req[i] && eating[i] && grantedAt[i] < 0) {
                    grantedAt[i] = t;
                } else if (req[i] && eating[i] && t - grantedAt[i] >= 2) {
                    req[i] = false;
                    net.request(i, false, t);
                }
            }
            net.step(t);
            for (int link = 0; link < w.links(); link++) {
                int scanned = forks(Direction.C2A, net.inFlight(Direction.C2A, link, t))
                        + forks(Direction.C2A, net.queued(Direction.C2A, link))
                        + forks(Direction.A2C, net.inFlight(Direction.A2C, link, t))
                        + forks(Direction.A2C, net.queued(Direction.A2C, link));
                assertEquals(scanned, net.view(t).forksInTransit(link), "link " + link + " after cycle " + t);
                moved += scanned;
            }
        }
        assertTrue(moved > 100, "hardly any fork moved: " + moved);
    }

    private static int forks(Direction direction, int[] codes) {
        int n = 0;
        for (int c : codes) {
            n += Symbols.carriesFork(direction, c) ? 1 : 0;
        }
        return n;
    }
}
