package org.ppbus.protocol.cc;

import org.ppbus.plane.Collineations;
import org.ppbus.plane.Wiring;

/**
 * A symmetry of the wiring as a snapshot writes it: for each position of the moved state, the
 * client, slot, arbiter, port or link of the original that goes there. Computed once per symmetry,
 * since a reduced search moves every state it finds by every symmetry.
 *
 * @param clientFrom the original client written as client c
 * @param slotFrom per original client, the original slot written at each of its image's slots
 * @param arbiterFrom the original arbiter written as arbiter j
 * @param portFrom per original arbiter, the original port written at each of its image's ports
 * @param linkFrom the original link written as link l
 */
public record Renumbering(int[] clientFrom, int[][] slotFrom, int[] arbiterFrom, int[][] portFrom, int[] linkFrom) {
    public static Renumbering of(Wiring w, Collineations.Collineation g) {
        int[][] slotFrom = new int[w.nodes()][w.lineSize()];
        for (int c = 0; c < w.nodes(); c++) {
            for (int slot = 0; slot < w.lineSize(); slot++) {
                slotFrom[c][g.slot(w, c, slot)] = slot;
            }
        }
        int[][] portFrom = new int[w.points()][];
        for (int j = 0; j < w.points(); j++) {
            portFrom[j] = new int[w.ports(j)];
            for (int port = 0; port < portFrom[j].length; port++) {
                portFrom[j][g.port(w, j, port)] = port;
            }
        }
        int[] linkFrom = new int[w.links()];
        for (int link = 0; link < linkFrom.length; link++) {
            linkFrom[g.link(w, link)] = link;
        }
        return new Renumbering(inverse(g.client()), slotFrom, inverse(g.point()), portFrom, linkFrom);
    }

    /** The inverse of a permutation: {@code inverse(map)[map[i]] == i}. */
    public static int[] inverse(int[] map) {
        int[] inv = new int[map.length];
        for (int i = 0; i < map.length; i++) {
            inv[map[i]] = i;
        }
        return inv;
    }
}
