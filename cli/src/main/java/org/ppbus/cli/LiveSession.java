package org.ppbus.cli;

import java.util.ArrayList;
import java.util.List;
import org.ppbus.cosim.JavaDut;
import org.ppbus.protocol.RuleSet;
import org.ppbus.protocol.cc.CcNetwork;
import org.ppbus.registry.Algorithms;
import org.ppbus.view.Frame;

/**
 * The web view's live mode: a Campos–Carvalho network stepped cycle by cycle on the server
 * ({@link JavaDut}), whose processors ask when the user clicks them, hold the bus {@code hold}
 * cycles once granted, and let go. Every cycle stepped is kept as a frame.
 */
final class LiveSession {
    private final JavaDut dut;
    private final CcNetwork net;
    private final int hold;
    private final boolean[] asking;
    private final int[] heldFor;
    private final List<Frame.Packed> frames = new ArrayList<>();

    LiveSession(int nodes, int latency, int hold, RuleSet rules) {
        this.dut = new JavaDut(Algorithms.campos(), nodes, latency, rules);
        this.net = dut.part(CcNetwork.class).orElseThrow();
        this.hold = hold;
        this.asking = new boolean[nodes];
        this.heldFor = new int[nodes];
        step(); // cycle 0, nobody asking: the cold start
    }

    /** The processor asks from the next cycle on (a click); asking again changes nothing. */
    void hungry(int node) {
        asking[node] = true;
    }

    /** One cycle: req as the processors want it, then the network. */
    void step() {
        for (int i = 0; i < asking.length; i++) {
            if (dut.gnt(i) && ++heldFor[i] >= hold) {
                asking[i] = false;
                heldFor[i] = 0;
            }
            dut.poke(i, asking[i]);
        }
        long t = dut.cycle();
        dut.step();
        List<Integer> gnt = new ArrayList<>();
        List<Integer> req = new ArrayList<>();
        for (int i = 0; i < asking.length; i++) {
            if (dut.gnt(i)) {
                gnt.add(i);
            }
            if (asking[i]) {
                req.add(i);
            }
        }
        List<Integer> symbols = new ArrayList<>();
        for (int ch = 0; ch < dut.channels(); ch++) {
            if (dut.symbol(ch) != 0) {
                symbols.add(ch * 4 + dut.symbol(ch));
            }
        }
        frames.add(Frame.of(net.view(t), t, gnt, req, symbols));
    }

    List<Frame.Packed> frames() {
        return frames;
    }

    int nodes() {
        return asking.length;
    }
}
