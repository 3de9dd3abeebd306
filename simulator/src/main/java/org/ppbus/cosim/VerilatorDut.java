package org.ppbus.cosim;

import java.io.IOException;
import java.nio.file.Path;
import org.ppbus.plane.Wiring;

/** The Verilated RTL as a {@link Dut}, one native call per cycle (lockstep uses batches instead). */
public final class VerilatorDut implements Dut {
    private final RtlModel model;
    private final int nodes;
    private final int[] req;
    private final int[] gnt;
    private final int[] lastGnt;
    private final int[] sym;
    private final int channels;
    private boolean peeked;
    private long cycle;

    public VerilatorDut(String algorithm, int nodes, int latencyCycles, Path cache) throws IOException {
        this.model = new RtlModel(VerilatorLibrary.build(
                VerilatorLibrary.Build.of(algorithm, nodes, latencyCycles).withCache(cache)));
        this.nodes = nodes;
        this.req = new int[model.reqWords()];
        this.gnt = new int[model.gntWords()];
        this.lastGnt = new int[model.gntWords()];
        this.sym = new int[Math.max(1, model.symWords())];
        this.channels = model.symWords() == 0 ? 0 : 2 * Wiring.forNodes(nodes).links();
    }

    @Override
    public int nodes() {
        return nodes;
    }

    @Override
    public int channels() {
        return channels;
    }

    @Override
    public boolean gnt(int node) {
        if (!peeked) {
            model.peek(req, gnt);
            peeked = true;
        }
        return (gnt[node / 32] >>> (node % 32) & 1) != 0;
    }

    @Override
    public void poke(int node, boolean level) {
        if (level) {
            req[node / 32] |= 1 << (node % 32);
        } else {
            req[node / 32] &= ~(1 << (node % 32));
        }
    }

    @Override
    public void step() {
        if (model.run(1, req, lastGnt, channels == 0 ? null : sym) < 1) {
            throw new IllegalStateException("the RTL stopped on an assertion in cycle " + cycle);
        }
        peeked = false;
        cycle++;
    }

    @Override
    public int symbol(int channel) {
        return (sym[channel / 16] >>> (2 * (channel % 16))) & 3;
    }

    @Override
    public long cycle() {
        return cycle;
    }

    @Override
    public void close() {
        model.close();
    }
}
