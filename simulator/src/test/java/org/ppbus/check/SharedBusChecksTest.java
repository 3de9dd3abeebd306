package org.ppbus.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.ppbus.bus.BusSet;
import org.ppbus.bus.Demand;
import org.ppbus.bus.Fabric;
import org.ppbus.bus.Need;
import org.ppbus.bus.Processors;
import org.ppbus.bus.Sharing;

/**
 * K1 bus exclusion, K2 whole demand and K3 group exclusion, on scripted grants: a correct script
 * passes, and each mutant (k + 1 buses in use, a bus that does not exist, a partial h-set, two
 * groups in together) is caught by the rule written against it. Every processor asks in cycle 1
 * for what the test says and holds its buses for {@link #HOLD} cycles.
 */
class SharedBusChecksTest {
    private static final int HOLD = 5;

    /** A grant the script makes: in this cycle, this node gets these buses. */
    private record Grant(long cycle, int node, BusSet buses) {}

    /** Grants as the script says and releases when req falls, like a bus interface. */
    private static final class Scripted implements Fabric {
        private final int nodes;
        private final List<Grant> script;
        private final boolean[] eating;
        Fabric.GrantSink sink;

        Scripted(int nodes, List<Grant> script) {
            this.nodes = nodes;
            this.script = script;
            this.eating = new boolean[nodes];
        }

        @Override
        public int nodes() {
            return nodes;
        }

        @Override
        public void request(int node, boolean level, long cycle) {
            if (!level && eating[node]) {
                eating[node] = false;
                sink.released(node, cycle);
            }
        }

        @Override
        public void step(long cycle) {
            for (Grant g : script) {
                if (g.cycle() == cycle) {
                    eating[g.node()] = true;
                    sink.granted(g.node(), g.buses(), cycle);
                }
            }
        }

        @Override
        public boolean quiescent() {
            return true;
        }
    }

    /** Runs the script for 40 cycles under the checker; returns the first violation, or null. */
    private static Checker run(Sharing sharing, Need[] needs, List<Grant> script) {
        int n = needs.length;
        Scripted fabric = new Scripted(n, script);
        Checker[] checker = new Checker[1];
        Demand demand = new Demand() {
            private final boolean[] asked = new boolean[n];

            @Override
            public long nextRise(int node, long earliestCycle) {
                if (asked[node]) {
                    return NEVER;
                }
                asked[node] = true;
                return 1;
            }

            @Override
            public int holdCycles(int node, long cycle) {
                return HOLD;
            }

            @Override
            public Need need(int node, long cycle) {
                return needs[node];
            }
        };
        Processors processors = new Processors(n, demand, new Processors.HandshakeListener() {
            @Override
            public void requested(int node, long cycle) {
                checker[0].requested(node, cycle);
            }

            @Override
            public void granted(int node, long riseCycle, long firstGntCycle, int holdCycles) {}

            @Override
            public void releasedBus(int node, long cycle) {}
        });
        checker[0] = new Checker(fabric, processors, false, 1000, 1000);
        checker[0].sharing(sharing);
        fabric.sink = new Fabric.GrantSink() {
            @Override
            public void granted(int node, long cycle) {
                granted(node, BusSet.FIRST, cycle);
            }

            @Override
            public void granted(int node, BusSet buses, long cycle) {
                checker[0].granted(node, buses, cycle);
                processors.granted(node, cycle);
            }

            @Override
            public void released(int node, long cycle) {
                checker[0].released(node, cycle);
            }
        };
        processors.attach(new Needful(fabric));
        for (long t = 0; t < 40 && checker[0].violation() == null; t++) {
            processors.beginCycle(t);
            fabric.step(t);
            processors.endCycle(t);
            checker[0].endOfCycle(t);
        }
        return checker[0];
    }

    /** The scripted fabric takes any need: it is the script that decides what is granted. */
    private static final class Needful extends org.ppbus.bus.ForwardingFabric implements org.ppbus.bus.Needs {
        Needful(Fabric inner) {
            super(inner);
        }

        @Override
        public void need(int node, Need need, long cycle) {}
    }

    private static Need[] ones(int n) {
        Need[] needs = new Need[n];
        java.util.Arrays.fill(needs, Need.ONE);
        return needs;
    }

    private static List<Grant> grants(Grant... g) {
        return new ArrayList<>(List.of(g));
    }

    @Test
    void threeBusesServeFourProcessorsOneAfterAnother() {
        // k = 3: three enter at once on buses 0, 1, 2; the fourth gets bus 0 once its holder left
        // (it lowers req in cycle 3 + HOLD, its gnt falls after).
        Checker c = run(
                new Sharing(3, 1, 0),
                ones(4),
                grants(
                        new Grant(2, 0, BusSet.of(0)),
                        new Grant(2, 1, BusSet.of(1)),
                        new Grant(2, 2, BusSet.of(2)),
                        new Grant(3 + HOLD + 1, 3, BusSet.of(0))));
        assertNull(c.violation(), () -> c.violation().headline());
        assertEquals(3, c.maxInUse());
        assertEquals(0, c.exclusionViolations());
    }

    @Test
    void kPlusOneInUseIsCaught() {
        // The mutant: the fourth is let in while all three buses are held, so bus 0 has two holders.
        Checker c = run(
                new Sharing(3, 1, 0),
                ones(4),
                grants(
                        new Grant(2, 0, BusSet.of(0)),
                        new Grant(2, 1, BusSet.of(1)),
                        new Grant(2, 2, BusSet.of(2)),
                        new Grant(3, 3, BusSet.of(0))));
        assertNotNull(c.violation());
        assertEquals(Property.BUS_EXCLUSION, c.violation().property());
        assertEquals(3, c.violation().cycle());
        assertEquals(1, c.exclusionViolations());
    }

    @Test
    void aBusThatDoesNotExistIsCaught() {
        Checker c = run(new Sharing(3, 1, 0), ones(1), grants(new Grant(2, 0, BusSet.of(3))));
        assertEquals(Property.BUS_EXCLUSION, c.violation().property());
        assertTrue(c.violation().message().contains("bus 3 of 3"), c.violation().message());
    }

    @Test
    void aPartialSetIsCaughtAndAWholeOneIsNot() {
        Need[] twoOfThree = {new Need(2, Need.NO_GROUP), new Need(2, Need.NO_GROUP)};
        Checker whole = run(
                new Sharing(3, 2, 0),
                twoOfThree,
                grants(new Grant(2, 0, BusSet.of(0, 1)), new Grant(3 + HOLD + 1, 1, BusSet.of(1, 2))));
        assertNull(whole.violation(), () -> whole.violation().headline());
        assertEquals(2, whole.maxInUse());
        // The mutant: the second gets the one bus left, a partial set of its two.
        Checker partial = run(
                new Sharing(3, 2, 0),
                twoOfThree,
                grants(new Grant(2, 0, BusSet.of(0, 1)), new Grant(3, 1, BusSet.of(2))));
        assertEquals(Property.WHOLE_DEMAND, partial.violation().property());
        assertEquals(1, partial.violation().found());
    }

    @Test
    void oneGroupSharesTheBusAndTwoGroupsAreCaught() {
        Need[] needs = {new Need(1, 0), new Need(1, 0), new Need(1, 1)};
        // Two of group 0 hold bus 0 together: allowed. Group 1 waits for them to leave.
        Checker together = run(
                new Sharing(2, 1, 2),
                needs,
                grants(
                        new Grant(2, 0, BusSet.of(0)),
                        new Grant(2, 1, BusSet.of(0)),
                        new Grant(3 + HOLD + 1, 2, BusSet.of(1))));
        assertNull(together.violation(), () -> together.violation().headline());
        assertEquals(1, together.maxInUse());
        // The mutant: group 1 is let in on the free bus while group 0 is in.
        Checker mixed = run(
                new Sharing(2, 1, 2),
                needs,
                grants(new Grant(2, 0, BusSet.of(0)), new Grant(2, 1, BusSet.of(0)), new Grant(3, 2, BusSet.of(1))));
        assertEquals(Property.GROUP_EXCLUSION, mixed.violation().property());
        assertEquals(3, mixed.violation().found());
    }

    @Test
    void withoutGroupsTwoOnOneBusBreakBusExclusion() {
        // Processors outside any group never share: the same script as above, groups removed.
        Checker c = run(
                new Sharing(2, 1, 0), ones(2), grants(new Grant(2, 0, BusSet.of(0)), new Grant(2, 1, BusSet.of(0))));
        assertEquals(Property.BUS_EXCLUSION, c.violation().property());
    }
}
