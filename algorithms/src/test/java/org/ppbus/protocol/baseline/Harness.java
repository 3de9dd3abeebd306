package org.ppbus.protocol.baseline;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import org.ppbus.bus.Fabric;
import org.ppbus.link.Message;
import org.ppbus.link.MessageObserver;

/**
 * Drives a baseline fabric with scripted requests, independently of the testbench: each processor
 * raises req at its scripted cycle, holds the grant for a fixed number of cycles and lowers req.
 * It records every grant and every message, and fails on two nodes eating at once.
 */
final class Harness implements Fabric.GrantSink, MessageObserver {
    final List<Message> sent = new ArrayList<>();
    final List<long[]> grants = new ArrayList<>(); // {node, cycle}
    private final Map<Long, List<Integer>> releases = new HashMap<>();
    private final Map<Long, List<Integer>> rises = new HashMap<>();
    private final int hold;
    private Fabric fabric;
    private int eating = -1;

    Harness(int hold) {
        this.hold = hold;
    }

    Harness with(BiFunction<Fabric.GrantSink, MessageObserver, Fabric> make) {
        this.fabric = make.apply(this, this);
        return this;
    }

    Harness request(int node, long cycle) {
        rises.computeIfAbsent(cycle, k -> new ArrayList<>()).add(node);
        return this;
    }

    Harness run(long cycles) {
        for (long t = 0; t < cycles; t++) {
            for (int i : rises.getOrDefault(t, List.of())) {
                fabric.request(i, true, t);
            }
            for (int i : releases.getOrDefault(t, List.of())) {
                fabric.request(i, false, t);
            }
            fabric.step(t);
        }
        return this;
    }

    @Override
    public void granted(int node, long cycle) {
        if (eating >= 0) {
            throw new AssertionError("cycle " + cycle + ": " + node + " eats while " + eating + " does");
        }
        eating = node;
        grants.add(new long[] {node, cycle});
        releases.computeIfAbsent(cycle + hold, k -> new ArrayList<>()).add(node);
    }

    @Override
    public void released(int node, long cycle) {
        eating = -1;
    }

    @Override
    public void sent(Message m, long cycle) {
        sent.add(m);
    }

    long remote() {
        return sent.stream().filter(m -> m.from() != m.to()).count();
    }

    long ofType(int type) {
        return sent.stream().filter(m -> m.type() == type).count();
    }

    long grantCycle(int node) {
        return grants.stream()
                .filter(g -> g[0] == node)
                .mapToLong(g -> g[1])
                .findFirst()
                .orElse(-1);
    }
}
