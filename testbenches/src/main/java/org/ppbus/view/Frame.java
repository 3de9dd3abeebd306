package org.ppbus.view;

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
 */
public record Frame(
        long cycle,
        List<String> clients,
        List<Place> forks,
        List<Boolean> dirty,
        List<Integer> owners,
        List<Integer> gnt) {
    /** Where a link's fork is. */
    public enum Place {
        CLIENT,
        ARBITER,
        FLIGHT
    }
}
