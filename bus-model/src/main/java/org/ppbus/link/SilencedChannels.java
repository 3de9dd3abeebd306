package org.ppbus.link;

import java.util.function.IntPredicate;

/**
 * Channels some of whose senders have crashed: a symbol driven on a silenced channel is lost, as the
 * output of a dead unit. Symbols driven before the crash are already in the pipeline and arrive.
 */
final class SilencedChannels extends ForwardingChannels {
    private final IntPredicate silenced;

    SilencedChannels(ChannelBank inner, IntPredicate silenced) {
        super(inner);
        this.silenced = silenced;
    }

    @Override
    public void drive(int channel, long cycle, int code) {
        if (!silenced.test(channel)) {
            inner.drive(channel, cycle, code);
        }
    }
}
