package org.ppbus.workload;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import org.ppbus.bus.Demand;
import org.ppbus.bus.Need;

/** Replays a {@link RequestTrace}: each node's requests in order, each deferred while it is busy. */
public final class TraceDemand implements Demand {
    private final List<ArrayDeque<RequestTrace.Entry>> pending = new ArrayList<>();
    private final int[] currentHold;
    private final Need[] currentNeed;
    private final boolean statesNeeds;

    public TraceDemand(RequestTrace trace, int nodes) {
        if (trace.nodes() > nodes) {
            throw new IllegalArgumentException("trace has " + trace.nodes() + " nodes but the run has " + nodes);
        }
        for (int i = 0; i < nodes; i++) {
            pending.add(new ArrayDeque<>());
        }
        for (RequestTrace.Entry e : trace.entries()) {
            pending.get(e.node()).add(e);
        }
        currentHold = new int[nodes];
        currentNeed = new Need[nodes];
        statesNeeds = trace.statesNeeds();
    }

    /** What the node's current request needs, as the trace says (one bus, no group, in a v1 trace). */
    @Override
    public Need need(int node, long cycle) {
        return currentNeed[node];
    }

    @Override
    public boolean statesNeeds() {
        return statesNeeds;
    }

    @Override
    public long nextRise(int node, long earliestCycle) {
        RequestTrace.Entry e = pending.get(node).poll();
        if (e == null) {
            return NEVER;
        }
        currentHold[node] = e.hold();
        currentNeed[node] = e.need();
        return Math.max(e.cycle(), earliestCycle);
    }

    @Override
    public int holdCycles(int node, long cycle) {
        return currentHold[node];
    }

    /** A {@code reenter} line due at the end of this transaction: take it, with its hold. */
    @Override
    public boolean reentersWithoutThinking(int node, long cycle) {
        RequestTrace.Entry e = pending.get(node).peek();
        if (e != null && e.reenter() && e.cycle() == cycle) {
            pending.get(node).poll();
            currentHold[node] = e.hold();
            currentNeed[node] = e.need();
            return true;
        }
        return false;
    }
}
