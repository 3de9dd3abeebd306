package org.ppbus.view;

import java.util.ArrayList;
import java.util.List;
import org.ppbus.link.Direction;
import org.ppbus.link.Message;
import org.ppbus.testbench.SymbolTap;

/**
 * A tap that records what a time-space (message sequence) diagram draws of a message-passing run:
 * every message with the cycles it was sent and received, and each processor's req and gnt edges.
 */
public final class TimeSpaceRecorder implements SymbolTap {
    /** A message: sender, receiver, its kind's type code, sent, received (-1: lost). */
    public record Sent(int from, int to, int type, long sent, long arrives) {}

    /**
     * A req or gnt edge: {@code R}/{@code r} req rises or falls in the cycle, {@code G}/{@code g}
     * gnt rises or falls from the next cycle.
     */
    public record Edge(int node, long cycle, char what) {}

    private final List<Sent> messages = new ArrayList<>();
    private final List<Edge> edges = new ArrayList<>();

    @Override
    public void symbol(Direction direction, int link, int code, long cycle) {}

    @Override
    public void message(Message m, long sent, long arrives) {
        messages.add(new Sent(m.from(), m.to(), m.type(), sent, arrives));
    }

    @Override
    public void request(int node, boolean level, long cycle) {
        edges.add(new Edge(node, cycle, level ? 'R' : 'r'));
    }

    @Override
    public void grant(int node, boolean high, long cycle) {
        edges.add(new Edge(node, cycle, high ? 'G' : 'g'));
    }

    public List<Sent> messages() {
        return messages;
    }

    public List<Edge> edges() {
        return edges;
    }
}
