package org.ppbus.workload;

import org.ppbus.bus.Processors;

/** A workload that reacts to the system at the end of each cycle (after the checkers). */
public interface Driver {
    void endOfCycle(long cycle, boolean quiescent, Processors processors);
}
