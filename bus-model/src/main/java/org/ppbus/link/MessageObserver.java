package org.ppbus.link;

/** Sees every message a baseline algorithm sends, for statistics and traces. */
@FunctionalInterface
public interface MessageObserver {
    void sent(Message m, long cycle);

    /**
     * The same, with the cycle its receiver sees it ({@code -1} for a message lost on the way): a
     * busy channel sends one message a cycle, so a message may arrive later than cycle + L.
     */
    default void sent(Message m, long cycle, long arrives) {
        sent(m, cycle);
    }

    MessageObserver NONE = (m, c) -> {};
}
