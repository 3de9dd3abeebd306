package org.ppbus.plane;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The plane padded to n real nodes (docs/SPEC.md (contract) "Nodes and wiring"). Points n..N−1 are
 * fictitious: they host an arbiter but no client. Fictitious clients are dropped from every
 * arbiter's client set (audit A8), so an arbiter's clients are the real members of R_j.
 *
 * <p>Links are numbered densely: client i's k-th arbiter (the k-th smallest point of S_i) is link
 * i·K + k. An arbiter's ports are its real clients in ascending order.
 */
public final class Wiring {
    private final ProjectivePlane plane;
    private final int nodes;
    private final int[][] clientsOf; // arbiter j -> real clients, ascending
    private final int[][] portOf; // client i, slot k -> port index at arbiter S_i[k]
    private final int[] linkArbiter; // link i·K + k -> S_i[k]
    private final int[][] portLink; // arbiter j, port m -> the link of client clientsOf(j)[m]

    private Wiring(ProjectivePlane plane, int nodes) {
        this.plane = plane;
        this.nodes = nodes;
        int n = plane.points();
        this.clientsOf = new int[n][];
        for (int j = 0; j < n; j++) {
            clientsOf[j] =
                    Arrays.stream(plane.linesThrough(j)).filter(i -> i < nodes).toArray();
        }
        int k = plane.lineSize();
        this.portOf = new int[nodes][k];
        this.linkArbiter = new int[nodes * k];
        for (int i = 0; i < nodes; i++) {
            int[] s = plane.line(i);
            for (int slot = 0; slot < k; slot++) {
                portOf[i][slot] = Arrays.binarySearch(clientsOf[s[slot]], i);
                linkArbiter[i * k + slot] = s[slot];
            }
        }
        this.portLink = new int[n][];
        for (int j = 0; j < n; j++) {
            portLink[j] = new int[clientsOf[j].length];
            for (int m = 0; m < clientsOf[j].length; m++) {
                int c = clientsOf[j][m];
                portLink[j][m] = c * k + Arrays.binarySearch(plane.line(c), j);
            }
        }
    }

    /** The smallest plane with at least n points, padded with N − n fictitious points. */
    public static Wiring forNodes(int nodes) {
        if (nodes < 1) {
            throw new IllegalArgumentException("nodes must be at least 1, got " + nodes);
        }
        return new Wiring(ProjectivePlane.ofOrder(PrimePowers.smallestOrderFor(nodes)), nodes);
    }

    public ProjectivePlane plane() {
        return plane;
    }

    /** n, the number of real processors and clients. */
    public int nodes() {
        return nodes;
    }

    /** N, the number of points and arbiters. */
    public int points() {
        return plane.points();
    }

    /** K = q + 1. */
    public int lineSize() {
        return plane.lineSize();
    }

    public List<Integer> fictitious() {
        List<Integer> f = new ArrayList<>();
        for (int p = nodes; p < points(); p++) {
            f.add(p);
        }
        return f;
    }

    /** S_i: the arbiters client i asks, ascending; slot k of client i is arbitersOf(i)[k]. */
    public int[] arbitersOf(int client) {
        return plane.line(client);
    }

    /** The real clients of arbiter j, ascending; port m of arbiter j is clientsOf(j)[m]. */
    public int[] clientsOf(int arbiter) {
        return clientsOf[arbiter].clone();
    }

    /** How many real clients (ports) arbiter j has; no copy, for per-cycle loops. */
    public int ports(int arbiter) {
        return clientsOf[arbiter].length;
    }

    /** The link of arbiter j's port m; no search, for per-cycle loops. */
    public int linkAtPort(int arbiter, int port) {
        return portLink[arbiter][port];
    }

    /** The port index at arbiter S_i[slot] that belongs to client i. */
    public int portAt(int client, int slot) {
        return portOf[client][slot];
    }

    /** The slot of arbiter j in S_i (S_i is sorted, so this is a binary search). */
    public int slotOf(int client, int arbiter) {
        int k = lineSize();
        int slot = Arrays.binarySearch(linkArbiter, client * k, client * k + k, arbiter) - client * k;
        if (slot < 0) {
            throw new IllegalArgumentException("arbiter " + arbiter + " is not in S_" + client);
        }
        return slot;
    }

    /** The port of client i at arbiter j, or a negative number if i is not a client of j. */
    public int portOf(int arbiter, int client) {
        return Arrays.binarySearch(clientsOf[arbiter], client);
    }

    /** The link id of client i's slot-th arbiter: i·K + slot. */
    public int link(int client, int slot) {
        return client * lineSize() + slot;
    }

    public int linkClient(int link) {
        return link / lineSize();
    }

    public int linkArbiter(int link) {
        return linkArbiter[link];
    }

    /** A local link joins client i to arbiter i on the same node. */
    public boolean isLocal(int link) {
        return linkArbiter[link] == linkClient(link);
    }

    /** Total number of client–arbiter links (n·K). */
    public int links() {
        return nodes * lineSize();
    }

    /** The unique arbiter shared by two distinct clients. */
    public int commonArbiter(int a, int b) {
        int[] sa = plane.line(a);
        int[] sb = plane.line(b);
        for (int x : sa) {
            if (Arrays.binarySearch(sb, x) >= 0) {
                return x;
            }
        }
        throw new IllegalStateException("clients " + a + " and " + b + " share no arbiter");
    }

    /** Neighbours: the common arbiter of i and j is i or j (docs/SPEC.md §4.1). */
    public boolean neighbours(int a, int b) {
        int c = commonArbiter(a, b);
        return a != b && (c == a || c == b);
    }
}
