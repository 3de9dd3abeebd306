package org.ppbus.protocol.descriptor;

/** Turns what a run offers into an algorithm's {@link AlgorithmOptions}. */
public interface OptionsReader {
    AlgorithmOptions from(RunInputs inputs);
}
