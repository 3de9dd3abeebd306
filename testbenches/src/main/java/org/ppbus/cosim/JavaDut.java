package org.ppbus.cosim;

import java.util.Arrays;
import java.util.BitSet;
import org.ppbus.bus.Fabric;
import org.ppbus.plane.Wiring;
import org.ppbus.protocol.cc.CcNetwork;
import org.ppbus.protocol.baseline.CentralRoundRobin;
import org.ppbus.protocol.cc.ProtocolObserver;
import org.ppbus.protocol.cc.RuleSet;

/** The Java model as a {@link Dut}: the network alone, with req poked by the testbench. */
public final class JavaDut implements Dut, Fabric.GrantSink, ProtocolObserver {
    private final Fabric fabric;
    private final int nodes;
    private final boolean[] req;
    private final boolean[] applied;
    private final BitSet gntNow = new BitSet();
    private final BitSet gntNext = new BitSet();
    private final int[] symbols;
    private long cycle;

    public JavaDut(String algorithm, int nodes, int latencyCycles) {
        this.nodes = nodes;
        this.req = new boolean[nodes];
        this.applied = new boolean[nodes];
        if (algorithm.equals("central-rr")) {
            this.fabric = new CentralRoundRobin(nodes, this);
            this.symbols = new int[0];
        } else {
            Wiring w = Wiring.forNodes(nodes);
            this.fabric = CcNetwork.coldStart(w, CcNetwork.Options.of(latencyCycles, RuleSet.FIXED), this, this);
            this.symbols = new int[2 * w.links()];
        }
    }

    @Override
    public int nodes() {
        return nodes;
    }

    @Override
    public int channels() {
        return symbols.length;
    }

    @Override
    public boolean gnt(int node) {
        return gntNow.get(node);
    }

    @Override
    public void poke(int node, boolean level) {
        req[node] = level;
    }

    @Override
    public void step() {
        for (int i = 0; i < nodes; i++) {
            if (req[i] != applied[i]) {
                applied[i] = req[i];
                fabric.request(i, req[i], cycle);
            }
        }
        Arrays.fill(symbols, 0);
        fabric.step(cycle);
        gntNow.clear();
        gntNow.or(gntNext);
        cycle++;
    }

    @Override
    public int symbol(int channel) {
        return symbols[channel];
    }

    @Override
    public long cycle() {
        return cycle;
    }

    @Override
    public void granted(int node, long c) {
        gntNext.set(node);
    }

    @Override
    public void released(int node, long c) {
        gntNext.clear(node);
    }

    @Override
    public void symbolDriven(boolean clientToArbiter, int link, int code, long c) {
        symbols[2 * link + (clientToArbiter ? 0 : 1)] = code;
    }

    @Override
    public void close() {
        // Nothing native to release.
    }
}
