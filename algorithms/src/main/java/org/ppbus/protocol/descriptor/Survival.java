package org.ppbus.protocol.descriptor;

import org.ppbus.plane.Wiring;

/**
 * Who a crash-stop of node {@code crashed} leaves served, derived from the algorithm's structure
 * alone (not from a run); null where ppbus derives nothing. {@code options} are the run's, as in
 * {@link Setting} (the rule set of Campos–Carvalho, for instance).
 */
public interface Survival {
    CrashDerivation after(Wiring wiring, AlgorithmOptions options, int crashed);
}
