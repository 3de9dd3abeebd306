package org.ppbus.protocol.descriptor;

/** The kinds of algorithm in the seeds, by what a processor must obtain before it enters. */
public enum Family {
    /** One node decides: a central arbiter or coordinator. */
    CENTRAL("central"),
    /** A single token circulates or is fetched. */
    TOKEN("token"),
    /** Permission from every other node, ordered by timestamps. */
    PERMISSION("permission"),
    /** Permission from a quorum, any two of which intersect. */
    QUORUM("quorum"),
    /** Forks (or request tokens) shared by neighbours, ordered by priorities: the precedence graph. */
    FORKS("forks"),
    /** Shared wired-OR bus lines decide: a grant rippling down a daisy chain, or parallel contention. */
    WIRED("wired");

    private final String label;

    Family(String label) {
        this.label = label;
    }

    /** The family's name in file names and titles. */
    public String label() {
        return label;
    }
}
