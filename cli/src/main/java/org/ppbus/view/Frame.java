package org.ppbus.view;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.ArrayList;
import java.util.List;
import org.ppbus.plane.Wiring;
import org.ppbus.protocol.cc.LinkFlags;
import org.ppbus.protocol.cc.StateView;

/** One cycle of a Campos–Carvalho run as the view draws it, read from the model after the cycle. */
public final class Frame {
    private Frame() {}

    /**
     * A frame as the page reads it, a character per client and per link (a long run's frames stay
     * small). A design with a plane per bus (campos-carvalho-k) has the processors' g and r here and
     * each plane's frame in p, numbered by the plane's clients; one plane's frame has no p.
     *
     * @param t the cycle just evaluated
     * @param c each client's state: T(hinking), H(ungry) or E(ating)
     * @param f per link, where its arbiter's fork is: C at the client, A at the arbiter, F in flight
     * @param d per link, 1 where the client's fork is dirty (meaningful where the client holds it)
     * @param g the processors whose gnt is high in the next cycle
     * @param r the processors whose req is high in this cycle
     * @param s the symbols driven in this cycle, each as channel × 4 + code (channel 2ℓ is link ℓ's
     *     client-to-arbiter one, 2ℓ + 1 its reverse; idle ones left out)
     * @param o per arbiter, the client its OWNER names, or -1
     * @param q each arbiter's ports from the highest priority to the lowest, a character '0' + port
     *     each (port m is the arbiter's m-th client in ascending order), arbiters separated by ','
     * @param p each plane's frame, or null
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Packed(
            long t,
            String c,
            String f,
            String d,
            List<Integer> g,
            List<Integer> r,
            List<Integer> s,
            List<Integer> o,
            String q,
            List<Packed> p) {}

    /** The frame of a network's state view after cycle {@code cycle}, built straight into its packed form. */
    public static Packed of(StateView v, long cycle, List<Integer> gnt, List<Integer> req, List<Integer> symbols) {
        Wiring w = v.wiring();
        StringBuilder c = new StringBuilder(w.nodes());
        for (int i = 0; i < w.nodes(); i++) {
            c.append(v.clientState(i).name().charAt(0));
        }
        StringBuilder f = new StringBuilder(w.links());
        StringBuilder d = new StringBuilder(w.links());
        int k = w.lineSize();
        for (int link = 0; link < w.links(); link++) {
            int flags = v.clientFlags(link / k, link % k);
            boolean held = (flags & LinkFlags.FORK) != 0;
            f.append(held ? 'C' : v.forksInTransit(link) > 0 ? 'F' : 'A');
            d.append((flags & LinkFlags.DIRTY) != 0 ? '1' : '0');
        }
        List<Integer> owners = new ArrayList<>(w.points());
        StringBuilder q = new StringBuilder(w.points() * (k + 1));
        for (int a = 0; a < w.points(); a++) {
            owners.add(v.ownerClient(a));
            if (a > 0) {
                q.append(',');
            }
            for (int client : v.priorityOrder(a)) {
                int port = w.portOf(a, client);
                if (port >= 0) { // a fictitious client has no port
                    q.append((char) ('0' + port));
                }
            }
        }
        return new Packed(
                cycle, c.toString(), f.toString(), d.toString(), gnt, req, symbols, owners, q.toString(), null);
    }
}
