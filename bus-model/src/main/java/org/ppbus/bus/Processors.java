package org.ppbus.bus;

import java.util.Arrays;
import java.util.PriorityQueue;

/**
 * The processors P0..P(n−1), each a Moore machine that follows the req/gnt handshake of
 * docs/SPEC.md (contract): it raises req when it wants the bus, keeps it high until it has seen gnt and
 * finished its transaction of H cycles, then lowers it for at least one cycle. Only req edges are
 * events, so a thinking or waiting processor costs nothing per cycle.
 *
 * <p>Timeline of one entry: req rises in cycle r; the client eats in some cycle e ≥ r, so gnt is
 * high from g = e + 1; the processor uses the bus in cycles g .. g+H−1 and lowers req in g+H.
 */
public final class Processors implements Fabric.GrantSink {
    private enum Phase {
        THINK,
        WANT,
        HOLD,
        DEAD
    }

    private final Demand demand;
    private final Phase[] phase;
    private final boolean[] req;
    private final long[] riseCycle;
    private final long[] grantCycle;
    private final PriorityQueue<long[]> events =
            new PriorityQueue<>((a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0]) : Long.compare(a[1], b[1]));
    private final HandshakeListener listener;
    private Fabric fabric;
    private Needs needs; // null: the fabric serves one bus and no groups
    private final Need[] need; // each processor's current (or last) request
    private long transactingCycles; // the sum over cycles of the processors in their transaction
    private int maxTransacting;
    private int transacting;
    private int startingNextCycle;
    private int waiting;
    private long busyCycles;
    private long lastAccountedCycle = -1;

    /** Observes processor-side events for statistics and traces. */
    public interface HandshakeListener {
        void requested(int node, long cycle);

        void granted(int node, long riseCycle, long firstGntCycle, int holdCycles);

        void releasedBus(int node, long cycle);
    }

    public Processors(int nodes, Demand demand, HandshakeListener listener) {
        this.demand = demand;
        this.phase = new Phase[nodes];
        this.req = new boolean[nodes];
        this.riseCycle = new long[nodes];
        this.grantCycle = new long[nodes];
        this.listener = listener;
        Arrays.fill(phase, Phase.THINK);
        this.need = new Need[nodes];
        Arrays.fill(need, Need.ONE);
    }

    /** Connects the fabric and schedules every processor's first request (req is low in cycle 0). */
    public void attach(Fabric fabric) {
        this.fabric = fabric;
        this.needs = fabric.part(Needs.class).orElse(null);
        for (int i = 0; i < phase.length; i++) {
            scheduleRise(i, 1);
        }
    }

    private void scheduleRise(int node, long earliest) {
        long at = demand.nextRise(node, earliest);
        if (at != Demand.NEVER) {
            if (at < earliest) {
                throw new IllegalStateException("demand asked node " + node + " to rise in the past");
            }
            events.add(new long[] {at, node});
        }
    }

    /**
     * Makes a thinking processor raise req in the given cycle, for workloads that react to the
     * system (strict alternation waits for quiescence). Its demand must have returned NEVER. A
     * crashed processor ignores it.
     */
    public void raiseAt(int node, long cycle) {
        if (phase[node] == Phase.DEAD) {
            return; // a crashed processor does nothing again, whatever the workload's turn says
        }
        if (phase[node] != Phase.THINK) {
            throw new IllegalStateException("processor " + node + " is not thinking");
        }
        events.add(new long[] {cycle, node});
    }

    /** Processors that have raised req and not yet been granted. */
    public int waitingCount() {
        return waiting;
    }

    /** Applies the req edges due in this cycle; call before the fabric's step. */
    public void beginCycle(long cycle) {
        // Grants of the previous cycle: gnt is high from this cycle, so the transaction starts now.
        transacting += startingNextCycle;
        startingNextCycle = 0;
        while (!events.isEmpty() && events.peek()[0] == cycle) {
            int node = (int) events.poll()[1];
            switch (phase[node]) {
                case DEAD -> {} // a crashed processor does nothing again
                case THINK -> {
                    phase[node] = Phase.WANT;
                    waiting++;
                    req[node] = true;
                    riseCycle[node] = cycle;
                    tellNeed(node, cycle);
                    listener.requested(node, cycle);
                    fabric.request(node, true, cycle);
                }
                case HOLD -> {
                    transacting--;
                    listener.releasedBus(node, cycle);
                    if (demand.reentersWithoutThinking(node, cycle)) {
                        phase[node] = Phase.WANT;
                        waiting++;
                        riseCycle[node] = cycle;
                        listener.requested(node, cycle);
                        if (!(fabric instanceof Reentry d)) {
                            throw new UnsupportedOperationException(
                                    "re-entry without thinking needs a fabric that allows it"
                                            + " (the Campos-Carvalho audit)");
                        }
                        d.reenterWithoutThinking(node, cycle);
                    } else {
                        phase[node] = Phase.THINK;
                        req[node] = false;
                        fabric.request(node, false, cycle);
                        scheduleRise(node, cycle + 1);
                    }
                }
                case WANT -> throw new IllegalStateException("event for waiting processor " + node);
                default -> throw new AssertionError();
            }
        }
        if (events.isEmpty() || events.peek()[0] > cycle) {
            return;
        }
        throw new IllegalStateException("processor event scheduled in the past");
    }

    /** Tells the fabric what the request rising now needs; a one-bus fabric can only be asked for one bus. */
    private void tellNeed(int node, long cycle) {
        Need n = demand.need(node, cycle);
        need[node] = n;
        if (needs != null) {
            needs.need(node, n, cycle);
        } else if (!n.equals(Need.ONE)) {
            throw new IllegalStateException("processor " + node + " needs " + n + " of a fabric that serves one bus");
        }
    }

    /** What the processor's current (or last) request needs. */
    public Need need(int node) {
        return need[node];
    }

    /** Counts this cycle as busy if some processor is in its transaction. Call once per cycle. */
    public void endCycle(long cycle) {
        if (cycle != lastAccountedCycle + 1) {
            throw new IllegalStateException("cycles must be accounted in order");
        }
        lastAccountedCycle = cycle;
        if (transacting > 0) {
            busyCycles++;
            transactingCycles += transacting;
            maxTransacting = Math.max(maxTransacting, transacting);
        }
    }

    /**
     * Crash-stop from this cycle on (call before {@link #beginCycle}): the processor never asks or
     * releases again, and is no longer waiting or using the bus. Its req output goes silent.
     */
    public void crash(int node, long cycle) {
        switch (phase[node]) {
            case WANT -> waiting--;
            case HOLD -> {
                if (grantCycle[node] == cycle - 1) {
                    startingNextCycle--; // its transaction would have started in this cycle
                } else {
                    transacting--;
                }
            }
            default -> {}
        }
        phase[node] = Phase.DEAD;
        req[node] = false;
    }

    /** Whether the processor has crashed. */
    public boolean dead(int node) {
        return phase[node] == Phase.DEAD;
    }

    @Override
    public void granted(int node, long cycle) {
        if (phase[node] == Phase.DEAD) {
            return; // a dead node's grant reaches no processor
        }
        if (phase[node] != Phase.WANT) {
            throw new IllegalStateException("gnt to processor " + node + " that is not waiting");
        }
        long firstGnt = cycle + 1;
        grantCycle[node] = cycle;
        phase[node] = Phase.HOLD;
        waiting--;
        startingNextCycle++;
        int hold = demand.holdCycles(node, firstGnt);
        if (hold < 1) {
            throw new IllegalStateException("hold must be at least 1 cycle");
        }
        listener.granted(node, riseCycle[node], firstGnt, hold);
        events.add(new long[] {firstGnt + hold, node});
    }

    @Override
    public void released(int node, long cycle) {
        // Nothing to do: the processor lowered req itself; gnt falls in cycle + 1.
    }

    public boolean req(int node) {
        return req[node];
    }

    /** True while the processor is between raising req and being granted. */
    public boolean waiting(int node) {
        return phase[node] == Phase.WANT;
    }

    public long riseCycle(int node) {
        return riseCycle[node];
    }

    /** Cycles in which some processor was in its transaction (req and gnt high). */
    public long busyCycles() {
        return busyCycles;
    }

    /** The sum, over the cycles so far, of the processors in their transaction: concurrency × cycles. */
    public long transactingCycles() {
        return transactingCycles;
    }

    /** The most processors in their transaction in one cycle so far. */
    public int maxTransacting() {
        return maxTransacting;
    }

    /** True when no processor will ever raise req again and none is waiting or holding. */
    public boolean finished() {
        if (!events.isEmpty()) {
            return false;
        }
        for (Phase p : phase) {
            if (p != Phase.THINK && p != Phase.DEAD) {
                return false;
            }
        }
        return true;
    }

    /** The next cycle with a processor event, or {@link Demand#NEVER}. */
    public long nextEventCycle() {
        return events.isEmpty() ? Demand.NEVER : events.peek()[0];
    }
}
