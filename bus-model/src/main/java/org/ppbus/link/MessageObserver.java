package org.ppbus.link;

/** Sees every message a baseline algorithm sends, for statistics and traces. */
@FunctionalInterface
public interface MessageObserver {
    void sent(Message m, long cycle);

    MessageObserver NONE = (m, c) -> {};
}
