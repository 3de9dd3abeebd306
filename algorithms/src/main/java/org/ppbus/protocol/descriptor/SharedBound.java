package org.ppbus.protocol.descriptor;

import org.ppbus.bus.Sharing;

/** An overtaking bound from L, the shortest hold and the sharing. */
public interface SharedBound {
    int of(int latencyCycles, int minHoldCycles, Sharing sharing);
}
