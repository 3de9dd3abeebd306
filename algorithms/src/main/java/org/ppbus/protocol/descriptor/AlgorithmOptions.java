package org.ppbus.protocol.descriptor;

/**
 * An algorithm's own settings, a record of its class (Campos–Carvalho's rule set and initial
 * state, for instance). An algorithm without settings takes {@link #NONE}.
 */
public interface AlgorithmOptions {
    AlgorithmOptions NONE = new AlgorithmOptions() {};
}
