package org.ppbus.protocol.cc;

/** A network whose units' states can be read at the end of a cycle (the VCD, the checkers). */
public interface UnitStates {
    /** The state at the end of {@code cycle}. */
    StateView view(long cycle);
}
