package org.ppbus.protocol.baseline;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.ppbus.bus.Fabric;
import org.ppbus.link.Message;
import org.ppbus.link.MessageObserver;
import org.ppbus.protocol.ClientState;
import org.ppbus.protocol.baseline.parts.MessagePassingFabric;
import org.ppbus.protocol.descriptor.Algorithm;
import org.ppbus.protocol.descriptor.Cost;
import org.ppbus.protocol.descriptor.Family;
import org.ppbus.protocol.descriptor.Feature;
import org.ppbus.protocol.descriptor.MessageKind;

/**
 * Banerjee and Chrysanthis's token with an ordered list (seed 004 §4.2.2, "Algoritmo con lista
 * ordenada"; docs/PROTOCOL.md), with or without the monitor node that the seed gives as the fix for
 * starvation. Node 0 starts as the arbiter, holding the token, and every node knows it.
 * <ul>
 * <li>A hungry node sends REQUEST(itself) to the arbiter it knows.</li>
 * <li>The arbiter collects requests, in the order they arrive (collection phase). Holding the token
 * with nobody using it, it makes the collected requests the Q-list, sends the token with it
 * (PRIVILEGE(Q)) to the list's first node, and names the list's last node the new arbiter,
 * broadcasting NEW-ARBITER(j, Q) to every other node (but to j when the token goes to j first: the
 * list tells it).</li>
 * <li>From then until it hears of the arbiter after that one, the old arbiter passes on to the new
 * one every REQUEST it receives (propagation phase). A node that is neither the arbiter nor in its
 * propagation phase discards a REQUEST (the seed: "any request received outside these phases is
 * discarded").</li>
 * <li>The token visits the Q-list in order; each node eats and passes it on; the last node, the new
 * arbiter, keeps it.</li>
 * </ul>
 * With the monitor (node 0, known to all) no request is lost or chased for ever: a node that would
 * discard a REQUEST, or pass on one already passed on {@value #HOPS} times, sends it to the monitor
 * instead, which keeps it. Every {@value #PERIOD}th Q-list an arbiter builds starts with the monitor
 * (the token counts the lists), and the monitor, when the token reaches it, puts the requests it
 * keeps into the list right after itself (or, at the list's end, among those it collects as the
 * arbiter). At low load lists are rare, so a monitor that keeps a request also asks for the token
 * with its own REQUEST (which, come back to it, it sends again).
 *
 * <p>The Q-list travels with the token in the model; the message widths count it: a 2-bit type;
 * REQUEST the requester's id and 2 bits counting its passes; PRIVILEGE the list (a length and N
 * ids) and 2 bits counting the lists mod {@value #PERIOD}; NEW-ARBITER the new arbiter's id and the
 * list. Both variants carry the counters, so that they compare on equal widths.
 */
public final class BanerjeeChrysanthis extends MessagePassingFabric {
    static final int REQUEST = 0;
    static final int PRIVILEGE = 1;
    static final int NEW_ARBITER = 2;
    static final int MONITOR = 0;
    /** Passes after which a REQUEST goes to the monitor instead (the seed: "a certain number"). */
    static final int HOPS = 2;
    /** Every PERIOD-th Q-list visits the monitor first (the seed: "periodically"). */
    static final int PERIOD = 4;

    public static final Algorithm ALGORITHM = descriptor(
            "banerjee-chrysanthis",
            false,
            "Banerjee and Chrysanthis: the arbiter's ordered Q-list rides the token; NEW-ARBITER broadcast; can starve");
    public static final Algorithm WITH_MONITOR = descriptor(
            "banerjee-chrysanthis-monitor",
            true,
            "Banerjee and Chrysanthis with the monitor node the seed gives against starvation");

    private static Algorithm descriptor(String name, boolean monitor, String text) {
        return Algorithm.named(name, text)
                .family(Family.TOKEN)
                .features(Feature.MESSAGE_FAULTS)
                .factory(s -> new BanerjeeChrysanthis(s.nodes(), s.latencyCycles(), monitor, s.grants(), s.messages()))
                .messages(BanerjeeChrysanthis::kinds)
                // A NEW-ARBITER-wide channel from every node to every other, each counted once.
                .wires(n -> (double) (2 + Algorithm.idBits(n) + listBits(n)) * (n - 1))
                // No overtaking bound: a request can wait for several Q-lists (the watchdog checks starvation).
                .claim(n -> new Cost("about 3 at high load; N at low load", "3 … " + n))
                .build();
    }

    /** A Q-list: its length (0..N) and N ids. */
    static int listBits(int n) {
        return (32 - Integer.numberOfLeadingZeros(n)) + n * Algorithm.idBits(n);
    }

    private final boolean monitor;
    private final int[] arbiter; // per node: the arbiter it knows
    private final int[] forwardTo; // per node: the new arbiter while in the propagation phase, else -1
    private final List<ArrayDeque<Integer>> collected = new ArrayList<>();
    private final ArrayDeque<Integer> monitorKeeps = new ArrayDeque<>();
    private final ArrayDeque<Integer> tokenList = new ArrayDeque<>(); // the Q-list still ahead of the token
    private int holder = 0; // the node holding the token, -1 while it travels
    private int lists; // Q-lists built, mod PERIOD: the token carries the count
    private boolean monitorAsked; // the monitor has asked for the token for what it keeps
    private long discarded;

    public BanerjeeChrysanthis(
            int nodes, int latencyCycles, boolean monitor, Fabric.GrantSink sink, MessageObserver observer) {
        super(nodes, latencyCycles, sink, observer, BanerjeeChrysanthis::kinds);
        this.monitor = monitor;
        this.arbiter = new int[nodes];
        this.forwardTo = new int[nodes];
        Arrays.fill(forwardTo, -1);
        for (int i = 0; i < nodes; i++) {
            collected.add(new ArrayDeque<>());
        }
    }

    @Override
    protected void released(int i, long cycle) {
        passOn(i, cycle);
    }

    @Override
    protected void react(long cycle) {
        for (Message m : channels.receive(cycle)) {
            switch (m.type()) {
                case REQUEST -> onRequest(m.to(), m.payload(), cycle);
                case PRIVILEGE -> onToken(m.to(), cycle);
                case NEW_ARBITER -> onNewArbiter(m.to(), (int) m.payload());
                default -> throw new AssertionError(m);
            }
        }
    }

    @Override
    protected void hungry(int i, long cycle) {
        if (arbiter[i] == i) {
            collect(i, i, cycle);
        } else {
            send(i, arbiter[i], REQUEST, i, cycle);
        }
    }

    private void onRequest(int q, long payload, long cycle) {
        int r = (int) (payload & ((1L << idBits) - 1));
        int hops = (int) (payload >>> idBits);
        if (arbiter[q] == q) {
            collect(q, r, cycle);
        } else if (monitor && q == MONITOR) {
            if (r == MONITOR) {
                send(q, arbiter[q], REQUEST, r, cycle); // its own request, come back: to the arbiter it knows now
            } else {
                keep(r, cycle);
            }
        } else if (forwardTo[q] >= 0 && !(monitor && hops >= HOPS)) {
            send(q, forwardTo[q], REQUEST, r | (long) Math.min(hops + 1, 3) << idBits, cycle);
        } else if (monitor) {
            send(q, MONITOR, REQUEST, r, cycle);
        } else {
            discarded++;
        }
    }

    /**
     * The monitor keeps a request that would be lost or chased, until the token visits it, and asks
     * for the token itself (once per batch), so that it does not wait for the next periodic visit
     * when the load is low.
     */
    private void keep(int r, long cycle) {
        if (!monitorKeeps.contains(r)) {
            monitorKeeps.add(r);
        }
        if (!monitorAsked) {
            monitorAsked = true;
            send(MONITOR, arbiter[MONITOR], REQUEST, MONITOR, cycle);
        }
    }

    private void collect(int a, int r, long cycle) {
        if (!collected.get(a).contains(r)) {
            collected.get(a).add(r);
        }
        dispatch(a, cycle);
    }

    /** The arbiter a, holding the token unused, sends it with the Q-list of what it collected. */
    private void dispatch(int a, long cycle) {
        ArrayDeque<Integer> list = collected.get(a);
        if (holder != a || state[a] == ClientState.EATING) {
            return;
        }
        if (a == MONITOR && monitor) {
            list.addAll(monitorKeeps.stream().filter(x -> !list.contains(x)).toList());
            monitorKeeps.clear();
            monitorAsked = false;
        }
        // The arbiter's own request needs no list: it has the token (the monitor's, for the token, is done).
        if (list.remove(a) && state[a] == ClientState.HUNGRY) {
            eat(a, cycle);
            return;
        }
        if (list.isEmpty()) {
            return;
        }
        tokenList.clear();
        tokenList.addAll(list);
        list.clear();
        lists = (lists + 1) % PERIOD;
        if (monitor && lists == 0 && a != MONITOR && !tokenList.contains(MONITOR)) {
            tokenList.addFirst(MONITOR);
        }
        int next = tokenList.peekLast();
        arbiter[a] = next;
        forwardTo[a] = next;
        // Everyone hears of the new arbiter, except the new arbiter when the token goes to it first:
        // the list it carries tells it.
        for (int k = 0; k < nodes; k++) {
            if (k != a && !(k == next && tokenList.size() == 1)) {
                send(a, k, NEW_ARBITER, next, cycle);
            }
        }
        sendToken(a, cycle);
    }

    private void sendToken(int from, long cycle) {
        int to = tokenList.poll();
        holder = -1;
        send(from, to, PRIVILEGE, lists, cycle);
    }

    private void onToken(int h, long cycle) {
        holder = h;
        if (tokenList.isEmpty()) {
            arbiter[h] = h; // the end of the list: h is the arbiter (it may not have heard it yet)
            forwardTo[h] = -1;
        }
        if (monitor && h == MONITOR && !tokenList.isEmpty()) {
            ArrayDeque<Integer> keep = new ArrayDeque<>(monitorKeeps);
            keep.removeIf(tokenList::contains);
            keep.descendingIterator().forEachRemaining(tokenList::addFirst);
            monitorKeeps.clear();
            monitorAsked = false;
        }
        if (state[h] == ClientState.HUNGRY) {
            eat(h, cycle);
        } else {
            passOn(h, cycle);
        }
    }

    /** The holder is done with the token: on along the Q-list, or, at its end (the arbiter), kept. */
    private void passOn(int h, long cycle) {
        if (holder != h) {
            return;
        }
        if (!tokenList.isEmpty()) {
            sendToken(h, cycle);
        } else {
            dispatch(h, cycle);
        }
    }

    private void onNewArbiter(int q, int j) {
        if (forwardTo[q] >= 0 && forwardTo[q] != j) {
            forwardTo[q] = -1; // the arbiter after the one it forwards to: its propagation phase ends
        }
        arbiter[q] = j;
    }

    private void eat(int i, long cycle) {
        state[i] = ClientState.EATING;
        sink.granted(i, cycle);
    }

    /** The message kinds at n, indexed by type: a 2-bit type field and each kind's payload. */
    static List<MessageKind> kinds(int n) {
        return List.of(
                new MessageKind("REQUEST", 2 + Algorithm.idBits(n) + 2),
                MessageKind.token("PRIVILEGE", 2 + listBits(n) + 2),
                new MessageKind("NEW-ARBITER", 2 + Algorithm.idBits(n) + listBits(n)));
    }

    /** REQUESTs discarded so far (none with the monitor). */
    public long discarded() {
        return discarded;
    }
}
