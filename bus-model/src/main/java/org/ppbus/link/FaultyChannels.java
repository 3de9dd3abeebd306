package org.ppbus.link;

import java.util.Arrays;

/**
 * Channels with one fault injected ({@link FaultInjector}): every symbol driven passes through
 * the injector, which may drop, duplicate, corrupt or delay it; symbols it holds back arrive later
 * and count as in flight meanwhile.
 */
final class FaultyChannels extends ForwardingChannels {
    private final FaultInjector fault;
    private final int bank;
    private int countedCodes;

    FaultyChannels(ChannelBank inner, FaultInjector fault, Direction direction) {
        super(inner);
        this.fault = fault;
        this.bank = direction.ordinal();
    }

    @Override
    public void drive(int channel, long cycle, int code) {
        int passed = fault.onDrive(bank, channel, cycle, code, inner.latencyCycles());
        if (passed != 0) {
            inner.drive(channel, cycle, passed);
        }
    }

    @Override
    public int take(int channel, long cycle) {
        int code = inner.take(channel, cycle);
        int late = fault.takeLate(bank, channel, cycle, code != 0);
        return late != 0 ? late : code;
    }

    @Override
    public int[] inFlight(int channel, long cycle) {
        int[] r = inner.inFlight(channel, cycle);
        int[] late = fault.lateFor(bank, channel, cycle);
        if (late.length == 0) {
            return r;
        }
        int[] all = Arrays.copyOf(r, r.length + late.length);
        System.arraycopy(late, 0, all, r.length, late.length);
        return all;
    }

    /** The late symbols are the injector's, shared by both banks: the c2a bank counts them. */
    @Override
    public int inFlightTotal() {
        return inner.inFlightTotal() + (bank == Direction.C2A.ordinal() ? fault.lateCount() : 0);
    }

    @Override
    public void countCodes(int codeMask) {
        this.countedCodes = codeMask & ~1;
        inner.countCodes(codeMask);
    }

    @Override
    public int countedInFlight(int channel, long cycle) {
        int n = inner.countedInFlight(channel, cycle);
        for (int late : fault.lateFor(bank, channel, cycle)) {
            n += (countedCodes >>> late & 1) != 0 ? 1 : 0;
        }
        return n;
    }
}
