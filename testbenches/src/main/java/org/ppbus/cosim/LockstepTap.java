package org.ppbus.cosim;

import java.util.Arrays;
import java.util.BitSet;
import org.ppbus.link.Direction;
import org.ppbus.plane.Wiring;
import org.ppbus.testbench.SymbolTap;
import org.ppbus.verilog.SignalNames;

/**
 * Runs the RTL alongside a Java simulation. Every cycle the Java model's req becomes the RTL's
 * input and its gnt and driven symbols become the expected outputs; every {@code batch} cycles the
 * RTL runs them in one native call and each gnt bit and channel symbol is compared. The first
 * difference ends the run with a {@link Found}.
 */
final class LockstepTap implements SymbolTap {
    /** Thrown out of the simulation at the first divergence. */
    static final class Found extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final transient Divergence divergence;

        Found(Divergence d) {
            super(d.describe(), null, false, false);
            this.divergence = d;
        }
    }

    private final RtlModel rtl;
    private final Wiring wiring;
    private final boolean symbols;
    private final long seed;
    private final int batch;
    private final int rw;
    private final int sw;
    private final int[] req;
    private final int[] expGnt;
    private final int[] expSym;
    private final int[] gotGnt;
    private final int[] gotSym;
    private final BitSet reqBits = new BitSet();
    private final BitSet gntCur = new BitSet();
    private final BitSet gntNext = new BitSet();
    private int[] history = new int[1 << 16];
    private long historyCycles;
    private int slot;
    private long base;

    LockstepTap(RtlModel rtl, Wiring wiring, boolean symbols, long seed, int batch) {
        this.rtl = rtl;
        this.wiring = wiring;
        this.symbols = symbols;
        this.seed = seed;
        this.batch = batch;
        this.rw = rtl.reqWords();
        this.sw = rtl.symWords();
        this.req = new int[batch * rw];
        this.expGnt = new int[batch * rw];
        this.expSym = new int[Math.max(1, batch * sw)];
        this.gotGnt = new int[batch * rw];
        this.gotSym = new int[Math.max(1, batch * sw)];
    }

    @Override
    public void symbol(Direction direction, int link, int code, long cycle) {
        if (symbols) {
            int ch = direction.channel(link);
            expSym[slot * sw + ch / 16] |= code << (2 * (ch % 16));
        }
    }

    @Override
    public void grant(int node, boolean high, long cycle) {
        gntNext.set(node, high);
    }

    @Override
    public void request(int node, boolean level, long cycle) {
        reqBits.set(node, level);
    }

    @Override
    public void endOfCycle(long cycle) {
        Arrays.fill(req, slot * rw, slot * rw + rw, 0);
        Arrays.fill(expGnt, slot * rw, slot * rw + rw, 0);
        pack(reqBits, req, slot * rw);
        pack(gntCur, expGnt, slot * rw);
        gntCur.clear();
        gntCur.or(gntNext);
        record();
        slot++;
        if (slot == batch) {
            flush();
        } else if (sw > 0) {
            Arrays.fill(expSym, slot * sw, slot * sw + sw, 0);
        }
    }

    private void record() {
        long need = (historyCycles + 1) * rw;
        if (need > history.length) {
            history = Arrays.copyOf(history, (int) Math.min(Integer.MAX_VALUE - 8, Math.max(need, 2L * history.length)));
        }
        System.arraycopy(req, slot * rw, history, (int) (historyCycles * rw), rw);
        historyCycles++;
    }

    /** Runs the buffered cycles on the RTL and compares them. */
    void flush() {
        if (slot == 0) {
            return;
        }
        int k = slot;
        int done = rtl.run(k, req, gotGnt, symbols ? gotSym : null);
        for (int c = 0; c < done; c++) {
            compare(c);
        }
        if (done < k) {
            throw new Found(new Divergence(base + done - 1, "RTL assertion ($stop)", 0, 1, seed, rtl.output()));
        }
        base += k;
        slot = 0;
        if (sw > 0) {
            Arrays.fill(expSym, 0, sw, 0);
        }
    }

    private void compare(int c) {
        long cycle = base + c;
        for (int w = 0; w < rw; w++) {
            int e = expGnt[c * rw + w];
            int g = gotGnt[c * rw + w];
            if (e != g) {
                int bit = Integer.numberOfTrailingZeros(e ^ g);
                int node = 32 * w + bit;
                throw new Found(new Divergence(cycle, "gnt[" + node + "]", (e >>> bit) & 1, (g >>> bit) & 1, seed));
            }
        }
        if (!symbols) {
            return;
        }
        for (int w = 0; w < sw; w++) {
            int e = expSym[c * sw + w];
            int g = gotSym[c * sw + w];
            if (e != g) {
                int ch = 16 * w + Integer.numberOfTrailingZeros(e ^ g) / 2;
                int shift = 2 * (ch % 16);
                throw new Found(new Divergence(cycle, channelName(ch), (e >>> shift) & 3, (g >>> shift) & 3, seed));
            }
        }
    }

    private String channelName(int ch) {
        int link = ch / 2;
        int c = wiring.linkClient(link);
        int a = wiring.linkArbiter(link);
        return ch % 2 == 0 ? SignalNames.c2a(c, a) : SignalNames.a2c(a, c);
    }

    private static void pack(BitSet bits, int[] words, int at) {
        for (int i = bits.nextSetBit(0); i >= 0; i = bits.nextSetBit(i + 1)) {
            words[at + i / 32] |= 1 << (i % 32);
        }
    }

    /** Every cycle's req words so far, for a replay (cycle t at [t*rw, t*rw + rw)). */
    int[] history() {
        return history;
    }

    long historyCycles() {
        return historyCycles;
    }
}
