package org.ppbus.protocol.wired;

import java.util.Arrays;
import java.util.function.IntUnaryOperator;
import java.util.stream.IntStream;
import org.ppbus.bus.Fabric;
import org.ppbus.protocol.descriptor.Algorithm;
import org.ppbus.protocol.descriptor.CrashDerivation;
import org.ppbus.protocol.descriptor.Family;
import org.ppbus.protocol.descriptor.Feature;

/**
 * Parallel contention, as NuBus, Futurebus (IEEE 896) and Multibus II arbitrate: no arbiter, only
 * shared wired-OR lines. Processor i's arbitration number is i; m = ⌈log₂ n⌉ lines carry the
 * numbers. The lines are the OR of every node's registered drivers, so one cycle is one
 * propagation: a competitor drives bit k of its number unless, on a line above k, it sees a 1 where
 * its own number has a 0. From the OR of all numbers, each cycle settles one more bit from the top,
 * so after m - 1 cycles of withdrawal the lines hold the highest number (docs/PROTOCOL.md).
 *
 * <p>A round: in a cycle with no round running and no winner waiting, the processors whose req is
 * high, that do not own the bus and are not held back by the fairness rule (the eligible ones)
 * become the competitors and drive their numbers (phase 1 from the next cycle); phases 1 to m - 1
 * withdraw; in phase m the competitor whose number the lines hold becomes the winner. The winner is
 * granted in the first cycle the bus is not busy, and is then held back (Futurebus's fairness):
 * it may compete again only after a fairness release, a cycle with no round, no winner and nobody
 * eligible. The next round runs while the winner owns the bus, so arbitration overlaps transfers.
 */
public final class ParallelContention implements Fabric {
    public static final Algorithm ALGORITHM = Algorithm.named(
                    "parallel-contention",
                    "NuBus/Futurebus parallel contention: numbers on ⌈log₂ n⌉ wired-OR lines, the highest wins,"
                            + " with the fairness release")
            .family(Family.WIRED)
            .factory(s -> new ParallelContention(s.nodes(), s.grants()))
            // Drivers on the m number lines and on the request, winner and busy lines.
            .wires(n -> lines(n) + 3)
            .sharedLines(n -> lines(n) + 3)
            // A waiter is overtaken by another at most twice: once before and once after the
            // fairness release that lets them both compete again (docs/PROTOCOL.md).
            .fairness((l, h) -> 2)
            .features(Feature.RTL)
            .survival((w, o, dead) -> new CrashDerivation(
                    IntStream.range(0, w.nodes()).filter(i -> i != dead).toArray(),
                    new int[0],
                    new int[0],
                    "no node decides for another: a dead one drives no line"))
            .build();

    private final boolean[] req;
    private final boolean[] dead;
    private final boolean[] inhibited;
    private final boolean[] competing;
    /** Who may compete in this cycle, as the cycle began (scratch, kept to spare an allocation a cycle). */
    private final boolean[] eligible;

    private final Fabric.GrantSink sink;
    private final int m;
    private int owner = -1;
    private int winner = -1;
    /** 0: no round; 1 to m: the round's phase in this cycle. */
    private int phase;
    /** The number lines in this cycle: the OR of the competitors' drivers. */
    private int lines;

    public ParallelContention(int nodes, Fabric.GrantSink sink) {
        if (nodes < 1) {
            throw new IllegalArgumentException("nodes must be at least 1, got " + nodes);
        }
        this.req = new boolean[nodes];
        this.dead = new boolean[nodes];
        this.inhibited = new boolean[nodes];
        this.competing = new boolean[nodes];
        this.eligible = new boolean[nodes];
        this.sink = sink;
        this.m = lines(nodes);
    }

    /** The number lines at n nodes, m = ⌈log₂ n⌉, at least one. */
    public static int lines(int nodes) {
        return Algorithm.idBits(nodes);
    }

    /**
     * What a competitor with this number drives on the lines it sees: its bits, except those below
     * a line that is 1 where its number has a 0.
     */
    static int drive(int number, int lines, int m) {
        int out = 0;
        boolean beaten = false;
        for (int k = m - 1; k >= 0; k--) {
            if (!beaten && (number >> k & 1) != 0) {
                out |= 1 << k;
            }
            beaten |= (lines >> k & 1) != 0 && (number >> k & 1) == 0;
        }
        return out;
    }

    @Override
    public int nodes() {
        return req.length;
    }

    @Override
    public void request(int node, boolean level, long cycle) {
        req[node] = level && !dead[node];
    }

    private boolean eligible(int i) {
        return req[i] && !inhibited[i] && i != owner && i != winner;
    }

    @Override
    public void step(long cycle) {
        int n = req.length;
        boolean busy = owner >= 0 && req[owner];
        boolean anyEligible = false;
        for (int i = 0; i < n; i++) {
            eligible[i] = eligible(i);
            anyEligible |= eligible[i];
        }
        int round = phase;
        int seen = lines;
        int waiting = winner;
        if (owner >= 0 && !req[owner]) {
            sink.released(owner, cycle);
            owner = -1;
        }
        if (waiting >= 0 && !busy) {
            owner = waiting;
            winner = -1;
            inhibited[waiting] = true;
            sink.granted(waiting, cycle);
        }
        if (round == 0 && waiting < 0) {
            if (anyEligible) {
                System.arraycopy(eligible, 0, competing, 0, n);
                lines = orOfCompetitors(i -> i);
                phase = 1;
            } else {
                Arrays.fill(inhibited, false); // the fairness release
            }
        } else if (round > 0 && round < m) {
            lines = orOfCompetitors(i -> drive(i, seen, m));
            phase = round + 1;
        } else if (round == m) {
            for (int i = 0; i < n; i++) {
                if (competing[i] && i == seen) {
                    winner = i;
                }
                competing[i] = false;
            }
            lines = 0;
            phase = 0;
        }
    }

    private int orOfCompetitors(IntUnaryOperator driver) {
        int or = 0;
        for (int i = 0; i < req.length; i++) {
            if (competing[i]) {
                or |= driver.applyAsInt(i);
            }
        }
        return or;
    }

    /**
     * Crash-stop: the node's drivers go low (its req, its number, its claim as winner); if it held
     * the bus, the bus is free (the caller forgets the dead eater). A round it was in settles on the
     * others' numbers, or on none, and the next round follows.
     */
    @Override
    public void crash(int node, long cycle) {
        dead[node] = true;
        req[node] = false;
        competing[node] = false;
        if (owner == node) {
            owner = -1;
        }
        if (winner == node) {
            winner = -1;
        }
    }

    /** No round, no winner and nobody waiting: with a waiter the lines are in use every cycle. */
    @Override
    public boolean quiescent() {
        return phase == 0 && winner < 0 && IntStream.range(0, req.length).noneMatch(i -> req[i] && i != owner);
    }

    /** The processor that owns the bus, or -1. */
    public int owner() {
        return owner;
    }
}
