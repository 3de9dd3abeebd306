package org.ppbus.link;

import org.ppbus.bus.StateBits;

/** Channels in front of other channels: every call goes through, unless a subclass steps in. */
abstract class ForwardingChannels implements ChannelBank {
    protected final ChannelBank inner;

    ForwardingChannels(ChannelBank inner) {
        this.inner = inner;
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
        inner.drive(channel, cycle, code);
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
    public void save(long afterCycle, StateBits w, int[] from) {
        inner.save(afterCycle, w, from);
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
