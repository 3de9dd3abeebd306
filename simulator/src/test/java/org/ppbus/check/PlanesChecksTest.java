package org.ppbus.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.ppbus.bus.Fabric;
import org.ppbus.plane.Wiring;
import org.ppbus.protocol.ClientState;
import org.ppbus.protocol.ProtocolObserver;
import org.ppbus.protocol.RuleSet;
import org.ppbus.protocol.cc.CcNetwork;
import org.ppbus.protocol.cc.CcPlanes;
import org.ppbus.protocol.cc.InitialState;

/**
 * Each plane's I1 under {@code --check}: a planted state (forced past its validation) in which two
 * clients of every plane are EATING is caught on each plane, named by its plane; without --check the
 * scan does not run and says so by not listing it.
 */
class PlanesChecksTest {
    private static final Fabric.GrantSink NOBODY = new Fabric.GrantSink() {
        @Override
        public void granted(int node, long cycle) {}

        @Override
        public void released(int node, long cycle) {}
    };

    private static CcPlanes twoEatersOnEachPlane() {
        Wiring w = Wiring.forNodes(7);
        InitialState s = InitialState.coldStart(w)
                .client(0, ClientState.EATING)
                .client(1, ClientState.EATING)
                .force();
        return new CcPlanes(w, 2, CcNetwork.Options.of(1, RuleSet.FIXED), s, NOBODY, ProtocolObserver.NONE);
    }

    @Test
    void twoEatersOnAPlaneBreakItsI1UnderCheck() {
        List<Violation> found = new ArrayList<>();
        PlanesChecks checks = new PlanesChecks(twoEatersOnEachPlane(), true, found::add);
        checks.endOfCycle(0);
        List<String> i1 = found.stream()
                .filter(v -> v.property() == Property.MUTUAL_EXCLUSION)
                .map(Violation::message)
                .toList();
        assertEquals(List.of("plane 0: 2 clients are EATING", "plane 1: 2 clients are EATING"), i1);
        assertTrue(
                checks.checks().contains("I1 mutual exclusion, on each of the 2 planes"),
                checks.checks().toString());
    }

    @Test
    void withoutCheckThePlanesI1IsNeitherScannedNorListed() {
        List<Violation> found = new ArrayList<>();
        PlanesChecks checks = new PlanesChecks(twoEatersOnEachPlane(), false, found::add);
        checks.endOfCycle(0);
        assertTrue(found.stream().noneMatch(v -> v.property() == Property.MUTUAL_EXCLUSION), found.toString());
        assertTrue(
                checks.checks().stream().noneMatch(c -> c.startsWith("I1")),
                checks.checks().toString());
    }
}
