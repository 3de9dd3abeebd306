package org.ppbus.plane;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The symmetries of the small planes, against the group orders known from geometry: every permutation
 * of the triangle's 3 points (3! = 6); PGL(3, 2) for the Fano plane, 168 = 7·6·4; PGL(3, 3) for the
 * plane of order 3, 13·12·9·4 = 5,616 (q prime: no field automorphisms).
 */
class CollineationsTest {
    @Test
    void theGroupOrdersAreTheGeometrys() {
        assertEquals(6, Collineations.of(Wiring.forNodes(3)).size());
        assertEquals(168, Collineations.of(Wiring.forNodes(7)).size());
        assertEquals(5616, Collineations.of(Wiring.forNodes(13)).size());
    }

    /** Each maps every client's arbiters to its image client's, the identity comes first, and no two are alike. */
    @Test
    void eachMapsLinesToLines() {
        for (int n : new int[] {3, 7}) {
            Wiring w = Wiring.forNodes(n);
            List<Collineations.Collineation> all = Collineations.of(w);
            assertTrue(all.get(0).identity());
            Set<String> seen = new HashSet<>();
            for (Collineations.Collineation c : all) {
                assertTrue(seen.add(Arrays.toString(c.point())));
                for (int i = 0; i < n; i++) {
                    int[] image = Arrays.stream(w.arbitersOf(i))
                            .map(j -> c.point()[j])
                            .sorted()
                            .toArray();
                    assertEquals(Arrays.toString(w.arbitersOf(c.client()[i])), Arrays.toString(image));
                }
                for (int link = 0; link < w.links(); link++) {
                    int to = c.link(w, link);
                    assertEquals(c.client()[w.linkClient(link)], w.linkClient(to));
                    assertEquals(c.point()[w.linkArbiter(link)], w.linkArbiter(to));
                }
            }
        }
    }

    /** With fictitious points (n = 5 in the Fano plane) only the maps that keep the real clients' lines real remain. */
    @Test
    void fictitiousClientsShrinkTheGroup() {
        List<Collineations.Collineation> all = Collineations.of(Wiring.forNodes(5));
        assertTrue(all.size() < 168 && 168 % all.size() == 0, "a subgroup of PGL(3, 2): " + all.size());
    }
}
