package org.ppbus.search;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.ppbus.bus.Fabric;
import org.ppbus.plane.Wiring;
import org.ppbus.protocol.ProtocolObserver;
import org.ppbus.protocol.cc.CcNetwork;
import org.ppbus.workload.RequestTrace;

/** A finding of the search as something to replay: a request trace for {@code ppbus simulate}. */
public final class Counterexamples {
    private Counterexamples() {}

    /**
     * A request trace that makes {@code ppbus simulate} do what the actions do. Search cycle k is
     * simulation cycle k + 1, because traces start at cycle 1 and the cold start is quiescent. A
     * request still open at the end holds the bus for {@code openHold} cycles.
     */
    public static RequestTrace trace(SearchOptions o, List<int[]> actions, int openHold) {
        Wiring wiring = Wiring.forNodes(o.nodes());
        Grants rec = new Grants();
        CcNetwork replay = CcNetwork.coldStart(
                wiring, new CcNetwork.Options(o.latency(), o.rules(), true), rec, ProtocolObserver.NONE);
        return trace(replay, rec, wiring.nodes(), actions, openHold, replay::reenterWithoutThinking);
    }

    /** How a network re-enters without thinking (audit A3), where the search allowed it. */
    interface Reentry {
        void reenter(int node, long cycle);
    }

    /**
     * The same for any network the search ran: {@code replay} fresh from the cold start, reporting
     * its grants to {@code rec}; {@code reentry} null where re-entry was not searched.
     */
    static RequestTrace trace(Fabric replay, Grants rec, int n, List<int[]> actions, int openHold, Reentry reentry) {
        long[] grantedAt = new long[n];
        long[] openedAt = new long[n];
        boolean[] openReenter = new boolean[n];
        Arrays.fill(openedAt, -1);
        List<long[]> done = new ArrayList<>(); // {rise, node, hold, reenter}
        for (int k = 0; k < actions.size(); k++) {
            rec.mask = 0;
            int[] a = actions.get(k);
            if (a[n + 1] != 0) {
                replay.crash(a[n + 1] - 1, k);
            }
            for (int i = 0; i < n; i++) {
                switch (a[i]) {
                    case StateSearch.RAISE -> {
                        replay.request(i, true, k);
                        openedAt[i] = k;
                        openReenter[i] = false;
                    }
                    case StateSearch.DROP, StateSearch.REENTER -> {
                        done.add(new long[] {openedAt[i], i, k - grantedAt[i] - 1, openReenter[i] ? 1 : 0});
                        if (a[i] == StateSearch.DROP) {
                            replay.request(i, false, k);
                            openedAt[i] = -1;
                        } else {
                            reentry.reenter(i, k);
                            openedAt[i] = k;
                            openReenter[i] = true;
                        }
                    }
                    default -> {}
                }
            }
            replay.step(k);
            for (int i = 0; i < n; i++) {
                if ((rec.mask >>> i & 1) != 0) {
                    grantedAt[i] = k;
                }
            }
        }
        for (int i = 0; i < n; i++) {
            if (openedAt[i] >= 0) {
                done.add(new long[] {openedAt[i], i, openHold, openReenter[i] ? 1 : 0});
            }
        }
        return new RequestTrace(n, entries(done));
    }

    /** The requests in the order they rose, as a trace's entries: search cycle k is simulation cycle k + 1. */
    private static List<RequestTrace.Entry> entries(List<long[]> done) {
        List<RequestTrace.Entry> entries = new ArrayList<>();
        done.sort((x, y) -> Long.compare(x[0], y[0]));
        for (long[] d : done) {
            entries.add(new RequestTrace.Entry(d[0] + 1, (int) d[1], (int) Math.max(1, d[2]), d[3] == 1));
        }
        return entries;
    }

    /** The processors granted in the cycle just run, one bit each. */
    static final class Grants implements Fabric.GrantSink {
        long mask;

        @Override
        public void granted(int node, long cycle) {
            mask |= 1L << node;
        }

        @Override
        public void released(int node, long cycle) {}
    }
}
