package org.ppbus.cosim;

import java.util.Arrays;
import java.util.BitSet;
import org.ppbus.bus.Fabric;
import org.ppbus.link.Direction;
import org.ppbus.link.MessageObserver;
import org.ppbus.plane.Wiring;
import org.ppbus.protocol.ProtocolObserver;
import org.ppbus.protocol.RuleSet;
import org.ppbus.protocol.descriptor.Algorithm;
import org.ppbus.protocol.descriptor.Feature;
import org.ppbus.protocol.descriptor.RunInputs;
import org.ppbus.protocol.descriptor.Setting;
import org.ppbus.registry.Algorithms;

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
        this(Algorithms.named(algorithm), nodes, latencyCycles, RuleSet.FIXED);
    }

    /** The algorithm's fabric alone; symbols are compared where the algorithm has them. */
    public JavaDut(Algorithm algorithm, int nodes, int latencyCycles, RuleSet rules) {
        this.nodes = nodes;
        this.req = new boolean[nodes];
        this.applied = new boolean[nodes];
        Wiring w = Wiring.forNodes(nodes);
        this.fabric = algorithm
                .factory()
                .create(new Setting(
                        w,
                        latencyCycles,
                        this,
                        MessageObserver.NONE,
                        algorithm.optionsFor(new RunInputs(rules, this, false))));
        this.symbols = new int[algorithm.has(Feature.SYMBOLS) ? 2 * w.links() : 0];
    }

    @Override
    public int nodes() {
        return nodes;
    }

    /** A part of the model in a role a tool knows (the network whose units the web view draws). */
    public <T> java.util.Optional<T> part(Class<T> role) {
        return fabric.part(role);
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
    public void symbolDriven(Direction direction, int link, int code, long c) {
        symbols[direction.channel(link)] = code;
    }

    @Override
    public void close() {
        // Nothing native to release.
    }
}
