package org.ppbus.protocol.cc;

/**
 * Forgets where the processors that never ask stand in the arbiters' priority lists, for
 * a search narrowed to a scope. No rule reads those places: an arbiter compares ranks only between
 * ports whose REQ is set, or against OWNER (R15, R16, R17), and R13 moves the demoted port to the
 * bottom without changing the order of the others. A processor that never asks never sets REQ at
 * its arbiters, never owns a fork and is never sent one or asked for one, so its places change
 * nothing that follows. Two states that differ only there behave alike, cycle for cycle; the
 * search keeps one of each such class: the idle ports first, in port order, then the others in the
 * order they stand in. A state saved with its ports renumbered (a symmetry's image) writes the idle
 * ports in the order of their new numbers, so that the images of a class are a class's too.
 */
public final class IdleRanks {
    private IdleRanks() {}

    /**
     * Moves the ports of the clients in {@code idle} (bit c for client c) to the top of every
     * arbiter's list. Refuses, as an internal error, a state in which such a port has anything set
     * or queued or holds the fork: there the places could matter, and the classes would not be sound.
     */
    public static void forget(CcNetwork net, long idle) {
        for (int a = 0; a < net.wiring().points(); a++) {
            ArbiterUnit arbiter = net.arbiter(a);
            int[] clients = arbiter.clients();
            int[] before = arbiter.priority().order();
            int[] order = new int[before.length];
            int k = 0;
            int unranked = 0;
            for (int m = 0; m < clients.length; m++) {
                if ((idle >>> clients[m] & 1) != 0) {
                    check(arbiter, m, clients[m]);
                    order[k++] = m;
                    unranked |= 1 << m;
                }
            }
            for (int m : before) {
                if ((idle >>> clients[m] & 1) == 0) {
                    order[k++] = m;
                }
            }
            arbiter.priority().load(order);
            arbiter.setUnranked(unranked);
        }
    }

    private static void check(ArbiterUnit arbiter, int port, int client) {
        if (arbiter.flags(port) != 0 || arbiter.queues().depth(port) != 0 || arbiter.owner() == port) {
            throw new IllegalStateException("client " + client + ", which never asks, has flags " + arbiter.flags(port)
                    + ", " + arbiter.queues().depth(port) + " symbols queued or the fork at arbiter " + arbiter.id()
                    + ": its place in the list is not to be forgotten");
        }
    }
}
