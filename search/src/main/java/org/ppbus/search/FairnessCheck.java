package org.ppbus.search;

/**
 * How a {@link StateSearch} checks the overtaking bound ({@link Overtaking}): the same property
 * either way, found at a different time and at a different cost.
 */
public enum FairnessCheck {
    /** Not checked: {@code --no-fairness}, and searches with faults, a crash or asynchronous channels. */
    NONE("none"),
    /**
     * The counts carried in every state: a run over the bound is found during the search, at its
     * least depth, even in a search too big to finish; the counts split the graph (about 3 times
     * the states at n = 7).
     */
    COUNTS("counts"),
    /**
     * Only each processor's hunger carried; the bound decided on the complete graph after the search
     * ({@link OvertakingOnGraph}). Needs every edge, so the liveness analysis.
     */
    GRAPH("graph");

    private final String label;

    FairnessCheck(String label) {
        this.label = label;
    }

    /** The name reports use. */
    public String label() {
        return label;
    }
}
