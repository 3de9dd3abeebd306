package org.ppbus.protocol.cc;

/**
 * Per client and per arbiter of one network state, a key that every symmetry of the wiring carries
 * with its unit unchanged: it reads only what a renumbering of slots and ports leaves alone (issue
 * 40). A reduced search orders a state's images first by these keys, read in each image's order of
 * units, and writes out whole only the images that tie on them: comparing two images by their keys
 * costs a read per unit, against a snapshot each. Keys may collide; a tie only means the images
 * must be compared whole.
 *
 * @param clients client c's key
 * @param arbiters arbiter j's key
 */
public record SymmetricKeys(long[] clients, long[] arbiters) {
    static SymmetricKeys of(ClientUnit[] clients, ArbiterUnit[] arbiters) {
        long[] c = new long[clients.length];
        for (int i = 0; i < c.length; i++) {
            c[i] = clients[i].symmetricKey();
        }
        long[] a = new long[arbiters.length];
        for (int j = 0; j < a.length; j++) {
            a[j] = arbiters[j].symmetricKey();
        }
        return new SymmetricKeys(c, a);
    }

    /**
     * Compares the images of this state under two renumberings (null for the identity) by their
     * keys: client 0's, client 1's, …, then the arbiters'.
     */
    public int compare(Renumbering a, Renumbering b) {
        int c = compare(clients, a == null ? null : a.clientFrom(), b == null ? null : b.clientFrom());
        return c != 0 ? c : compare(arbiters, a == null ? null : a.arbiterFrom(), b == null ? null : b.arbiterFrom());
    }

    private static int compare(long[] keys, int[] fromA, int[] fromB) {
        for (int u = 0; u < keys.length; u++) {
            int c = Long.compare(keys[fromA == null ? u : fromA[u]], keys[fromB == null ? u : fromB[u]]);
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }

    /** Folds a value into a key; any fixed function would do, this one spreads the bits. */
    static long mix(long key, long value) {
        return Long.rotateLeft((key ^ value) * 0x9E3779B97F4A7C15L, 29);
    }
}
