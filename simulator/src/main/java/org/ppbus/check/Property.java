package org.ppbus.check;

/**
 * Every property a run or the search checks, named once: reports, replays and the fault verdicts
 * use these labels (docs/SPEC.md §4.2 for I1–I8).
 */
public enum Property {
    MUTUAL_EXCLUSION("I1 mutual exclusion"),
    /** More than one bus: at most k buses in use, and no bus held by two processors (but of one group). */
    BUS_EXCLUSION("K1 bus exclusion"),
    /** An h-request holds exactly h buses at once, never a partial set. */
    WHOLE_DEMAND("K2 whole demand"),
    /** Processors of different groups are never in at the same time. */
    GROUP_EXCLUSION("K3 group exclusion"),
    FORK_CONSERVATION("I2 fork conservation"),
    REQUEST_TOKENS("I3 request tokens"),
    PRECEDENCE("I4 H acyclic"),
    DEMOTION("I5 demotion"),
    IDLE_LIVELOCK("I6 livelock"),
    DEADLOCK("deadlock"),
    LIVELOCK("livelock"),
    BOUNDED_QUEUES("I8 bounded queues"),
    FAIRNESS("fairness"),
    STARVATION("starvation"),
    ANOMALY("anomaly"),
    /** After a fault, the invariants stay broken for ever (the search's repair analysis). */
    REPAIR("repair"),
    REFUSED("refused");

    private final String label;

    Property(String label) {
        this.label = label;
    }

    /** The name reports print, e.g. "I2 fork conservation". */
    public String label() {
        return label;
    }
}
