package org.ppbus.link;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiPredicate;
import java.util.function.Predicate;

/**
 * Point-to-point channels between the nodes of a baseline algorithm, on the same terms as the
 * Campos–Carvalho channels: latency L ≥ 1, FIFO, at most one message leaving a channel per cycle
 * (a second one sent in the same cycle waits for the next). A message sent in cycle t on an idle
 * channel is received in cycle t + L. A message from a node to itself stays inside the node and
 * takes the same latency, so that local and remote paths have the same timing.
 */
public final class MessageChannels {
    private final int latencyCycles;
    private final Map<Long, Long> nextFree = new HashMap<>();
    private final Map<Long, ArrayDeque<Message>> arrivals = new HashMap<>(); // cycle -> messages, in send order
    private final MessageObserver observer;
    private int inFlight;
    private BiPredicate<Message, Long> lose;
    private boolean loseForever;
    private BiPredicate<Message, Long> delay;
    private int delayCycles;
    private Message firstLost;
    private long firstLostAt = -1;

    public MessageChannels(int latencyCycles, MessageObserver observer) {
        if (latencyCycles < 1) {
            throw new IllegalArgumentException("latency must be at least 1 cycle, got " + latencyCycles);
        }
        this.latencyCycles = latencyCycles;
        this.observer = observer;
    }

    /** Sends m in cycle t; returns the cycle in which its receiver sees it. */
    public long send(Message m, long cycle) {
        long key = ((long) m.from() << 32) | (m.to() & 0xffffffffL);
        long depart = Math.max(cycle, nextFree.getOrDefault(key, cycle));
        nextFree.put(key, depart + 1);
        long arrive = depart + latencyCycles;
        if (lose != null && lose.test(m, cycle)) {
            if (firstLost == null) {
                firstLost = m;
                firstLostAt = cycle;
            }
            if (!loseForever) {
                lose = null; // sent, and lost on the way: it occupied the channel, nobody receives it
            }
            observer.sent(m, cycle, -1);
            return arrive;
        }
        if (delay != null && delay.test(m, cycle)) {
            delay = null;
            firstLost = m;
            firstLostAt = cycle;
            arrive += delayCycles; // the channel's later messages keep their times: no longer FIFO
        }
        observer.sent(m, cycle, arrive);
        arrivals.computeIfAbsent(arrive, k -> new ArrayDeque<>()).add(m);
        inFlight++;
        return arrive;
    }

    /** A fault: the next message sent that matches arrives extra cycles late (once). */
    public void delayNext(BiPredicate<Message, Long> which, int extra) {
        this.delay = which;
        this.delayCycles = extra;
    }

    /**
     * A fault: the next message sent that matches is lost on the way (once). For the algorithms that
     * claim to survive message loss.
     */
    public void loseNext(Predicate<Message> which) {
        loseNext((m, cycle) -> which.test(m));
    }

    /** As above, deciding on the message and the cycle it is sent in. */
    public void loseNext(BiPredicate<Message, Long> which) {
        this.lose = which;
        this.loseForever = false;
    }

    /** A fault: every message sent that matches is lost, for instance all those to a crashed node. */
    public void loseEvery(Predicate<Message> which) {
        this.lose = (m, cycle) -> which.test(m);
        this.loseForever = true;
    }

    /** The first message lost (or delayed), or null. */
    public Message firstLost() {
        return firstLost;
    }

    /** The cycle the first lost message was sent in, or -1. */
    public long firstLostAt() {
        return firstLostAt;
    }

    /** The messages received in cycle t, in the order they were sent; consumed by this call. */
    public List<Message> receive(long cycle) {
        ArrayDeque<Message> q = arrivals.remove(cycle);
        if (q == null) {
            return List.of();
        }
        inFlight -= q.size();
        return new ArrayList<>(q);
    }

    /** Whether a message that matches is on its way (sent, not lost, not yet received). */
    public boolean inFlight(Predicate<Message> which) {
        for (ArrayDeque<Message> q : arrivals.values()) {
            for (Message m : q) {
                if (which.test(m)) {
                    return true;
                }
            }
        }
        return false;
    }

    public boolean idle() {
        return inFlight == 0;
    }

    public int latencyCycles() {
        return latencyCycles;
    }
}
