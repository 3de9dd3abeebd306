package org.ppbus.view;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.ppbus.bus.BusSet;
import org.ppbus.bus.Fabric;
import org.ppbus.link.Direction;
import org.ppbus.protocol.cc.CcNetwork;
import org.ppbus.protocol.cc.CcPlanes;
import org.ppbus.protocol.descriptor.Algorithm;
import org.ppbus.testbench.SymbolTap;

/**
 * A tap that records a {@link Frame} at the end of every cycle of a Campos–Carvalho run, from the
 * network's own state view ({@link CcNetwork#view}); for the k-bus design ({@link CcPlanes}), a frame
 * of each plane inside the processors' frame. A run of another algorithm records nothing.
 */
public final class FrameRecorder implements SymbolTap {
    private final List<Frame.Packed> frames = new ArrayList<>(); // packed: about 1 KB a cycle at n = 57
    private final List<Integer> gnt = new ArrayList<>();
    private final TreeSet<Integer> req = new TreeSet<>();
    private final List<Integer> symbols = new ArrayList<>();
    private CcNetwork net;
    private CcPlanes planes;
    private final List<List<Integer>> planeSymbols = new ArrayList<>();
    private final Map<Integer, Integer> busOf = new HashMap<>(); // processor -> the bus its gnt gives

    /** Whether a run of the algorithm is drawn as a plane (recorded here) rather than as messages. */
    public static boolean draws(Algorithm a) {
        return a == CcNetwork.ALGORITHM || a == CcPlanes.ALGORITHM;
    }

    @Override
    public void attached(Fabric fabric) {
        net = fabric.part(CcNetwork.class).orElse(null);
        planes = net == null ? fabric.part(CcPlanes.class).orElse(null) : null;
        for (int b = 0; planes != null && b < planes.buses(); b++) {
            planeSymbols.add(new ArrayList<>());
        }
    }

    @Override
    public void symbol(Direction direction, int link, int code, long cycle) {
        symbols.add(direction.channel(link) * 4 + code);
    }

    @Override
    public void symbol(int plane, Direction direction, int link, int code, long cycle) {
        if (planes == null) {
            symbol(direction, link, code, cycle);
        } else {
            planeSymbols.get(plane).add(direction.channel(link) * 4 + code);
        }
    }

    @Override
    public void grant(int node, BusSet buses, long cycle) {
        busOf.put(node, Long.numberOfTrailingZeros(buses.mask()));
        grant(node, true, cycle);
    }

    @Override
    public void request(int node, boolean level, long cycle) {
        if (level) {
            req.add(node);
        } else {
            req.remove(node);
        }
    }

    @Override
    public void grant(int node, boolean high, long cycle) {
        if (high) {
            gnt.add(node);
        } else {
            gnt.remove((Integer) node);
        }
    }

    @Override
    public void endOfCycle(long cycle) {
        if (net != null) {
            frames.add(
                    shared(Frame.of(net.view(cycle), cycle, List.copyOf(gnt), List.copyOf(req), List.copyOf(symbols))));
        } else if (planes != null) {
            frames.add(planesFrame(cycle));
        }
        symbols.clear();
        planeSymbols.forEach(List::clear);
    }

    /**
     * The processors' req and gnt, and each plane's frame in its own clients' numbers: its gnt the
     * clients whose processor's grant is of this bus, its req the clients the choosers ask for.
     */
    private Frame.Packed planesFrame(long cycle) {
        List<Frame.Packed> each = new ArrayList<>();
        for (int b = 0; b < planes.buses(); b++) {
            List<Integer> g = new ArrayList<>();
            for (int node : gnt) {
                if (busOf.getOrDefault(node, -1) == b) {
                    g.add(planes.clientOf(b, node));
                }
            }
            List<Integer> r = new ArrayList<>();
            for (int node = 0; node < planes.nodes(); node++) {
                if (planes.req(node, b)) {
                    r.add(planes.clientOf(b, node));
                }
            }
            Collections.sort(r);
            each.add(Frame.of(planes.plane(b).view(cycle), cycle, g, r, List.copyOf(planeSymbols.get(b))));
        }
        return new Frame.Packed(cycle, "", "", "", List.copyOf(gnt), List.copyOf(req), List.of(), List.of(), "", each);
    }

    private String lastPriorities = "";

    /**
     * The frame with the previous frame's priority string where they are equal: arbiters reorder
     * only at a meal, so a long run keeps one copy of the lists for many cycles.
     */
    private Frame.Packed shared(Frame.Packed f) {
        if (!f.q().equals(lastPriorities)) {
            lastPriorities = f.q();
            return f;
        }
        return new Frame.Packed(f.t(), f.c(), f.f(), f.d(), f.g(), f.r(), f.s(), f.o(), lastPriorities, f.p());
    }

    /** The frames recorded, packed, one per cycle from cycle 0. */
    public List<Frame.Packed> frames() {
        return frames;
    }
}
