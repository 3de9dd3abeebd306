package org.ppbus.cosim;

import java.util.Arrays;
import java.util.BitSet;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.ppbus.bus.BusSet;
import org.ppbus.link.Direction;
import org.ppbus.plane.Wiring;
import org.ppbus.testbench.SymbolTap;
import org.ppbus.verilog.SignalNames;

/**
 * Runs the RTL alongside a Java simulation. Every cycle the Java model's req becomes the RTL's
 * input and its gnt and driven symbols become the expected outputs; every {@code batch} cycles the
 * RTL runs them in one native call and each gnt bit and channel symbol is compared. The first
 * difference ends the run with a {@link Found}.
 *
 * <p>The two sides overlap: while the RTL runs and checks one batch on a worker thread, the Java
 * model fills the next, so on two cores a lockstep cycle costs about the slower side's time, not
 * the sum of both. Batches are still checked one at a time and in order (a batch goes to the RTL
 * only after the one before it has been checked), so the first divergence is the same as in a
 * sequential run; the Java model has by then run up to one batch further.
 */
final class LockstepTap implements SymbolTap, AutoCloseable {
    /** Thrown out of the simulation at the first divergence. */
    static final class Found extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final transient Divergence divergence;

        Found(Divergence d) {
            super(d.describe(), null, false, false);
            this.divergence = d;
        }
    }

    /** One batch of cycles: the Java side's inputs and expected outputs, and the RTL's outputs. */
    private final class Batch {
        final int[] req = new int[batch * rw];
        final int[] expGnt = new int[batch * gw];
        final int[] expSym = new int[Math.max(1, batch * sw)];
        final int[] gotGnt = new int[batch * gw];
        final int[] gotSym = new int[Math.max(1, batch * sw)];
        long base;
        int count;

        /** Runs the batch on the RTL and compares it; the first divergence, or null. */
        Divergence check() {
            int done = rtl.run(count, req, gotGnt, symbols ? gotSym : null);
            for (int c = 0; c < done; c++) {
                Divergence d = compare(this, c);
                if (d != null) {
                    return d;
                }
            }
            return done < count
                    ? new Divergence(base + done - 1, "RTL assertion ($stop)", 0, 1, seed, rtl.output())
                    : null;
        }
    }

    private final RtlModel rtl;
    private final Wiring wiring;
    private final boolean symbols;
    private final long seed;
    private final int batch;
    private final int rw;
    private final int gw; // gnt words, then a k-bus design's bus vector
    private final int sw;
    private final int buses;
    private final long[] busCur; // per node, the buses it holds in this cycle (k > 1)
    private final long[] busNext;
    private final Batch[] batches;
    private Batch filling;
    private final ExecutorService worker = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "ppbus-lockstep-rtl");
        t.setDaemon(true);
        return t;
    });
    private Future<Divergence> inFlight;
    private final BitSet reqBits = new BitSet();
    private final BitSet gntCur = new BitSet();
    private final BitSet gntNext = new BitSet();
    private int[] history = new int[1 << 16];
    private long historyCycles;
    private int slot;
    private long base;

    LockstepTap(RtlModel rtl, Wiring wiring, boolean symbols, long seed, int batch, int buses) {
        this.rtl = rtl;
        this.buses = buses;
        this.gw = rtl.gntWords();
        this.busCur = new long[wiring.nodes()];
        this.busNext = new long[wiring.nodes()];
        this.wiring = wiring;
        this.symbols = symbols;
        this.seed = seed;
        this.batch = batch;
        this.rw = rtl.reqWords();
        this.sw = rtl.symWords();
        this.batches = new Batch[] {new Batch(), new Batch()};
        this.filling = batches[0];
    }

    @Override
    public void symbol(Direction direction, int link, int code, long cycle) {
        if (symbols) {
            int ch = direction.channel(link);
            filling.expSym[slot * sw + ch / 16] |= code << (2 * (ch % 16));
        }
    }

    /** Plane p's channels follow planes 0 to p - 1's in the RTL's order. */
    @Override
    public void symbol(int plane, Direction direction, int link, int code, long cycle) {
        symbol(direction, plane * wiring.links() + link, code, cycle);
    }

    @Override
    public void grant(int node, boolean high, long cycle) {
        gntNext.set(node, high);
        if (!high) {
            busNext[node] = 0;
        }
    }

    @Override
    public void grant(int node, BusSet set, long cycle) {
        grant(node, true, cycle);
        busNext[node] = set.mask();
    }

    @Override
    public void request(int node, boolean level, long cycle) {
        reqBits.set(node, level);
    }

    @Override
    public void endOfCycle(long cycle) {
        Arrays.fill(filling.req, slot * rw, slot * rw + rw, 0);
        Arrays.fill(filling.expGnt, slot * gw, slot * gw + gw, 0);
        pack(reqBits, filling.req, slot * rw);
        pack(gntCur, filling.expGnt, slot * gw);
        if (buses > 1) {
            packBuses(filling.expGnt, slot * gw + rw);
        }
        gntCur.clear();
        gntCur.or(gntNext);
        System.arraycopy(busNext, 0, busCur, 0, busCur.length);
        record();
        slot++;
        if (slot == batch) {
            send();
        } else if (sw > 0) {
            Arrays.fill(filling.expSym, slot * sw, slot * sw + sw, 0);
        }
    }

    private void record() {
        long need = (historyCycles + 1) * rw;
        if (need > history.length) {
            history =
                    Arrays.copyOf(history, (int) Math.min(Integer.MAX_VALUE - 8, Math.max(need, 2L * history.length)));
        }
        System.arraycopy(filling.req, slot * rw, history, (int) (historyCycles * rw), rw);
        historyCycles++;
    }

    /** Hands the filled batch to the RTL, once the one before it is checked, and starts filling the other. */
    private void send() {
        await();
        Batch b = filling;
        b.base = base;
        b.count = slot;
        inFlight = worker.submit(b::check);
        base += slot;
        slot = 0;
        filling = filling == batches[0] ? batches[1] : batches[0];
        if (sw > 0) {
            Arrays.fill(filling.expSym, 0, sw, 0);
        }
    }

    /** Waits for the batch on the RTL, if any, and throws its divergence. */
    private void await() {
        if (inFlight == null) {
            return;
        }
        Divergence d;
        try {
            d = inFlight.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the RTL ran a batch", e);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        } finally {
            inFlight = null;
        }
        if (d != null) {
            throw new Found(d);
        }
    }

    /** Runs the buffered cycles on the RTL and compares them, and every batch before them. */
    void flush() {
        if (slot > 0) {
            send();
        }
        await();
    }

    /**
     * Lets the batch on the RTL finish, whatever stopped the run, so that the model is not closed
     * under it, and stops the worker.
     */
    @Override
    public void close() {
        try {
            if (inFlight != null) {
                inFlight.get();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException e) {
            // the run has already failed or stopped; this batch's outcome no longer matters
        } finally {
            worker.shutdownNow();
        }
    }

    /** bus[i*k + b] of this cycle into words from {@code at}. */
    private void packBuses(int[] words, int at) {
        for (int i = 0; i < busCur.length; i++) {
            for (long m = busCur[i]; m != 0; m &= m - 1) {
                int bit = i * buses + Long.numberOfTrailingZeros(m);
                words[at + bit / 32] |= 1 << (bit % 32);
            }
        }
    }

    private Divergence compare(Batch b, int c) {
        long cycle = b.base + c;
        for (int w = 0; w < gw; w++) {
            int e = b.expGnt[c * gw + w];
            int g = b.gotGnt[c * gw + w];
            if (e != g) {
                int bit = Integer.numberOfTrailingZeros(e ^ g);
                String signal = w < rw ? "gnt[" + (32 * w + bit) + "]" : "bus[" + (32 * (w - rw) + bit) + "]";
                return new Divergence(cycle, signal, (e >>> bit) & 1, (g >>> bit) & 1, seed);
            }
        }
        if (!symbols) {
            return null;
        }
        for (int w = 0; w < sw; w++) {
            int e = b.expSym[c * sw + w];
            int g = b.gotSym[c * sw + w];
            if (e != g) {
                int ch = 16 * w + Integer.numberOfTrailingZeros(e ^ g) / 2;
                int shift = 2 * (ch % 16);
                return new Divergence(cycle, channelName(ch), (e >>> shift) & 3, (g >>> shift) & 3, seed);
            }
        }
        return null;
    }

    /** A channel's name; with k planes, prefixed by its plane's instance (u_plane_1.c2a_c0_a1). */
    private String channelName(int ch) {
        int perPlane = 2 * wiring.links();
        String plane = buses > 1 ? "u_plane_" + ch / perPlane + "." : "";
        return plane + channelNameOnPlane(ch % perPlane);
    }

    private String channelNameOnPlane(int ch) {
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
