package org.ppbus.protocol.baseline;

import java.util.ArrayList;
import java.util.List;
import org.ppbus.link.Message;
import org.ppbus.protocol.ClientState;
import org.ppbus.protocol.baseline.parts.MessagePassingFabric;
import org.ppbus.protocol.descriptor.Algorithm;
import org.ppbus.protocol.descriptor.Claim;
import org.ppbus.protocol.descriptor.Cost;
import org.ppbus.protocol.descriptor.Family;
import org.ppbus.protocol.descriptor.Feature;
import org.ppbus.protocol.descriptor.MessageKind;
import org.ppbus.protocol.descriptor.Setting;

/**
 * Baldoni et al.'s h-out-of-k mutual exclusion on quorums (docs/PROTOCOL.md, "More than one bus";
 * the thesis §4.4.1), Maekawa's voting with units: a node that needs h buses sends REQUEST(h) to a
 * quorum and enters with PERMISSION from every member; a member gives PERMISSION while the units
 * it has given and not seen released, plus h, stay within k, and otherwise keeps the request in a
 * waiting list, served in arrival order as RELEASEs come.
 *
 * <p>The thesis warns that it may deadlock ("se podría otorgar permisos que deriven en un bloqueo
 * entre procesos"): nothing orders the requests, so two members can each give their units to a
 * different one of two requests that do not fit together, and both wait for ever. ppbus runs it as
 * written, on Manabe and Tajima's quorums for h units (safe: they meet as the thesis's Theorem 4.7
 * asks), and its checkers find the deadlock (docs/PROTOCOL.md has the replayable trace).
 */
public final class Baldoni extends MessagePassingFabric {
    static final int REQUEST = 0;
    static final int PERMISSION = 1;
    static final int RELEASE = 2;
    private static final int TYPE_BITS = 2;

    public static final Algorithm ALGORITHM = Algorithm.named(
                    "baldoni",
                    "Baldoni et al.'s h-out-of-k: REQUEST(h) to a quorum, PERMISSION while the units fit, RELEASE; no order")
            .family(Family.QUORUM)
            .features(Feature.MESSAGE_FAULTS, Feature.K_BUSES, Feature.DEMAND)
            .factory(Baldoni::new)
            .messages(Baldoni::kinds)
            .wires(n -> (double) kinds(n).get(REQUEST).bits() * (n - 1))
            .claim(Claim.withSharing((n, s) -> {
                int q = ManabeTajima.quorumSize(n, s.buses(), s.demand());
                return Cost.between("3|q| (REQUEST, PERMISSION, RELEASE per member)", 3L * q, 3L * q);
            }))
            .build();

    /** A request as a member keeps it: its node, units and parity. */
    private record Ask(int node, int units, long parity) {}

    private final int[] given; // per member: units given and not released
    private final List<List<Ask>> waiting = new ArrayList<>(); // per member, in arrival order
    private final List<List<Ask>> holding = new ArrayList<>(); // per member: requests it gave units to
    private final long[] requests;
    private final int[][] quorum;
    private final int[] permissions;

    Baldoni(Setting setting) {
        super(setting, Baldoni::kinds);
        this.given = new int[nodes];
        for (int i = 0; i < nodes; i++) {
            waiting.add(new ArrayList<>());
            holding.add(new ArrayList<>());
        }
        this.requests = new long[nodes];
        this.quorum = new int[nodes][];
        this.permissions = new int[nodes];
    }

    /** REQUEST carries h and the request's parity; PERMISSION the parity; RELEASE its type. */
    static List<MessageKind> kinds(int n) {
        return List.of(
                new MessageKind("REQUEST", TYPE_BITS + 6 + 1),
                new MessageKind("PERMISSION", TYPE_BITS + 1),
                new MessageKind("RELEASE", TYPE_BITS));
    }

    @Override
    protected void hungry(int i, long cycle) {
        int h = need(i).buses();
        quorum[i] = ManabeTajima.quorum(i, nodes, buses, h);
        requests[i]++;
        permissions[i] = 0;
        for (int v : quorum[i]) {
            send(i, v, REQUEST, (long) h << 1 | (requests[i] & 1), cycle);
        }
    }

    @Override
    protected void released(int i, long cycle) {
        for (int v : quorum[i]) {
            send(i, v, RELEASE, 0, cycle);
        }
    }

    @Override
    protected void react(long cycle) {
        for (Message m : channels.receive(cycle)) {
            int to = m.to();
            switch (m.type()) {
                case REQUEST -> {
                    waiting.get(to).add(new Ask(m.from(), (int) (m.payload() >>> 1), m.payload() & 1));
                    serve(to, cycle);
                }
                case PERMISSION -> onPermission(to, m.payload(), cycle);
                case RELEASE -> onRelease(to, m.from(), cycle);
                default -> throw new AssertionError(m);
            }
        }
    }

    private void onPermission(int i, long parity, long cycle) {
        if (state[i] != ClientState.HUNGRY || (requests[i] & 1) != parity) {
            throw new IllegalStateException("PERMISSION for node " + i + "'s request that is over");
        }
        if (++permissions[i] == quorum[i].length) {
            grant(i, cycle);
        }
    }

    private void onRelease(int u, int p, long cycle) {
        List<Ask> held = holding.get(u);
        for (int at = 0; at < held.size(); at++) {
            if (held.get(at).node() == p) {
                given[u] -= held.remove(at).units();
                serve(u, cycle);
                return;
            }
        }
        throw new IllegalStateException("RELEASE from " + p + " unknown to member " + u);
    }

    /** Permission to every waiting request whose units still fit, in arrival order (relation 4.3). */
    private void serve(int u, long cycle) {
        List<Ask> w = waiting.get(u);
        for (int at = 0; at < w.size(); ) {
            Ask a = w.get(at);
            if (given[u] + a.units() <= buses) {
                w.remove(at);
                given[u] += a.units();
                holding.get(u).add(a);
                send(u, a.node(), PERMISSION, a.parity(), cycle);
            } else {
                at++;
            }
        }
    }
}
