package org.ppbus.protocol.cc;

import java.util.Arrays;
import java.util.stream.IntStream;
import org.ppbus.bus.Scheduler;
import org.ppbus.bus.StateBits;
import org.ppbus.plane.Wiring;
import org.ppbus.protocol.cc.CcNetwork.Settings;
import org.ppbus.protocol.descriptor.AlgorithmOptions;
import org.ppbus.protocol.descriptor.CrashDerivation;

/**
 * A crash-stop in a Campos–Carvalho network. The network silences the dead node's client and
 * arbiter at once. Under {@code +reclaim} this is also the model's failure detector, which tells the
 * dead node's neighbours a round trip (2L) after the crash, when whatever the node sent before has
 * arrived. Then the clients of the dead arbiter give up what they cannot use, and the arbiters on the
 * dead client's line take their forks back from it.
 *
 * @param knownAt the cycle the neighbours are told
 * @param recovers whether they act on it ({@code +reclaim})
 */
record CcCrash(int node, long knownAt, boolean recovers) {

    /** In the cycle the crash becomes known, before the units evaluate. */
    void announce(long cycle, Wiring wiring, ClientUnit[] clients, ArbiterUnit[] arbiters, Scheduler scheduler) {
        if (!recovers || cycle != knownAt) {
            return;
        }
        for (int c : wiring.clientsOf(node)) {
            if (c != node) {
                clients[c].arbiterDead(wiring.slotOf(c, node));
                scheduler.wake(c, cycle);
            }
        }
        for (int a : wiring.arbitersOf(node)) {
            if (a != node) {
                arbiters[a].clientDead(wiring.portOf(a, node));
                scheduler.wake(clients.length + a, cycle);
            }
        }
    }

    /**
     * Who survives the crash of node {@code dead} (docs/VERIFICATION.md, "Crash-stop"). Without
     * {@code +reclaim} nobody is sure to: the dead node keeps the forks it holds, a client waiting for
     * one keeps the clean forks of its line against weaker requests, and any two lines meet, so the
     * wait spreads to whoever asks again. With it, the forks of the dead client come back, so only
     * the dead arbiter's fork is lost: every live client whose line avoids that arbiter survives, and
     * of those whose line passes through it only the client that keeps its fork can.
     */
    static CrashDerivation survivors(Wiring wiring, AlgorithmOptions options, int dead) {
        boolean reclaim = options instanceof Settings cs && cs.rules().reclaim();
        if (!reclaim) {
            return new CrashDerivation(
                    new int[0],
                    new int[0],
                    new int[0],
                    "without +reclaim no survivor is sure:"
                            + " the dead node keeps its forks, a client waiting for one keeps its clean forks, and any two lines meet");
        }
        int[] through =
                Arrays.stream(wiring.clientsOf(dead)).filter(c -> c != dead).toArray();
        int[] avoid = IntStream.range(0, wiring.nodes())
                .filter(c -> c != dead && Arrays.stream(through).noneMatch(t -> t == c))
                .toArray();
        return new CrashDerivation(
                avoid,
                new int[0],
                through,
                "+reclaim: the clients whose line avoids arbiter " + dead
                        + " survive; of those through it, only the one that keeps its fork can");
    }

    /**
     * Saves a crash (null for none) as seen from the end of {@code afterCycle}: the node, and the
     * cycles until the neighbours are told (0 once they have been), so that a search can restore it.
     */
    static void save(CcCrash crash, StateBits w, long afterCycle, int nodes, int latencyCycles) {
        // Fixed width, zeros for no crash: a search stores states in a fixed number of words.
        w.write(crash == null ? 0 : crash.node + 1, StateBits.widthFor(nodes));
        w.write(
                crash == null ? 0 : (int) Math.max(0, crash.knownAt - afterCycle),
                StateBits.widthFor(2 * latencyCycles));
    }

    /** Restores what {@link #save} wrote so that {@code atCycle} is the next cycle evaluated. */
    static CcCrash load(StateBits r, long atCycle, int nodes, int latencyCycles, boolean recovers) {
        int node = r.read(StateBits.widthFor(nodes)) - 1;
        int toldIn = r.read(StateBits.widthFor(2 * latencyCycles));
        return node < 0 ? null : new CcCrash(node, atCycle - 1 + toldIn, recovers);
    }
}
