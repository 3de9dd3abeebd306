package org.ppbus.link;

/** An output queue would exceed its capacity: the unit cannot go on, and the run is refused. */
public final class QueueOverflow extends IllegalStateException {
    public QueueOverflow(int port) {
        super("output queue overflow on port " + port);
    }
}
