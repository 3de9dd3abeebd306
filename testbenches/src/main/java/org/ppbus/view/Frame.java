package org.ppbus.view;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * One cycle of a Campos–Carvalho run as the view draws it, read from the model after the cycle.
 *
 * @param cycle the cycle just evaluated
 * @param clients each client's state: THINKING, HUNGRY or EATING
 * @param forks per link, where its arbiter's fork is: at the client, at the arbiter, or in flight
 * @param dirty per link, whether the client's fork is dirty (meaningful where the client holds it)
 * @param owners per arbiter, the client its OWNER names, or -1
 * @param gnt the processors whose gnt is high in the next cycle
 * @param req the processors whose req is high in this cycle
 * @param symbols the symbols driven in this cycle, each as channel × 4 + code (channel 2ℓ is link
 *     ℓ's client-to-arbiter one, 2ℓ + 1 its reverse; idle ones left out)
 */
public record Frame(
        long cycle,
        List<String> clients,
        List<Place> forks,
        List<Boolean> dirty,
        List<Integer> owners,
        List<Integer> gnt,
        List<Integer> req,
        List<Integer> symbols) {
    /** Where a link's fork is. */
    public enum Place {
        CLIENT,
        ARBITER,
        FLIGHT
    }

    /**
     * The frame as the page reads it, a character per client and per link (a long run's frames
     * stay small): clients T, H or E; forks C, A or F; dirty 1 or 0. A design with a plane per bus
     * (campos-carvalho-k) has the processors' g and r here and each plane's frame in p, numbered by
     * the plane's clients; one plane's frame has no p.
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
            List<Packed> p) {}

    public Packed packed() {
        StringBuilder c = new StringBuilder();
        clients.forEach(s -> c.append(s.charAt(0)));
        StringBuilder f = new StringBuilder();
        forks.forEach(p -> f.append(p.name().charAt(0)));
        StringBuilder d = new StringBuilder();
        dirty.forEach(x -> d.append(x ? '1' : '0'));
        return new Packed(cycle, c.toString(), f.toString(), d.toString(), gnt, req, symbols, owners, null);
    }
}
