package org.ppbus.plane;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The symmetries of a wiring: the collineations of its plane (permutations of the points that map
 * lines onto lines) that map the real clients' lines onto real clients' lines. Each moves arbiter j
 * to arbiter {@code point[j]} and client i to the client {@code client[i]} whose line is the image of
 * client i's: S_{client[i]} = point(S_i). For the Fano plane they are the 168 of PGL(3, 2); on the
 * triangle, every permutation of the three points.
 *
 * <p>They are what a symmetry reduction of the state search may use, provided the
 * protocol treats every client and arbiter alike but for its state; {@code SymmetryTest} checks that
 * on runs.
 */
public final class Collineations {
    private Collineations() {}

    /** One symmetry: where each arbiter (point) goes and where each real client goes. */
    public record Collineation(int[] point, int[] client) {
        /** The client's slot moves to this slot of the image client. */
        public int slot(Wiring w, int client, int slot) {
            return w.slotOf(this.client[client], point[w.arbitersOf(client)[slot]]);
        }

        /** The arbiter's port moves to this port of the image arbiter. */
        public int port(Wiring w, int arbiter, int port) {
            return w.portOf(point[arbiter], client[w.clientsOf(arbiter)[port]]);
        }

        /** The link's image: the image client's link to the image arbiter. */
        public int link(Wiring w, int link) {
            int c = w.linkClient(link);
            return w.link(client[c], slot(w, c, link - c * w.lineSize()));
        }

        public boolean identity() {
            for (int j = 0; j < point.length; j++) {
                if (point[j] != j) {
                    return false;
                }
            }
            return true;
        }
    }

    /** The most a wiring's group is enumerated to: beyond it, a plane's group is too large to list. */
    public static final int MAX = 1_000_000;

    /** Every symmetry of the wiring, the identity first. */
    public static List<Collineation> of(Wiring w) {
        return new Search(w).run();
    }

    /** A backtracking search over the points' images, with each line as a bit mask of its points. */
    private static final class Search {
        private final Wiring w;
        private final int n;
        private final long[] line; // line l's points
        private final int[] last; // line l's largest point
        private final Map<Long, Integer> lineOf = new HashMap<>();
        private final int[] image;
        private final boolean[] used;
        private final List<Collineation> out = new ArrayList<>();

        Search(Wiring w) {
            if (w.points() > 64) {
                throw new IllegalArgumentException("planes of more than 64 points are not enumerated");
            }
            this.w = w;
            this.n = w.points();
            this.line = new long[n];
            this.last = new int[n];
            for (int l = 0; l < n; l++) {
                for (int p : w.plane().line(l)) {
                    line[l] |= 1L << p;
                    last[l] = Math.max(last[l], p);
                }
                lineOf.put(line[l], l);
            }
            this.image = new int[n];
            this.used = new boolean[n];
        }

        List<Collineation> run() {
            extend(0);
            return out;
        }

        private void extend(int p) {
            if (p == n) {
                int[] client = new int[w.nodes()];
                for (int i = 0; i < w.nodes(); i++) {
                    client[i] = lineOf.get(mapped(line[i]));
                }
                out.add(new Collineation(image.clone(), client));
                if (out.size() > MAX) {
                    throw new IllegalStateException("more than " + MAX + " symmetries: too many to list");
                }
                return;
            }
            for (int q = 0; q < n; q++) {
                if (!used[q]) {
                    image[p] = q;
                    used[q] = true;
                    if (consistent(p)) {
                        extend(p + 1);
                    }
                    used[q] = false;
                }
            }
        }

        /** Every line whose largest point is p maps to a line: a real client's line if and only if it is one. */
        private boolean consistent(int p) {
            for (int l = 0; l < n; l++) {
                if (last[l] == p) {
                    Integer to = lineOf.get(mapped(line[l]));
                    if (to == null || (l < w.nodes()) != (to < w.nodes())) {
                        return false;
                    }
                }
            }
            return true;
        }

        private long mapped(long points) {
            long to = 0;
            for (long m = points; m != 0; m &= m - 1) {
                to |= 1L << image[Long.numberOfTrailingZeros(m)];
            }
            return to;
        }
    }
}
