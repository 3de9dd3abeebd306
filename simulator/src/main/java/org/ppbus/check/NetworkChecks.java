package org.ppbus.check;

import java.util.ArrayList;
import java.util.List;
import org.ppbus.bus.Fabric;
import org.ppbus.bus.Processors;
import org.ppbus.protocol.ProtocolObserver;

/**
 * What a network adds to the {@link Checker}'s generic checks: its own invariants, fed by its
 * events, and descriptions of its units for the reports. Algorithms without a network of their
 * own use {@link #processorsOnly}.
 */
interface NetworkChecks extends ProtocolObserver {
    /** Checks the network's invariants at the end of a cycle. */
    void endOfCycle(long cycle);

    /** Checks what only the end of a run can show. */
    void endOfRun(long cycle);

    /**
     * Under a network's own recovery, whether a failure of this property is part of the repair:
     * then it is recorded ({@link #recoveredAt}), not reported.
     */
    default boolean tolerates(Violation v) {
        return false;
    }

    /**
     * Under a network's own recovery: the cycle after the last one in which its invariants did not
     * hold, or -1 if they always held.
     */
    default long recoveredAt() {
        return -1;
    }

    /** The network's own checks that this run makes, by label, for the report. */
    default List<String> checks() {
        return List.of();
    }

    /** No symbol in flight or queued and no unit due: the watchdogs' notion of "nothing moves". */
    boolean quiescent();

    List<String> describeClients(int[] clients);

    List<String> describeEaters();

    /** Up to 8 waiting processors and what they wait for. */
    List<String> describeHungry();

    List<String> describeRecent();

    /** The generic description: the processors' handshake only. */
    static NetworkChecks processorsOnly(Fabric fabric, Processors processors) {
        return new NetworkChecks() {
            @Override
            public void endOfCycle(long cycle) {}

            @Override
            public void endOfRun(long cycle) {}

            @Override
            public boolean quiescent() {
                return fabric.quiescent();
            }

            @Override
            public List<String> describeClients(int[] clients) {
                List<String> out = new ArrayList<>();
                for (int c : clients) {
                    out.add("processor " + c
                            + (processors.waiting(c) ? " waiting since cycle " + processors.riseCycle(c) : ""));
                }
                return out;
            }

            @Override
            public List<String> describeEaters() {
                return List.of();
            }

            @Override
            public List<String> describeHungry() {
                List<Integer> h = new ArrayList<>();
                for (int i = 0; i < fabric.nodes() && h.size() < 8; i++) {
                    if (processors.waiting(i)) {
                        h.add(i);
                    }
                }
                return describeClients(h.stream().mapToInt(Integer::intValue).toArray());
            }

            @Override
            public List<String> describeRecent() {
                return List.of("most recent symbols:");
            }
        };
    }
}
