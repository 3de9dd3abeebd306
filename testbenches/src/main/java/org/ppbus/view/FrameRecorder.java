package org.ppbus.view;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.ppbus.bus.Fabric;
import org.ppbus.link.Direction;
import org.ppbus.plane.Wiring;
import org.ppbus.protocol.cc.CcNetwork;
import org.ppbus.protocol.cc.LinkFlags;
import org.ppbus.protocol.cc.StateView;
import org.ppbus.testbench.SymbolTap;

/**
 * A tap that records a {@link Frame} at the end of every cycle of a Campos–Carvalho run, from the
 * network's own state view ({@link CcNetwork#view}). A run of another algorithm records nothing.
 */
public final class FrameRecorder implements SymbolTap {
    private final List<Frame.Packed> frames = new ArrayList<>(); // packed: about 1 KB a cycle at n = 57
    private final List<Integer> gnt = new ArrayList<>();
    private final TreeSet<Integer> req = new TreeSet<>();
    private final List<Integer> symbols = new ArrayList<>();
    private CcNetwork net;

    @Override
    public void attached(Fabric fabric) {
        net = fabric.part(CcNetwork.class).orElse(null);
    }

    @Override
    public void symbol(Direction direction, int link, int code, long cycle) {
        symbols.add(direction.channel(link) * 4 + code);
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
            frames.add(frame(net.view(cycle), cycle, List.copyOf(gnt), List.copyOf(req), List.copyOf(symbols))
                    .packed());
        }
        symbols.clear();
    }

    /** The frame of a network's state view. */
    public static Frame frame(StateView v, long cycle, List<Integer> gnt, List<Integer> req, List<Integer> symbols) {
        Wiring w = v.wiring();
        List<String> clients = new ArrayList<>();
        for (int i = 0; i < w.nodes(); i++) {
            clients.add(v.clientState(i).name());
        }
        List<Frame.Place> forks = new ArrayList<>();
        List<Boolean> dirty = new ArrayList<>();
        int k = w.lineSize();
        for (int link = 0; link < w.links(); link++) {
            int flags = v.clientFlags(link / k, link % k);
            boolean held = (flags & LinkFlags.FORK) != 0;
            forks.add(
                    held ? Frame.Place.CLIENT : v.forksInTransit(link) > 0 ? Frame.Place.FLIGHT : Frame.Place.ARBITER);
            dirty.add((flags & LinkFlags.DIRTY) != 0);
        }
        List<Integer> owners = new ArrayList<>();
        for (int a = 0; a < w.points(); a++) {
            owners.add(v.ownerClient(a));
        }
        return new Frame(cycle, clients, forks, dirty, owners, gnt, req, symbols);
    }

    /** The frames recorded, packed, one per cycle from cycle 0. */
    public List<Frame.Packed> frames() {
        return frames;
    }
}
