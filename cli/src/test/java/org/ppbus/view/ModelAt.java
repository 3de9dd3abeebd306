package org.ppbus.view;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.ppbus.bus.Fabric;
import org.ppbus.link.Direction;
import org.ppbus.plane.Wiring;
import org.ppbus.protocol.cc.CcNetwork;
import org.ppbus.protocol.cc.CcPlanes;
import org.ppbus.protocol.cc.LinkFlags;
import org.ppbus.protocol.cc.StateView;
import org.ppbus.testbench.Simulation;
import org.ppbus.testbench.SimulationConfig;
import org.ppbus.testbench.SymbolTap;

/** What the view's tests compare the page with: the Java model's own state at a cycle, read apart from the view. */
public final class ModelAt {
    private ModelAt() {}

    /** A tap that hears nothing unless it says so. */
    private abstract static class Listening implements SymbolTap {
        @Override
        public void symbol(Direction d, int link, int code, long cycle) {}

        @Override
        public void grant(int node, boolean high, long cycle) {}
    }

    /** Client states and fork places at a cycle, read from the network's own state view. */
    public record Model(List<String> states, List<String> forks) {}

    /**
     * Plane b's client states and fork places at cycle t of a k-bus run (campos-carvalho-k), and
     * which processor each of its clients seats, read from the design's own planes.
     */
    public record PlaneModel(Model model, List<Integer> seats) {}

    public static PlaneModel plane(SimulationConfig c, long t, int b) throws IOException {
        PlaneModel[] at = new PlaneModel[1];
        new Simulation(c)
                .tap(new Listening() {
                    private CcPlanes planes;

                    @Override
                    public void attached(Fabric f) {
                        planes = f.part(CcPlanes.class).orElseThrow();
                    }

                    @Override
                    public void endOfCycle(long cycle) {
                        if (cycle == t) {
                            Integer[] seats = new Integer[c.nodes()];
                            for (int i = 0; i < c.nodes(); i++) {
                                seats[planes.clientOf(b, i)] = i;
                            }
                            at[0] = new PlaneModel(read(planes.plane(b).view(cycle)), List.of(seats));
                        }
                    }
                })
                .run();
        return at[0];
    }

    public static Model cycle(SimulationConfig c, long t) throws IOException {
        Model[] at = new Model[1];
        new Simulation(c)
                .tap(new Listening() {
                    private CcNetwork net;

                    @Override
                    public void attached(Fabric f) {
                        net = f.part(CcNetwork.class).orElseThrow();
                    }

                    @Override
                    public void endOfCycle(long cycle) {
                        if (cycle == t) {
                            at[0] = read(net.view(cycle));
                        }
                    }
                })
                .run();
        return at[0];
    }

    private static Model read(StateView v) {
        Wiring w = v.wiring();
        List<String> states = new ArrayList<>();
        for (int i = 0; i < w.nodes(); i++) {
            states.add(v.clientState(i).name());
        }
        List<String> forks = new ArrayList<>();
        for (int i = 0; i < w.nodes(); i++) {
            for (int slot = 0; slot < w.lineSize(); slot++) {
                int link = i * w.lineSize() + slot;
                boolean held = (v.clientFlags(i, slot) & LinkFlags.FORK) != 0;
                forks.add(held ? "CLIENT" : v.forksInTransit(link) > 0 ? "FLIGHT" : "ARBITER");
            }
        }
        return new Model(states, forks);
    }

    /**
     * A processor's requests in a run, from the model's own req and gnt events: {raised, granted}
     * each, raised the cycle req rises, granted the first cycle gnt is high (-1 if never).
     */
    public static List<long[]> requests(SimulationConfig c, int node) throws IOException {
        List<long[]> out = new ArrayList<>();
        new Simulation(c)
                .tap(new Listening() {
                    @Override
                    public void request(int i, boolean level, long cycle) {
                        if (i == node && level) {
                            out.add(new long[] {cycle, -1});
                        }
                    }

                    @Override
                    public void grant(int i, boolean high, long cycle) {
                        if (i == node && high) {
                            out.get(out.size() - 1)[1] = cycle + 1;
                        }
                    }
                })
                .run();
        return out;
    }

    /** The messages of a run on the air in cycles a to b (sent by b, received from a), as "from>to@sent". */
    static List<String> messages(SimulationConfig c, long a, long b) throws IOException {
        return messages(c, a, b, -1);
    }

    /** The same, of one message type only (-1: every type). */
    static List<String> messages(SimulationConfig c, long a, long b, int type) throws IOException {
        List<String> out = new ArrayList<>();
        new Simulation(c)
                .tap(new Listening() {
                    @Override
                    public void message(org.ppbus.link.Message m, long sent, long arrives) {
                        if (sent <= b && arrives >= a && (type < 0 || m.type() == type)) {
                            out.add(m.from() + ">" + m.to() + "@" + sent);
                        }
                    }
                })
                .run();
        return out;
    }

    /**
     * Every symbol driven in a run, as "channel/SYMBOL/cycle", by the cycle it was driven in; and
     * per cycle, arbiter j's priority order (clients, highest first) and its OWNER at the end of it.
     */
    public record Traffic(
            java.util.Map<Long, List<String>> symbols,
            java.util.Map<Long, List<Integer>> priority,
            java.util.Map<Long, Integer> owner) {}

    public static Traffic traffic(SimulationConfig c, int arbiter) throws IOException {
        Traffic out = new Traffic(new java.util.HashMap<>(), new java.util.HashMap<>(), new java.util.HashMap<>());
        Wiring w = Wiring.forNodes(c.nodes());
        new Simulation(c)
                .tap(new Listening() {
                    private CcNetwork net;

                    @Override
                    public void attached(Fabric f) {
                        net = f.part(CcNetwork.class).orElseThrow();
                    }

                    @Override
                    public void symbol(Direction d, int link, int code, long cycle) {
                        int client = w.linkClient(link);
                        int a = w.linkArbiter(link);
                        String channel = d == Direction.C2A
                                ? org.ppbus.verilog.SignalNames.c2a(client, a)
                                : org.ppbus.verilog.SignalNames.a2c(a, client);
                        out.symbols()
                                .computeIfAbsent(cycle, k -> new ArrayList<>())
                                .add(channel + "/" + org.ppbus.protocol.cc.Symbols.name(d, code) + "/" + cycle);
                    }

                    @Override
                    public void endOfCycle(long cycle) {
                        StateView v = net.view(cycle);
                        List<Integer> order = new ArrayList<>();
                        for (int client : v.priorityOrder(arbiter)) {
                            order.add(client);
                        }
                        out.priority().put(cycle, order);
                        out.owner().put(cycle, v.ownerClient(arbiter));
                    }
                })
                .run();
        return out;
    }

    /** Every message of a run: {from, to, type, sent, arrives (-1 lost)}. */
    public static List<long[]> messageList(SimulationConfig c) throws IOException {
        List<long[]> out = new ArrayList<>();
        new Simulation(c)
                .tap(new Listening() {
                    @Override
                    public void message(org.ppbus.link.Message m, long sent, long arrives) {
                        out.add(new long[] {m.from(), m.to(), m.type(), sent, arrives});
                    }
                })
                .run();
        return out;
    }
}
