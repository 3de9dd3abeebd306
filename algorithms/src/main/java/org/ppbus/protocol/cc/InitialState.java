package org.ppbus.protocol.cc;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.ppbus.plane.Collineations;
import org.ppbus.plane.Wiring;
import org.ppbus.protocol.ClientState;

/**
 * A complete network state to start from. The contract's reset is {@link #coldStart}; any other
 * state must pass {@link #validate}, which computes H (audit A6) before a network will load it.
 */
public final class InitialState implements StateView {
    private final Wiring wiring;
    private final ClientState[] clientState;
    private final byte[][] clientFlags;
    private final int[] ownerPort;
    private final byte[][] arbiterFlags;
    private final int[][] order; // ports, highest priority first
    private boolean forced;

    private InitialState(Wiring wiring) {
        this.wiring = wiring;
        int n = wiring.nodes();
        int k = wiring.lineSize();
        clientState = new ClientState[n];
        clientFlags = new byte[n][k];
        Arrays.fill(clientState, ClientState.THINKING);
        ownerPort = new int[wiring.points()];
        arbiterFlags = new byte[wiring.points()][];
        order = new int[wiring.points()][];
        Arrays.fill(ownerPort, ArbiterUnit.NIL);
        for (int j = 0; j < wiring.points(); j++) {
            int ports = wiring.clientsOf(j).length;
            arbiterFlags[j] = new byte[ports];
            order[j] = new int[ports];
            for (int m = 0; m < ports; m++) {
                order[j][m] = m;
            }
        }
    }

    /**
     * The cold start of docs/SPEC.md §2.8 and the contract's reset: every arbiter holds its
     * fork, every client holds every request token, all lists in ascending client order.
     */
    public static InitialState coldStart(Wiring wiring) {
        InitialState s = new InitialState(wiring);
        for (byte[] f : s.clientFlags) {
            Arrays.fill(f, (byte) LinkFlags.REQ);
        }
        return s;
    }

    /**
     * The trap of audit A6(c) and scenario CC-12: each real arbiter a parks its fork, dirty, at
     * client a, and keeps that link's request token (and strong-request permission). It looks
     * natural for hardware and is cyclic.
     */
    public static InitialState parkedAtOwnNode(Wiring wiring) {
        InitialState s = coldStart(wiring);
        for (int a = 0; a < wiring.nodes(); a++) {
            int slot = wiring.slotOf(a, a);
            s.clientFlags[a][slot] = (byte) (LinkFlags.FORK | LinkFlags.DIRTY);
            int port = wiring.portOf(a, a);
            s.ownerPort[a] = port;
            s.arbiterFlags[a][port] = (byte) (LinkFlags.REQ | LinkFlags.SREQ);
        }
        return s;
    }

    /**
     * This state moved by a symmetry of the wiring: client c's state and link flags go to client
     * {@code client[c]} at the slots of the image arbiters, arbiter j's OWNER, port flags and
     * priority list to arbiter {@code point[j]} at the image clients' ports. The cold start moved
     * this way is a cold start whose lists are no longer in ascending order.
     */
    public InitialState moved(Collineations.Collineation g) {
        InitialState m = new InitialState(wiring);
        for (int c = 0; c < wiring.nodes(); c++) {
            int to = g.client()[c];
            m.clientState[to] = clientState[c];
            for (int slot = 0; slot < clientFlags[c].length; slot++) {
                m.clientFlags[to][g.slot(wiring, c, slot)] = clientFlags[c][slot];
            }
        }
        for (int j = 0; j < wiring.points(); j++) {
            int to = g.point()[j];
            m.ownerPort[to] = ownerPort[j] == ArbiterUnit.NIL ? ArbiterUnit.NIL : g.port(wiring, j, ownerPort[j]);
            for (int port = 0; port < arbiterFlags[j].length; port++) {
                m.arbiterFlags[to][g.port(wiring, j, port)] = arbiterFlags[j][port];
            }
            for (int pos = 0; pos < order[j].length; pos++) {
                m.order[to][pos] = g.port(wiring, j, order[j][pos]);
            }
        }
        m.forced = forced;
        return m;
    }

    /**
     * Marks this state to be loaded even if {@link #validate} rejects it, to demonstrate what goes
     * wrong (scenario CC-12). Never used by the CLI.
     */
    public InitialState force() {
        forced = true;
        return this;
    }

    boolean forced() {
        return forced;
    }

    /** Client i starts in this state with these link flags (for scenario set-ups). */
    public InitialState client(int i, ClientState s, int... slotFlags) {
        clientState[i] = s;
        for (int k = 0; k < slotFlags.length; k++) {
            clientFlags[i][k] = (byte) slotFlags[k];
        }
        return this;
    }

    /** Arbiter j starts with this OWNER (a client id or -1) and these per-port flags. */
    public InitialState arbiter(int j, int ownerClient, int... portFlags) {
        ownerPort[j] = ownerClient < 0 ? ArbiterUnit.NIL : wiring.portOf(j, ownerClient);
        for (int m = 0; m < portFlags.length; m++) {
            arbiterFlags[j][m] = (byte) portFlags[m];
        }
        return this;
    }

    /** The reasons this state may not be loaded; empty when it is a valid starting state. */
    public List<String> validate() {
        List<String> errors = new ArrayList<>();
        for (int j = 0; j < wiring.points(); j++) {
            int[] clients = wiring.clientsOf(j);
            int holders = 0;
            for (int m = 0; m < clients.length; m++) {
                int c = clients[m];
                int slot = wiring.slotOf(c, j);
                int cf = clientFlags[c][slot];
                boolean fork = (cf & LinkFlags.FORK) != 0;
                if (fork) {
                    holders++;
                    if (ownerPort[j] != m) {
                        errors.add("client " + c + " holds arbiter " + j + "'s fork but is not its OWNER");
                    }
                }
                int tokens = ((cf & LinkFlags.REQ) != 0 ? 1 : 0) + ((arbiterFlags[j][m] & LinkFlags.REQ) != 0 ? 1 : 0);
                if (tokens != 1) {
                    errors.add(
                            "link client " + c + " - arbiter " + j + " has " + tokens + " request tokens, expected 1");
                }
                if (fork && (arbiterFlags[j][m] & LinkFlags.REQ) != 0 && (arbiterFlags[j][m] & LinkFlags.SREQ) == 0) {
                    errors.add(
                            "arbiter " + j + " lent its fork to " + c + " without the strong-request permission (A6a)");
                }
            }
            if (holders == 0 && ownerPort[j] != ArbiterUnit.NIL) {
                errors.add("arbiter " + j + " names an OWNER that does not hold its fork");
            }
        }
        List<Integer> cycle = PrecedenceGraph.of(this).findCycle();
        if (!cycle.isEmpty()) {
            errors.add("precedence graph H is cyclic: " + describeCycle(cycle));
        }
        return errors;
    }

    static String describeCycle(List<Integer> cycle) {
        StringBuilder sb = new StringBuilder();
        for (int c : cycle) {
            sb.append(c).append(" -> ");
        }
        return sb.append(cycle.get(0)).toString();
    }

    int ownerPort(int arbiter) {
        return ownerPort[arbiter];
    }

    byte[] clientFlagsOf(int client) {
        return clientFlags[client];
    }

    byte[] arbiterFlagsOf(int arbiter) {
        return arbiterFlags[arbiter];
    }

    int[] orderPorts(int arbiter) {
        return order[arbiter];
    }

    @Override
    public Wiring wiring() {
        return wiring;
    }

    @Override
    public ClientState clientState(int client) {
        return clientState[client];
    }

    @Override
    public int clientFlags(int client, int slot) {
        return clientFlags[client][slot];
    }

    @Override
    public int ownerClient(int arbiter) {
        int p = ownerPort[arbiter];
        return p == ArbiterUnit.NIL ? -1 : wiring.clientsOf(arbiter)[p];
    }

    @Override
    public int arbiterFlags(int arbiter, int port) {
        return arbiterFlags[arbiter][port];
    }

    @Override
    public int[] priorityOrder(int arbiter) {
        int[] clients = wiring.clientsOf(arbiter);
        int[] r = new int[order[arbiter].length];
        for (int i = 0; i < r.length; i++) {
            r[i] = clients[order[arbiter][i]];
        }
        return r;
    }

    @Override
    public int forkReturning(int link) {
        return 0;
    }

    @Override
    public boolean forkGranting(int link) {
        return false;
    }

    /** An initial state has nothing in flight. */
    @Override
    public int forksInTransit(int link) {
        return 0;
    }
}
