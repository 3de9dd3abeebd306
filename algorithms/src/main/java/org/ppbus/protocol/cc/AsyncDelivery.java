package org.ppbus.protocol.cc;

import org.ppbus.link.FifoChannels;

/**
 * The delivery policy of a network whose channels are asynchronous FIFOs: the caller (the state
 * search) chooses which channel delivers its head in the next step. Channels are numbered c2a links
 * first, then a2c links. Deliveries are cleared by every step.
 */
public final class AsyncDelivery {
    private final int links;
    private final FifoChannels c2a;
    private final FifoChannels a2c;

    AsyncDelivery(int links, FifoChannels c2a, FifoChannels a2c) {
        this.links = links;
        this.c2a = c2a;
        this.a2c = a2c;
    }

    /** Channel k delivers its head in the next step. */
    public void deliver(int channel) {
        (channel < links ? c2a : a2c).setDeliver(channel % links, true);
    }

    /** Whether channel k holds a symbol. */
    public boolean occupied(int channel) {
        return (channel < links ? c2a : a2c).queuedIn(channel % links) > 0;
    }
}
