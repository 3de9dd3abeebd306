package org.ppbus.check;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.ppbus.protocol.ClientState;
import org.ppbus.protocol.ProtocolObserver;
import org.ppbus.protocol.cc.CcPlanes;

/**
 * The invariants of a design with a plane of Campos–Carvalho units per bus (campos-carvalho-k):
 * each plane is a network of its own and keeps I1–I4 and I8 on its own, so each gets its own
 * {@link CcChecks}, fed by that plane's events alone ({@link #ofPlane}). A violation names its
 * plane; the processors' checks (K1–K3, the watchdogs) stay the {@link Checker}'s.
 */
final class PlanesChecks implements NetworkChecks {
    private final CcPlanes planes;
    private final List<CcChecks> each = new ArrayList<>();
    private final boolean full;
    private final Consumer<Violation> fail;

    PlanesChecks(CcPlanes planes, boolean full, Consumer<Violation> fail) {
        this.planes = planes;
        this.full = full;
        this.fail = fail;
        for (int b = 0; b < planes.buses(); b++) {
            String on = "plane " + b;
            each.add(new CcChecks(planes.plane(b), full, v -> fail.accept(onPlane(v, on))));
        }
    }

    private static Violation onPlane(Violation v, String plane) {
        return new Violation(
                v.property(), v.cycle(), plane + " " + v.where(), plane + ": " + v.message(), v.found(), v.details());
    }

    /** Plane b's events go to plane b's invariants. */
    @Override
    public ProtocolObserver ofPlane(int plane) {
        return each.get(plane);
    }

    /**
     * Each plane's invariants; with {@code --check} also each plane's I1, at most one of its clients
     * EATING (a grant the chooser lets go is still the plane's), read from every client each cycle.
     */
    @Override
    public void endOfCycle(long cycle) {
        each.forEach(c -> c.endOfCycle(cycle));
        if (full) {
            for (int b = 0; b < each.size(); b++) {
                int eaters = 0;
                for (int c = 0; c < planes.nodes(); c++) {
                    eaters += planes.plane(b).clientState(c) == ClientState.EATING ? 1 : 0;
                }
                if (eaters > 1) {
                    fail.accept(onPlane(Invariants.eaters(eaters, cycle), "plane " + b));
                }
            }
        }
    }

    @Override
    public void endOfRun(long cycle) {
        each.forEach(c -> c.endOfRun(cycle));
    }

    @Override
    public boolean tolerates(Violation v) {
        // Each plane's own violations pass through its own tolerance when reported; a processor's
        // violation is tolerated only where every plane repairs (none do without +heal).
        return each.stream().allMatch(c -> c.tolerates(v));
    }

    @Override
    public long recoveredAt() {
        return each.stream().mapToLong(CcChecks::recoveredAt).max().orElse(-1);
    }

    /** The plane's checks, once, said to hold on every plane. */
    @Override
    public List<String> checks() {
        List<String> out = new ArrayList<>();
        if (full) {
            out.add(Property.MUTUAL_EXCLUSION.label());
        }
        out.addAll(each.get(0).checks());
        return out.stream()
                .map(c -> c + ", on each of the " + each.size() + " planes")
                .toList();
    }

    @Override
    public boolean quiescent() {
        return each.stream().allMatch(CcChecks::quiescent);
    }

    /** The processors as each plane seats them. */
    @Override
    public List<String> describeClients(int[] processors) {
        List<String> out = new ArrayList<>();
        for (int b = 0; b < each.size(); b++) {
            int[] clients = new int[processors.length];
            for (int i = 0; i < processors.length; i++) {
                clients[i] = planes.clientOf(b, processors[i]);
            }
            out.add("plane " + b + ":");
            out.addAll(each.get(b).describeClients(clients));
        }
        return out;
    }

    @Override
    public List<String> describeEaters() {
        return perPlane(CcChecks::describeEaters);
    }

    @Override
    public List<String> describeHungry() {
        return perPlane(CcChecks::describeHungry);
    }

    @Override
    public List<String> describeRecent() {
        return perPlane(CcChecks::describeRecent);
    }

    private List<String> perPlane(java.util.function.Function<CcChecks, List<String>> what) {
        List<String> out = new ArrayList<>();
        for (int b = 0; b < each.size(); b++) {
            out.add("plane " + b + ":");
            out.addAll(what.apply(each.get(b)));
        }
        return out;
    }
}
