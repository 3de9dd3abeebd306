package org.ppbus.link;

import java.util.function.IntPredicate;
import org.ppbus.bus.StateBits;

/**
 * Channels some of whose senders have crashed: a symbol driven on a silenced channel is lost, as the
 * output of a dead unit. Symbols driven before the crash are already in the pipeline and arrive.
 */
final class SilencedChannels implements ChannelBank {
    private final ChannelBank inner;
    private final IntPredicate silenced;

    SilencedChannels(ChannelBank inner, IntPredicate silenced) {
        this.inner = inner;
        this.silenced = silenced;
    }

    @Override
    public int channels() {
        return inner.channels();
    }

    @Override
    public int latencyCycles() {
        return inner.latencyCycles();
    }

    @Override
    public void drive(int channel, long cycle, int code) {
        if (!silenced.test(channel)) {
            inner.drive(channel, cycle, code);
        }
    }

    @Override
    public int take(int channel, long cycle) {
        return inner.take(channel, cycle);
    }

    @Override
    public int[] inFlight(int channel, long cycle) {
        return inner.inFlight(channel, cycle);
    }

    @Override
    public int inFlightTotal() {
        return inner.inFlightTotal();
    }

    @Override
    public void countCodes(int codeMask) {
        inner.countCodes(codeMask);
    }

    @Override
    public int countedInFlight(int channel, long cycle) {
        return inner.countedInFlight(channel, cycle);
    }

    @Override
    public void save(long afterCycle, StateBits w) {
        inner.save(afterCycle, w);
    }

    @Override
    public void load(long atCycle, StateBits r) {
        inner.load(atCycle, r);
    }

    @Override
    public void endOfCycle() {
        inner.endOfCycle();
    }
}
