package org.ppbus.protocol.baseline;

import java.util.Arrays;
import java.util.List;
import org.ppbus.bus.BusSet;
import org.ppbus.link.Message;
import org.ppbus.protocol.ClientState;
import org.ppbus.protocol.baseline.parts.MessagePassingFabric;
import org.ppbus.protocol.descriptor.Algorithm;
import org.ppbus.protocol.descriptor.Family;
import org.ppbus.protocol.descriptor.Feature;
import org.ppbus.protocol.descriptor.MessageKind;
import org.ppbus.protocol.descriptor.Setting;

/**
 * Bulgannawar and Vaidya's k-exclusion with k tokens (docs/PROTOCOL.md, "More than one bus"; the
 * thesis §4.3.7). Token t is bus t: its holder uses that bus. Token t starts at node t mod n, and
 * each token has its own forest of pointers, along which requests travel as in Naimi and Trehel's
 * algorithm: a node whose pointer for t is nil is the root, which holds t or waits for it.
 *
 * <ul>
 *   <li>A hungry node with an idle token uses it. Otherwise it asks for token i mod k: REQUEST(i, t)
 *       to its pointer for t, which becomes nil (it is the newest root).</li>
 *   <li>A REQUEST(y, t) reaching a root that waits for t or uses it makes y its successor for t; a
 *       root that holds t idle sends it to y. Any other node passes it on along its pointer. Either
 *       way its pointer for t becomes y (path reversal). A node on the way that holds another token
 *       idle sends that one to y at once (the thesis: a node that holds a token gives it to a
 *       requester, whichever was asked for), and y is served early.</li>
 *   <li>Leaving, a node sends its token to its successor for it, if any; otherwise it keeps it
 *       idle and sends INFORM(i, t) to the next two nodes, whose pointers for t then lead straight
 *       to it. A token that reaches a node which is no longer hungry (its request was served by
 *       another token) goes on to the node's successor for it, or stays idle there.</li>
 * </ul>
 *
 * <p>Each token counts its hand-offs and INFORM carries the count: a node that has seen the token
 * since (it held it or passed a REQUEST after it) ignores an older INFORM, which would otherwise
 * close a loop of pointers. The thesis leaves the choice of token and the nodes told by INFORM
 * open: here i mod k and the next two nodes. It gives no message count.
 */
public final class BulgannawarVaidya extends MessagePassingFabric {
    static final int REQUEST = 0;
    static final int TOKEN = 1;
    static final int INFORM = 2;
    private static final int TYPE_BITS = 2;
    private static final int TOKEN_BITS = 6; // k ≤ 64
    private static final int COUNT_BITS = 16;
    private static final int INFORMED = 2;

    public static final Algorithm ALGORITHM = Algorithm.named(
                    "bulgannawar-vaidya",
                    "Bulgannawar and Vaidya's k tokens, one per bus, each with Naimi-Trehel pointers; REQUEST, TOKEN, INFORM")
            .family(Family.TOKEN)
            .features(Feature.MESSAGE_FAULTS, Feature.K_BUSES)
            .factory(BulgannawarVaidya::new)
            .messages(BulgannawarVaidya::kinds)
            .wires(n -> (double) kinds(n).get(REQUEST).bits() * (n - 1))
            .build();

    private final int[][] father; // [node][token]: towards the root, or -1 at a root
    private final int[][] next; // [node][token]: the successor for the token, or -1
    private final long[][] seen; // [node][token]: the newest hand-off count known
    private final boolean[][] holds; // [node][token]: holds it (idle or in use)
    private final int[] using; // per node: the token in use, or -1
    private final boolean[] pending; // per node: its request for token i mod k is out, the token not yet come
    private final long[] count; // per token: hand-offs so far (travels with it)

    BulgannawarVaidya(Setting setting) {
        super(setting, BulgannawarVaidya::kinds);
        this.father = new int[nodes][buses];
        this.next = new int[nodes][buses];
        this.seen = new long[nodes][buses];
        this.holds = new boolean[nodes][buses];
        this.using = new int[nodes];
        this.count = new long[buses];
        this.pending = new boolean[nodes];
        Arrays.fill(using, -1);
        for (int i = 0; i < nodes; i++) {
            Arrays.fill(next[i], -1);
            for (int t = 0; t < buses; t++) {
                father[i][t] = i == t % nodes ? -1 : t % nodes;
            }
        }
        for (int t = 0; t < buses; t++) {
            holds[t % nodes][t] = true;
        }
    }

    /** REQUEST and INFORM carry a node and a token, INFORM also the token's hand-off count; TOKEN its number and count. */
    static List<MessageKind> kinds(int n) {
        int id = Algorithm.idBits(n);
        return List.of(
                new MessageKind("REQUEST", TYPE_BITS + id + TOKEN_BITS),
                MessageKind.token("TOKEN", TYPE_BITS + TOKEN_BITS + COUNT_BITS),
                new MessageKind("INFORM", TYPE_BITS + id + TOKEN_BITS + COUNT_BITS));
    }

    private int idleToken(int i) {
        for (int t = 0; t < buses; t++) {
            if (holds[i][t] && using[i] != t) {
                return t;
            }
        }
        return -1;
    }

    @Override
    protected void hungry(int i, long cycle) {
        int u = idleToken(i);
        if (u >= 0) {
            enter(i, u, cycle);
            return;
        }
        int t = i % buses;
        if (father[i][t] < 0) {
            return; // a root that holds no t waits for it already: an earlier request brings it
        }
        send(i, father[i][t], REQUEST, (long) t << idBits | i, cycle);
        father[i][t] = -1;
        pending[i] = true;
    }

    @Override
    protected void released(int i, long cycle) {
        int t = using[i];
        using[i] = -1;
        pass(i, t, cycle);
    }

    @Override
    protected void react(long cycle) {
        for (Message m : channels.receive(cycle)) {
            int i = m.to();
            switch (m.type()) {
                case REQUEST -> onRequest(i, node(m), (int) (m.payload() >>> idBits), cycle);
                case TOKEN ->
                    onToken(i, (int) (m.payload() & ((1L << TOKEN_BITS) - 1)), m.payload() >>> TOKEN_BITS, cycle);
                case INFORM ->
                    onInform(
                            i,
                            node(m),
                            (int) (m.payload() >>> idBits) & ((1 << TOKEN_BITS) - 1),
                            m.payload() >>> (idBits + TOKEN_BITS));
                default -> throw new AssertionError(m);
            }
        }
    }

    private int node(Message m) {
        return (int) (m.payload() & ((1L << idBits) - 1));
    }

    private void onRequest(int i, int y, int t, long cycle) {
        if (y == i) {
            throw new IllegalStateException("node " + i + "'s REQUEST for token " + t + " came back to it");
        }
        int u = state[i] == ClientState.HUNGRY ? -1 : idleToken(i);
        if (father[i][t] < 0) {
            if (holds[i][t] && using[i] != t && state[i] != ClientState.HUNGRY) {
                father[i][t] = y;
                sendToken(i, y, t, cycle);
                return;
            }
            next[i][t] = y; // it waits for t or uses it: y comes after it
        } else {
            send(i, father[i][t], REQUEST, (long) t << idBits | y, cycle);
        }
        father[i][t] = y;
        if (u >= 0 && u != t && holds[i][u]) {
            father[i][u] = y; // i was u's root; y, which will hold it, is now
            sendToken(i, y, u, cycle); // an idle token of another kind serves y at once
        }
    }

    private void onToken(int i, int t, long handOffs, long cycle) {
        holds[i][t] = true;
        if (t == i % buses) {
            pending[i] = false;
        } else {
            // Given on the way, not asked for: its old pointer for t leads back to the giver, which
            // now points here; the holder becomes the root. (A token it asked for finds its
            // pointer nil, or already naming a later requester, as in Naimi and Trehel's.)
            father[i][t] = -1;
        }
        seen[i][t] = handOffs;
        if (state[i] == ClientState.HUNGRY) {
            enter(i, t, cycle);
        } else {
            pass(i, t, cycle);
        }
    }

    /**
     * Only a node with no part in t's queue takes the shortcut: one whose request for t is out, or
     * that has a successor for t, keeps its pointer (the newest requester it knows), which a stale
     * INFORM would turn back towards an older holder.
     */
    private void onInform(int i, int holder, int t, long handOffs) {
        boolean inQueue = (pending[i] && t == i % buses) || next[i][t] >= 0;
        if (father[i][t] >= 0 && !inQueue && handOffs > seen[i][t]) {
            father[i][t] = holder;
            seen[i][t] = handOffs;
        }
    }

    private void enter(int i, int t, long cycle) {
        using[i] = t;
        grant(i, BusSet.of(t), cycle);
    }

    /** Token t leaves node i for its successor, or stays idle there and is announced. */
    private void pass(int i, int t, long cycle) {
        int to = next[i][t];
        if (to >= 0) {
            next[i][t] = -1;
            sendToken(i, to, t, cycle);
            return;
        }
        for (int d = 1; d <= Math.min(INFORMED, nodes - 1); d++) {
            send(i, (i + d) % nodes, INFORM, count[t] << (idBits + TOKEN_BITS) | (long) t << idBits | i, cycle);
        }
    }

    private void sendToken(int i, int to, int t, long cycle) {
        holds[i][t] = false;
        count[t]++;
        seen[i][t] = count[t];
        send(i, to, TOKEN, count[t] << TOKEN_BITS | t, cycle);
    }
}
