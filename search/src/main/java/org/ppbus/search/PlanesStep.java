package org.ppbus.search;

import java.util.Arrays;
import org.ppbus.protocol.cc.CcPlanes;

/**
 * The k-bus search's transition relation: a stored state is the {@link CcPlanes} snapshot and the
 * {@link PlanesMonitor}'s words; a processor may raise req while thinking and lower it after
 * holding a bus for at least one cycle.
 */
final class PlanesStep implements Transitions {
    private final SearchOptions o;
    private final CcPlanes planes;
    private final PlanesMonitor monitor;
    private final SearchRecorder[] recs;
    private final int n;
    private final int modelWords;

    PlanesStep(SearchOptions o, CcPlanes planes, PlanesMonitor monitor, SearchRecorder[] recs) {
        this.o = o;
        this.planes = planes;
        this.monitor = monitor;
        this.recs = recs;
        this.n = planes.nodes();
        this.modelWords = planes.snapshot(-1).length;
    }

    /** Words in a stored state. */
    int stateWords() {
        return modelWords + monitor.words();
    }

    /** The cold start, as a stored state. */
    long[] initial() {
        return extend(planes.snapshot(-1));
    }

    @Override
    public int[] choices(long[] state) {
        restore(state);
        int[] c = new int[n];
        for (int i = 0; i < n; i++) {
            c[i] = 1 << StateSearch.NONE;
            if ((o.activeMask() >>> i & 1) == 0) {
                continue;
            }
            if (!planes.asking(i)) {
                c[i] |= 1 << StateSearch.RAISE;
            } else if (monitor.held(i) != 0 && (monitor.fresh() >>> i & 1) == 0) {
                c[i] |= 1 << StateSearch.DROP;
            }
        }
        return c;
    }

    @Override
    public long[] step(long act) {
        for (SearchRecorder r : recs) {
            r.reset();
        }
        monitor.beginCycle();
        for (int i = 0; i < n; i++) {
            switch ((int) (act >>> (2 * i)) & 3) {
                case StateSearch.RAISE -> {
                    planes.request(i, true, 0);
                    monitor.requested(i);
                }
                case StateSearch.DROP -> planes.request(i, false, 0);
                default -> {}
            }
        }
        planes.step(0);
        return extend(planes.snapshot(0));
    }

    @Override
    public void restore(long[] state) {
        planes.restore(Arrays.copyOf(state, modelWords), 0);
        monitor.restore(state, modelWords);
    }

    private long[] extend(long[] model) {
        long[] s = Arrays.copyOf(model, modelWords + monitor.words());
        monitor.save(s, modelWords);
        return s;
    }
}
